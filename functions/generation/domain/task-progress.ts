// How far along a pending task is, in the user's terms: its stage (queued, generating,
// finishing) and an estimate of the time left, from how long recent finished tasks took at each stage.
//
// A stage is read from timestamps the worker sets only where they are absent (`generating_at` when a
// delivery first claims the task, `finishing_at` when the provider first answers), so no retry, duplicate
// or late delivery can move a task back to an earlier stage. The status machine is untouched: stages only
// describe TODO and IN_PROGRESS.

/** The stages of a pending task, in order. */
export const TASK_STAGES = ['queued', 'generating', 'finishing'] as const;
type TaskStage = (typeof TASK_STAGES)[number];

/** When the task first reached each stage after `queued` (Unix seconds), or null while it has not. */
export interface StageTimes {
  generatingAt: number | null;
  finishingAt: number | null;
}

/** How long one finished task spent at each stage (seconds). */
export interface DurationSample {
  queued: number;
  generating: number;
  finishing: number;
  /** when it finished (Unix seconds): samples older than SAMPLE_MAX_AGE_SECONDS are not used */
  at: number;
}

/** Where recent durations are kept: a fixed number of places, read whole by key (no Scan). */
export interface TaskDurations {
  /** Keeps the sample in one of DURATION_SLOTS places, replacing what was there. */
  record(slot: number, sample: DurationSample): Promise<void>;
  /** Every kept sample, in no order. */
  recent(): Promise<DurationSample[]>;
}

/** Places for samples: enough for a steady median, small enough to read in one item. */
export const DURATION_SLOTS = 16;
/** A day: older samples say little about today's provider. */
export const SAMPLE_MAX_AGE_SECONDS = 24 * 3600;

/**
 * Before any sample (a new stage, or a quiet day): the product's promise of about 30 seconds an avatar
 *, split as the provider's part and a little on either side.
 */
export const DEFAULT_DURATIONS = { queued: 5, generating: 25, finishing: 4 } as const;

export interface TypicalDurations {
  queued: number;
  generating: number;
  finishing: number;
  /** the samples they come from (0: the defaults) */
  samples: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

/**
 * The median time of each stage over the recent samples, at least a second (stages are timed in whole seconds:
 * a run of quick tasks would otherwise tell a waiting task it has 0 seconds left); the defaults when there are
 * none.
 */
export function typicalDurations(samples: readonly DurationSample[], now: number): TypicalDurations {
  const fresh = samples.filter((s) => now - s.at <= SAMPLE_MAX_AGE_SECONDS);
  if (!fresh.length) return { ...DEFAULT_DURATIONS, samples: 0 };
  const typical = (stage: TaskStage) => Math.max(1, median(fresh.map((s) => s[stage])));
  return {
    queued: typical('queued'),
    generating: typical('generating'),
    finishing: typical('finishing'),
    samples: fresh.length,
  };
}

/** The stage of a pending task; null once it is DONE or ERROR. */
export function stageOf(status: string, times: StageTimes): TaskStage | null {
  if (status !== 'TODO' && status !== 'IN_PROGRESS') return null;
  if (times.finishingAt !== null) return 'finishing';
  if (times.generatingAt !== null) return 'generating';
  return 'queued';
}

interface ProgressEstimate {
  stage: TaskStage;
  /** seconds until the task is expected to be done, from now */
  secondsLeft: number;
  /** the current stage's typical duration, and how long the task has been at it: how far along it is */
  stageSeconds: number;
  stageElapsed: number;
  /** it has been at its stage well past the typical time: say so instead of counting down */
  late: boolean;
}

/** Past the typical time of a stage by this much (and at least LATE_MIN_SECONDS), a task is late. */
const LATE_FACTOR = 0.5;
const LATE_MIN_SECONDS = 10;

export function estimateProgress(
  task: { status: string; createdAt: number; stageTimes: StageTimes },
  typical: TypicalDurations,
  now: number,
): ProgressEstimate | null {
  const stage = stageOf(task.status, task.stageTimes);
  if (!stage) return null;
  const startedAt = {
    queued: task.createdAt,
    generating: task.stageTimes.generatingAt ?? task.createdAt,
    finishing: task.stageTimes.finishingAt ?? task.createdAt,
  }[stage];
  const inStage = Math.max(0, now - startedAt);
  const after = TASK_STAGES.slice(TASK_STAGES.indexOf(stage) + 1).reduce((sum, s) => sum + typical[s], 0);
  return {
    stage,
    secondsLeft: Math.round(Math.max(0, typical[stage] - inStage) + after),
    stageSeconds: Math.max(1, Math.round(typical[stage])),
    stageElapsed: inStage,
    late: inStage > typical[stage] + Math.max(LATE_MIN_SECONDS, typical[stage] * LATE_FACTOR),
  };
}

/** The sample a finished task gives: how long it waited, was generated, and was finished. */
export function durationSample(
  createdAt: number,
  generatingAt: number,
  finishingAt: number,
  doneAt: number,
): DurationSample {
  return {
    queued: Math.max(0, generatingAt - createdAt),
    generating: Math.max(0, finishingAt - generatingAt),
    finishing: Math.max(0, doneAt - finishingAt),
    at: doneAt,
  };
}

/** The place a task's sample takes: spread by its id, so recent tasks replace older samples evenly. */
export function durationSlot(taskId: string): number {
  let h = 2166136261;
  for (let i = 0; i < taskId.length; i++) h = Math.imul(h ^ taskId.charCodeAt(i), 16777619);
  // FNV's low bits depend on the characters' low bits only: mix the high ones down first.
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  return ((h ^ (h >>> 13)) >>> 0) % DURATION_SLOTS;
}
