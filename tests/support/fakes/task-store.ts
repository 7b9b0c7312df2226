// Avatar tasks in memory, with the rules of functions/generation/dynamodb/task-store.ts, task-money.ts and
// task-keep.ts: every status change conditioned on the status (and a claimed task's writes on its claim
// number), the debit and every refund in one step with the task's change (monthly tokens first, the balance
// never below zero, one ledger entry per pool), a batch's remaining count, the idempotency record until its
// TTL (by the fake clock), the guarantee's refunds of a UTC day, a team member's allowance. Each method reads
// and writes with no await in between, so two calls at once behave as two DynamoDB transactions: one wins.
// The account's balance and ledger are FakeAccountStore's (one table holds both).

import { type Balance, splitDebit, sumDebits } from '../../../functions/generation/domain/debit.ts';
import { budgetDay } from '../../../functions/generation/domain/provider-budget.ts';
import type { DurationSample, TaskDurations } from '../../../functions/generation/domain/task-progress.ts';
import {
  type BatchRecord,
  type CompleteOutcome,
  type CreateBatchOutcome,
  type CreateEditOutcome,
  type DoneResult,
  type FinishedBatch,
  type GuaranteeDeclined,
  isWithheld,
  type KeepOutcome,
  type NewBatch,
  type NewEdit,
  type NewTask,
  type OverdueTasks,
  type TaskCounts,
  type TaskErrorCode,
  type TaskPage,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
  type TaskSummary,
} from '../../../functions/generation/domain/tasks.ts';
import type { FakeAccountStore } from './account-store.ts';
import { conditionFailed } from './conditions.ts';

const TASK_ID = /^[A-Za-z0-9-]{1,64}$/;

interface BatchRow {
  record: BatchRecord;
  userId: string;
  remaining: number;
  done: number;
  failed: number;
  notifiedAt: number | null;
  kind?: 'edit';
}

interface IdempotencyRow {
  batch: BatchRecord;
  requestHash: string;
  expiresAt: number;
  /** an edit's key: the version it made */
  version?: number;
}

type LedgerReason =
  | 'generation'
  | 'generation_refund'
  | 'likeness_refund'
  | 'likeness_keep'
  | 'edit'
  | 'edit_refund';

const key = (userId: string, id: string) => `${userId}#${id}`;
const teamKey = (t: { teamId: string; memberId: string }) => `${t.teamId}#${t.memberId}`;

export class FakeTaskStore implements TaskStore, OverdueTasks {
  private readonly tasks = new Map<string, TaskRecord>();
  private readonly batches = new Map<string, BatchRow>();
  private readonly idempotency = new Map<string, IdempotencyRow>();
  private readonly likenessDays = new Map<string, { measured: number; refunds: number }>();
  /** a team member's avatars left (team-payers.ts memberAllowanceChange): absent, the member has left */
  readonly allowances = new Map<string, number>();
  private readonly accounts: FakeAccountStore;

  constructor(accounts: FakeAccountStore) {
    this.accounts = accounts;
  }

  async createBatch(b: NewBatch): Promise<CreateBatchOutcome> {
    const idem = b.idempotency;
    const found = idem ? this.idempotency.get(key(b.userId, idem.key)) : undefined;
    if (idem && found && found.expiresAt > b.createdAt) {
      return {
        outcome: 'repeat',
        batch: structuredClone(found.batch),
        requestHash: found.requestHash,
        balanceAfter: this.total(this.balance(b.userId)),
      };
    }
    const balance = this.balance(b.userId);
    const total = b.tasks.reduce((a, t) => a + t.tokenCost, 0);
    const team = b.team ?? null;
    const debits = team
      ? b.tasks.map(() => ({ subscription: 0, ltd: 0 }))
      : splitDebit(
          b.tasks.map((t) => t.tokenCost),
          balance,
        );
    if (!debits) return { outcome: 'short', needed: total, available: this.total(balance) };
    if (team && (this.allowances.get(teamKey(team)) ?? -1) < b.tasks.length)
      return { outcome: 'allowance-short', needed: b.tasks.length };
    if (this.batches.has(key(b.userId, b.id)) || b.tasks.some((t) => this.tasks.has(key(b.userId, t.id))))
      throw conditionFailed('batch or task exists');
    const taken = sumDebits(debits);
    const after = { subscription: balance.subscription - taken.subscription, ltd: balance.ltd - taken.ltd };
    if (team) this.allowances.set(teamKey(team), (this.allowances.get(teamKey(team)) ?? 0) - b.tasks.length);
    else this.move(b.userId, 'generation', taken, after, b.ledgerEntryIds, b.createdAt);
    const batch: BatchRecord = {
      id: b.id,
      taskIds: b.tasks.map((t) => t.id),
      totalCost: total,
      createdAt: b.createdAt,
    };
    this.batches.set(key(b.userId, b.id), {
      record: batch,
      userId: b.userId,
      remaining: b.tasks.length,
      done: 0,
      failed: 0,
      notifiedAt: null,
    });
    b.tasks.forEach((t, i) => {
      this.tasks.set(
        key(b.userId, t.id),
        newRecord(b.userId, b.id, t, debits[i] as Balance, team, b.createdAt),
      );
    });
    if (idem)
      this.idempotency.set(key(b.userId, idem.key), {
        batch: structuredClone(batch),
        requestHash: idem.requestHash,
        expiresAt: idem.expiresAt,
      });
    return { outcome: 'created', batch, balanceAfter: this.total(after) };
  }

  async createEdit(e: NewEdit): Promise<CreateEditOutcome> {
    const idem = e.idempotency;
    const found = idem ? this.idempotency.get(key(e.userId, idem.key)) : undefined;
    if (idem && found && found.expiresAt > e.createdAt)
      return {
        outcome: 'repeat',
        taskId: found.batch.taskIds[0] ?? '',
        version: found.version ?? 0,
        requestHash: found.requestHash,
        balanceAfter: this.total(this.balance(e.userId)),
      };
    const root = this.tasks.get(key(e.userId, e.edit.rootId));
    if (!root) return { outcome: 'not-found' };
    if (root.editCount >= e.maxEdits) return { outcome: 'limit' };
    const balance = this.balance(e.userId);
    const cost = e.task.tokenCost;
    const debits = splitDebit([cost], balance);
    if (!debits) return { outcome: 'short', needed: cost, available: this.total(balance) };
    if (this.batches.has(key(e.userId, e.batchId)) || this.tasks.has(key(e.userId, e.task.id)))
      throw conditionFailed('batch or task exists');
    const debit = debits[0] as Balance;
    const after = { subscription: balance.subscription - debit.subscription, ltd: balance.ltd - debit.ltd };
    this.move(e.userId, 'edit', debit, after, e.ledgerEntryIds, e.createdAt);
    const batch: BatchRecord = {
      id: e.batchId,
      taskIds: [e.task.id],
      totalCost: cost,
      createdAt: e.createdAt,
    };
    this.batches.set(key(e.userId, e.batchId), {
      record: batch,
      userId: e.userId,
      remaining: 1,
      done: 0,
      failed: 0,
      notifiedAt: null,
      kind: 'edit',
    });
    const version = root.editCount + 2;
    root.editCount += 1;
    this.tasks.set(key(e.userId, e.task.id), {
      ...newRecord(e.userId, e.batchId, e.task, debit, null, e.createdAt),
      version,
      edit: structuredClone(e.edit),
    });
    if (idem)
      this.idempotency.set(key(e.userId, idem.key), {
        batch: structuredClone(batch),
        requestHash: idem.requestHash,
        expiresAt: idem.expiresAt,
        version,
      });
    return { outcome: 'created', version, balanceAfter: this.total(after) };
  }

  async get(userId: string, taskId: string): Promise<TaskRecord | null> {
    const t = TASK_ID.test(taskId) ? this.tasks.get(key(userId, taskId)) : undefined;
    return t ? structuredClone(t) : null;
  }

  /** The user's tasks newest first (their ids sort by time: the sort key's order), from after `after`. */
  private ordered(userId: string, after: string | null): TaskRecord[] {
    const start = after && TASK_ID.test(after) ? after : null;
    return [...this.tasks.values()]
      .filter((t) => t.userId === userId && (start === null || t.id < start))
      .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  }

  async list(userId: string, limit: number, after: string | null): Promise<TaskPage> {
    const all = this.ordered(userId, after);
    const tasks = all.slice(0, limit).map(summary);
    // As a Query with Limit: a full page says where it stopped, even when nothing follows.
    return { tasks, next: all.length >= limit ? (tasks.at(-1)?.id ?? null) : null };
  }

  async listFavourites(userId: string, limit: number, after: string | null): Promise<TaskPage> {
    const starred = this.ordered(userId, after).filter((t) => t.favourite);
    const tasks = starred.slice(0, limit).map(summary);
    return { tasks, next: tasks.length === limit ? (tasks.at(-1)?.id ?? null) : null };
  }

  async setFavourite(
    userId: string,
    taskId: string,
    favourite: boolean,
    _now: number,
  ): Promise<'done' | 'not-found' | 'not-finished' | 'withheld'> {
    const t = TASK_ID.test(taskId) ? this.tasks.get(key(userId, taskId)) : undefined;
    if (!t) return 'not-found';
    if (favourite && isWithheld(t)) return 'withheld';
    if (favourite && t.status !== 'DONE') return 'not-finished';
    t.favourite = favourite;
    return 'done';
  }

  async claim(userId: string, taskId: string, now: number, leaseSeconds: number): Promise<TaskRecord | null> {
    const t = this.tasks.get(key(userId, taskId));
    if (!t) return null;
    const stale = t.status === 'IN_PROGRESS' && t.leaseUntil !== null && t.leaseUntil < now;
    if (t.status !== 'TODO' && !stale) return null;
    t.status = 'IN_PROGRESS';
    t.progress = 5;
    t.leaseUntil = now + leaseSeconds;
    t.updatedAt = now;
    t.stageTimes.generatingAt ??= now;
    t.attempt += 1;
    return structuredClone(t);
  }

  /** The task while this claim holds it, else undefined. */
  private claimed(task: TaskRecord): TaskRecord | undefined {
    const t = this.tasks.get(key(task.userId, task.id));
    return t?.status === 'IN_PROGRESS' && t.attempt === task.attempt ? t : undefined;
  }

  async progress(
    task: TaskRecord,
    percent: number,
    now: number,
    more: { stage?: 'finishing'; referenceFiles?: string[] } = {},
  ): Promise<boolean> {
    const t = this.claimed(task);
    if (!t) return false;
    t.progress = percent;
    t.updatedAt = now;
    if (more.stage === 'finishing') t.stageTimes.finishingAt ??= now;
    if (more.referenceFiles?.length) t.referenceFiles = [...more.referenceFiles];
    return true;
  }

  async release(task: TaskRecord, now: number): Promise<boolean> {
    const t = this.claimed(task);
    if (!t) return false;
    t.status = 'TODO';
    t.progress = 0;
    t.updatedAt = now;
    t.leaseUntil = null;
    return true;
  }

  async complete(
    task: TaskRecord,
    r: DoneResult,
    now: number,
    o: { ledgerEntryIds: { subscription: string; ltd: string }; refundsPerDay: number },
  ): Promise<CompleteOutcome> {
    const t = this.claimed(task);
    const batch = this.batches.get(key(task.userId, task.batchId));
    if (!t || !batch) return null;
    if (t.team && !this.allowances.has(teamKey(t.team))) return null;
    const dayKey = key(task.userId, budgetDay(now));
    const day = this.likenessDays.get(dayKey) ?? { measured: 0, refunds: 0 };
    const wanted = r.likeness?.refund === true;
    let notRefunded: GuaranteeDeclined | null = r.likeness?.notRefunded ?? null;
    if (wanted && notRefunded === null && day.refunds >= o.refundsPerDay) notRefunded = 'daily-limit';
    const refund = wanted && notRefunded === null;
    Object.assign(t, {
      status: 'DONE' as TaskStatus,
      progress: 100,
      resultFile: r.resultFile,
      referenceFile: r.referenceFile,
      renderKind: r.renderKind,
      width: r.width,
      height: r.height,
      updatedAt: now,
      leaseUntil: null,
      likeness: r.likeness
        ? {
            score: r.likeness.score,
            refunded: refund,
            keptAt: null,
            notRefunded,
            preview: refund && r.preview,
          }
        : null,
      ...(r.faceBox ? { faceBox: { ...r.faceBox } } : {}),
      ...(r.faceBox && r.faceLandmarks ? { faceLandmarks: r.faceLandmarks.map((p) => ({ ...p })) } : {}),
    });
    batch.remaining -= 1;
    batch.done += 1;
    if (r.likeness) {
      day.measured += 1;
      if (refund) day.refunds += 1;
      this.likenessDays.set(dayKey, day);
    }
    if (refund) {
      if (t.team) this.allowances.set(teamKey(t.team), (this.allowances.get(teamKey(t.team)) ?? 0) + 1);
      else {
        const balance = this.balance(t.userId);
        const after = {
          subscription: balance.subscription + t.debit.subscription,
          ltd: balance.ltd + t.debit.ltd,
        };
        this.move(t.userId, 'likeness_refund', t.debit, after, o.ledgerEntryIds, now);
      }
    }
    return { refunded: refund, notRefunded, today: r.likeness ? { ...day } : null };
  }

  async keep(
    userId: string,
    taskId: string,
    now: number,
    o: { ledgerEntryIds: { subscription: string; ltd: string } },
  ): Promise<KeepOutcome> {
    const t = TASK_ID.test(taskId) ? this.tasks.get(key(userId, taskId)) : undefined;
    if (!t) return { outcome: 'not-found' };
    if (!isWithheld(t) || !t.likeness) return { outcome: 'not-withheld' };
    const balance = this.balance(userId);
    if (t.team) {
      const left = this.allowances.get(teamKey(t.team)) ?? 0;
      if (left < 1) return { outcome: 'allowance-short' };
      this.allowances.set(teamKey(t.team), left - 1);
      t.likeness.keptAt = now;
      t.updatedAt = now;
      return { outcome: 'kept', tokensSpent: 0, balanceAfter: this.total(balance) };
    }
    const debit = splitDebit([t.tokenCost], balance)?.[0];
    if (!debit) return { outcome: 'short', needed: t.tokenCost, available: this.total(balance) };
    const after = { subscription: balance.subscription - debit.subscription, ltd: balance.ltd - debit.ltd };
    this.move(userId, 'likeness_keep', debit, after, o.ledgerEntryIds, now);
    t.likeness.keptAt = now;
    t.updatedAt = now;
    return { outcome: 'kept', tokensSpent: t.tokenCost, balanceAfter: this.total(after) };
  }

  async fail(
    userId: string,
    taskId: string,
    code: TaskErrorCode,
    now: number,
    o: {
      attempt?: number;
      onlyPastDeadline?: boolean;
      ledgerEntryIds: { subscription: string; ltd: string };
    },
  ): Promise<boolean> {
    const t = this.tasks.get(key(userId, taskId));
    if (!t || (t.status !== 'TODO' && t.status !== 'IN_PROGRESS')) return false;
    if (o.attempt !== undefined && (t.status !== 'IN_PROGRESS' || t.attempt !== o.attempt)) return false;
    if (o.onlyPastDeadline && t.deadlineAt >= now) return false;
    const batch = this.batches.get(key(userId, t.batchId));
    if (!batch) throw conditionFailed('no batch');
    if (t.team) this.allowances.set(teamKey(t.team), (this.allowances.get(teamKey(t.team)) ?? 0) + 1);
    else {
      const balance = this.balance(userId);
      const after = {
        subscription: balance.subscription + t.debit.subscription,
        ltd: balance.ltd + t.debit.ltd,
      };
      this.move(userId, t.edit ? 'edit_refund' : 'generation_refund', t.debit, after, o.ledgerEntryIds, now);
    }
    Object.assign(t, { status: 'ERROR', errorCode: code, refunded: true, updatedAt: now, leaseUntil: null });
    batch.remaining -= 1;
    batch.failed += 1;
    return true;
  }

  async claimBatchFinished(userId: string, batchId: string, now: number): Promise<FinishedBatch | null> {
    const batch = this.batches.get(key(userId, batchId));
    if (!batch || batch.remaining > 0 || batch.notifiedAt !== null) return null;
    batch.notifiedAt = now;
    return { batchId, userId, done: batch.done, failed: batch.failed, kind: batch.kind ?? 'avatars' };
  }

  async hasPendingBatches(userId: string): Promise<boolean> {
    return [...this.batches.values()].some((b) => b.userId === userId && b.remaining > 0);
  }

  async counts(userId: string): Promise<TaskCounts> {
    const byStatus: Record<TaskStatus, number> = { TODO: 0, IN_PROGRESS: 0, DONE: 0, ERROR: 0 };
    let lastError: TaskCounts['lastError'] = null;
    for (const t of this.tasks.values()) {
      if (t.userId !== userId) continue;
      byStatus[t.status]++;
      if (t.status === 'ERROR' && t.errorCode && (!lastError || t.updatedAt > lastError.at))
        lastError = { taskId: t.id, code: t.errorCode, at: t.updatedAt };
    }
    return { byStatus, lastError };
  }

  async setBatchEmail(userId: string, on: boolean): Promise<void> {
    this.accounts.update(userId, { batchFinishedEmail: on });
  }

  async overdue(now: number, limit: number): Promise<{ userId: string; taskId: string }[]> {
    return [...this.tasks.values()]
      .filter((t) => (t.status === 'TODO' || t.status === 'IN_PROGRESS') && t.deadlineAt < now)
      .slice(0, limit)
      .map((t) => ({ userId: t.userId, taskId: t.id }));
  }

  // ---- Set-up and reads for tests ----

  /** A member's team allowance (what the team's seat gives them), as the teams store writes it. */
  setAllowance(team: { teamId: string; memberId: string }, avatars: number): void {
    this.allowances.set(teamKey(team), avatars);
  }

  allowanceOf(team: { teamId: string; memberId: string }): number | undefined {
    return this.allowances.get(teamKey(team));
  }

  /** Changes a stored task as another writer would (the privacy job's view, a test's old task). */
  patch(userId: string, taskId: string, fields: Partial<TaskRecord>): void {
    const t = this.tasks.get(key(userId, taskId));
    if (!t) throw conditionFailed(`no task ${taskId}`);
    Object.assign(t, structuredClone(fields));
  }

  /** Every task of the user, as stored (newest first). */
  all(userId: string): TaskRecord[] {
    return this.ordered(userId, null).map((t) => structuredClone(t));
  }

  // ---- The transactions' money ----

  private balance(userId: string): Balance {
    const user = this.accounts.peek(userId);
    if (!user) throw new Error(`No account ${userId}`);
    return { subscription: user.tokensSubscription, ltd: user.tokensLtd };
  }

  private total(b: Balance): number {
    return b.subscription + b.ltd;
  }

  /** The balance set to `after` (never below zero), with one ledger entry per pool that moved. */
  private move(
    userId: string,
    reason: LedgerReason,
    change: Balance,
    after: Balance,
    ids: { subscription: string; ltd: string },
    at: number,
  ): void {
    if (after.subscription < 0 || after.ltd < 0) throw conditionFailed('balance below zero');
    this.accounts.update(userId, { tokensSubscription: after.subscription, tokensLtd: after.ltd });
    const sign = reason === 'generation' || reason === 'likeness_keep' || reason === 'edit' ? -1 : 1;
    if (change.subscription > 0)
      this.accounts.appendLedger(
        userId,
        {
          id: ids.subscription,
          reason,
          pool: 'subscription',
          amount: sign * change.subscription,
          balance_after: after.subscription,
          created_at: at,
        },
        0,
      );
    if (change.ltd > 0)
      this.accounts.appendLedger(
        userId,
        {
          id: ids.ltd,
          reason,
          pool: 'ltd',
          amount: sign * change.ltd,
          balance_after: after.ltd,
          created_at: at,
        },
        1,
      );
  }
}

/** A new TODO task as createBatch and createEdit store it. */
function newRecord(
  userId: string,
  batchId: string,
  t: NewTask,
  debit: Balance,
  team: { teamId: string; memberId: string } | null,
  createdAt: number,
): TaskRecord {
  const { referenceFiles, ...recipe } = t;
  return {
    ...structuredClone(recipe),
    userId: userId,
    batchId: batchId,
    status: 'TODO',
    progress: 0,
    debit: { ...debit },
    team: team ? { ...team } : null,
    teamChosen: false,
    attempt: 0,
    leaseUntil: null,
    resultFile: null,
    referenceFile: null,
    referenceFiles: [...(referenceFiles ?? [])],
    renderKind: null,
    width: null,
    height: null,
    errorCode: null,
    refunded: false,
    likeness: null,
    faceBox: null,
    faceLandmarks: null,
    favourite: false,
    stageTimes: { generatingAt: null, finishingAt: null },
    version: 1,
    edit: null,
    editCount: 0,
    createdAt: createdAt,
    updatedAt: createdAt,
  };
}

function summary(t: TaskRecord): TaskSummary {
  const {
    prompt: _p,
    slug: _s,
    size: _si,
    quality: _q,
    referenceCount: _rc,
    inputFidelity: _if,
    recipe: _r,
    debit: _d,
    attempt: _a,
    leaseUntil: _l,
    deadlineAt: _dl,
    referenceFiles: _rf,
    faceLandmarks: _fl,
    ...rest
  } = structuredClone(t);
  return rest;
}

/** Recent stage durations in memory (TaskDurations in task-progress.ts): one sample per slot. */
export class FakeTaskDurations implements TaskDurations {
  readonly slots = new Map<number, DurationSample>();
  /** the store cannot be reached: every call throws */
  broken = false;

  async record(slot: number, sample: DurationSample): Promise<void> {
    if (this.broken) throw new Error('durations unavailable (FakeTaskDurations.broken)');
    this.slots.set(slot, { ...sample });
  }

  async recent(): Promise<DurationSample[]> {
    if (this.broken) throw new Error('durations unavailable (FakeTaskDurations.broken)');
    return [...this.slots.values()].map((s) => ({ ...s }));
  }
}
