// The avatar task queue, described once for the local stack and (with the worker) the CDK stack.
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
