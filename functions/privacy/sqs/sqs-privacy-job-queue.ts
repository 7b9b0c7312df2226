// The privacy job queue on SQS: one message per job (or per hand-over of a long deletion). A message that
// cannot be sent is logged and reported; the job is recorded, and the sweep sends it later.
import { SendMessageCommand, type SQSClient } from '@aws-sdk/client-sqs';
import type { PrivacyJobQueueConfig } from '#platform/config.ts';
import { currentCorrelationId, logger } from '#platform/observability/logger.ts';
import { createSqsClient } from '#platform/sqs/client.ts';
import { correlationAttributes } from '#platform/sqs/message-context.ts';
import type { TeamArchiveQueue } from '../../teams/public.ts';
import { describeJob, encodeJobMessage, type QueuedJob } from '../domain/jobs.ts';
import type { PrivacyJobQueue } from '../domain/ports.ts';

export class SqsPrivacyJobQueue implements PrivacyJobQueue {
  private readonly sqs: SQSClient;
  private readonly queueUrl: string;

  constructor(sqs: SQSClient, queueUrl: string) {
    this.sqs = sqs;
    this.queueUrl = queueUrl;
  }

  async send(job: QueuedJob, o: { delaySeconds?: number } = {}): Promise<boolean> {
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

/**
 * A team's changed set of choices, announced on the job function's queue: the function builds the set's ZIP
 * before anyone downloads it (functions/teams/domain/headshots-zip.ts). Best effort, like every send here.
 */
export class QueuedTeamArchives implements TeamArchiveQueue {
  private readonly queue: PrivacyJobQueue;
  constructor(queue: PrivacyJobQueue) {
    this.queue = queue;
  }

  async setChanged(teamId: string): Promise<void> {
    await this.queue.send({ kind: 'team-archive', teamId });
  }
}
