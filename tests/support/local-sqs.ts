// A private local SQS endpoint for a test file, and the real SDK client that talks to it.
import { randomUUID } from 'node:crypto';
import { CreateQueueCommand, GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type LocalSqs, startSqsLocal } from '../../infra/local/sqs/server.ts';

export interface TestSqs {
  sqs: LocalSqs;
  client: SQSClient;
  /** A new queue with a unique name; `deadLetter` gives it a DLQ after that many receives. */
  newQueue(attributes?: Record<string, string>, deadLetter?: number): Promise<TestQueue>;
  counts(queueUrl: string): Promise<{ visible: number; inFlight: number; delayed: number }>;
  stop(): Promise<void>;
}

export interface TestQueue {
  url: string;
  arn: string;
  dlq?: { url: string; arn: string };
}

export async function startTestSqs(): Promise<TestSqs> {
  const sqs = await startSqsLocal(0);
  const client = new SQSClient({
    endpoint: sqs.endpoint,
    region: sqs.region,
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const arnOf = async (url: string) =>
    (await client.send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['QueueArn'] })))
      .Attributes?.QueueArn as string;
  const create = async (name: string, attributes: Record<string, string>) => {
    const { QueueUrl } = await client.send(
      new CreateQueueCommand({ QueueName: name, Attributes: attributes }),
    );
    return { url: QueueUrl as string, arn: await arnOf(QueueUrl as string) };
  };
  return {
    sqs,
    client,
    async newQueue(attributes = {}, deadLetter) {
      const name = `q-${randomUUID().slice(0, 8)}`;
      if (!deadLetter) return create(name, attributes);
      const dlq = await create(`${name}-dlq`, {});
      const queue = await create(name, {
        ...attributes,
        RedrivePolicy: JSON.stringify({ deadLetterTargetArn: dlq.arn, maxReceiveCount: deadLetter }),
      });
      return { ...queue, dlq };
    },
    async counts(queueUrl) {
      const { Attributes: a = {} } = await client.send(
        new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['All'] }),
      );
      return {
        visible: Number(a.ApproximateNumberOfMessages),
        inFlight: Number(a.ApproximateNumberOfMessagesNotVisible),
        delayed: Number(a.ApproximateNumberOfMessagesDelayed),
      };
    },
    async stop() {
      client.destroy();
      await sqs.stop();
    },
  };
}
