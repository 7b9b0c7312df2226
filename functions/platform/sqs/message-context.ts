// The correlation id travels from the API request that created a task to the worker that runs it, as a
// message attribute: the worker's log lines and metrics then carry the same id as the API's.
import type { MessageAttributeValue } from '@aws-sdk/client-sqs';
import type { SQSRecord } from 'aws-lambda';
import { newCorrelationId, withLogContext } from '../observability/logger.ts';

const CORRELATION_ATTRIBUTE = 'correlationId';

/** The attributes to send with a message created while `correlationId` is current. */
export const correlationAttributes = (
  correlationId: string | undefined,
): Record<string, MessageAttributeValue> | undefined =>
  correlationId ? { [CORRELATION_ATTRIBUTE]: { DataType: 'String', StringValue: correlationId } } : undefined;

/** The correlation id a message came with, or a fresh one (a message sent by hand, a redrive). */
const correlationIdOfRecord = (record: Pick<SQSRecord, 'messageAttributes'>): string =>
  record.messageAttributes?.[CORRELATION_ATTRIBUTE]?.stringValue || newCorrelationId();

/**
 * Runs the work for one SQS record with its log context: every line logged inside carries the API
 * request's correlation id and the message id. The worker wraps each record:
 * `withRecordContext(record, { taskId }, () => runTask(...))`.
 */
export function withRecordContext<T>(
  record: Pick<SQSRecord, 'messageAttributes' | 'messageId'>,
  fields: Record<string, unknown>,
  work: () => T,
): T {
  return withLogContext(correlationIdOfRecord(record), { messageId: record.messageId, ...fields }, work);
}
