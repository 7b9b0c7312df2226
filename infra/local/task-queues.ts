// The task queue, the privacy job queue and their dead-letter queues on the local SQS stand-in, with the
// settings AWS gets (the task queue with the local visibility timeout, task-timing.ts). Queues kept from an
// earlier run get today's settings, as a deploy updates them.
import {
  CreateQueueCommand,
  GetQueueAttributesCommand,
  SetQueueAttributesCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
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

export const createTaskQueues = (
  sqs: LocalSqs,
  prefix: string,
  visibilityTimeoutSeconds: number,
): Promise<LocalTaskQueues> => createQueues(sqs, prefix, { ...TASK_QUEUE, visibilityTimeoutSeconds });

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
    const ensure = async (QueueName: string, Attributes: Record<string, string>) => {
      const { QueueUrl } = await client.send(new CreateQueueCommand({ QueueName }));
      await client.send(new SetQueueAttributesCommand({ QueueUrl, Attributes }));
      return QueueUrl as string;
    };
    const deadLetterUrl = await ensure(`${prefix}-${design.deadLetterName}`, {
      MessageRetentionPeriod: String(design.deadLetterRetentionSeconds),
    });
    const deadLetterArn = await arnOf(deadLetterUrl);
    const queueUrl = await ensure(`${prefix}-${design.name}`, {
      VisibilityTimeout: String(design.visibilityTimeoutSeconds),
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: deadLetterArn,
        maxReceiveCount: design.maxReceiveCount,
      }),
    });
    return { queueUrl, queueArn: await arnOf(queueUrl), deadLetterUrl, deadLetterArn };
  } finally {
    client.destroy();
  }
}
