// What deleting and exporting an account needs, as ports. Every read is by key: the user's partition, the
// keys the `owned` index lists for them, the items their account names, and their files by prefix. No port
// here can reach another user's data (docs/data-model.md, "Whose items, by key").

import type { Metrics } from '#platform/domain/metrics.ts';
import type { Clock, CounterOwner, Ids, Mailer, RateLimiter, User } from '#platform/domain/ports.ts';
import type { PasswordHasher } from '../../accounts/public.ts';
import type { PaymentCustomers } from '../../billing/public.ts';
import type { TeamArchiveDeps, TeamDepartures } from '../../teams/public.ts';
import type { DeletionJob, ExportJob, JobRef, NewDeletionJob, NewExportJob, QueuedJob } from './jobs.ts';

/** A stored item as the table holds it (keys and attributes). */
export interface StoredItem {
  pk: string;
  sk: string;
  [attribute: string]: unknown;
}

export type ItemKey = Pick<StoredItem, 'pk' | 'sk'>;

/** One page of a read; `next` resumes it (opaque), null at the end. */
export interface Page<T> {
  items: T[];
  next: string | null;
}

/** Who items kept outside a partition belong to: an account, or an address (its counters). */
export type Owner = CounterOwner;

export interface PersonalDataReader {
  /** One page of the user's partition (`USER#<id>`: account, photos, ledger, tasks, exports...). */
  partitionPage(userId: string, cursor: string | null, limit: number): Promise<Page<StoredItem>>;
  /** One page of the keys the `owned` index lists for `owner` (items kept outside the partition). */
  ownedKeysPage(owner: Owner, cursor: string | null, limit: number): Promise<Page<ItemKey>>;
  /** The items with these keys (at most 100), checked to be `userId`'s; others are left out. */
  itemsByKey(userId: string, keys: readonly ItemKey[]): Promise<StoredItem[]>;
  /**
   * The items the account record names by key (email claim, Google subject, Stripe customer and
   * subscription), checked to be the user's: found even when written before items carried `owned_by`.
   */
  namedByAccount(userId: string): Promise<StoredItem[]>;
  /**
   * When the user's renders in flight (tasks a worker holds) can no longer write: their latest lease end
   * after `now`, or null when none is in flight. A worker outlives no lease (the lease is longer than its
   * function's timeout), and one claiming later finds the account being deleted and writes nothing.
   */
  rendersInFlightUntil(userId: string, now: number): Promise<number | null>;
}

export interface PersonalDataEraser {
  /** Deletes these items by key; a key already gone is no error. */
  deleteKeys(keys: readonly ItemKey[]): Promise<void>;
  /** Deletes the account record itself (the deletion's last item). */
  deleteAccountRecord(userId: string): Promise<void>;
}

export interface PersonalFiles {
  /**
   * Up to `limit` keys of the user's files: each prefix the product writes (photos/, thumbs/, results/,
   * exports/...) holds them under `<userId>/`.
   */
  filesPage(userId: string, cursor: string | null, limit: number): Promise<Page<string>>;
  deleteFiles(keys: readonly string[]): Promise<void>;
  read(key: string): Promise<Uint8Array>;
  /** Stores an export ZIP under exports/<userId>/ (deleted by a lifecycle rule after EXPORT_DAYS). */
  putExport(userId: string, exportId: string, zip: Uint8Array): Promise<string>;
  /** A short-lived download address for a stored export. */
  downloadUrl(key: string, filename: string): Promise<string>;
}

/** The account's one pending deletion link. */
export interface DeletionCodes {
  saveDeletionCode(userId: string, codeHash: string, expiresAt: number): Promise<void>;
  /** The code's hash, while unexpired. */
  deletionCodeOf(userId: string, now: number): Promise<string | null>;
}

/** Where jobs wait for the job function (SQS). */
export interface PrivacyJobQueue {
  /** false when the message could not be sent (logged): the job is recorded, and the sweep sends it later. */
  send(job: QueuedJob, o?: { delaySeconds?: number }): Promise<boolean>;
}

export type ClaimOutcome =
  | { kind: 'claimed'; attempt: number }
  /** another run holds the job (a duplicate message): that run finishes it */
  | { kind: 'busy' }
  /** done or failed already (a late duplicate) */
  | { kind: 'finished' }
  /** no such job: its account (and so its record) is gone */
  | { kind: 'missing' };

/** A run's writes are conditioned on its attempt: a run whose lease was taken over writes nothing. */
export interface JobRun {
  job: JobRef;
  attempt: number;
}

/** Reading jobs back: the requests and the job function both do. */
export interface PrivacyJobReads {
  deletion(ref: string): Promise<DeletionJob | null>;
  /** The account's most recent exports (at most a few), newest first. */
  recentExports(userId: string): Promise<ExportJob[]>;
  dataExport(userId: string, exportId: string): Promise<ExportJob | null>;
}

/** Recording jobs: what the requests do. */
export interface PrivacyJobRecords extends PrivacyJobReads {
  /**
   * Signs out every session and stops every sign-in (the account reads as absent from now on), and records
   * the job, in one transaction; false when the session version is no longer `user.sessionVersion`.
   */
  recordDeletion(user: User, job: NewDeletionJob): Promise<boolean>;
  recordExport(job: NewExportJob): Promise<void>;
}

/** Running jobs: what the job function does. */
export interface PrivacyJobStore extends PrivacyJobReads {
  /** Takes the job for one run, unless another run holds it (lease) or it has finished. */
  claim(job: JobRef, now: number): Promise<ClaimOutcome>;
  /**
   * Moves the run's job from step `from` to `to` (renewing the lease), adding `progress` to its counters;
   * false when the run no longer holds the job.
   */
  advance(
    run: JobRun,
    from: string,
    to: string,
    now: number,
    progress?: Record<string, number>,
    set?: Record<string, string | number>,
  ): Promise<boolean>;
  /**
   * Adds to the counters (and writes `set`'s attributes) and renews the lease; false when the run no longer
   * holds the job.
   */
  progress(
    run: JobRun,
    now: number,
    counts: Record<string, number>,
    set?: Record<string, string | number>,
  ): Promise<boolean>;
  /**
   * Gives the job back (the run stopped at its page budget, or waits): its hand-over message takes it from
   * there, or the sweep sends it again after `checkAt` (default: the queue grace period from now).
   */
  release(run: JobRun, now: number, checkAt?: number): Promise<void>;
  /**
   * The job is over: `done` (kept a while for the account screen, without the personal details it needed)
   * or `failed`.
   */
  finish(job: JobRef, state: 'done' | 'failed', now: number, attempt?: number): Promise<boolean>;
  /** Unfinished jobs whose check time has passed (nobody is working on them), oldest first. */
  due(now: number, limit: number): Promise<{ job: JobRef; requeues: number }[]>;
  /** The job was sent again: counts it and sets its next check time. */
  requeued(job: JobRef, now: number): Promise<void>;
}

export interface PrivacyRequestDeps {
  jobs: PrivacyJobRecords;
  codes: DeletionCodes;
  queue: PrivacyJobQueue;
  files: Pick<PersonalFiles, 'downloadUrl'>;
  mailer: Mailer;
  hasher: PasswordHasher;
  limiter: RateLimiter;
  clock: Clock;
  ids: Ids;
  metrics: Metrics;
  webUrl: string;
}

export interface PrivacyJobDeps {
  jobs: PrivacyJobStore;
  data: PersonalDataReader;
  eraser: PersonalDataEraser;
  files: PersonalFiles;
  customers: PaymentCustomers;
  queue: PrivacyJobQueue;
  mailer: Mailer;
  clock: Clock;
  metrics: Metrics;
  webUrl: string;
  /** A member's team shows them as left, without their data (absent: no teams on this stage). */
  teams?: TeamDepartures;
  /** A team's ZIP built ahead of its download when its set of choices changed (absent: left to it). */
  teamArchives?: TeamArchiveDeps;
}
