// The SQS actions the product uses, on JSON input as @aws-sdk/client-sqs sends it (AWS JSON 1.0).
import { type Broker, queueAttributes } from './broker.ts';
import { SqsError, sqsErrors } from './errors.ts';
import { type AttributeValue, md5OfAttributes as md5OfSystem } from './md5.ts';
import { MAX_VISIBILITY_SECONDS } from './model.ts';
import type { Queue, ReceivedMessage } from './queue.ts';

type Input = Record<string, unknown>;
type Output = Record<string, unknown>;
type Action = (broker: Broker, input: Input, signal: AbortSignal) => Output | Promise<Output>;

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly the characters SQS refuses
const INVALID_BODY = /[^\x09\x0A\x0D\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const BATCH_ID = /^[A-Za-z0-9_-]{1,80}$/;
const ATTRIBUTE_NAME = /^(?!aws\.|amazon\.)(?!\.)(?!.*\.\.)(?!.*\.$)[A-Za-z0-9_.-]{1,256}$/i;
const SYSTEM_ATTRIBUTES = [
  'ApproximateReceiveCount',
  'ApproximateFirstReceiveTimestamp',
  'SentTimestamp',
  'SenderId',
  'AWSTraceHeader',
  'DeadLetterQueueSourceArn',
];
const SENDER_ID = 'AIDALOCALSTANDIN000000';

const str = (input: Input, name: string, required = true): string | undefined => {
  const v = input[name];
  if (v === undefined || v === null) {
    if (required) throw sqsErrors.missingParameter(name);
    return undefined;
  }
  if (typeof v !== 'string')
    throw sqsErrors.invalidParameterValue(`Value for parameter ${name} must be a string.`);
  return v;
};

const int = (input: Input, name: string, min: number, max: number): number | undefined => {
  const v = input[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw sqsErrors.invalidParameterValue(
      `Value ${String(v)} for parameter ${name} is invalid. Reason: Must be between ${min} and ${max}, if provided.`,
    );
  }
  return v;
};

const stringMap = (v: unknown): Record<string, string> => {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object') throw sqsErrors.invalidParameterValue('Attributes must be a map.');
  return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
};

const stringList = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

function messageAttributes(v: unknown, system = false): Record<string, AttributeValue> {
  if (v === undefined || v === null) return {};
  const entries = Object.entries(v as Record<string, Record<string, unknown>>);
  if (entries.length > 10) {
    throw sqsErrors.invalidParameterValue(
      `Number of message attributes [${entries.length}] exceeds the allowed maximum [10].`,
    );
  }
  const out: Record<string, AttributeValue> = {};
  for (const [name, value] of entries) {
    if (system ? name !== 'AWSTraceHeader' : !ATTRIBUTE_NAME.test(name)) {
      throw sqsErrors.invalidParameterValue(`Message (user) attribute '${name}' is invalid.`);
    }
    const dataType = typeof value?.DataType === 'string' ? value.DataType : '';
    const base = dataType.split('.')[0];
    if (!['String', 'Number', 'Binary'].includes(base ?? '')) {
      throw sqsErrors.invalidParameterValue(`The type of message (user) attribute '${name}' is invalid.`);
    }
    if (base === 'Binary') {
      if (typeof value.BinaryValue !== 'string') {
        throw sqsErrors.invalidParameterValue(
          `Message (user) attribute '${name}' must contain a non-empty value of type 'Binary'.`,
        );
      }
      out[name] = { DataType: dataType, BinaryValue: Buffer.from(value.BinaryValue, 'base64') };
    } else {
      if (typeof value.StringValue !== 'string' || value.StringValue === '') {
        throw sqsErrors.invalidParameterValue(
          `Message (user) attribute '${name}' must contain a non-empty value of type '${base}'.`,
        );
      }
      if (base === 'Number' && !/^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value.StringValue)) {
        throw sqsErrors.invalidParameterValue(
          `Can't cast the value of message (user) attribute '${name}' to a number.`,
        );
      }
      out[name] = { DataType: dataType, StringValue: value.StringValue };
    }
  }
  return out;
}

const attributesSize = (a: Record<string, AttributeValue>): number =>
  Object.entries(a).reduce(
    (n, [k, v]) =>
      n +
      Buffer.byteLength(k) +
      Buffer.byteLength(v.DataType) +
      (v.BinaryValue ? v.BinaryValue.length : Buffer.byteLength(v.StringValue ?? '')),
    0,
  );

function sendOne(queue: Queue, input: Input) {
  const body = str(input, 'MessageBody') as string;
  if (body.length === 0)
    throw sqsErrors.invalidParameterValue('The request must contain the parameter MessageBody.');
  if (INVALID_BODY.test(body)) throw sqsErrors.invalidMessageContents();
  const attributes = messageAttributes(input.MessageAttributes);
  const systemAttributes = messageAttributes(input.MessageSystemAttributes, true);
  const size = Buffer.byteLength(body) + attributesSize(attributes);
  if (size > queue.settings.MaximumMessageSize) {
    throw sqsErrors.invalidParameterValue(
      `One or more parameters are invalid. Reason: Message must be shorter than ${queue.settings.MaximumMessageSize} bytes.`,
    );
  }
  const m = queue.send({
    body,
    attributes,
    systemAttributes,
    delaySeconds: int(input, 'DelaySeconds', 0, 900) ?? null,
    senderId: SENDER_ID,
  });
  return {
    MessageId: m.id,
    MD5OfMessageBody: m.md5OfBody,
    ...(m.md5OfAttributes ? { MD5OfMessageAttributes: m.md5OfAttributes } : {}),
    ...(Object.keys(systemAttributes).length
      ? { MD5OfMessageSystemAttributes: md5OfSystem(systemAttributes) }
      : {}),
  };
}

/** Runs each entry of a batch; an entry's own error goes to Failed, a request-level one is thrown. */
function batch<T extends Output>(
  input: Input,
  run: (entry: Input) => T,
): { Successful: (T & { Id: string })[]; Failed: Output[] } {
  const entries = input.Entries;
  if (!Array.isArray(entries) || entries.length === 0) throw sqsErrors.emptyBatchRequest();
  if (entries.length > 10) throw sqsErrors.tooManyEntries(entries.length);
  const seen = new Set<string>();
  for (const e of entries as Input[]) {
    const id = String(e.Id ?? '');
    if (!BATCH_ID.test(id)) throw sqsErrors.invalidBatchEntryId();
    if (seen.has(id)) throw sqsErrors.batchEntryIdsNotDistinct(id);
    seen.add(id);
  }
  const Successful: (T & { Id: string })[] = [];
  const Failed: Output[] = [];
  for (const e of entries as Input[]) {
    const Id = String(e.Id);
    try {
      Successful.push({ Id, ...run(e) });
    } catch (err) {
      if (!(err instanceof SqsError)) throw err;
      Failed.push({ Id, SenderFault: err.senderFault, Code: err.queryCode, Message: err.message });
    }
  }
  return { Successful, Failed };
}

function wantsAttribute(names: string[], name: string): boolean {
  return names.some(
    (n) => n === 'All' || n === '.*' || n === name || (n.endsWith('.*') && name.startsWith(n.slice(0, -1))),
  );
}

function present(m: ReceivedMessage, systemNames: string[], attributeNames: string[]): Output {
  const out: Output = {
    MessageId: m.MessageId,
    ReceiptHandle: m.ReceiptHandle,
    MD5OfBody: m.MD5OfBody,
    Body: m.Body,
  };
  const system = Object.fromEntries(Object.entries(m.system).filter(([k]) => wantsAttribute(systemNames, k)));
  if (Object.keys(system).length) out.Attributes = system;
  const chosen = Object.entries(m.attributes).filter(([k]) => wantsAttribute(attributeNames, k));
  // The digest covers every attribute the message carries, whichever were asked for, as SQS does.
  if (m.md5OfAttributes) out.MD5OfMessageAttributes = m.md5OfAttributes;
  if (chosen.length) {
    out.MessageAttributes = Object.fromEntries(
      chosen.map(([k, v]) => [
        k,
        v.BinaryValue !== undefined
          ? { DataType: v.DataType, BinaryValue: v.BinaryValue.toString('base64') }
          : { DataType: v.DataType, StringValue: v.StringValue },
      ]),
    );
  }
  return out;
}

export const ACTIONS: Record<string, Action> = {
  CreateQueue: (b, input) => {
    const q = b.createQueue(str(input, 'QueueName') as string, stringMap(input.Attributes));
    return { QueueUrl: q.url };
  },
  GetQueueUrl: (b, input) => ({ QueueUrl: b.byName(str(input, 'QueueName') as string).url }),
  ListQueues: (b, input) => ({ QueueUrls: b.list(str(input, 'QueueNamePrefix', false)).map((q) => q.url) }),
  DeleteQueue: (b, input) => {
    b.deleteQueue(b.byUrl(str(input, 'QueueUrl')));
    return {};
  },
  PurgeQueue: (b, input) => {
    b.byUrl(str(input, 'QueueUrl')).purge();
    return {};
  },
  GetQueueAttributes: (b, input) => {
    const all = queueAttributes(b.byUrl(str(input, 'QueueUrl')));
    const names = stringList(input.AttributeNames);
    for (const n of names)
      if (n !== 'All' && !(n in all) && n !== 'RedrivePolicy') throw sqsErrors.invalidAttributeName(n);
    const picked = Object.entries(all).filter(([k]) => names.includes('All') || names.includes(k));
    return picked.length ? { Attributes: Object.fromEntries(picked) } : {};
  },
  SetQueueAttributes: (b, input) => {
    b.setAttributes(b.byUrl(str(input, 'QueueUrl')), stringMap(input.Attributes));
    return {};
  },
  SendMessage: (b, input) => sendOne(b.byUrl(str(input, 'QueueUrl')), input),
  SendMessageBatch: (b, input) => {
    const queue = b.byUrl(str(input, 'QueueUrl'));
    const entries = Array.isArray(input.Entries) ? (input.Entries as Input[]) : [];
    const total = entries.reduce((n, e) => n + Buffer.byteLength(String(e.MessageBody ?? '')), 0);
    if (total > queue.settings.MaximumMessageSize)
      throw sqsErrors.batchRequestTooLong(queue.settings.MaximumMessageSize);
    return batch(input, (e) => sendOne(queue, e));
  },
  ReceiveMessage: async (b, input, signal) => {
    const queue = b.byUrl(str(input, 'QueueUrl'));
    const max = int(input, 'MaxNumberOfMessages', 1, 10) ?? 1;
    const visibility =
      int(input, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS) ?? queue.settings.VisibilityTimeout;
    const wait = int(input, 'WaitTimeSeconds', 0, 20) ?? queue.settings.ReceiveMessageWaitTimeSeconds;
    const systemNames = [
      ...stringList(input.AttributeNames),
      ...stringList(input.MessageSystemAttributeNames),
    ];
    for (const n of systemNames) {
      if (n !== 'All' && !SYSTEM_ATTRIBUTES.includes(n) && !n.startsWith('Message'))
        throw sqsErrors.invalidAttributeName(n);
    }
    const messages = await queue.receive(max, visibility, wait, signal);
    const attributeNames = stringList(input.MessageAttributeNames);
    return messages.length ? { Messages: messages.map((m) => present(m, systemNames, attributeNames)) } : {};
  },
  DeleteMessage: (b, input) => {
    b.byUrl(str(input, 'QueueUrl')).delete(str(input, 'ReceiptHandle') as string);
    return {};
  },
  DeleteMessageBatch: (b, input) => {
    const queue = b.byUrl(str(input, 'QueueUrl'));
    return batch(input, (e) => {
      queue.delete(str(e, 'ReceiptHandle') as string);
      return {};
    });
  },
  ChangeMessageVisibility: (b, input) => {
    const queue = b.byUrl(str(input, 'QueueUrl'));
    const seconds = int(input, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS);
    if (seconds === undefined) throw sqsErrors.missingParameter('VisibilityTimeout');
    queue.changeVisibility(str(input, 'ReceiptHandle') as string, seconds);
    return {};
  },
  ChangeMessageVisibilityBatch: (b, input) => {
    const queue = b.byUrl(str(input, 'QueueUrl'));
    return batch(input, (e) => {
      const seconds = int(e, 'VisibilityTimeout', 0, MAX_VISIBILITY_SECONDS);
      if (seconds === undefined) throw sqsErrors.missingParameter('VisibilityTimeout');
      queue.changeVisibility(str(e, 'ReceiptHandle') as string, seconds);
      return {};
    });
  },
};
