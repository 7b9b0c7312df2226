// One standard queue held in memory: delays, visibility timeouts, receive counts, retention, long-poll
// waiters and the move to a dead-letter queue after `maxReceiveCount` receives, as SQS behaves. Every
// change is also told to the queue's log (journal.ts), which keeps it on disk for `npm start`.
import { randomUUID } from 'node:crypto';
import { sqsErrors } from './errors.ts';
import { IN_MEMORY, type PersistedQueue, type QueueLog } from './journal.ts';
import { type AttributeValue, md5Hex, md5OfAttributes } from './md5.ts';
import { MAX_VISIBILITY_SECONDS, type NewMessage, type QueueSettings, type StoredMessage } from './model.ts';

export interface ReceivedMessage {
  MessageId: string;
  ReceiptHandle: string;
  MD5OfBody: string;
  Body: string;
  md5OfAttributes: string | null;
  attributes: Record<string, AttributeValue>;
  system: Record<string, string>;
}

interface Receipt {
  queue: string;
  messageId: string;
  receipt: number;
}

function encodeReceipt(r: Receipt): string {
  return Buffer.from(JSON.stringify([r.queue, r.messageId, r.receipt, randomUUID()])).toString('base64url');
}

function decodeReceipt(handle: string): Receipt | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(handle, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      typeof parsed[0] === 'string' &&
      typeof parsed[1] === 'string' &&
      typeof parsed[2] === 'number'
    ) {
      return { queue: parsed[0], messageId: parsed[1], receipt: parsed[2] };
    }
  } catch {}
  return null;
}

export class Queue {
  readonly name: string;
  readonly arn: string;
  readonly url: string;
  readonly createdAt: number;
  settings: QueueSettings;
  lastModifiedAt: number;
  private readonly messages = new Map<string, StoredMessage>();
  private readonly waiters = new Set<() => void>();
  private timer: NodeJS.Timeout | null = null;
  private readonly deadLetterQueue: (arn: string) => Queue | null;
  private readonly log: QueueLog;

  constructor(
    name: string,
    arn: string,
    url: string,
    settings: QueueSettings,
    deadLetterQueue: (arn: string) => Queue | null,
    o: { log?: QueueLog; restored?: PersistedQueue } = {},
  ) {
    this.name = name;
    this.arn = arn;
    this.url = url;
    this.settings = settings;
    this.createdAt = o.restored?.createdAt ?? Date.now();
    this.lastModifiedAt = o.restored?.lastModifiedAt ?? this.createdAt;
    this.deadLetterQueue = deadLetterQueue;
    this.log = o.log ?? IN_MEMORY;
    if (o.restored) {
      for (const m of o.restored.messages) this.messages.set(m.id, m);
      this.changed();
    } else {
      this.recordSettings();
    }
  }

  /** The queue's attributes changed (or it was just created): the log keeps them. */
  recordSettings(): void {
    this.log.record({
      op: 'queue',
      name: this.name,
      createdAt: this.createdAt,
      lastModifiedAt: this.lastModifiedAt,
      settings: this.settings,
    });
  }

  /** The queue as the log's next snapshot keeps it. */
  persisted(): PersistedQueue {
    return {
      name: this.name,
      createdAt: this.createdAt,
      lastModifiedAt: this.lastModifiedAt,
      settings: this.settings,
      messages: [...this.messages.values()],
    };
  }

  private put(m: StoredMessage): void {
    this.messages.set(m.id, m);
    this.log.record({ op: 'put', queue: this.name, message: m });
  }

  private remove(id: string): void {
    if (this.messages.delete(id)) this.log.record({ op: 'delete', queue: this.name, id });
  }

  send(m: NewMessage, now = Date.now()): StoredMessage {
    const delay = m.delaySeconds ?? this.settings.DelaySeconds;
    const hasAttributes = Object.keys(m.attributes).length > 0;
    const stored: StoredMessage = {
      id: randomUUID(),
      body: m.body,
      md5OfBody: md5Hex(Buffer.from(m.body, 'utf8')),
      attributes: m.attributes,
      md5OfAttributes: hasAttributes ? md5OfAttributes(m.attributes) : null,
      systemAttributes: m.systemAttributes,
      sentAt: now,
      senderId: m.senderId,
      visibleAt: now + delay * 1000,
      receiveCount: 0,
      firstReceivedAt: null,
      lastReceivedAt: null,
      receipt: 0,
      deadLetterSourceArn: null,
    };
    this.put(stored);
    this.changed();
    return stored;
  }

  /** Takes up to `max` visible messages, hiding each for `visibilitySeconds`. */
  private take(max: number, visibilitySeconds: number, now: number): ReceivedMessage[] {
    this.expire(now);
    const out: ReceivedMessage[] = [];
    for (const m of this.messages.values()) {
      if (out.length >= max) break;
      if (m.visibleAt > now) continue;
      const redrive = this.settings.RedrivePolicy;
      if (redrive && m.receiveCount >= redrive.maxReceiveCount) {
        const dlq = this.deadLetterQueue(redrive.deadLetterTargetArn);
        if (dlq) {
          // Kept by the dead-letter queue before it leaves this one: a crash between the two entries
          // can deliver it twice, never lose it.
          dlq.adoptDeadLetter(m, this.arn, now);
          this.remove(m.id);
          continue;
        }
      }
      m.receiveCount += 1;
      m.firstReceivedAt ??= now;
      m.lastReceivedAt = now;
      m.receipt += 1;
      m.visibleAt = now + visibilitySeconds * 1000;
      this.put(m);
      out.push({
        MessageId: m.id,
        ReceiptHandle: encodeReceipt({ queue: this.name, messageId: m.id, receipt: m.receipt }),
        MD5OfBody: m.md5OfBody,
        Body: m.body,
        md5OfAttributes: m.md5OfAttributes,
        attributes: m.attributes,
        system: this.systemAttributes(m),
      });
    }
    if (out.length) this.changed();
    return out;
  }

  /** ReceiveMessage, long polling up to `waitSeconds` while the queue has nothing visible. */
  async receive(
    max: number,
    visibilitySeconds: number,
    waitSeconds: number,
    signal?: AbortSignal,
  ): Promise<ReceivedMessage[]> {
    const deadline = Date.now() + waitSeconds * 1000;
    for (;;) {
      const got = this.take(max, visibilitySeconds, Date.now());
      const left = deadline - Date.now();
      if (got.length || left <= 0 || signal?.aborted) return got;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timeout);
          this.waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        const timeout = setTimeout(done, left);
        this.waiters.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }

  /** DeleteMessage. A stale receipt handle succeeds without deleting, as SQS documents. */
  delete(handle: string): void {
    const m = this.messageFor(handle);
    if (m === 'gone') return;
    if (m.current) {
      this.remove(m.message.id);
      this.changed();
    }
  }

  changeVisibility(handle: string, seconds: number, now = Date.now()): void {
    const m = this.messageFor(handle);
    if (m === 'gone' || !m.current) throw sqsErrors.messageNotInflight();
    const { message } = m;
    if (message.lastReceivedAt === null || message.visibleAt <= now) throw sqsErrors.messageNotInflight();
    if (now + seconds * 1000 - message.lastReceivedAt > MAX_VISIBILITY_SECONDS * 1000) {
      throw sqsErrors.invalidParameterValue(
        `Value ${seconds} for parameter VisibilityTimeout is invalid. Reason: Total VisibilityTimeout for the message is beyond the limit [${MAX_VISIBILITY_SECONDS} seconds]`,
      );
    }
    message.visibleAt = now + seconds * 1000;
    this.put(message);
    this.changed();
  }

  purge(): void {
    this.messages.clear();
    this.log.record({ op: 'purge', queue: this.name });
    this.changed();
  }

  counts(now = Date.now()): { visible: number; inFlight: number; delayed: number } {
    this.expire(now);
    let visible = 0;
    let inFlight = 0;
    let delayed = 0;
    for (const m of this.messages.values()) {
      if (m.visibleAt <= now) visible += 1;
      else if (m.lastReceivedAt === null) delayed += 1;
      else inFlight += 1;
    }
    return { visible, inFlight, delayed };
  }

  /** Wakes the long polls and anything waiting for the next message to become visible. */
  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const w of [...this.waiters]) w();
  }

  private adoptDeadLetter(m: StoredMessage, sourceArn: string, now: number): void {
    // The message keeps its id, its receive count and its original enqueue time (retention counts from it).
    this.put({ ...m, visibleAt: now, deadLetterSourceArn: sourceArn });
    this.changed();
  }

  private messageFor(handle: string): { message: StoredMessage; current: boolean } | 'gone' {
    const r = decodeReceipt(handle);
    if (!r || r.queue !== this.name) throw sqsErrors.receiptHandleIsInvalid(handle);
    const message = this.messages.get(r.messageId);
    if (!message) return 'gone';
    return { message, current: message.receipt === r.receipt };
  }

  private systemAttributes(m: StoredMessage): Record<string, string> {
    const a: Record<string, string> = {
      ApproximateReceiveCount: String(m.receiveCount),
      ApproximateFirstReceiveTimestamp: String(m.firstReceivedAt),
      SentTimestamp: String(m.sentAt),
      SenderId: m.senderId,
    };
    if (m.deadLetterSourceArn) a.DeadLetterQueueSourceArn = m.deadLetterSourceArn;
    const trace = m.systemAttributes.AWSTraceHeader?.StringValue;
    if (trace) a.AWSTraceHeader = trace;
    return a;
  }

  private expire(now: number): void {
    const oldest = now - this.settings.MessageRetentionPeriod * 1000;
    for (const m of this.messages.values()) if (m.sentAt < oldest) this.remove(m.id);
  }

  /** Something may have become receivable now or later: wake the waiters, arm the next wake-up. */
  private changed(): void {
    const now = Date.now();
    for (const w of [...this.waiters]) w();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    let next = Number.POSITIVE_INFINITY;
    for (const m of this.messages.values()) if (m.visibleAt > now) next = Math.min(next, m.visibleAt);
    if (Number.isFinite(next)) {
      this.timer = setTimeout(() => this.changed(), Math.max(1, next - now));
      this.timer.unref();
    }
  }
}
