// What every way of starting avatars shares (a create, a "Try again"): the photos and consent the provider
// needs, then one transaction that debits the balance (conditioned on it as read) and writes the TODO tasks
// and the Idempotency-Key's record, then one message per task. A task whose message could not be sent is
// failed and refunded at once, since no worker would ever see it. A retry with the same Idempotency-Key
// answers the same batch and sends its waiting tasks' messages again.

import { DomainError, NotEnoughTokensError } from '#platform/domain/errors.ts';
import type { Clock, Ids, Log, User } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { hasPhotoConsent, type PhotoStore } from '../../photos/public.ts';
import type { StyleReader } from '../../styles/public.ts';
import type { TeamPayer, TeamPayers } from './ports.ts';
import { type ProviderBudgetDeps, releaseProviderCalls, reserveProviderCalls } from './provider-budget.ts';
import type { TaskQueue } from './task-queue.ts';
import { failWithRefund } from './task-refund.ts';
import type { BatchRecord, NewTask, TaskStore } from './tasks.ts';

export interface CreateDeps {
  styles: StyleReader;
  tasks: TaskStore;
  photos: Pick<PhotoStore, 'list'>;
  queue: TaskQueue;
  clock: Clock;
  ids: Ids;
  log: Log;
  /** The daily caps on provider calls (issue: cost guards): reserved before any token is debited. */
  budget: ProviderBudgetDeps;
  /** After this long a task still pending is failed and refunded by the sweeper (default TASK_TIMING's). */
  taskDeadlineSeconds?: number;
  /** A team member's creates are paid by their team's allowance (absent: everyone pays with tokens). */
  teams?: TeamPayers;
}

export interface StartAnswer {
  msg: string;
  batch_id: string;
  task_ids: string[];
  tokens_spent: number;
  tokens_left: number;
  /** 'team': a member's create paid by their team's allowance (tokens untouched) */
  paid_by?: 'team';
  allowance_left?: number;
}

export const NEED_PHOTOS_MESSAGE = 'You need at least 2 reference photos to create avatars';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
const IDEMPOTENCY_SECONDS = 24 * 3600;

export const invalid = (msg: string) => new DomainError('VALIDATION_FAILED', msg);

export function checkIdempotencyKey(key: string | null): void {
  if (key !== null && !IDEMPOTENCY_KEY.test(key))
    throw invalid('Idempotency-Key must be 1 to 200 visible ASCII characters.');
}

/** The photos the provider will get, and the user's consent to send them. */
export function checkReferencePhotos(user: User, photoCount: number): void {
  if (photoCount < PHOTO_LIMITS.neededForAvatars) throw invalid(NEED_PHOTOS_MESSAGE);
  if (!hasPhotoConsent(user))
    throw new DomainError(
      'CONSENT_REQUIRED',
      'Your photos are sent to the AI provider only with your consent: tick both boxes on the Manage Photos screen, then try again.',
    );
}

function successMessage(lang: Language, started: number, notQueued: number): string {
  const fr = lang === 'fr';
  const head = fr
    ? `${started} avatar${started > 1 ? 's' : ''} en cours de création. Ils apparaîtront dans votre galerie dans une trentaine de secondes.`
    : `${started} avatar${started > 1 ? 's are' : ' is'} being created. ${started > 1 ? 'They' : 'It'} will appear in your gallery in about 30 seconds.`;
  if (!notQueued) return head;
  return fr
    ? `${head} ${notQueued} n'a pas pu démarrer : ses jetons vous ont été rendus.`
    : `${head} ${notQueued} could not be started: its tokens were refunded.`;
}

interface StartRequest {
  batchHex: string;
  tasks: NewTask[];
  now: number;
  /** what the Idempotency-Key stands for: the same key with another request is refused */
  requestHash: string;
  idempotencyKey: string | null;
  /** the answer to the same key used for another request */
  reusedKeyMessage: string;
  /** the language of the answer's words: the page's that asked, else the account's */
  lang: Language;
  /** a team member's create: paid by their team allowance, one avatar per task (docs/product.md, "Teams") */
  team?: TeamPayer | null;
}

/** Charges the tasks in one transaction and queues them (or answers the batch an earlier use of the key made). */
export async function startTasks(deps: CreateDeps, user: User, r: StartRequest): Promise<StartAnswer> {
  const { tasks, now } = r;
  // One provider call per task, counted against today's caps before anything is charged or queued.
  const { day } = await reserveProviderCalls(deps.budget, user.id, tasks.length);
  const outcome = await deps.tasks
    .createBatch({
      id: r.batchHex,
      userId: user.id,
      tasks,
      createdAt: now,
      idempotency: r.idempotencyKey
        ? {
            key: deps.ids.hashSecret(r.idempotencyKey),
            requestHash: r.requestHash,
            expiresAt: now + IDEMPOTENCY_SECONDS,
          }
        : null,
      ledgerEntryIds: { subscription: deps.ids.newId(), ltd: deps.ids.newId() },
      team: r.team ? { teamId: r.team.teamId, memberId: r.team.memberId } : null,
      balanceSeen: { subscription: user.tokensSubscription, ltd: user.tokensLtd },
    })
    .catch(async (e: unknown) => {
      await releaseProviderCalls(deps.budget, user.id, day, tasks.length);
      throw e;
    });
  // Nothing new to generate: a short balance, or a double click answered with the first batch.
  if (outcome.outcome !== 'created') await releaseProviderCalls(deps.budget, user.id, day, tasks.length);
  if (outcome.outcome === 'short') throw new NotEnoughTokensError(outcome.needed, outcome.available);
  if (outcome.outcome === 'allowance-short')
    throw new DomainError('TEAM_ALLOWANCE_USED', TEAM_MESSAGES.noAllowance[r.lang]);
  if (outcome.outcome === 'repeat') {
    if (outcome.requestHash !== r.requestHash)
      throw new DomainError('IDEMPOTENCY_KEY_REUSED', r.reusedKeyMessage);
    await requeueWaiting(deps, user, outcome.batch);
    return answer(r.lang, outcome.batch, outcome.balanceAfter, 0, 0, r.team);
  }

  deps.budget.metrics.record('TasksCreated', tasks.length);
  const { failed } = await deps.queue.enqueue(tasks.map((t) => ({ taskId: t.id, userId: user.id })));
  if (failed.length) await releaseProviderCalls(deps.budget, user.id, day, failed.length);
  let refunded = 0;
  const refundDeps = { tasks: deps.tasks, ids: deps.ids, metrics: deps.budget.metrics };
  for (const m of failed) {
    const ok = await failWithRefund(refundDeps, user.id, m.taskId, 'not-queued', deps.clock.now());
    if (ok) refunded += r.team ? 1 : (tasks.find((t) => t.id === m.taskId)?.tokenCost ?? 0);
    deps.log('error', 'task not queued: failed and refunded', {
      taskId: m.taskId,
      userId: user.id,
      refunded: ok,
    });
  }
  if (r.team) return answer(r.lang, outcome.batch, outcome.balanceAfter, failed.length, refunded, r.team);
  return answer(r.lang, outcome.batch, outcome.balanceAfter + refunded, failed.length, refunded);
}

/**
 * A retry of a create whose first run died between its transaction and its messages: the tasks are charged
 * and TODO, and no worker knows of them. Their messages are sent again; a task already queued gets a second
 * message, which the worker's claim drops (SQS may deliver twice anyway). A task that cannot be queued is
 * left to the sweeper's deadline, which refunds it.
 */
async function requeueWaiting(deps: CreateDeps, user: User, batch: BatchRecord): Promise<void> {
  const tasks = await Promise.all(batch.taskIds.map((id) => deps.tasks.get(user.id, id)));
  const waiting = tasks.flatMap((t) => (t?.status === 'TODO' ? [{ taskId: t.id, userId: user.id }] : []));
  if (!waiting.length) return;
  const { failed } = await deps.queue.enqueue(waiting);
  deps.log('info', 'repeated create: waiting tasks queued again', {
    userId: user.id,
    batchId: batch.id,
    queued: waiting.length - failed.length,
    failed: failed.length,
  });
}

/**
 * `refunded`: tokens given back, or for a team-paid batch avatars given back to the allowance. A team-paid
 * batch spends no tokens: the answer says the team paid and what the allowance has left.
 */
function answer(
  lang: Language,
  batch: BatchRecord,
  left: number,
  notQueued: number,
  refunded = 0,
  team: TeamPayer | null = null,
): StartAnswer {
  return {
    msg: successMessage(lang, batch.taskIds.length - notQueued, notQueued),
    batch_id: batch.id,
    task_ids: batch.taskIds,
    tokens_spent: team ? 0 : batch.totalCost - refunded,
    tokens_left: left,
    ...(team
      ? {
          paid_by: 'team' as const,
          allowance_left: Math.max(0, team.allowanceLeft - batch.taskIds.length + refunded),
        }
      : {}),
  };
}
