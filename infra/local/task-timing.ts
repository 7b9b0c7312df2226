// How long tasks may take on this machine. AWS runs with infra/queue-design.ts and the defaults of
// functions/platform/domain/task-timing.ts (a 15-minute visibility timeout and an hour's deadline);
// locally nothing needs that long, and a developer who kills `npm start` should see a task whose message
// is gone end in minutes. Each profile keeps the rules AWS's numbers keep (timingProblems).
import { TASK_QUEUE } from '../queue-design.ts';

export interface LocalTaskTiming {
  /** The worker's timeout: a batch still running then counts as failed. */
  workerTimeoutSeconds: number;
  /** A worker's claim on a task (longer than its timeout). */
  leaseSeconds: number;
  /** The task queue's visibility timeout (longer than the lease, so a redelivery can claim). */
  visibilityTimeoutSeconds: number;
  /** A transient failure hides the message this long, times its receive count. */
  retryDelaySeconds: number;
  /** Kept of the worker's time for storing a result: no provider retry starts later. */
  storeMarginSeconds: number;
  /** The sweeper fails and refunds a task still pending this long after its creation. */
  deadlineSeconds: number;
  /** How often the sweeper runs. */
  sweepSeconds: number;
}

export const LOCAL_TASK_TIMINGS = {
  /**
   * `npm start`: the worker keeps AWS's timeout (a real provider key works the same), the queue hands a
   * message back 170 s after a crash, and a task whose message is lost is refunded after 11.5 minutes.
   */
  standard: {
    workerTimeoutSeconds: TASK_QUEUE.workerTimeoutSeconds,
    leaseSeconds: 160,
    visibilityTimeoutSeconds: 170,
    retryDelaySeconds: 20,
    storeMarginSeconds: 10,
    deadlineSeconds: 690,
    sweepSeconds: 30,
  },
  /**
   * The chaos harness (npm run chaos): a provider that answers within seconds, every number small. The
   * worker's 20 s hold a batch of four on a busy two-core machine, the face model's likeness measure
   * included; the deadline leaves room for a whole-stack restart (15 to 50 s there) on top of the queue's
   * own 95 s, so tasks in flight at a crash are mostly made, not refunded.
   */
  fast: {
    workerTimeoutSeconds: 20,
    leaseSeconds: 22,
    visibilityTimeoutSeconds: 25,
    retryDelaySeconds: 1,
    storeMarginSeconds: 3,
    deadlineSeconds: 120,
    sweepSeconds: 3,
  },
} as const satisfies Record<string, LocalTaskTiming>;

export type TaskTimingProfile = keyof typeof LOCAL_TASK_TIMINGS;

/** The functions' settings for a profile (functions/platform/config.ts taskTimingConfig). */
export const taskTimingEnvironment = (t: LocalTaskTiming): Record<string, string> => ({
  TASK_DEADLINE_SECONDS: String(t.deadlineSeconds),
  TASK_LEASE_SECONDS: String(t.leaseSeconds),
  TASK_RETRY_DELAY_SECONDS: String(t.retryDelaySeconds),
  TASK_STORE_MARGIN_SECONDS: String(t.storeMarginSeconds),
});
