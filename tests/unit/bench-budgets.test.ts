// `npm run bench` fails when a budget is missed and says which one (tests/bench/budgets.ts); a ratio budget
// prints the two figures it divides; an API figure and its floor are measured interleaved (tests/bench/paired.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/function-entries.ts';
import { ratioBudget } from '../bench/budgets.ts';
import { paired } from '../bench/paired.ts';

/** Runs the bench's budget report in a process of its own, as `npm run bench` ends. */
function report(budgets: unknown[]) {
  const script = `
    const { reportBudgets } = await import(${JSON.stringify(join(REPO_ROOT, 'tests/bench/budgets.ts'))});
    process.exitCode = reportBudgets(${JSON.stringify(budgets)});`;
  return spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
}

describe('bench budgets', () => {
  it('exit non-zero and name each missed budget with its figure and limit', () => {
    const run = report([
      { name: 'auth bundle minified', value: 120, unit: 'KB', limit: 250 },
      { name: 'auth cold start / SDK import alone', value: 1.21, unit: 'x', limit: 1.15 },
      { name: 'landing score', value: 90, unit: '', limit: 95, bound: 'min' },
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'Budget missed: auth cold start / SDK import alone: 1.21 x, budget <= 1.15 x',
    );
    expect(run.stderr).toContain('Budget missed: landing score: 90, budget >= 95');
    expect(run.stderr).not.toContain('auth bundle minified');
    expect(run.stdout).toMatch(/ok {3}auth bundle minified/);
    expect(run.stdout).toMatch(/OVER auth cold start/);
  });

  it('exit 0 when every budget is met, a limit itself included', () => {
    const run = report([{ name: 'ratio', value: 1.15, unit: 'x', limit: 1.15 }]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });

  it('print both figures beside a ratio, and name them in a miss', () => {
    const budget = ratioBudget({
      name: 'GET /user_info / GetItem, p99 @1',
      value: { ms: 12.4 },
      floor: { name: 'GetItem', ms: 6.2 },
      limit: 1.6,
      also: 'p50 3.1 / 2.5 ms = 1.24x',
    });
    expect(budget.value).toBe(2);
    const run = report([budget]);
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('[12.4 ms / GetItem 6.2 ms; p50 3.1 / 2.5 ms = 1.24x]');
    expect(run.stderr).toContain(
      'Budget missed: GET /user_info / GetItem, p99 @1: 2 x, budget <= 1.6 x [12.4 ms / GetItem 6.2 ms',
    );
  });

  it('count a ratio whose calls failed, or whose floor is nothing, as a miss', () => {
    const failed = ratioBudget({
      name: 'r',
      value: { ms: 1, failed: true },
      floor: { name: 'f', ms: 10 },
      limit: 3,
    });
    const noFloor = ratioBudget({ name: 'r', value: { ms: 1 }, floor: { name: 'f', ms: 0 }, limit: 3 });
    expect(failed.value).toBe(Number.POSITIVE_INFINITY);
    expect(failed.figures).toContain('calls failed');
    expect(noFloor.value).toBe(Number.POSITIVE_INFINITY);
    expect(report([failed]).status).toBe(1);
  });

  it('measure an API path and its floor interleaved in rounds, warm-up rounds left out', async () => {
    const order: string[] = [];
    const result = await paired(
      'GetItem',
      { rounds: 3, perRound: 2, warmRounds: 1 },
      async (i) => order.push(`f${i}`),
      async (i) => {
        order.push(`a${i}`);
        return i !== 5;
      },
    );
    expect(order).toEqual([
      'f0',
      'f1',
      'a0',
      'a1',
      'f2',
      'f3',
      'a2',
      'a3',
      'f4',
      'f5',
      'a4',
      'a5',
      'f6',
      'f7',
      'a6',
      'a7',
    ]);
    expect(result.calls).toBe(6);
    expect(result.failures).toBe(1);
    expect(result.floorName).toBe('GetItem');
  });
});
