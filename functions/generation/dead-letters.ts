// The dead-letter handler's SQS side: each record names a task that failed 3 deliveries; the task fails with
// its refund (once, whoever else races for it). A record that is not ours is dropped.
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { logger } from '#platform/observability/logger.ts';
import { observedHandler } from '#platform/observability/observed-handler.ts';
import { type AbandonDeps, deadLetter } from './domain/abandoned-tasks.ts';
import { decodeTaskMessage } from './domain/task-queue.ts';

export function deadLetterHandler(deps: AbandonDeps) {
  return observedHandler(async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      const message = decodeTaskMessage(record.body);
      if (!message) {
        logger().error('poison message in the dead-letter queue dropped', { messageId: record.messageId });
        continue;
      }
      try {
        await deadLetter(deps, message);
      } catch (e) {
        logger().error('dead letter not handled', { messageId: record.messageId, error: e });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  });
}
