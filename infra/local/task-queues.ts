// The task queue, the privacy job queue and their dead-letter queues on the local SQS stand-in, with the
// settings AWS gets.
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { PRIVACY_JOB_QUEUE, TASK_QUEUE } from '../queue-design.ts';
import type { LocalSqs } from './sqs/server.ts';

export interface LocalTaskQueues {
  queueUrl: string;
  queueArn: string;
  deadLetterUrl: string;
  deadLetterArn: string;
}

interface QueueDesign {
  name: string;
  deadLetterName: string;
  deadLetterRetentionSeconds: number;
  visibilityTimeoutSeconds: number;
  maxReceiveCount: number;
}

export const createTaskQueues = (sqs: LocalSqs, prefix: string): Promise<LocalTaskQueues> =>
  createQueues(sqs, prefix, TASK_QUEUE);

export const createPrivacyJobQueues = (sqs: LocalSqs, prefix: string): Promise<LocalTaskQueues> =>
  createQueues(sqs, prefix, PRIVACY_JOB_QUEUE);

async function createQueues(sqs: LocalSqs, prefix: string, design: QueueDesign): Promise<LocalTaskQueues> {
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
        QueueName: `${prefix}-${design.deadLetterName}`,
        Attributes: { MessageRetentionPeriod: String(design.deadLetterRetentionSeconds) },
      }),
    );
    const deadLetterUrl = dlq.QueueUrl as string;
    const deadLetterArn = await arnOf(deadLetterUrl);
    const queue = await client.send(
      new CreateQueueCommand({
        QueueName: `${prefix}-${design.name}`,
        Attributes: {
          VisibilityTimeout: String(design.visibilityTimeoutSeconds),
          RedrivePolicy: JSON.stringify({
            deadLetterTargetArn: deadLetterArn,
            maxReceiveCount: design.maxReceiveCount,
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
