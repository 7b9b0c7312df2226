// The pure rules under avatar tasks: how a batch is paid, how results are named and downloaded, the ZIP
// format, and the task deadline against the queue's own timings.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readConfig, taskTimingConfig } from '#platform/config.ts';
import { TASK_TIMING } from '#platform/domain/task-timing.ts';
import { zipArchive } from '#platform/domain/zip-archive.ts';
import { splitDebit } from '../../functions/generation/domain/debit.ts';
import {
  downloadName,
  newTaskId,
  parseResultFilename,
  resultFilename,
  styleSlug,
} from '../../functions/generation/domain/task-names.ts';
import { LOCAL_TASK_TIMINGS, taskTimingEnvironment } from '../../infra/local/task-timing.ts';
import { TASK_QUEUE, timingProblems } from '../../infra/queue-design.ts';

describe('paying for a batch', () => {
  it('takes monthly tokens first, task by task, then lifetime ones', () => {
    expect(splitDebit([2, 3, 1], { subscription: 3, ltd: 10 })).toEqual([
      { subscription: 2, ltd: 0 },
      { subscription: 1, ltd: 2 },
      { subscription: 0, ltd: 1 },
    ]);
  });

  it('refuses a total above both pools together', () => {
    expect(splitDebit([2, 2], { subscription: 1, ltd: 2 })).toBeNull();
    expect(splitDebit([3], { subscription: 1, ltd: 2 })).toEqual([{ subscription: 1, ltd: 2 }]);
  });
});

describe('result names', () => {
  it('download as the part before the first underscore, plus the extension', () => {
    const id = newTaskId(1_790_000_000, 0, 'abcdef012345');
    const name = resultFilename(styleSlug('studio-headshot', 'Studio headshot'), id, 'image/png');
    expect(name).toBe(`studio-headshot_${id}.png`);
    expect(downloadName(name)).toBe('studio-headshot.png');
    expect(downloadName(name, '-400x400')).toBe('studio-headshot-400x400.png');
    expect(parseResultFilename(name)).toEqual({ slug: 'studio-headshot', taskId: id, ext: 'png' });
  });

  it('are refused unless they are exactly ours', () => {
    for (const bad of [
      '../x.jpg',
      'a_b.jpg',
      'x_179000000099-abcdef012345.gif',
      'X_179000000099-abcdef012345.jpg',
    ])
      expect(parseResultFilename(bad), bad).toBeNull();
  });

  it('sort a batch in the order its styles were picked when read newest first', () => {
    const ids = [0, 1, 2].map((i) => newTaskId(1_790_000_000, i, 'abcdef012345'));
    expect([...ids].sort().reverse()).toEqual(ids);
    expect(newTaskId(1_790_000_001, 5, 'abcdef012345') > (ids[0] as string)).toBe(true);
  });
});

describe('the ZIP of every avatar', () => {
  it('is read by unzip, names and bytes intact', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-'));
    const a = Buffer.from('first file');
    const b = Buffer.alloc(70_000, 7);
    writeFileSync(
      join(dir, 'all.zip'),
      zipArchive([
        { name: 'cyberpunk.jpg', bytes: a, modifiedAt: 1_790_000_000 },
        { name: 'portrait-2.jpg', bytes: b, modifiedAt: 1_790_000_000 },
      ]),
    );
    const listing = execFileSync('python3', [
      '-c',
      'import zipfile,sys; z=zipfile.ZipFile(sys.argv[1]); print(z.testzip()); print([(i.filename,i.file_size) for i in z.infolist()])',
      join(dir, 'all.zip'),
    ]).toString();
    expect(listing).toContain('None');
    expect(listing).toContain("('cyberpunk.jpg', 10)");
    expect(listing).toContain("('portrait-2.jpg', 70000)");
  });
});

describe('the task deadline', () => {
  it('outlasts every delivery SQS may still make, so the dead-letter handler acts first', () => {
    const lastDelivery =
      TASK_QUEUE.maxReceiveCount * TASK_QUEUE.visibilityTimeoutSeconds + TASK_QUEUE.workerTimeoutSeconds;
    expect(TASK_TIMING.deadlineSeconds).toBeGreaterThan(lastDelivery);
    expect(TASK_TIMING.leaseSeconds).toBeGreaterThan(TASK_QUEUE.workerTimeoutSeconds);
    expect(TASK_TIMING.leaseSeconds).toBeLessThan(TASK_QUEUE.visibilityTimeoutSeconds);
    expect(
      timingProblems({
        workerTimeoutSeconds: TASK_QUEUE.workerTimeoutSeconds,
        leaseSeconds: TASK_TIMING.leaseSeconds,
        visibilityTimeoutSeconds: TASK_QUEUE.visibilityTimeoutSeconds,
        deadlineSeconds: TASK_TIMING.deadlineSeconds,
      }),
    ).toEqual([]);
  });

  it.each(Object.entries(LOCAL_TASK_TIMINGS))('keeps the same rules in the local profile %s', (_, timing) => {
    expect(timingProblems(timing)).toEqual([]);
  });

  it('names the rule a profile breaks', () => {
    const standard = LOCAL_TASK_TIMINGS.standard;
    expect(timingProblems({ ...standard, leaseSeconds: standard.workerTimeoutSeconds })).toEqual([
      'the lease must outlast the worker timeout',
    ]);
    expect(timingProblems({ ...standard, visibilityTimeoutSeconds: standard.leaseSeconds })).toContain(
      'the visibility timeout must outlast the lease',
    );
    expect(timingProblems({ ...standard, deadlineSeconds: 600 })).toEqual([
      'the deadline must outlast the last delivery (660 s)',
    ]);
  });

  it('is a setting: the standard local profile refunds a task whose message is lost within minutes, AWS within the hour', () => {
    expect(readConfig([taskTimingConfig], {}).taskTiming).toEqual({
      deadlineSeconds: 3600,
      leaseSeconds: TASK_TIMING.leaseSeconds,
      retryDelaySeconds: TASK_TIMING.retryDelaySeconds,
      storeMarginMs: TASK_TIMING.storeMarginMs,
    });
    const local = readConfig([taskTimingConfig], taskTimingEnvironment(LOCAL_TASK_TIMINGS.standard));
    expect(local.taskTiming.deadlineSeconds).toBeLessThanOrEqual(12 * 60);
    expect(() => readConfig([taskTimingConfig], { TASK_DEADLINE_SECONDS: '0' })).toThrow(
      /invalid setting TASK_DEADLINE_SECONDS/,
    );
  });
});
