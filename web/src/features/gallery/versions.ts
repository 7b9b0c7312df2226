// The versions of one avatar (docs/product.md, "Editing a finished avatar"): every edit is a task of its
// own, and the versions sharing a root (the original task) show on ONE card with a version switcher. The
// list is newest first, so an avatar's card stands where its newest version would.
import { MAX_EDITS_PER_AVATAR } from '#shared/edit-rules.ts';
import type { Task } from './api/tasks.ts';

/** The original task of a version's avatar (an original is its own root). */
export const rootOf = (task: Task): string => task.root_id ?? task.id;

/** 1 for an original. */
export const versionOf = (task: Task): number => task.version ?? 1;

interface Avatar {
  root: string;
  /** oldest first: v1, v2, ... (only those read so far) */
  versions: Task[];
  /** the newest version: what the card shows first */
  newest: Task;
}

/** The list's tasks as avatars, in the list's order (by each avatar's newest version). */
export function groupVersions(tasks: Task[]): Avatar[] {
  const byRoot = new Map<string, Task[]>();
  for (const task of tasks) {
    const list = byRoot.get(rootOf(task));
    if (list) list.push(task);
    else byRoot.set(rootOf(task), [task]);
  }
  return [...byRoot].map(([root, list]) => {
    const versions = [...list].sort((a, b) => versionOf(a) - versionOf(b) || a.created_at - b.created_at);
    return { root, versions, newest: versions[versions.length - 1] as Task };
  });
}

/** Edits this avatar has had: the original's counter, or the versions on screen when it is not read yet. */
function editsMade(versions: Task[]): number {
  const original = versions.find((v) => versionOf(v) === 1);
  const shown = Math.max(0, ...versions.map(versionOf)) - 1;
  return Math.max(original?.edit_count ?? 0, shown);
}

export const editsLeft = (versions: Task[]): number =>
  Math.max(0, MAX_EDITS_PER_AVATAR - editsMade(versions));
