// The end of a run: every task ends within its bound, and what is left in the queues is delivered and
// deleted within a few visibility timeouts.
import { GetQueueAttributesCommand, GetQueueUrlCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { LOCAL_TABLE } from '../../infra/local/stack.ts';
import { pendingTasks } from './audit.ts';
import type { Customer } from './customers.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until no task is pending or `until` passes; how many are still pending. */
export async function untilTasksEnd(
  db: DynamoDBDocumentClient,
  customers: Customer[],
  until: number,
): Promise<number> {
  let pending = await pendingTasks(db, LOCAL_TABLE, customers);
  while (pending > 0 && Date.now() < until) {
    await sleep(500);
    pending = await pendingTasks(db, LOCAL_TABLE, customers);
  }
  return pending;
}

async function queueDepth(sqs: SQSClient, name: string): Promise<number> {
  const { QueueUrl } = await sqs.send(new GetQueueUrlCommand({ QueueName: name }));
  const { Attributes: a = {} } = await sqs.send(
    new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['All'] }),
  );
  return (
    Number(a.ApproximateNumberOfMessages) +
    Number(a.ApproximateNumberOfMessagesNotVisible) +
    Number(a.ApproximateNumberOfMessagesDelayed)
  );
}

/** Waits until the task queue and its dead-letter queue are empty or `until` passes; what is left. */
export async function untilQueuesDrain(
  sqs: SQSClient,
  queueName: string,
  until: number,
): Promise<{ tasks: number; deadLetters: number }> {
  for (;;) {
    const left = {
      tasks: await queueDepth(sqs, queueName),
      deadLetters: await queueDepth(sqs, `${queueName}-dlq`),
    };
    if ((!left.tasks && !left.deadLetters) || Date.now() > until) return left;
    await sleep(500);
  }
}
