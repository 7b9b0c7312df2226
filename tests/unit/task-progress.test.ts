// The estimate a pending task shows comes from recent tasks' durations at each stage.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DURATIONS,
  DURATION_SLOTS,
  durationSample,
  durationSlot,
  estimateProgress,
  SAMPLE_MAX_AGE_SECONDS,
  stageOf,
  typicalDurations,
} from '../../functions/generation/domain/task-progress.ts';

const NOW = 1_800_000_000;
const sample = (queued: number, generating: number, finishing: number, at = NOW - 60) => ({
  queued,
  generating,
  finishing,
  at,
});

describe('task progress', () => {
  it('reads the stage from the times the worker set, and has none once the task is finished', () => {
    expect(stageOf('TODO', { generatingAt: null, finishingAt: null })).toBe('queued');
    expect(stageOf('IN_PROGRESS', { generatingAt: NOW, finishingAt: null })).toBe('generating');
    // A retry the provider asked for is back in TODO, still generating.
    expect(stageOf('TODO', { generatingAt: NOW, finishingAt: null })).toBe('generating');
    expect(stageOf('IN_PROGRESS', { generatingAt: NOW, finishingAt: NOW + 20 })).toBe('finishing');
    expect(stageOf('DONE', { generatingAt: NOW, finishingAt: NOW + 20 })).toBeNull();
    expect(stageOf('ERROR', { generatingAt: null, finishingAt: null })).toBeNull();
  });

  it("takes each stage's median over the last day's samples, or the defaults without any", () => {
    expect(typicalDurations([], NOW)).toEqual({ ...DEFAULT_DURATIONS, samples: 0 });
    const recent = [sample(2, 40, 3), sample(4, 50, 5), sample(90, 90, 90, NOW - SAMPLE_MAX_AGE_SECONDS - 1)];
    expect(typicalDurations(recent, NOW)).toEqual({ queued: 3, generating: 45, finishing: 4, samples: 2 });
  });

  it('never makes a stage typically take under a second: quick tasks do not tell a waiting one "0 seconds left"', () => {
    const quick = [sample(0, 0, 0), sample(0, 1, 0), sample(0, 0, 0)];
    const typical = typicalDurations(quick, NOW);
    expect(typical).toEqual({ queued: 1, generating: 1, finishing: 1, samples: 3 });
    const waiting = { status: 'TODO', createdAt: NOW, stageTimes: { generatingAt: null, finishingAt: null } };
    expect(estimateProgress(waiting, typical, NOW)?.secondsLeft).toBe(3);
  });

  it('counts down within a stage, adds the stages after it, and says when a task runs late', () => {
    const typical = { queued: 4, generating: 40, finishing: 6, samples: 10 };
    const task = (status: string, generatingAt: number | null, finishingAt: number | null) => ({
      status,
      createdAt: NOW - 100,
      stageTimes: { generatingAt, finishingAt },
    });
    expect(estimateProgress(task('TODO', null, null), typical, NOW - 99)).toEqual({
      stage: 'queued',
      secondsLeft: 49,
      stageSeconds: 4,
      stageElapsed: 1,
      late: false,
    });
    expect(estimateProgress(task('IN_PROGRESS', NOW - 10, null), typical, NOW)).toEqual({
      stage: 'generating',
      secondsLeft: 36,
      stageSeconds: 40,
      stageElapsed: 10,
      late: false,
    });
    // 40 s typical: late past 60 s at the stage.
    expect(estimateProgress(task('IN_PROGRESS', NOW - 61, null), typical, NOW)).toMatchObject({
      secondsLeft: 6,
      late: true,
    });
    expect(estimateProgress(task('IN_PROGRESS', NOW - 30, NOW - 2), typical, NOW)).toMatchObject({
      stage: 'finishing',
      secondsLeft: 4,
    });
    expect(estimateProgress(task('DONE', NOW - 30, NOW - 2), typical, NOW)).toBeNull();
  });

  it("makes a finished task's sample, and spreads samples over every place", () => {
    expect(durationSample(NOW, NOW + 3, NOW + 33, NOW + 36)).toEqual(sample(3, 30, 3, NOW + 36));
    const slots = new Set(Array.from({ length: 400 }, (_, i) => durationSlot(`${NOW + i}99-batch${i}`)));
    expect(slots.size).toBe(DURATION_SLOTS);
  });
});
