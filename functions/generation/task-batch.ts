// The worker's SQS side: a batch of task messages in, `batchItemFailures` out (Lambda's partial batch
// response, with ReportBatchItemFailures on the mapping). The records of a batch are generated side by
// side; a message to retry is hidden for the delay its failure asks for, then reported failed, so SQS
// delivers it again then (and moves it to the dead-letter queue after maxReceiveCount receives).
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '#platform/observability/logger.ts';
import { observedHandler } from '#platform/observability/observed-handler.ts';
import { tracer } from '#platform/observability/tracer.ts';
import { withRecordContext } from '#platform/sqs/message-context.ts';
import { decodeTaskMessage } from './domain/task-queue.ts';
import { processTaskMessage, type WorkerDeps } from './domain/worker.ts';

interface MessageVisibility {
  hide(receiptHandle: string, seconds: number): Promise<void>;
}

export function taskWorker(deps: WorkerDeps, visibility: MessageVisibility) {
  async function one(record: SQSRecord, context: Context): Promise<boolean> {
    const message = decodeTaskMessage(record.body);
    if (!message) {
      // Not ours: retrying cannot help and no task can be refunded from it.
      logger().error('poison message dropped', {
        messageId: record.messageId,
        body: record.body.slice(0, 200),
      });
      return true;
    }
    // Its lines carry the id of the API request that created the task (the message's attribute).
    const outcome = await withRecordContext(record, { taskId: message.taskId }, () =>
      processTaskMessage(deps, message, {
        receiveCount: Number(record.attributes.ApproximateReceiveCount ?? '1'),
        remainingMs: context.getRemainingTimeInMillis(),
      }),
    );
    if (outcome.kind === 'handled') return true;
    await visibility.hide(record.receiptHandle, outcome.afterSeconds).catch((e) =>
      logger().warn('could not change the visibility of a message to retry', {
        messageId: record.messageId,
        error: e,
      }),
    );
    return false;
  }

  return observedHandler(
    async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
      const results = await Promise.all(
        event.Records.map((r) =>
          one(r, context).catch((e) => {
            logger().error('task message failed', {
              messageId: r.messageId,
              error: e,
            });
            return false;
          }),
        ),
      );
      return {
        batchItemFailures: event.Records.filter((_, i) => !results[i]).map((r) => ({
          itemIdentifier: r.messageId,
        })),
      };
    },
    { tracer },
  );
}
