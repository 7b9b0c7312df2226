// What a queue is made of: its settings and its messages as kept. The queue (queue.ts) and its log on disk
// (journal.ts) both read these; neither imports the other's module for them.
import type { AttributeValue } from './md5.ts';

export interface RedrivePolicy {
  deadLetterTargetArn: string;
  maxReceiveCount: number;
}

export interface QueueSettings {
  DelaySeconds: number;
  MaximumMessageSize: number;
  MessageRetentionPeriod: number;
  ReceiveMessageWaitTimeSeconds: number;
  VisibilityTimeout: number;
  RedrivePolicy: RedrivePolicy | null;
  /** Accepted and echoed back (Policy, SqsManagedSseEnabled, RedriveAllowPolicy...), not enforced. */
  passthrough: Record<string, string>;
}

export const DEFAULT_SETTINGS: QueueSettings = {
  DelaySeconds: 0,
  MaximumMessageSize: 262_144,
  MessageRetentionPeriod: 345_600,
  ReceiveMessageWaitTimeSeconds: 0,
  VisibilityTimeout: 30,
  RedrivePolicy: null,
  passthrough: {},
};

/** SQS's limit on how long a received message may stay invisible, counted from its receive. */
export const MAX_VISIBILITY_SECONDS = 43_200;

export interface StoredMessage {
  id: string;
  body: string;
  md5OfBody: string;
  attributes: Record<string, AttributeValue>;
  md5OfAttributes: string | null;
  systemAttributes: Record<string, AttributeValue>;
  sentAt: number;
  senderId: string;
  visibleAt: number;
  receiveCount: number;
  firstReceivedAt: number | null;
  lastReceivedAt: number | null;
  /** Bumped on every receive; only the newest receipt handle deletes or changes the message. */
  receipt: number;
  deadLetterSourceArn: string | null;
}

export interface NewMessage {
  body: string;
  attributes: Record<string, AttributeValue>;
  systemAttributes: Record<string, AttributeValue>;
  delaySeconds: number | null;
  senderId: string;
}
