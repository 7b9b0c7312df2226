// The task queue and its dead-letter queue on the local SQS stand-in, with the settings AWS gets but the
// local visibility timeout (task-timing.ts). Queues kept from an earlier run get today's settings, as a
// deploy updates them.
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { TASK_QUEUE } from '../queue-design.ts';
import type { LocalSqs } from './sqs/server.ts';

export interface LocalTaskQueues {
  queueUrl: string;
  queueArn: string;
  deadLetterUrl: string;
  deadLetterArn: string;
}

export async function createTaskQueues(
  sqs: LocalSqs,
  prefix: string,
  visibilityTimeoutSeconds: number,
): Promise<LocalTaskQueues> {
  const client = new SQSClient({
    endpoint: sqs.endpoint,
    region: sqs.region,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const arnOf = async (QueueUrl: string) =>
      (await client.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] })))
        .Attributes?.QueueArn as string;
    const ensure = async (QueueName: string, Attributes: Record<string, string>) => {
      const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName }));
      await client.send(new SetQueueAttributesCommand({ QueueUrl, Attributes }));
      return QueueUrl as string;
    };
    const deadLetterUrl = await ensure(`${prefix}-${TASK_QUEUE.deadLetterName}`, {
      MessageRetentionPeriod: String(TASK_QUEUE.deadLetterRetentionSeconds),
    });
    const deadLetterArn = await arnOf(deadLetterUrl);
    const queueUrl = await ensure(`${prefix}-${TASK_QUEUE.name}`, {
      VisibilityTimeout: String(visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: deadLetterArn,
        maxReceiveCount: TASK_QUEUE.maxReceiveCount,
      }),
    });
    return { queueUrl, queueArn: await arnOf(queueUrl), deadLetterUrl, deadLetterArn };
  } finally {
    client.destroy();
  }
}
