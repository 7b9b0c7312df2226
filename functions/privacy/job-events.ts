// The privacy job function's two kinds of event: SQS job messages (one job a batch: a run may be long) and
// the sweep's schedule (EventBridge in AWS, a timer locally), which sends again the jobs nobody works on.
// The same queue carries a team's changed set of chosen headshots: its ZIP is built here, ahead of the
// download (functions/teams/domain/headshots-zip.ts), in a run long enough for a large team's files.
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { logger } from '#platform/observability/logger.ts';
import { observedHandler } from '#platform/observability/observed-handler.ts';
import { withRecordContext } from '#platform/sqs/message-context.ts';
import { prepareTeamArchive } from '../teams/public.ts';
import { runPrivacyJob, sweepPrivacyJobs } from './domain/job-runs.ts';
import { decodeJobMessage, describeJob } from './domain/jobs.ts';
import type { PrivacyJobDeps } from './domain/ports.ts';

interface ScheduledSweep {
  source: 'aws.events';
  'detail-type': 'Scheduled Event';
}

const isSqsEvent = (event: unknown): event is SQSEvent =>
  Array.isArray((event as Partial<SQSEvent> | null)?.Records);

export function privacyJobHandler(deps: PrivacyJobDeps) {
  async function one(record: SQSRecord): Promise<boolean> {
    const job = decodeJobMessage(record.body);
    if (!job) {
      logger().error('poison message dropped', {
        messageId: record.messageId,
        body: record.body.slice(0, 200),
      });
      return true;
    }
    return withRecordContext(record, describeJob(job), async () => {
      if (job.kind === 'team-archive') {
        // A team's set of chosen headshots changed: its ZIP is built now, before anyone downloads it.
        const outcome = deps.teamArchives
          ? await prepareTeamArchive(deps.teamArchives, job.teamId)
          : 'left-to-download';
        logger().info('team archive prepared', { outcome });
        return true;
      }
      const outcome = await runPrivacyJob(deps, job);
      logger().info('privacy job run', { outcome });
      return true;
    });
  }

  return observedHandler(
    async (
      event: SQSEvent | ScheduledSweep,
      _context: Context,
    ): Promise<SQSBatchResponse | { requeued: number; failed: number }> => {
      if (!isSqsEvent(event)) {
        const report = await sweepPrivacyJobs(deps);
        if (report.requeued.length)
          logger().warn('privacy jobs sent again', { jobs: report.requeued.map(describeJob) });
        if (report.failed.length)
          logger().error('privacy jobs given up', { jobs: report.failed.map(describeJob) });
        return { requeued: report.requeued.length, failed: report.failed.length };
      }
      const failures: { itemIdentifier: string }[] = [];
      for (const record of event.Records) {
        const handled = await one(record).catch((e) => {
          logger().error('privacy job failed', {
            messageId: record.messageId,
            error: e,
          });
          return false;
        });
        if (!handled) failures.push({ itemIdentifier: record.messageId });
      }
      return { batchItemFailures: failures };
    },
  );
}
