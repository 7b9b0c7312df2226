// The task queue on SQS: SendMessageBatch, ten messages a call. An entry SQS refuses, or a whole call
// that fails after the SDK's own retries, is reported back as not sent.
import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { currentCorrelationId, logger } from '#platform/observability/logger.ts';
import { correlationAttributes } from '#platform/sqs/message-context.ts';
import { encodeTaskMessage, type TaskMessage, type TaskQueue } from '../domain/task-queue.ts';

const BATCH = 10;

export class SqsTaskQueue implements TaskQueue {
  private readonly sqs: SQSClient;
  private readonly queueUrl: string;

  constructor(sqs: SQSClient, queueUrl: string) {
    this.sqs = sqs;
    this.queueUrl = queueUrl;
  }

  async enqueue(messages: readonly TaskMessage[]): Promise<{ failed: TaskMessage[] }> {
    const chunks: TaskMessage[][] = [];
    for (let i = 0; i < messages.length; i += BATCH) chunks.push(messages.slice(i, i + BATCH));
    const failed = (await Promise.all(chunks.map((chunk) => this.sendChunk(chunk)))).flat();
    return { failed };
  }

  private async sendChunk(chunk: TaskMessage[]): Promise<TaskMessage[]> {
    try {
      const res = await this.sqs.send(
        new SendMessageBatchCommand({
          QueueUrl: this.queueUrl,
          Entries: chunk.map((m, i) => ({
            Id: String(i),
            MessageBody: encodeTaskMessage(m),
            MessageAttributes: correlationAttributes(currentCorrelationId()),
          })),
        }),
      );
      const refused = res.Failed ?? [];
      for (const f of refused) {
        logger().error('task message refused by SQS', { code: f.Code, reason: f.Message, entry: f.Id });
      }
      return refused.map((f) => chunk[Number(f.Id)] as TaskMessage);
    } catch (e) {
      logger().error('task messages not sent', {
        tasks: chunk.map((m) => m.taskId),
        error: e,
      });
      return chunk;
    }
  }

  /** Hides a received message for `seconds` (0 to 12 h): its next delivery comes then, not after the queue's timeout. */
  async hide(receiptHandle: string, seconds: number): Promise<void> {
    await this.sqs.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: this.queueUrl,
        ReceiptHandle: receiptHandle,
        VisibilityTimeout: Math.max(0, Math.min(43_200, Math.ceil(seconds))),
      }),
    );
  }
}
