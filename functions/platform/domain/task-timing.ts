// How long a task may take, end to end. The queue's numbers live in infra/queue-design.ts; a unit test
// keeps these in step with them (the deadline must outlast every delivery SQS may still make).

export const TASK_TIMING = {
  /**
   * The sweeper fails a task still pending this long after its creation: past 3 receives of a 15-minute
   * visibility timeout and the worker's own 150 s, with room for the dead-letter handler to act first.
   */
  deadlineSeconds: 3600,
  /** An IN_PROGRESS claim is a worker's for its timeout; after that another delivery may take the task. */
  leaseSeconds: 180,
  /** Left for storing the result once the provider answers: no provider retry starts later than this. */
  storeMarginMs: 10_000,
  /** A transient failure hides the message this long before SQS delivers it again (times the receive count). */
  retryDelaySeconds: 30,
} as const;
