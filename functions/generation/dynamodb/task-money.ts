// The task transactions that move tokens: creating a batch (debit, ledger entries, batch, TODO tasks,
// idempotency record), failing a task (ERROR and its refund) and finishing one (DONE, with the likeness
// guarantee's refund when the avatar does not look enough like the user, within the account's refunds of
// the day). "Keep it anyway" is in task-keep.ts. Each is conditioned on the
// balance as read and retried when another write changed it; a failed condition on the task or the
// idempotency record means "already done" and changes nothing.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { type TransactItem, transactWithRetry } from '#platform/dynamodb/balance-transaction.ts';
import { keys, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { ledgerPut } from '#platform/dynamodb/ledger-put.ts';
import { type Balance, splitDebit, sumDebits } from '../domain/debit.ts';
import { budgetDay } from '../domain/provider-budget.ts';
import type {
  BatchRecord,
  CompleteOutcome,
  CreateBatchOutcome,
  DoneResult,
  GuaranteeDeclined,
  NewBatch,
  NewTask,
  TaskErrorCode,
  TaskRecord,
} from '../domain/tasks.ts';
import { faceLandmarksItem, toTask } from './task-items.ts';
import { memberAllowanceChange } from './team-allowance.ts';

/** Concurrent creates of one account each retry until the balance they read holds, or runs short. */
const BALANCE_ATTEMPTS = 60;

const shardOf = (taskId: string): number => {
  let h = 0;
  for (const c of taskId) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % keys.taskDeadlineShards;
};

export async function readBalance(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
): Promise<Balance> {
  const res = await db.send(
    new GetCommand({
      TableName: table,
      Key: keys.user(userId),
      ConsistentRead: true,
      ProjectionExpression: 'tokens_subscription, tokens_ltd',
    }),
  );
  if (!res.Item) throw new Error(`No account ${userId}`);
  return { subscription: Number(res.Item.tokens_subscription ?? 0), ltd: Number(res.Item.tokens_ltd ?? 0) };
}

export function balanceSet(table: string, userId: string, from: Balance, to: Balance): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.user(userId),
      UpdateExpression: 'SET tokens_subscription = :s2, tokens_ltd = :l2',
      ConditionExpression: 'tokens_subscription = :s AND tokens_ltd = :l',
      ExpressionAttributeValues: {
        ':s': from.subscription,
        ':l': from.ltd,
        ':s2': to.subscription,
        ':l2': to.ltd,
      },
    },
  };
}

export function ledgerLines(
  table: string,
  userId: string,
  reason: 'generation' | 'generation_refund' | 'likeness_refund' | 'likeness_keep' | 'edit' | 'edit_refund',
  change: Balance,
  after: Balance,
  ids: { subscription: string; ltd: string },
  at: number,
  ref: { batchId: string } | { taskId: string },
): TransactItem[] {
  const lines: TransactItem[] = [];
  const sign = reason === 'generation' || reason === 'likeness_keep' || reason === 'edit' ? -1 : 1;
  if (change.subscription > 0)
    lines.push(
      ledgerPut(table, userId, {
        entryId: ids.subscription,
        reason,
        pool: 'subscription',
        amount: sign * change.subscription,
        balanceAfter: after.subscription,
        at,
        order: 0,
        ...ref,
      }),
    );
  if (change.ltd > 0)
    lines.push(
      ledgerPut(table, userId, {
        entryId: ids.ltd,
        reason,
        pool: 'ltd',
        amount: sign * change.ltd,
        balanceAfter: after.ltd,
        at,
        order: 1,
        ...ref,
      }),
    );
  return lines;
}

interface IdempotencyItem {
  batch_id: string;
  task_ids: string[];
  total_cost: number;
  request_hash: string;
  created_at: number;
}

export async function readIdempotency(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  keyHash: string,
  now: number,
): Promise<IdempotencyItem | null> {
  const res = await db.send(
    new GetCommand({ TableName: table, Key: keys.idempotency(userId, keyHash), ConsistentRead: true }),
  );
  const item = res.Item as (IdempotencyItem & { [TTL_ATTRIBUTE]: number }) | undefined;
  return item && item[TTL_ATTRIBUTE] > now ? item : null;
}

const batchOf = (i: IdempotencyItem): BatchRecord => ({
  id: i.batch_id,
  taskIds: i.task_ids,
  totalCost: i.total_cost,
  createdAt: i.created_at,
});

interface BatchItemFields {
  id: string;
  taskIds: readonly string[];
  totalCost: number;
  createdAt: number;
  /** 'edit': one version of an avatar (no "avatars ready" email); absent for a create's batch */
  kind?: 'edit';
}

/** A new batch, put only if absent: how many of its tasks are pending, and its "finished" notice later. */
export function newBatchPut(table: string, userId: string, b: BatchItemFields): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.batch(userId, b.id),
        batch_id: b.id,
        user_id: userId,
        task_ids: b.taskIds,
        task_count: b.taskIds.length,
        remaining: b.taskIds.length,
        done_count: 0,
        failed_count: 0,
        total_cost: b.totalCost,
        created_at: b.createdAt,
        ...(b.kind ? { kind: b.kind } : {}),
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * The Idempotency-Key's record of what a request made, put unless a live one is there (then the transaction
 * fails at this item and the request is answered as a repeat). `extra`: what else the answer to a repeat needs.
 */
export function idempotencyPut(
  table: string,
  userId: string,
  idem: { key: string; requestHash: string; expiresAt: number },
  b: BatchItemFields,
  extra: Record<string, unknown> = {},
): TransactItem {
  return {
    Put: {
      TableName: table,
      Item: {
        ...keys.idempotency(userId, idem.key),
        ...ownedBy(userId),
        batch_id: b.id,
        task_ids: b.taskIds,
        total_cost: b.totalCost,
        request_hash: idem.requestHash,
        created_at: b.createdAt,
        ...extra,
        [TTL_ATTRIBUTE]: idem.expiresAt,
      },
      ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
      ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
      ExpressionAttributeValues: { ':now': b.createdAt },
    },
  };
}

/** A new TODO task as stored: in its owner's partition, and in the sweeper's index by its deadline. */
export function newTaskItem(
  userId: string,
  batchId: string,
  t: NewTask,
  debit: Balance,
  team: { teamId: string; memberId: string } | null,
  createdAt: number,
): Record<string, unknown> {
  return {
    ...keys.task(userId, t.id),
    ...keys.taskDeadline(shardOf(t.id), t.deadlineAt, userId, t.id),
    id: t.id,
    user_id: userId,
    batch_id: batchId,
    status: 'TODO',
    progress: 0,
    token_cost: t.tokenCost,
    debit_subscription: debit.subscription,
    debit_ltd: debit.ltd,
    attempt: 0,
    deadline_at: t.deadlineAt,
    style_id: t.styleId,
    style_name: t.styleName,
    slug: t.slug,
    prompt: t.prompt,
    size: t.size,
    quality: t.quality,
    reference_count: t.referenceCount,
    input_fidelity: t.inputFidelity,
    recipe: t.recipe,
    ...(t.choice.backdrop ? { backdrop: t.choice.backdrop } : {}),
    ...(t.choice.outfit ? { outfit: t.choice.outfit } : {}),
    ...(t.referenceFiles?.length ? { reference_files: t.referenceFiles } : {}),
    ...(team
      ? { paid_by: 'team', team_id: team.teamId, team_member_id: team.memberId }
      : { paid_by: 'tokens' }),
    created_at: createdAt,
    updated_at: createdAt,
  };
}

export async function createBatch(
  db: DynamoDBDocumentClient,
  table: string,
  b: NewBatch,
): Promise<CreateBatchOutcome> {
  const idem = b.idempotency;
  const repeat = async (): Promise<CreateBatchOutcome | null> => {
    if (!idem) return null;
    const found = await readIdempotency(db, table, b.userId, idem.key, b.createdAt);
    if (!found) return null;
    const balance = await readBalance(db, table, b.userId);
    return {
      outcome: 'repeat',
      batch: batchOf(found),
      requestHash: found.request_hash,
      balanceAfter: balance.subscription + balance.ltd,
    };
  };
  const total = b.tasks.reduce((a, t) => a + t.tokenCost, 0);
  const batch: BatchRecord = {
    id: b.id,
    taskIds: b.tasks.map((t) => t.id),
    totalCost: total,
    createdAt: b.createdAt,
  };
  type Step = CreateBatchOutcome | 'repeat';
  // The first try takes the balance the session read (one GetItem fewer on the create screen's wait): the
  // debit below is conditioned on it, so a stale balance fails the transaction and the next try reads it
  // consistently; a balance too low to pay is read afresh before the batch is refused.
  let seen = b.team ? undefined : b.balanceSeen;
  const result = await transactWithRetry<Step>(
    db,
    async () => {
      const earlier = await repeat();
      if (earlier) return earlier;
      const hinted = seen;
      seen = undefined;
      let balance = hinted ?? (await readBalance(db, table, b.userId));
      // A team avatar is paid by one avatar of the member's allowance (its condition: enough left, seat
      // held), in this same transaction; the account's tokens are untouched.
      const team = b.team ?? null;
      const split = (from: Balance) =>
        team
          ? b.tasks.map(() => ({ subscription: 0, ltd: 0 }))
          : splitDebit(
              b.tasks.map((t) => t.tokenCost),
              from,
            );
      let debits = split(balance);
      if (!debits && hinted) {
        balance = await readBalance(db, table, b.userId);
        debits = split(balance);
      }
      if (!debits) return { outcome: 'short', needed: total, available: balance.subscription + balance.ltd };
      const taken = sumDebits(debits);
      const after = { subscription: balance.subscription - taken.subscription, ltd: balance.ltd - taken.ltd };
      const payment: TransactItem[] = team
        ? [memberAllowanceChange(table, team, { avatars: -b.tasks.length })]
        : [
            balanceSet(table, b.userId, balance, after),
            ...ledgerLines(table, b.userId, 'generation', taken, after, b.ledgerEntryIds, b.createdAt, {
              batchId: b.id,
            }),
          ];
      const items: TransactItem[] = [
        ...payment,
        newBatchPut(table, b.userId, batch),
        ...b.tasks.map(
          (t, i): TransactItem => ({
            Put: {
              TableName: table,
              Item: newTaskItem(b.userId, b.id, t, debits[i] as Balance, team, b.createdAt),
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          }),
        ),
      ];
      const failedAt: Record<number, Step> = {};
      if (team) failedAt[0] = { outcome: 'allowance-short', needed: b.tasks.length };
      if (idem) {
        failedAt[items.length] = 'repeat';
        items.push(idempotencyPut(table, b.userId, idem, batch));
      }
      return {
        items,
        done: { outcome: 'created', batch, balanceAfter: after.subscription + after.ltd },
        failedAt,
      };
    },
    BALANCE_ATTEMPTS,
  );
  if (result !== 'repeat') return result;
  const earlier = await repeat();
  if (!earlier) throw new Error('Idempotency record vanished while answering a repeat');
  return earlier;
}

export interface FailOptions {
  attempt?: number;
  onlyPastDeadline?: boolean;
  ledgerEntryIds: { subscription: string; ltd: string };
}

/** ERROR and the refund, once: conditioned on the task's status and claim as read. */
export function failTask(
  db: DynamoDBDocumentClient,
  table: string,
  userId: string,
  taskId: string,
  code: TaskErrorCode,
  now: number,
  o: FailOptions,
): Promise<boolean> {
  return transactWithRetry<boolean>(
    db,
    async () => {
      const res = await db.send(
        new GetCommand({ TableName: table, Key: keys.task(userId, taskId), ConsistentRead: true }),
      );
      if (!res.Item) return false;
      const task: TaskRecord = toTask(res.Item);
      if (task.status !== 'TODO' && task.status !== 'IN_PROGRESS') return false;
      if (o.attempt !== undefined && (task.status !== 'IN_PROGRESS' || task.attempt !== o.attempt))
        return false;
      if (o.onlyPastDeadline && task.deadlineAt >= now) return false;
      const balance = await readBalance(db, table, userId);
      const after = {
        subscription: balance.subscription + task.debit.subscription,
        ltd: balance.ltd + task.debit.ltd,
      };
      // A team avatar's refund goes back to the team allowance it came from.
      const refund: TransactItem[] = task.team
        ? [memberAllowanceChange(table, task.team, { avatars: 1 })]
        : [
            balanceSet(table, userId, balance, after),
            // An edit's refund is named as an edit in the account's history.
            ...ledgerLines(
              table,
              userId,
              task.edit ? 'edit_refund' : 'generation_refund',
              task.debit,
              after,
              o.ledgerEntryIds,
              now,
              { taskId },
            ),
          ];
      return {
        items: [
          {
            Update: {
              TableName: table,
              Key: keys.task(userId, taskId),
              UpdateExpression:
                'SET #status = :error, error_code = :code, refunded = :yes, updated_at = :now REMOVE gsi1pk, gsi1sk, lease_until',
              ConditionExpression: '#status = :status AND attempt = :attempt',
              ExpressionAttributeNames: { '#status': 'status' },
              ExpressionAttributeValues: {
                ':error': 'ERROR',
                ':code': code,
                ':yes': true,
                ':now': now,
                ':status': task.status,
                ':attempt': task.attempt,
              },
            },
          },
          ...refund,
          batchFinishedOne(table, userId, task.batchId, 'failed_count'),
        ],
        done: true,
      };
    },
    BALANCE_ATTEMPTS,
  );
}

/** How long an account's guarantee counter of a day is kept (it is read on its own day only). */
const LIKENESS_DAY_SECONDS = 3 * 86_400;

type CompleteStep = 'done' | 'lost' | 'daily-limit';

/**
 * DONE, once: conditioned on the task's status and claim as read, with the account's guarantee counter of
 * the UTC day (avatars measured, refunds). With the likeness guarantee's refund, the balance (conditioned on
 * the value read), its `likeness_refund` ledger entries and the day's refunds (conditioned on staying under
 * `refundsPerDay`) are in the same transaction, so a crash or a duplicate delivery can neither refund twice
 * nor finish without the refund, and two avatars finishing at once cannot pass the day's refunds together.
 * Past them, the avatar is finished charged (`daily-limit`).
 */
export async function completeTask(
  db: DynamoDBDocumentClient,
  table: string,
  task: TaskRecord,
  r: DoneResult,
  now: number,
  ledgerEntryIds: { subscription: string; ltd: string },
  refundsPerDay: number,
): Promise<CompleteOutcome> {
  const day = keys.likenessDay(task.userId, budgetDay(now));
  const finish = (refund: boolean, notRefunded: GuaranteeDeclined | null): Promise<CompleteStep> => {
    const likeness = r.likeness
      ? `, likeness = :likeness, likeness_refunded = :likenessRefunded${notRefunded ? ', likeness_not_refunded = :notRefunded' : ''}${refund && r.preview ? ', likeness_preview = :yes' : ''}`
      : '';
    const faceBox = r.faceBox ? ', face_box = :faceBox' : '';
    const landmarks = r.faceBox && r.faceLandmarks ? ', face_landmarks = :landmarks' : '';
    const done: TransactItem = {
      Update: {
        TableName: table,
        Key: keys.task(task.userId, task.id),
        UpdateExpression: `SET #status = :done, progress = :full, result_file = :file, reference_file = :ref, render_kind = :kind, width = :w, height = :h, model = :model, #usage = :usage, cost_usd = :cost, updated_at = :now${likeness}${faceBox}${landmarks} REMOVE gsi1pk, gsi1sk, lease_until`,
        ConditionExpression: '#status = :inProgress AND attempt = :attempt',
        ExpressionAttributeNames: { '#status': 'status', '#usage': 'usage' },
        ExpressionAttributeValues: {
          ':done': 'DONE',
          ':full': 100,
          ':file': r.resultFile,
          ':ref': r.referenceFile,
          ':kind': r.renderKind,
          ':w': r.width,
          ':h': r.height,
          ':model': r.model,
          ':usage': r.usage,
          ':cost': r.costUsd,
          ':now': now,
          ':inProgress': 'IN_PROGRESS',
          ':attempt': task.attempt,
          ...(r.likeness ? { ':likeness': r.likeness.score, ':likenessRefunded': refund } : {}),
          ...(r.likeness && notRefunded ? { ':notRefunded': notRefunded } : {}),
          ...(r.likeness && refund && r.preview ? { ':yes': true } : {}),
          ...(r.faceBox ? { ':faceBox': r.faceBox } : {}),
          ...(r.faceBox && r.faceLandmarks ? { ':landmarks': faceLandmarksItem(r.faceLandmarks) } : {}),
        },
      },
    };
    const counted = batchFinishedOne(table, task.userId, task.batchId, 'done_count');
    // The day's counter: every measured avatar, and a refund only while the day has room for one.
    const today: TransactItem[] = r.likeness
      ? [
          {
            Update: {
              TableName: table,
              Key: day,
              UpdateExpression: `ADD measured :one${refund ? ', refunds :one' : ''} SET #ttl = :ttl`,
              ...(refund ? { ConditionExpression: 'attribute_not_exists(refunds) OR refunds < :max' } : {}),
              ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
              ExpressionAttributeValues: {
                ':one': 1,
                ':ttl': now + LIKENESS_DAY_SECONDS,
                ...(refund ? { ':max': refundsPerDay } : {}),
              },
            },
          },
        ]
      : [];
    // The task's own condition (0) and its batch's (1) failing mean the claim was lost: nothing to do; the
    // day's (2), that its refunds are used up.
    const failedAt: Record<number, CompleteStep> = { 0: 'lost', 1: 'lost', 2: 'daily-limit' };
    // A team avatar: the dashboard counts it finished, or the guarantee gives its avatar back to the team
    // allowance it came from (last in the transaction: a member item that is gone loses the claim).
    const team = task.team;
    const teamItems = team ? [memberAllowanceChange(table, team, { avatars: refund ? 1 : 0 })] : [];
    const teamAt = 2 + today.length;
    if (team) failedAt[teamAt] = 'lost';
    return transactWithRetry<CompleteStep>(
      db,
      async () => {
        if (!refund || team)
          return { items: [done, counted, ...today, ...teamItems], done: 'done', failedAt };
        const balance = await readBalance(db, table, task.userId);
        const after = {
          subscription: balance.subscription + task.debit.subscription,
          ltd: balance.ltd + task.debit.ltd,
        };
        return {
          items: [
            done,
            counted,
            ...today,
            balanceSet(table, task.userId, balance, after),
            ...ledgerLines(table, task.userId, 'likeness_refund', task.debit, after, ledgerEntryIds, now, {
              taskId: task.id,
            }),
          ],
          done: 'done',
          failedAt,
        };
      },
      BALANCE_ATTEMPTS,
    );
  };
  const wanted = r.likeness?.refund === true;
  let notRefunded: GuaranteeDeclined | null = r.likeness?.notRefunded ?? null;
  let step = await finish(wanted, notRefunded);
  if (step === 'daily-limit') {
    notRefunded = 'daily-limit';
    step = await finish(false, notRefunded);
  }
  if (step !== 'done') return null;
  const refunded = wanted && notRefunded === null;
  if (!r.likeness) return { refunded, notRefunded, today: null };
  const counter = await db.send(new GetCommand({ TableName: table, Key: day, ConsistentRead: true }));
  return {
    refunded,
    notRefunded,
    today: { measured: Number(counter.Item?.measured ?? 0), refunds: Number(counter.Item?.refunds ?? 0) },
  };
}

/** One more task of the batch finished. */
function batchFinishedOne(
  table: string,
  userId: string,
  batchId: string,
  counter: 'done_count' | 'failed_count',
): TransactItem {
  return {
    Update: {
      TableName: table,
      Key: keys.batch(userId, batchId),
      UpdateExpression: `ADD remaining :minus, ${counter} :one`,
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
    },
  };
}
