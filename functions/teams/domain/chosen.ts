// "Chosen for my team" (docs/product.md, "Teams"): a member marks one of their finished team avatars as the
// one their team sees; the dashboard, the CSV and the ZIP show that one only. A personal avatar, a withheld
// one, an unfinished one or another person's cannot be chosen.

import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, User } from '#platform/domain/ports.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { downloadName, isTaskId, isWithheld, type TaskStore } from '../../generation/public.ts';
import { type HeadshotFileDeps, headshotSizes } from './headshot-files.ts';
import type { TeamArchiveQueue, TeamChoices } from './ports.ts';

export interface ChosenDeps extends Partial<HeadshotFileDeps> {
  tasks: Pick<TaskStore, 'get'>;
  choices: TeamChoices;
  clock: Clock;
  /** the team's ZIP built ahead of its download (headshots-zip.ts) */
  archives?: TeamArchiveQueue;
}

export async function setChosen(
  deps: ChosenDeps,
  user: User,
  taskId: string,
  chosen: boolean,
): Promise<{ success: boolean; task_id: string; chosen: boolean }> {
  const notFound = () => new DomainError('NOT_FOUND', 'Avatar not found.');
  if (!isTaskId(taskId)) throw notFound();
  const [task, membership] = await Promise.all([
    deps.tasks.get(user.id, taskId),
    deps.choices.membershipOf(user.id),
  ]);
  if (!task) throw notFound();
  if (!membership) throw new DomainError('NOT_FOUND', TEAM_MESSAGES.noTeam[user.lang]);
  const ours = task.team?.teamId === membership.teamId && task.team.memberId === membership.memberId;
  if (!ours || task.status !== 'DONE' || !task.resultFile || isWithheld(task))
    throw new DomainError('VALIDATION_FAILED', TEAM_MESSAGES.notChosenYet[user.lang]);
  const faceBox = task.faceBox ?? null;
  // The square made now (once) and both sizes kept with the choice: the team's ZIP then asks storage
  // nothing but the files themselves (headshot-files.ts).
  const sizes =
    chosen && deps.results && deps.images
      ? await headshotSizes({ results: deps.results, images: deps.images }, user.id, task.resultFile, faceBox)
      : null;
  const ok = await deps.choices.setChosen(
    user.id,
    membership.teamId,
    membership.memberId,
    chosen
      ? {
          taskId: task.id,
          resultFile: task.resultFile,
          fileName: downloadName(task.resultFile),
          likeness: task.likeness?.score ?? null,
          faceBox,
          chosenAt: deps.clock.now(),
          ...(sizes ? { sizes } : {}),
        }
      : null,
  );
  if (ok === 'no-seat') throw new DomainError('VALIDATION_FAILED', TEAM_MESSAGES.noOwnSeat[user.lang]);
  if (!ok) throw new DomainError('NOT_FOUND', TEAM_MESSAGES.noTeam[user.lang]);
  // The team's set of chosen headshots changed: its ZIP is built now, ahead of the download.
  await deps.archives?.setChanged(membership.teamId);
  return { success: true, task_id: task.id, chosen };
}
