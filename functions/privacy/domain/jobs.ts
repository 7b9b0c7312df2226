// Privacy jobs: an account deletion or a data export, recorded by the request and done by the job function
// in pages. A job's record says where it is (its step), who works on it (a lease, renewed at every page) and
// when to look at it again if nobody does (the sweep re-queues it then): a run that dies is resumed, by its
// message coming back or by the sweep, and every step is written once (conditioned on the step before).
import * as z from 'zod/mini';
import type { Language } from '#shared/api-schemas.ts';

/** A job as its queue message names it: the deletion's record key, or the export in its owner's partition. */
export type JobRef = { kind: 'deletion'; ref: string } | { kind: 'export'; userId: string; exportId: string };
/**
 * What the job function's queue carries: a privacy job, or a team's set of chosen headshots that changed
 * (its ZIP is built ahead of the download: functions/teams/domain/headshots-zip.ts prepareTeamArchive). The
 * latter has no record: a lost message only means the next download builds the archive itself (an account
 * deletion's is sent again by its resumed run: deletion-job.ts).
 */
export type QueuedJob = JobRef | { kind: 'team-archive'; teamId: string };

export type JobState = 'queued' | 'running' | 'done' | 'failed';

/**
 * A deletion's steps, in order: the Stripe customer, the wait for the renders in flight, the files, the items
 * kept outside the partition, the partition, the address's counters and the account record, the files again,
 * the email. Sign-in is already impossible when the job starts (the request ended every session and the
 * account reads as absent); the account record goes last, so until then a retry still knows what it deletes,
 * and nothing half-deleted can sign in. Why the wait and the second pass over the files: docs/operations.md,
 * "Account deletion".
 */
export const DELETION_STEPS = [
  'customer',
  'settle',
  'files',
  'owned',
  'partition',
  'account',
  'sweep',
  'notify',
  'done',
] as const;
export type DeletionStep = (typeof DELETION_STEPS)[number];

/** An export's steps: building the ZIP (restarted whole if a run dies), then the email. */
export const EXPORT_STEPS = ['build', 'notify', 'done'] as const;
export type ExportStep = (typeof EXPORT_STEPS)[number];

export interface NewDeletionJob {
  /** SHA-256 of the status secret the account screen follows the job with */
  ref: string;
  userId: string;
  email: string;
  lang: Language;
  stripeCustomerId: string | null;
  createdAt: number;
}

export interface DeletionJob extends NewDeletionJob {
  state: JobState;
  step: DeletionStep;
  itemsDeleted: number;
  filesDeleted: number;
  /**
   * The team the account was in, recorded before it leaves (the `owned` step): a run resumed after the
   * departure still tells that team its set of chosen headshots changed. Gone once the job is done.
   */
  teamId: string | null;
  updatedAt: number;
  finishedAt: number | null;
}

export interface NewExportJob {
  userId: string;
  exportId: string;
  email: string;
  lang: Language;
  createdAt: number;
  /** the record (and the file, by a lifecycle rule) is deleted then */
  expiresAt: number;
}

export interface ExportJob extends NewExportJob {
  state: JobState;
  step: ExportStep;
  /** once built: the ZIP's key in the media bucket and its size */
  key: string | null;
  size: number | null;
  updatedAt: number;
  finishedAt: number | null;
}

/** Days an export stays downloadable (its record's TTL, and the lifecycle rule of exports/). */
export const EXPORT_DAYS = 7;

/** How long a run holds a job without renewing its lease (it renews at every page). */
export const JOB_LEASE_SECONDS = 120;
/** A queued job nobody claimed by then is sent again (its message was lost, or never sent). */
export const JOB_QUEUE_GRACE_SECONDS = 600;
/** A job re-sent this many times without finishing is given up (and the operator alarmed). */
export const JOB_MAX_REQUEUES = 10;
/** Items (or files) per page: one BatchWriteItem takes 25 deletions. */
export const JOB_PAGE_ITEMS = 25;
/** Pages a deletion run does before it hands over to a fresh message (a Lambda run stays short). */
export const DELETION_PAGES_PER_RUN = 400;
/**
 * While a render of the account is still in flight, a deletion looks again this often (a delayed message);
 * the sweep sends it again at the render's lease end at the latest, should that message be lost.
 */
export const DELETION_SETTLE_POLL_SECONDS = 5;

const JobMessage = z.union([
  z.object({ kind: z.literal('deletion'), ref: z.string().check(z.regex(/^[0-9a-f]{64}$/)) }),
  z.object({
    kind: z.literal('export'),
    userId: z.string().check(z.regex(/^[A-Za-z0-9-]{1,64}$/)),
    exportId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  }),
  z.object({ kind: z.literal('team-archive'), teamId: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/)) }),
]);

export const encodeJobMessage = (job: QueuedJob): string => JSON.stringify(job);

/** The job a message names, or null for a message that is not one (dropped: retrying cannot help). */
export function decodeJobMessage(body: string): QueuedJob | null {
  try {
    const parsed = JobMessage.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export const describeJob = (job: QueuedJob): Record<string, string> =>
  job.kind === 'deletion'
    ? { job: 'deletion', jobRef: job.ref.slice(0, 12) }
    : job.kind === 'export'
      ? { job: 'export', userId: job.userId, exportId: job.exportId }
      : { job: 'team-archive', teamId: job.teamId };

/** How much work a run may do before it stops (and, in AWS, hands over to a fresh message). */
export interface RunBudget {
  pages: number;
}

export type RunOutcome = 'done' | 'paused' | 'waiting' | 'busy' | 'finished' | 'missing' | 'lost';

/** Spends one page of the budget; false when it is used up (the run stops there, resumable). */
export function spendPage(budget: RunBudget): boolean {
  if (budget.pages <= 0) return false;
  budget.pages -= 1;
  return true;
}
