// The privacy job queue on SQS: one message per job (or per hand-over of a long deletion). A message that
// cannot be sent is logged and reported; the job is recorded, and the sweep sends it later.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { PrivacyJobQueueConfig } from '../../config.ts';
import { describeJob, encodeJobMessage, type JobRef } from '../../domain/privacy/jobs.ts';
import type { PrivacyJobQueue } from '../../domain/privacy/ports.ts';
import { currentCorrelationId, logger } from '../../observability/logger.ts';
import { createSqsClient } from './client.ts';
import { correlationAttributes } from './message-context.ts';

export class SqsPrivacyJobQueue implements PrivacyJobQueue {
  private readonly sqs: SQSClient;
  private readonly queueUrl: string;

  constructor(sqs: SQSClient, queueUrl: string) {
    this.sqs = sqs;
    this.queueUrl = queueUrl;
  }

  async send(job: JobRef, o: { delaySeconds?: number } = {}): Promise<boolean> {
    try {
      await this.sqs.send(
        new SendMessageCommand({
          QueueUrl: this.queueUrl,
          MessageBody: encodeJobMessage(job),
          ...(o.delaySeconds ? { DelaySeconds: o.delaySeconds } : {}),
          MessageAttributes: correlationAttributes(currentCorrelationId()),
        }),
      );
      return true;
    } catch (e) {
      logger().error('privacy job message not sent', {
        ...describeJob(job),
        error: e,
      });
      return false;
    }
  }
}

export const buildPrivacyJobQueue = (config: PrivacyJobQueueConfig): SqsPrivacyJobQueue =>
  new SqsPrivacyJobQueue(createSqsClient(config.sqsEndpoint), config.privacyJobQueueUrl);
