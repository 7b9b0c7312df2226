// The privacy ports in memory (functions/privacy/domain/ports.ts), with the rules of their adapters
// (functions/privacy/dynamodb/*, functions/privacy/s3/personal-files.ts): a deletion recorded only
// while the session version holds, in one step with the account's change (sessions end, the account reads as
// absent from then on); a run's writes conditioned on its attempt; a step moved once, from the step before;
// a lease that keeps other runs off until it ends; the sweep's jobs by their check time; a finished deletion
// keeps nothing personal. Items are a table of StoredItems by key; files are a FakeBucket shared with
// FakeResultFiles.

import type { User, UserReader } from '#platform/domain/ports.ts';
import { accountOwner, emailOwner, keys } from '#platform/dynamodb/keys.ts';
import type { PaymentCustomers } from '../../../functions/billing/domain/ports.ts';
import {
  type DeletionJob,
  type ExportJob,
  JOB_LEASE_SECONDS,
  JOB_QUEUE_GRACE_SECONDS,
  type JobRef,
  type NewDeletionJob,
  type NewExportJob,
  type QueuedJob,
} from '../../../functions/privacy/domain/jobs.ts';
import type {
  ClaimOutcome,
  DeletionCodes,
  ItemKey,
  JobRun,
  Owner,
  Page,
  PersonalDataEraser,
  PersonalDataReader,
  PersonalFiles,
  PrivacyJobQueue,
  PrivacyJobRecords,
  PrivacyJobStore,
  StoredItem,
} from '../../../functions/privacy/domain/ports.ts';
import type { FakeAccountStore } from './account-store.ts';
import type { FakeBucket } from './result-files.ts';

interface RunState {
  attempt: number;
  requeues: number;
  claimedUntil: number | null;
  /** when the sweep looks at it (unfinished jobs only) */
  checkAt: number | null;
}

type DeletionRow = DeletionJob & RunState;
type ExportRow = ExportJob & RunState;

const RECENT_EXPORTS = 5;
const FINISHED = new Set(['done', 'failed']);

export class FakePrivacyJobs implements PrivacyJobRecords, PrivacyJobStore, DeletionCodes {
  private readonly deletions = new Map<string, DeletionRow>();
  private readonly exports = new Map<string, ExportRow>();
  private readonly codes = new Map<string, { hash: string; expiresAt: number }>();
  /** accounts marked by a deletion: they read as absent (adapters/dynamodb/user-reader.ts) */
  readonly deleting = new Set<string>();
  private readonly accounts: FakeAccountStore;

  constructor(accounts: FakeAccountStore) {
    this.accounts = accounts;
  }

  /** The accounts as every reader sees them: one being deleted is absent. */
  users(): UserReader {
    return { getById: async (id) => (this.deleting.has(id) ? null : this.accounts.peek(id)) };
  }

  async recordDeletion(user: User, job: NewDeletionJob): Promise<boolean> {
    const now = this.accounts.peek(user.id);
    if (!now || now.sessionVersion !== user.sessionVersion || this.deleting.has(user.id)) return false;
    if (this.deletions.has(job.ref)) return false;
    this.accounts.update(user.id, { sessionVersion: now.sessionVersion + 1 });
    this.deleting.add(user.id);
    this.deletions.set(job.ref, {
      ...job,
      state: 'queued',
      step: 'customer',
      itemsDeleted: 0,
      filesDeleted: 0,
      teamId: null,
      updatedAt: job.createdAt,
      finishedAt: null,
      attempt: 0,
      requeues: 0,
      claimedUntil: null,
      checkAt: job.createdAt + JOB_QUEUE_GRACE_SECONDS,
    });
    return true;
  }

  async recordExport(job: NewExportJob): Promise<void> {
    const k = `${job.userId}#${job.exportId}`;
    if (this.exports.has(k)) throw new Error('The conditional request failed (export exists)');
    this.exports.set(k, {
      ...job,
      state: 'queued',
      step: 'build',
      key: null,
      size: null,
      updatedAt: job.createdAt,
      finishedAt: null,
      attempt: 0,
      requeues: 0,
      claimedUntil: null,
      checkAt: job.createdAt + JOB_QUEUE_GRACE_SECONDS,
    });
  }

  async deletion(ref: string): Promise<DeletionJob | null> {
    const d = this.deletions.get(ref);
    return d ? deletionOf(d) : null;
  }

  async recentExports(userId: string): Promise<ExportJob[]> {
    return [...this.exports.values()]
      .filter((e) => e.userId === userId)
      .sort((a, b) => (a.exportId < b.exportId ? 1 : -1))
      .slice(0, RECENT_EXPORTS)
      .map(exportOf)
      .sort((a, b) => b.createdAt - a.createdAt);
  }

  async dataExport(userId: string, exportId: string): Promise<ExportJob | null> {
    const e = this.exports.get(`${userId}#${exportId}`);
    return e ? exportOf(e) : null;
  }

  private row(job: JobRef): DeletionRow | ExportRow | undefined {
    return job.kind === 'deletion'
      ? this.deletions.get(job.ref)
      : this.exports.get(`${job.userId}#${job.exportId}`);
  }

  private lease(row: RunState & { updatedAt: number }, now: number): void {
    row.claimedUntil = now + JOB_LEASE_SECONDS;
    row.checkAt = row.claimedUntil;
    row.updatedAt = now;
  }

  async claim(job: JobRef, now: number): Promise<ClaimOutcome> {
    const row = this.row(job);
    if (!row) return { kind: 'missing' };
    if (FINISHED.has(row.state)) return { kind: 'finished' };
    if (row.claimedUntil !== null && row.claimedUntil >= now) return { kind: 'busy' };
    row.state = 'running';
    row.attempt += 1;
    this.lease(row, now);
    return { kind: 'claimed', attempt: row.attempt };
  }

  private held(run: JobRun): DeletionRow | ExportRow | undefined {
    const row = this.row(run.job);
    return row && row.attempt === run.attempt ? row : undefined;
  }

  async advance(
    run: JobRun,
    from: string,
    to: string,
    now: number,
    progress: Record<string, number> = {},
    set: Record<string, string | number> = {},
  ): Promise<boolean> {
    const row = this.held(run);
    if (!row || row.step !== from) return false;
    this.lease(row, now);
    (row as { step: string }).step = to;
    count(row, progress);
    write(row, set);
    return true;
  }

  async progress(
    run: JobRun,
    now: number,
    counts: Record<string, number>,
    set: Record<string, string | number> = {},
  ): Promise<boolean> {
    const row = this.held(run);
    if (!row) return false;
    this.lease(row, now);
    count(row, counts);
    write(row, set);
    return true;
  }

  async release(run: JobRun, now: number, checkAt?: number): Promise<void> {
    const row = this.held(run);
    if (!row) return;
    row.claimedUntil = null;
    row.checkAt = checkAt ?? now + JOB_QUEUE_GRACE_SECONDS;
    row.updatedAt = now;
  }

  async finish(job: JobRef, state: 'done' | 'failed', now: number, attempt?: number): Promise<boolean> {
    const row = this.row(job);
    if (!row || FINISHED.has(row.state) || (attempt !== undefined && row.attempt !== attempt)) return false;
    row.state = state;
    row.finishedAt = now;
    row.updatedAt = now;
    row.claimedUntil = null;
    row.checkAt = null;
    if (state === 'done') (row as { step: string }).step = 'done';
    if (job.kind === 'deletion' && state === 'done')
      Object.assign(row, { userId: '', email: '', lang: 'en', stripeCustomerId: null, teamId: null });
    return true;
  }

  async due(now: number, limit: number): Promise<{ job: JobRef; requeues: number }[]> {
    const rows: { job: JobRef; requeues: number; checkAt: number }[] = [];
    for (const d of this.deletions.values())
      if (d.checkAt !== null && d.checkAt < now)
        rows.push({ job: { kind: 'deletion', ref: d.ref }, requeues: d.requeues, checkAt: d.checkAt });
    for (const e of this.exports.values())
      if (e.checkAt !== null && e.checkAt < now)
        rows.push({
          job: { kind: 'export', userId: e.userId, exportId: e.exportId },
          requeues: e.requeues,
          checkAt: e.checkAt,
        });
    return rows
      .sort((a, b) => a.checkAt - b.checkAt)
      .slice(0, limit)
      .map(({ job, requeues }) => ({ job, requeues }));
  }

  async requeued(job: JobRef, now: number): Promise<void> {
    const row = this.row(job);
    if (!row || FINISHED.has(row.state) || row.checkAt === null) return;
    row.requeues += 1;
    row.checkAt = now + JOB_QUEUE_GRACE_SECONDS;
  }

  async saveDeletionCode(userId: string, codeHash: string, expiresAt: number): Promise<void> {
    this.codes.set(userId, { hash: codeHash, expiresAt });
  }

  async deletionCodeOf(userId: string, now: number): Promise<string | null> {
    const c = this.codes.get(userId);
    return c && c.expiresAt > now ? c.hash : null;
  }

  /** A job's run bookkeeping (tests read the lease and requeues). */
  runState(job: JobRef): RunState | null {
    const row = this.row(job);
    return row
      ? { attempt: row.attempt, requeues: row.requeues, claimedUntil: row.claimedUntil, checkAt: row.checkAt }
      : null;
  }

  /** What deleting the partition does to an export's record (it lives there: EXPORT#<id>). */
  forgetExport(userId: string, exportId: string): void {
    this.exports.delete(`${userId}#${exportId}`);
  }
}

/** The attributes the adapter stores under these names (job-items.ts). */
function write(row: DeletionRow | ExportRow, set: Record<string, string | number>): void {
  if ('key' in row) {
    if (typeof set.object_key === 'string') row.key = set.object_key;
    if (typeof set.size === 'number') row.size = set.size;
  } else if (typeof set.team_id === 'string') row.teamId = set.team_id;
}

function count(row: DeletionRow | ExportRow, counts: Record<string, number>): void {
  if ('itemsDeleted' in row) {
    row.itemsDeleted += counts.items_deleted ?? 0;
    row.filesDeleted += counts.files_deleted ?? 0;
  }
}

function deletionOf(d: DeletionRow): DeletionJob {
  const { attempt: _a, requeues: _r, claimedUntil: _c, checkAt: _k, ...job } = d;
  return { ...job };
}

function exportOf(e: ExportRow): ExportJob {
  const { attempt: _a, requeues: _r, claimedUntil: _c, checkAt: _k, ...job } = e;
  return { ...job };
}

const itemKey = (k: ItemKey) => `${k.pk}\u0000${k.sk}`;

/** The table's items by key, as the privacy jobs read and delete them. */
export class FakePersonalData implements PersonalDataReader, PersonalDataEraser {
  readonly items = new Map<string, StoredItem>();

  put(item: StoredItem): void {
    this.items.set(itemKey(item), structuredClone(item));
  }

  has(k: ItemKey): boolean {
    return this.items.has(itemKey(k));
  }

  private page<T>(
    all: StoredItem[],
    cursor: string | null,
    limit: number,
    map: (i: StoredItem) => T,
  ): Page<T> {
    const sorted = all.sort((a, b) => (itemKey(a) < itemKey(b) ? -1 : 1));
    const from = cursor ? sorted.findIndex((i) => itemKey(i) > cursor) : 0;
    const items = from < 0 ? [] : sorted.slice(from, from + limit);
    // As a Query with Limit: a full page says where it stopped.
    const last = items.at(-1);
    return { items: items.map(map), next: items.length === limit && last ? itemKey(last) : null };
  }

  async partitionPage(userId: string, cursor: string | null, limit: number): Promise<Page<StoredItem>> {
    const pk = keys.user(userId).pk;
    return this.page(
      [...this.items.values()].filter((i) => i.pk === pk),
      cursor,
      limit,
      (i) => structuredClone(i),
    );
  }

  async ownedKeysPage(owner: Owner, cursor: string | null, limit: number): Promise<Page<ItemKey>> {
    const wanted = 'userId' in owner ? accountOwner(owner.userId) : emailOwner(owner.email);
    return this.page(
      [...this.items.values()].filter((i) => i.owned_by === wanted),
      cursor,
      limit,
      ({ pk, sk }) => ({ pk, sk }),
    );
  }

  async itemsByKey(userId: string, wanted: readonly ItemKey[]): Promise<StoredItem[]> {
    return wanted.flatMap((k) => {
      const i = this.items.get(itemKey(k));
      return i && (i.user_id === userId || i.owned_by === accountOwner(userId)) ? [structuredClone(i)] : [];
    });
  }

  async namedByAccount(userId: string): Promise<StoredItem[]> {
    const account = this.items.get(itemKey(keys.user(userId)));
    if (!account) return [];
    const named: ItemKey[] = [];
    if (typeof account.email === 'string') named.push(keys.email(account.email));
    const google = account.google_sign_in as { issuer?: unknown; subject?: unknown } | undefined;
    if (typeof google?.issuer === 'string' && typeof google.subject === 'string')
      named.push(keys.googleSubject(google.issuer, google.subject));
    if (typeof account.stripe_customer_id === 'string') named.push(keys.customer(account.stripe_customer_id));
    if (typeof account.subscription_id === 'string') named.push(keys.subscription(account.subscription_id));
    return this.itemsByKey(userId, named);
  }

  async rendersInFlightUntil(userId: string, now: number): Promise<number | null> {
    let latest: number | null = null;
    for (const i of this.items.values()) {
      if (i.pk !== keys.user(userId).pk || !i.sk.startsWith('TASK#')) continue;
      if (i.status === 'IN_PROGRESS' && typeof i.lease_until === 'number' && i.lease_until > now)
        latest = Math.max(latest ?? 0, i.lease_until);
    }
    return latest;
  }

  async deleteKeys(wanted: readonly ItemKey[]): Promise<void> {
    for (const k of wanted) this.items.delete(itemKey(k));
  }

  async deleteAccountRecord(userId: string): Promise<void> {
    this.items.delete(itemKey(keys.user(userId)));
  }
}

const USER_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The user's files by prefix (<prefix>/<userId>/...), in the bucket FakeResultFiles writes too. */
export class FakePersonalFiles implements PersonalFiles {
  readonly bucket: FakeBucket;

  constructor(bucket: FakeBucket = new Map()) {
    this.bucket = bucket;
  }

  put(key: string, bytes: Uint8Array, contentType = 'application/octet-stream'): void {
    this.bucket.set(key, { bytes: new Uint8Array(bytes), contentType });
  }

  async filesPage(userId: string, cursor: string | null, limit: number): Promise<Page<string>> {
    if (!USER_ID.test(userId)) throw new Error(`Refusing to list files of user id ${JSON.stringify(userId)}`);
    const all = [...this.bucket.keys()].filter((k) => k.split('/')[1] === userId).sort();
    const from = cursor ? all.findIndex((k) => k > cursor) : 0;
    const items = from < 0 ? [] : all.slice(from, from + limit);
    return { items, next: from >= 0 && from + limit < all.length ? (items.at(-1) ?? null) : null };
  }

  async deleteFiles(keys: readonly string[]): Promise<void> {
    for (const k of keys) this.bucket.delete(k);
  }

  async read(key: string): Promise<Uint8Array> {
    const o = this.bucket.get(key);
    if (!o) throw new Error(`NoSuchKey: ${key}`);
    return new Uint8Array(o.bytes);
  }

  async putExport(userId: string, exportId: string, zip: Uint8Array): Promise<string> {
    const key = `exports/${userId}/${exportId}.zip`;
    this.put(key, zip, 'application/zip');
    return key;
  }

  async downloadUrl(key: string, filename: string): Promise<string> {
    return `https://media.example.test/${key}?filename=${encodeURIComponent(filename)}`;
  }
}

export class FakePaymentCustomers implements PaymentCustomers {
  readonly deleted: string[] = [];

  async deleteCustomer(customerId: string): Promise<void> {
    this.deleted.push(customerId);
  }
}

export class FakePrivacyJobQueue implements PrivacyJobQueue {
  readonly sent: { job: QueuedJob; delaySeconds: number | undefined }[] = [];
  down = false;

  async send(job: QueuedJob, o: { delaySeconds?: number } = {}): Promise<boolean> {
    if (this.down) return false;
    this.sent.push({ job: structuredClone(job), delaySeconds: o.delaySeconds });
    return true;
  }
}
