// Lambda entry of the dead-letter handler: a task message that failed 3 deliveries ends here, and its task
// fails with its refund (once, whoever else races for it).
import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { createDocumentClient } from '../adapters/dynamodb/client.ts';
import { createS3Client } from '../adapters/s3/client.ts';
import { buildAbandonDeps } from '../adapters/worker-wiring.ts';
import { readConfig, WORKER_CONFIG } from '../config.ts';
import type { AbandonDeps } from '../domain/generation/abandoned-tasks.ts';
import { deadLetter } from '../domain/generation/abandoned-tasks.ts';
import { decodeTaskMessage } from '../domain/generation/task-queue.ts';
import { log } from '../http/logger.ts';

export function deadLetterHandler(deps: AbandonDeps) {
  return async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const failures: { itemIdentifier: string }[] = [];
    for (const record of event.Records) {
      const message = decodeTaskMessage(record.body);
      if (!message) {
        log('error', 'poison message in the dead-letter queue dropped', { messageId: record.messageId });
        continue;
      }
      try {
        await deadLetter(deps, message);
      } catch (e) {
        log('error', 'dead letter not handled', { messageId: record.messageId, error: String(e) });
        failures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures: failures };
  };
}

const config = readConfig(WORKER_CONFIG['avatar-dead-letter']);
export const handler = deadLetterHandler(
  buildAbandonDeps(config, createDocumentClient(config.dynamodbEndpoint), createS3Client(config.s3Endpoint)),
);
