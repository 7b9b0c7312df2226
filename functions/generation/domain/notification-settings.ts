// The account page's switch for the "your avatars are ready" email (functions/generation/domain/batch-email.ts):
// on unless the user turned it off.
import type { User } from '#platform/domain/ports.ts';
import type { TaskStore } from './tasks.ts';

export interface NotificationDeps {
  tasks: Pick<TaskStore, 'setBatchEmail'>;
}

export const notificationSettings = (user: User) => ({
  success: true as const,
  batch_finished_email: user.batchFinishedEmail,
});

export async function setNotificationSettings(
  deps: NotificationDeps,
  user: User,
  batchFinishedEmail: boolean,
) {
  await deps.tasks.setBatchEmail(user.id, batchFinishedEmail);
  return { success: true as const, batch_finished_email: batchFinishedEmail };
}
