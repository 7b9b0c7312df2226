// The gallery's two orders: by day, newest first, or best likeness first, the
// avatars without a face found after those with a score, then those never measured, then the unfinished.
import type { Task } from './api/tasks.ts';

export const GALLERY_SORTS = ['newest', 'likeness'] as const;
export type GallerySort = (typeof GALLERY_SORTS)[number];

const rank = (task: Task): number => {
  if (task.status !== 'DONE') return -3;
  if (typeof task.likeness === 'number') return task.likeness;
  return task.likeness === null ? -1 : -2;
};

export function byLikeness(tasks: readonly Task[]): Task[] {
  return [...tasks].sort((a, b) => rank(b) - rank(a) || b.created_at - a.created_at);
}
