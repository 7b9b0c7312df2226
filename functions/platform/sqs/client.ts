import { SQSClient } from '@aws-sdk/client-sqs';

/** One SQS client per process; `endpoint` points at the local stand-in (infra/local/sqs) when running locally. */
export function createSqsClient(endpoint?: string): SQSClient {
  return new SQSClient(
    endpoint
      ? {
          endpoint,
          region: process.env.AWS_REGION ?? 'eu-west-1',
          credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        }
      : {},
  );
}
