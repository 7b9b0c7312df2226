// POST /aivatar/create_tasks_batch (spec sections 5 and 7, issue 9): the server loads each style itself,
// charges the batch in one transaction with its TODO tasks, then sends one message per task. A task whose
// message could not be sent is failed and refunded at once, since no worker would ever see it. A retry with
// the same Idempotency-Key answers the same batch and sends its waiting tasks' messages again.

import { type Language, MAX_STYLES_PER_BATCH } from '../../../shared/api-schemas.ts';
import { PHOTO_LIMITS } from '../../../shared/photo-rules.ts';
import { DomainError, NotEnoughTokensError } from '../errors.ts';
import { hasPhotoConsent } from '../photos/consent.ts';
import type { PhotoStore } from '../photos/photo-ports.ts';
import type { Clock, Ids, User } from '../ports.ts';
import type { Style } from '../styles/style.ts';
import type { StyleReader } from '../styles/style-store.ts';
import { SIZE_OF_FORMAT } from './image-provider.ts';
import { type ProviderBudgetDeps, releaseProviderCalls, reserveProviderCalls } from './provider-budget.ts';
import type { Log } from './result-ports.ts';
import { newTaskId, styleSlug } from './task-names.ts';
import type { TaskQueue } from './task-queue.ts';
import { failWithRefund } from './task-refund.ts';
import { TASK_TIMING } from './task-timing.ts';
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
}

export interface CreateRequest {
  styles: number[];
  style_prompts: string[];
  /** the language of the page that asked (beyond the spec): names the files and words the answer */
  lang?: Language | undefined;
}

export const NEED_PHOTOS_MESSAGE = 'You need at least 2 reference photos to create avatars';
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
const IDEMPOTENCY_SECONDS = 24 * 3600;

const invalid = (msg: string) => new DomainError('VALIDATION_FAILED', msg);

async function loadStyles(deps: CreateDeps, ids: number[]): Promise<Style[]> {
  if (ids.length === 0) throw invalid('Please select at least one style');
  if (ids.length > MAX_STYLES_PER_BATCH)
    throw invalid(`You can create at most ${MAX_STYLES_PER_BATCH} avatars at once.`);
  if (new Set(ids).size !== ids.length) throw invalid('Each style can be picked once per batch.');
  const all = new Map((await deps.styles.getMany(ids)).map((s) => [s.id, s]));
  return ids.map((id) => {
    const style = all.get(id);
    if (!style?.isActive) throw invalid(`Style ${id} is not available.`);
    return style;
  });
}

/**
 * A result's stored name starts with its style's name in the user's language, so that its download name (spec
 * section 7: the stored name before its first underscore) is French for a French user: `portrait-studio.png`.
 */
const slugIn = (style: Style, lang: Language): string =>
  lang === 'fr' && style.translations.fr
    ? styleSlug(null, style.translations.fr.name)
    : styleSlug(style.key, style.name);

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

export async function createAvatarBatch(
  deps: CreateDeps,
  user: User,
  req: CreateRequest,
  idempotencyKey: string | null,
): Promise<{ msg: string; batch_id: string; task_ids: string[]; tokens_spent: number; tokens_left: number }> {
  if (idempotencyKey !== null && !IDEMPOTENCY_KEY.test(idempotencyKey))
    throw invalid('Idempotency-Key must be 1 to 200 visible ASCII characters.');
  if (req.style_prompts.length !== req.styles.length)
    throw invalid('style_prompts must hold one prompt per style, in the same order.');
  const now = deps.clock.now();
  const lang = req.lang ?? user.lang;
  // Independent reads, side by side: the create screen waits on this call.
  const [styles, photos] = await Promise.all([loadStyles(deps, req.styles), deps.photos.list(user.id, now)]);
  if (photos.length < PHOTO_LIMITS.neededForAvatars) throw invalid(NEED_PHOTOS_MESSAGE);
  if (!hasPhotoConsent(user))
    throw new DomainError(
      'CONSENT_REQUIRED',
      'Your photos are sent to the AI provider only with your consent: tick both boxes on the Manage Photos screen, then try again.',
    );

  const batchHex = deps.ids.newId().replace(/-/g, '').slice(0, 12);
  const tasks: NewTask[] = styles.map((s, i) => ({
    id: newTaskId(now, i, batchHex),
    styleId: s.id,
    styleName: s.name,
    slug: slugIn(s, lang),
    prompt: s.prompt,
    size: SIZE_OF_FORMAT[s.format],
    quality: s.quality,
    referenceCount: s.referenceCount,
    inputFidelity: s.inputFidelity,
    recipe: s.recipe,
    tokenCost: s.tokenCost,
    deadlineAt: now + (deps.taskDeadlineSeconds ?? TASK_TIMING.deadlineSeconds),
  }));
  const requestHash = deps.ids.hashSecret(JSON.stringify(req.styles));
  // One provider call per task, counted against today's caps before anything is charged or queued.
  const { day } = await reserveProviderCalls(deps.budget, user.id, tasks.length);
  const outcome = await deps.tasks
    .createBatch({
      id: batchHex,
      userId: user.id,
      tasks,
      createdAt: now,
      idempotency: idempotencyKey
        ? { key: deps.ids.hashSecret(idempotencyKey), requestHash, expiresAt: now + IDEMPOTENCY_SECONDS }
        : null,
      ledgerEntryIds: { subscription: deps.ids.newId(), ltd: deps.ids.newId() },
    })
    .catch(async (e: unknown) => {
      await releaseProviderCalls(deps.budget, user.id, day, tasks.length);
      throw e;
    });
  // Nothing new to generate: a short balance, or a double click answered with the first batch.
  if (outcome.outcome !== 'created') await releaseProviderCalls(deps.budget, user.id, day, tasks.length);
  if (outcome.outcome === 'short') throw new NotEnoughTokensError(outcome.needed, outcome.available);
  if (outcome.outcome === 'repeat') {
    if (outcome.requestHash !== requestHash)
      throw new DomainError(
        'IDEMPOTENCY_KEY_REUSED',
        'This Idempotency-Key was already used for other styles.',
      );
    await requeueWaiting(deps, user, outcome.batch);
    return answer(lang, outcome.batch, outcome.balanceAfter, 0);
  }

  deps.budget.metrics.record('TasksCreated', tasks.length);
  const { failed } = await deps.queue.enqueue(tasks.map((t) => ({ taskId: t.id, userId: user.id })));
  if (failed.length) await releaseProviderCalls(deps.budget, user.id, day, failed.length);
  let refunded = 0;
  const refundDeps = { tasks: deps.tasks, ids: deps.ids, metrics: deps.budget.metrics };
  for (const m of failed) {
    const ok = await failWithRefund(refundDeps, user.id, m.taskId, 'not-queued', deps.clock.now());
    if (ok) refunded += tasks.find((t) => t.id === m.taskId)?.tokenCost ?? 0;
    deps.log('error', 'task not queued: failed and refunded', {
      taskId: m.taskId,
      userId: user.id,
      refunded: ok,
    });
  }
  return answer(lang, outcome.batch, outcome.balanceAfter + refunded, failed.length, refunded);
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

function answer(lang: Language, batch: BatchRecord, left: number, notQueued: number, refunded = 0) {
  return {
    msg: successMessage(lang, batch.taskIds.length - notQueued, notQueued),
    batch_id: batch.id,
    task_ids: batch.taskIds,
    tokens_spent: batch.totalCost - refunded,
    tokens_left: left,
  };
}
