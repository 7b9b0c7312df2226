// The queues of one local SQS endpoint: names, URLs, ARNs and attributes, validated as SQS does.
import { sqsErrors } from './errors.ts';
import { IN_MEMORY, type PersistedQueue, type QueueLog } from './journal.ts';
import { DEFAULT_SETTINGS, type QueueSettings, type RedrivePolicy } from './model.ts';
import { Queue } from './queue.ts';

const LOCAL_ACCOUNT = '000000000000';

const RANGES: Record<string, [number, number]> = {
  DelaySeconds: [0, 900],
  MaximumMessageSize: [1024, 1_048_576],
  MessageRetentionPeriod: [60, 1_209_600],
  ReceiveMessageWaitTimeSeconds: [0, 20],
  VisibilityTimeout: [0, 43_200],
};
const PASSTHROUGH = new Set([
  'Policy',
  'RedriveAllowPolicy',
  'KmsMasterKeyId',
  'KmsDataKeyReusePeriodSeconds',
  'SqsManagedSseEnabled',
]);
const QUEUE_NAME = /^[A-Za-z0-9_-]{1,80}$/;

export class Broker {
  readonly endpoint: string;
  readonly region: string;
  private readonly queues = new Map<string, Queue>();
  private log: QueueLog = IN_MEMORY;

  constructor(endpoint: string, region: string) {
    this.endpoint = endpoint;
    this.region = region;
  }

  /** Takes back the queues a journal kept, and tells it every change from now on. */
  restore(queues: PersistedQueue[], log: QueueLog): void {
    this.log = log;
    for (const q of queues) {
      this.queues.set(q.name, this.newQueue(q.name, q.settings, q));
    }
  }

  /** The queues as they are now, for the journal's snapshot. */
  persisted(): PersistedQueue[] {
    return [...this.queues.values()].map((q) => q.persisted());
  }

  /** Resolves once every change made so far is kept (at once in memory). */
  changesKept(): Promise<void> {
    return this.log.persisted();
  }

  private newQueue(name: string, settings: QueueSettings, restored?: PersistedQueue): Queue {
    return new Queue(
      name,
      this.arnOf(name),
      `${this.endpoint}/${LOCAL_ACCOUNT}/${name}`,
      settings,
      (arn) => this.byArn(arn),
      { log: this.log, ...(restored ? { restored } : {}) },
    );
  }

  arnOf(name: string): string {
    return `arn:aws:sqs:${this.region}:${LOCAL_ACCOUNT}:${name}`;
  }

  createQueue(name: string, attributes: Record<string, string>): Queue {
    if (name.endsWith('.fifo')) {
      throw sqsErrors.unsupportedOperation('FIFO queues are not supported by the local SQS stand-in.');
    }
    if (!QUEUE_NAME.test(name)) {
      throw sqsErrors.invalidParameterValue(
        'Can only include alphanumeric characters, hyphens, or underscores. 1 to 80 in length',
      );
    }
    const settings = this.settingsFrom(attributes, DEFAULT_SETTINGS);
    const existing = this.queues.get(name);
    if (existing) {
      // Creating an existing queue is idempotent only when every given attribute matches.
      if (
        JSON.stringify(this.settingsFrom(attributes, existing.settings)) !== JSON.stringify(existing.settings)
      ) {
        throw sqsErrors.queueNameExists(name);
      }
      return existing;
    }
    const queue = this.newQueue(name, settings);
    this.queues.set(name, queue);
    return queue;
  }

  setAttributes(queue: Queue, attributes: Record<string, string>): void {
    queue.settings = this.settingsFrom(attributes, queue.settings);
    queue.lastModifiedAt = Date.now();
    queue.recordSettings();
  }

  deleteQueue(queue: Queue): void {
    queue.close();
    this.queues.delete(queue.name);
    this.log.record({ op: 'drop', name: queue.name });
  }

  byName(name: string): Queue {
    const q = this.queues.get(name);
    if (!q) throw sqsErrors.queueDoesNotExist();
    return q;
  }

  /** A queue URL names the queue in its last path segment; the host may be any of ours. */
  byUrl(url: string | undefined): Queue {
    if (!url) throw sqsErrors.missingParameter('QueueUrl');
    let path: string;
    try {
      path = new URL(url).pathname;
    } catch {
      throw sqsErrors.queueDoesNotExist();
    }
    const [account, name, ...rest] = path.split('/').filter(Boolean);
    if (account !== LOCAL_ACCOUNT || !name || rest.length) throw sqsErrors.queueDoesNotExist();
    return this.byName(name);
  }

  byArn(arn: string): Queue | null {
    for (const q of this.queues.values()) if (q.arn === arn) return q;
    return null;
  }

  list(prefix = ''): Queue[] {
    return [...this.queues.values()].filter((q) => q.name.startsWith(prefix));
  }

  /** Ends the long polls (they answer with what they have). */
  wake(): void {
    for (const q of this.queues.values()) q.close();
  }

  async close(): Promise<void> {
    this.wake();
    await this.log.close();
  }

  private settingsFrom(attributes: Record<string, string>, base: QueueSettings): QueueSettings {
    const s: QueueSettings = { ...base, passthrough: { ...base.passthrough } };
    for (const [name, raw] of Object.entries(attributes)) {
      const range = RANGES[name];
      if (range) {
        const n = Number(raw);
        if (!/^\d+$/.test(raw) || n < range[0] || n > range[1]) {
          throw sqsErrors.invalidAttributeValue(`Invalid value for the parameter ${name}.`);
        }
        (s as unknown as Record<string, number>)[name] = n;
      } else if (name === 'RedrivePolicy') {
        s.RedrivePolicy = raw === '' ? null : this.redrivePolicy(raw);
      } else if (PASSTHROUGH.has(name)) {
        s.passthrough[name] = raw;
      } else {
        throw sqsErrors.invalidAttributeName(name);
      }
    }
    return s;
  }

  private redrivePolicy(raw: string): RedrivePolicy {
    const invalid = (reason: string) =>
      sqsErrors.invalidParameterValue(
        `Value ${raw} for parameter RedrivePolicy is invalid. Reason: ${reason}`,
      );
    let parsed: { deadLetterTargetArn?: unknown; maxReceiveCount?: unknown };
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw invalid('Redrive policy is not a valid JSON map.');
    }
    const count = Number(parsed.maxReceiveCount);
    if (!Number.isInteger(count) || count < 1 || count > 1000) {
      throw invalid('Invalid value for maxReceiveCount: must be an integer from 1 to 1000.');
    }
    if (typeof parsed.deadLetterTargetArn !== 'string' || !this.byArn(parsed.deadLetterTargetArn)) {
      throw invalid('Dead-letter target does not exist.');
    }
    return { deadLetterTargetArn: parsed.deadLetterTargetArn, maxReceiveCount: count };
  }
}

/** A queue's attributes as GetQueueAttributes reports them (all values are strings). */
export function queueAttributes(queue: Queue): Record<string, string> {
  const counts = queue.counts();
  const s = queue.settings;
  const a: Record<string, string> = {
    QueueArn: queue.arn,
    ApproximateNumberOfMessages: String(counts.visible),
    ApproximateNumberOfMessagesNotVisible: String(counts.inFlight),
    ApproximateNumberOfMessagesDelayed: String(counts.delayed),
    CreatedTimestamp: String(Math.floor(queue.createdAt / 1000)),
    LastModifiedTimestamp: String(Math.floor(queue.lastModifiedAt / 1000)),
    DelaySeconds: String(s.DelaySeconds),
    MaximumMessageSize: String(s.MaximumMessageSize),
    MessageRetentionPeriod: String(s.MessageRetentionPeriod),
    ReceiveMessageWaitTimeSeconds: String(s.ReceiveMessageWaitTimeSeconds),
    VisibilityTimeout: String(s.VisibilityTimeout),
    ...s.passthrough,
  };
  if (s.RedrivePolicy) a.RedrivePolicy = JSON.stringify(s.RedrivePolicy);
  return a;
}
