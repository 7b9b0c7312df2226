// One run of whichever job a message names, and the sweep that sends again the jobs nobody is working on
// (a message lost, never sent, or a run that died holding its lease).
import { runDeletionJob } from './deletion-job.ts';
import { runExportJob } from './export-job.ts';
import {
  DELETION_PAGES_PER_RUN,
  DELETION_SETTLE_POLL_SECONDS,
  JOB_MAX_REQUEUES,
  type JobRef,
  type RunBudget,
  type RunOutcome,
} from './jobs.ts';
import type { PrivacyJobDeps } from './ports.ts';

/**
 * Runs the job; a deletion that used its page budget hands over to a fresh message (so no run nears the
 * function's timeout), one waiting for a render in flight looks again a few seconds later, an export builds
 * in one run.
 */
export async function runPrivacyJob(
  deps: PrivacyJobDeps,
  job: JobRef,
  budget?: RunBudget,
): Promise<RunOutcome> {
  if (job.kind === 'export') return runExportJob(deps, job.userId, job.exportId, budget);
  const outcome = await runDeletionJob(deps, job.ref, budget ?? { pages: DELETION_PAGES_PER_RUN });
  if (outcome === 'paused') await deps.queue.send(job);
  if (outcome === 'waiting') await deps.queue.send(job, { delaySeconds: DELETION_SETTLE_POLL_SECONDS });
  return outcome;
}

interface SweepReport {
  requeued: JobRef[];
  failed: JobRef[];
}

/** Sends again every unfinished job whose check time has passed; gives up those re-sent too often. */
export async function sweepPrivacyJobs(
  deps: Pick<PrivacyJobDeps, 'jobs' | 'queue' | 'clock' | 'metrics'>,
): Promise<SweepReport> {
  const now = deps.clock.now();
  const report: SweepReport = { requeued: [], failed: [] };
  for (const { job, requeues } of await deps.jobs.due(now, 100)) {
    if (requeues >= JOB_MAX_REQUEUES) {
      if (await deps.jobs.finish(job, 'failed', now)) {
        deps.metrics.record('PrivacyJobsFailed');
        report.failed.push(job);
      }
      continue;
    }
    // Counted first: a sweep that dies after sending does not send it twice.
    await deps.jobs.requeued(job, now);
    await deps.queue.send(job);
    report.requeued.push(job);
  }
  return report;
}
