// The avatar task queue and the privacy job queue, described once for the local stack and (with the worker) the CDK stack.
// docs/generation.md explains the numbers.
export const TASK_QUEUE = {
  name: 'avatar-tasks',
  deadLetterName: 'avatar-tasks-dlq',
  /** receives before a message goes to the dead-letter queue (the task then fails and is refunded) */
  maxReceiveCount: 3,
  /** the worker function's timeout: a provider call of up to 120 s and its retries */
  workerTimeoutSeconds: 150,
  /** at least six times the worker's timeout, as AWS advises for Lambda consumers */
  visibilityTimeoutSeconds: 900,
  /** the dead-letter queue keeps messages 14 days, for support to look at */
  deadLetterRetentionSeconds: 1_209_600,
  /** tasks per worker invocation, generated side by side */
  batchSize: 4,
} as const;

/**
 * The rules between the numbers: a live worker keeps its claim, a redelivery after a crash can take it, and
 * the deadline outlasts every delivery SQS may still make, so the dead-letter handler acts first.
 */
export function timingProblems(
  t: {
    workerTimeoutSeconds: number;
    leaseSeconds: number;
    visibilityTimeoutSeconds: number;
    deadlineSeconds: number;
  },
  maxReceiveCount: number = TASK_QUEUE.maxReceiveCount,
): string[] {
  const problems: string[] = [];
  if (t.leaseSeconds <= t.workerTimeoutSeconds) problems.push('the lease must outlast the worker timeout');
  if (t.visibilityTimeoutSeconds <= t.leaseSeconds)
    problems.push('the visibility timeout must outlast the lease');
  const lastDelivery = maxReceiveCount * t.visibilityTimeoutSeconds + t.workerTimeoutSeconds;
  if (t.deadlineSeconds <= lastDelivery)
    problems.push(`the deadline must outlast the last delivery (${lastDelivery} s)`);
  return problems;
}

/** Account deletions and data exports (functions/privacy; docs/operations.md, "Privacy"). */
export const PRIVACY_JOB_QUEUE = {
  name: 'privacy-jobs',
  deadLetterName: 'privacy-jobs-dlq',
  /** receives before a message goes to the dead-letter queue (its job stays recorded: the sweep re-sends it) */
  maxReceiveCount: 5,
  /** the job function's timeout: a deletion hands over after DELETION_PAGES_PER_RUN, an export builds whole */
  functionTimeoutSeconds: 300,
  /** six times the function's timeout, as AWS advises for Lambda consumers */
  visibilityTimeoutSeconds: 1800,
  deadLetterRetentionSeconds: 1_209_600,
  /** one job per invocation: a run may be long */
  batchSize: 1,
  /** how often the sweep sends again the jobs nobody is working on (minutes; a minute locally) */
  sweepMinutes: 5,
} as const;
