// What the gallery says about tasks still being made: each task's stage and the time
// left, counted down from the server's estimate (made from recent tasks' durations) between two reads of
// the list, and each batch's summary: "Generating 2 of 4". Only the stages the server reports are shown:
// an estimate without them would be a guess.
import type { Task } from './api/tasks.ts';

export type Stage = NonNullable<Task['stage']>;
export const STAGES: readonly Stage[] = ['queued', 'generating', 'finishing'];

export interface Estimate {
  stage: Stage;
  /** seconds left now (0: due) */
  left: number;
  /** 0-1: how far along the task is: its stage's share of the way, and how far into the stage it is */
  done: number;
  late: boolean;
}

/**
 * The share of the way each stage covers, as the worker's own percents mark it (25 sent to the provider,
 * a second after the claim; 80 image received): waiting, the provider's one long call, storing and
 * measuring.
 */
const STAGE_SPAN: Record<Stage, [number, number]> = {
  queued: [0, 0.05],
  generating: [0.25, 0.8],
  finishing: [0.8, 1],
};
/** Never shown as complete before the server says DONE. */
const MOST_OF_A_STAGE = 0.95;

/** The task's estimate `now` (ms), counted on from when its list was read (`readAt`, ms). */
export function estimateOf(task: Task, readAt: number, now: number): Estimate | null {
  if (!task.stage || task.seconds_left === undefined) return null;
  const since = Math.max(0, now - readAt) / 1000;
  const left = Math.max(0, task.seconds_left - since);
  const [from, to] = STAGE_SPAN[task.stage];
  const inStage = Math.min(
    MOST_OF_A_STAGE,
    ((task.stage_elapsed ?? 0) + since) / Math.max(1, task.stage_seconds ?? 1),
  );
  return { stage: task.stage, left, done: from + (to - from) * inStage, late: task.running_late === true };
}

export type Eta = { kind: 'seconds' | 'minutes'; count: number } | { kind: 'soon' } | { kind: 'late' };

/** The time left in words a person reads at a glance: 5-second steps under a minute, then minutes. */
export function etaOf(e: Estimate): Eta {
  if (e.late) return { kind: 'late' };
  if (e.left < 5) return { kind: 'soon' };
  if (e.left < 60) return { kind: 'seconds', count: Math.ceil(e.left / 5) * 5 };
  return { kind: 'minutes', count: Math.round(e.left / 60) };
}

export interface BatchProgress {
  batchId: string;
  /** the batch's avatars on screen */
  total: number;
  /** finished, or being generated or finished: "Generating {started} of {total}" */
  started: number;
  /** what the batch as a whole is doing */
  stage: Stage;
  /** the latest of its tasks' estimates: when the whole batch should be done */
  estimate: Estimate | null;
  /** 0-1: how far along the batch is (a finished task counts whole) */
  done: number;
}

const isPending = (t: Task) => t.status === 'TODO' || t.status === 'IN_PROGRESS';

/** One summary per batch with a task still pending, newest batch first, for the batches that report stages. */
export function batchesInProgress(tasks: readonly Task[], readAt: number, now: number): BatchProgress[] {
  const byBatch = new Map<string, Task[]>();
  for (const t of [...tasks].sort((a, b) => b.created_at - a.created_at)) {
    if (!t.batch_id) continue;
    byBatch.set(t.batch_id, [...(byBatch.get(t.batch_id) ?? []), t]);
  }
  const out: BatchProgress[] = [];
  for (const [batchId, all] of byBatch) {
    const pending = all.filter(isPending);
    const estimates = pending.map((t) => estimateOf(t, readAt, now));
    if (!pending.length || estimates.some((e) => e === null)) continue;
    const known = estimates as Estimate[];
    const started = all.length - known.filter((e) => e.stage === 'queued').length;
    // What the batch is doing now: waiting (none of its pending tasks has started), finishing (all of them
    // are), or generating.
    const stage: Stage = known.every((e) => e.stage === 'queued')
      ? 'queued'
      : known.every((e) => e.stage === 'finishing')
        ? 'finishing'
        : 'generating';
    const last = known.reduce((a, b) => (b.late || b.left > a.left ? b : a));
    const finished = all.length - pending.length;
    const done = (finished + known.reduce((sum, e) => sum + e.done, 0)) / all.length;
    out.push({ batchId, total: all.length, started, stage, estimate: last, done });
  }
  return out;
}
