// What happens once, when the last task of a batch finishes (DONE or ERROR, whoever finished it): the
// "your avatars are ready" email, and the photos' deletion for an account that asked for it ("delete my
// photos once my avatars are ready", functions/photos/domain/retention.ts) once nothing else is pending.

import type { Metrics } from '#platform/domain/metrics.ts';
import type { Clock, Log, Mailer, UserReader } from '#platform/domain/ports.ts';
import { type PhotoFiles, type PhotoStore, photosAfterAvatarsReady } from '../../photos/public.ts';
import { batchFinishedEmail } from './batch-email.ts';
import type { TaskStore } from './tasks.ts';

export interface FinishDeps {
  tasks: Pick<TaskStore, 'claimBatchFinished' | 'hasPendingBatches'>;
  users: UserReader;
  mailer: Mailer;
  /** for retention: the photo records and files */
  photoStore: PhotoStore;
  photoFiles: Pick<PhotoFiles, 'remove'>;
  clock: Clock;
  webUrl: string;
  /** business metrics (tasks done, failed, refunded; provider calls and latency): CloudWatch via EMF */
  metrics?: Metrics;
  log: Log;
}

export async function afterTaskFinished(deps: FinishDeps, userId: string, batchId: string): Promise<void> {
  // The account's settings are read before the batch is marked finished, so that once the mark is there the
  // email's fate is decided: a setting changed after it applies to the next batch (one read per finished task
  // instead of per batch, next to a render's cost).
  const user = await deps.users.getById(userId);
  const finished = await deps.tasks.claimBatchFinished(userId, batchId, deps.clock.now());
  if (!finished || !user) return;
  try {
    // An edit is one version the user asked for from the gallery, where it appears: no email for it.
    if (user.batchFinishedEmail && finished.done > 0 && finished.kind !== 'edit')
      await deps.mailer.send(batchFinishedEmail(user.email, user.lang, deps.webUrl, finished));
  } catch (e) {
    deps.log('error', 'batch finished email not sent', { userId, batchId, error: String(e) });
  }
  if (
    finished.done > 0 &&
    user.deletePhotosAfterGeneration &&
    !(await deps.tasks.hasPendingBatches(userId))
  ) {
    const deleted = await photosAfterAvatarsReady(
      { users: deps.users, store: deps.photoStore, files: deps.photoFiles as PhotoFiles, clock: deps.clock },
      userId,
    );
    deps.log('info', 'photos deleted once avatars were ready', { userId, batchId, deleted });
  }
}
