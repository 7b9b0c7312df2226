// "Keep it anyway" (docs/faces.md, "The guarantee"): an avatar the likeness guarantee refunded is withheld
// (its pixels go to no one: no download, size, link, star or archive) until its owner takes it for its
// tokens after all. The store's transaction is conditioned on the task being withheld and on the balance as
// read, so a double click or two calls at once debit once; the first makes it an avatar like any other.

import { DomainError, NotEnoughTokensError } from '#platform/domain/errors.ts';
import type { Clock, Ids, User } from '#platform/domain/ports.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { isTaskId } from './task-names.ts';
import type { TaskStore } from './tasks.ts';

export interface KeepDeps {
  tasks: Pick<TaskStore, 'keep'>;
  clock: Clock;
  ids: Ids;
}

/** What every route that would serve a withheld avatar's pixels answers (403). */
export const withheldError = () =>
  new DomainError(
    'FORBIDDEN',
    'This avatar was refunded because it did not look enough like you, so it cannot be downloaded. Keep it anyway from My Avatars (for its tokens) to use it.',
  );

export async function keepWithheldAvatar(
  deps: KeepDeps,
  user: User,
  taskId: string,
): Promise<{ success: boolean; task_id: string; tokens_spent: number; tokens_left: number }> {
  const kept = isTaskId(taskId)
    ? await deps.tasks.keep(user.id, taskId, deps.clock.now(), {
        ledgerEntryIds: { subscription: deps.ids.newId(), ltd: deps.ids.newId() },
      })
    : ({ outcome: 'not-found' } as const);
  switch (kept.outcome) {
    case 'not-found':
      throw new DomainError('NOT_FOUND', 'Avatar not found.');
    case 'not-withheld':
      throw new DomainError(
        'AVATAR_NOT_WITHHELD',
        'This avatar is not withheld: it is already yours to download.',
      );
    case 'short':
      throw new NotEnoughTokensError(kept.needed, kept.available);
    case 'allowance-short':
      throw new DomainError('TEAM_ALLOWANCE_USED', TEAM_MESSAGES.noAllowance[user.lang]);
    case 'kept':
      return {
        success: true,
        task_id: taskId,
        tokens_spent: kept.tokensSpent,
        tokens_left: kept.balanceAfter,
      };
  }
}
