// "Try again": one new task with the style, the choices and the photos of a finished one (DONE or
// ERROR), charged as a create is (start-tasks.ts: the atomic debit, the Idempotency-Key, the refund when it
// cannot start). The price is the style's own, read from the table; the confirmation's figure only guards
// against a price that changed while the user was deciding.
import { DomainError } from '../errors.ts';
import type { User } from '../ports.ts';
import { checkAllowed } from '../teams/allowed.ts';
import { checkChoiceAccepted, newTaskFor } from './create-batch.ts';
import {
  type CreateDeps,
  checkIdempotencyKey,
  checkReferencePhotos,
  invalid,
  type StartAnswer,
  startTasks,
} from './start-tasks.ts';
import { isTaskId } from './task-names.ts';

export async function tryTaskAgain(
  deps: CreateDeps,
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
  const style = await deps.styles.get(task.styleId);
  if (!style?.isActive)
    throw invalid(fr ? "Ce style n'est plus proposé." : `Style ${task.styleId} is not available.`);
  checkChoiceAccepted(user.lang, style, task.choice);
  if (body.expected_cost !== undefined && body.expected_cost !== style.tokenCost)
    throw new DomainError(
      'PRICE_CHANGED',
      fr
        ? `Ce style coûte maintenant ${style.tokenCost} jeton${style.tokenCost > 1 ? 's' : ''} : confirmez à nouveau.`
        : `This style now costs ${style.tokenCost} token${style.tokenCost > 1 ? 's' : ''}: please confirm again.`,
    );
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
