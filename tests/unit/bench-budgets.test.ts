// `npm run bench` fails when a budget is missed and says which one (tests/bench/budgets.ts).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/function-entries.ts';

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
});
