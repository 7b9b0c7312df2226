// "Try again": one new task with the style, the choices and the photos of a finished one (DONE or
// ERROR), charged as a create is (start-tasks.ts: the atomic debit, the Idempotency-Key, the refund when it
// cannot start). The price is the style's own, read from the table; the confirmation's figure only guards
// against a price that changed while the user was deciding. A version made by an edit is tried again as that
// edit: the same kind and words on the same source version, at an edit's price (edits.ts; docs/product.md,
// "Editing a finished avatar").

import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { EDIT_TOKEN_COST, MASK_DATA_URL_PREFIX } from '#shared/edit-rules.ts';
import { checkChoiceAccepted, newTaskFor } from './create-batch.ts';
import { type EditBody, type EditDeps, editAvatar } from './edits.ts';
import {
  type CreateDeps,
  checkIdempotencyKey,
  checkReferencePhotos,
  invalid,
  type StartAnswer,
  startTasks,
} from './start-tasks.ts';
import { isTaskId } from './task-names.ts';
import type { TaskRecord } from './tasks.ts';
import { checkAllowed } from './team-allowed.ts';

/** The edit ports are needed only to try an edit again (the avatars function has them). */
type TryAgainDeps = CreateDeps & Partial<Pick<EditDeps, 'editMasks' | 'editImages'>>;

const priceChanged = (lang: Language, cost: number) =>
  new DomainError(
    'PRICE_CHANGED',
    lang === 'fr'
      ? `Ce style coûte maintenant ${cost} jeton${cost > 1 ? 's' : ''} : confirmez à nouveau.`
      : `This style now costs ${cost} token${cost > 1 ? 's' : ''}: please confirm again.`,
  );

/** The edit a version was made by, asked again of the version it was made from, at an edit's price. */
async function redoEdit(
  deps: TryAgainDeps,
  user: User,
  version: TaskRecord & { edit: NonNullable<TaskRecord['edit']> },
  expectedCost: number | undefined,
  idempotencyKey: string,
): Promise<StartAnswer> {
  const { editMasks, editImages } = deps;
  if (!editMasks || !editImages) throw new Error('Trying an edit again needs the edit ports');
  if (expectedCost !== undefined && expectedCost !== EDIT_TOKEN_COST)
    throw priceChanged(user.lang, EDIT_TOKEN_COST);
  const { kind, backdrop, colour, outfit, aspect, level, prompt } = version.edit.spec;
  const body: EditBody = { kind, backdrop, colour, outfit, aspect, level, prompt };
  if (kind === 'region') {
    // The brush stays beside a version whose tokens came back (worker.ts): the same region is changed again.
    const brush = await editMasks.read(user.id, version.id);
    if (!brush)
      throw invalid(
        user.lang === 'fr'
          ? 'La zone peinte de cette modification n’est plus conservée : peignez-la à nouveau avec Modifier.'
          : "This edit's brushed region is no longer kept: brush it again with Edit.",
      );
    body.mask = `${MASK_DATA_URL_PREFIX}${Buffer.from(brush).toString('base64')}`;
  }
  const made = await editAvatar(
    { ...deps, editMasks, editImages },
    user,
    version.edit.editOf,
    body,
    idempotencyKey,
  );
  const task = await deps.tasks.get(user.id, made.task_id);
  return {
    msg:
      user.lang === 'fr'
        ? `La version ${made.version} est en cours de création. Elle apparaîtra dans votre galerie dans une trentaine de secondes.`
        : `Version ${made.version} is being made. It will appear in your gallery in about 30 seconds.`,
    batch_id: task?.batchId ?? made.task_id,
    task_ids: [made.task_id],
    tokens_spent: EDIT_TOKEN_COST,
    tokens_left: made.tokens_left,
  };
}

export async function tryTaskAgain(
  deps: TryAgainDeps,
  user: User,
  taskId: string,
  body: { expected_cost?: number },
  idempotencyKey: string | null,
): Promise<StartAnswer> {
  const fr = user.lang === 'fr';
  if (idempotencyKey === null)
    throw invalid('Try again needs an Idempotency-Key header, so that a repeated request is charged once.');
  checkIdempotencyKey(idempotencyKey);
  const now = deps.clock.now();
  const [task, photos] = await Promise.all([
    isTaskId(taskId) ? deps.tasks.get(user.id, taskId) : null,
    deps.photos.list(user.id, now),
  ]);
  // Read in the caller's own partition: another user's task is not found, like an unknown one.
  if (!task) throw new DomainError('NOT_FOUND', 'Avatar not found.');
  if (task.status !== 'DONE' && task.status !== 'ERROR')
    throw new DomainError(
      'TASK_NOT_FINISHED',
      fr
        ? 'Cet avatar est encore en cours de création : réessayez quand il sera terminé.'
        : 'This avatar is still being made: try again once it has finished.',
    );
  if (task.edit)
    return redoEdit(deps, user, { ...task, edit: task.edit }, body.expected_cost, idempotencyKey);
  const style = await deps.styles.get(task.styleId);
  if (!style?.isActive)
    throw invalid(fr ? "Ce style n'est plus proposé." : `Style ${task.styleId} is not available.`);
  checkChoiceAccepted(user.lang, style, task.choice);
  if (body.expected_cost !== undefined && body.expected_cost !== style.tokenCost)
    throw priceChanged(user.lang, style.tokenCost);
  checkReferencePhotos(user, photos.length);
  // As a create: a member holding a seat tries again from the team's allowance, within its rules.
  const team = deps.teams ? await deps.teams.payerFor(user.id) : null;
  if (team) checkAllowed(user.lang, team.allowed, [{ style, choice: task.choice }]);

  const batchHex = deps.ids.newId().replace(/-/g, '').slice(0, 12);
  const again = newTaskFor(deps, style, task.choice, {
    now,
    place: 0,
    batchHex,
    lang: user.lang,
    referenceFiles: task.referenceFiles,
  });
  return startTasks(deps, user, {
    batchHex,
    tasks: [again],
    now,
    requestHash: deps.ids.hashSecret(`try-again:${task.id}`),
    idempotencyKey,
    reusedKeyMessage: 'This Idempotency-Key was already used for another request.',
    lang: user.lang,
    team,
  });
}
