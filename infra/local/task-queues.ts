// The task queue and its dead-letter queue on the local SQS stand-in, with the settings AWS gets.
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { TASK_QUEUE } from '../queue-design.ts';
import type { LocalSqs } from './sqs/server.ts';

export interface LocalTaskQueues {
  queueUrl: string;
  queueArn: string;
  deadLetterUrl: string;
  deadLetterArn: string;
}

export async function createTaskQueues(sqs: LocalSqs, prefix: string): Promise<LocalTaskQueues> {
  const client = new SQSClient({
    endpoint: sqs.endpoint,
    region: sqs.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const arnOf = async (QueueUrl: string) =>
      (await client.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] })))
        .Attributes?.QueueArn as string;
    const dlq = await client.send(
      new CreateQueueCommand({
        QueueName: `${prefix}-${TASK_QUEUE.deadLetterName}`,
        Attributes: { MessageRetentionPeriod: String(TASK_QUEUE.deadLetterRetentionSeconds) },
      }),
    );
    const deadLetterUrl = dlq.QueueUrl as string;
    const deadLetterArn = await arnOf(deadLetterUrl);
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: `${prefix}-${TASK_QUEUE.name}`,
        Attributes: {
          VisibilityTimeout: String(TASK_QUEUE.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: deadLetterArn,
            maxReceiveCount: TASK_QUEUE.maxReceiveCount,
          }),
        },
      }),
    );
    const queueUrl = queue.QueueUrl as string;
    return { queueUrl, queueArn: await arnOf(queueUrl), deadLetterUrl, deadLetterArn };
  } finally {
    client.destroy();
  }
}
