// A process started under child-guard.ts ends with the process that started the guard, however that one
// ends: here it crashes with an uncaught exception, or is killed with SIGKILL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/stack.ts';

const GUARD = join(REPO_ROOT, 'infra/local/child-guard.ts');

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts a parent Node process that runs a long-lived grandchild under the guard, relays the grandchild's
 * pid, then ends as `ending` says.
 */
async function parentThat(
  ending: 'throws' | 'waits',
): Promise<{ parent: number; grandchild: number; exited: Promise<unknown> }> {
  const script = `
    const { spawn } = await import('node:child_process');
    const guard = spawn(process.execPath, [${JSON.stringify(GUARD)}, process.execPath, '-e',
      'console.log("grandchild " + process.pid); setInterval(() => {}, 1000)'], { stdio: ['pipe', 'pipe', 'inherit'] });
    guard.stdout.on('data', (d) => {
      process.stdout.write(d);
      ${ending === 'throws' ? "setTimeout(() => { throw new Error('boom'); }, 50);" : ''}
    });`;
  const parent = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => parent.once('exit', r));
  const grandchild = await new Promise<number>((resolve, reject) => {
    let out = '';
    parent.stdout?.on('data', (d) => {
      out += d;
      const m = /grandchild (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    parent.once('exit', () => reject(new Error(`parent ended first: ${out}`)));
  });
  return { parent: parent.pid as number, grandchild, exited };
}

async function gone(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (alive(pid)) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

describe('child-guard', () => {
  it('stops the guarded process when its parent dies of an uncaught exception', async () => {
    const run = await parentThat('throws');
    expect(await run.exited).toBe(1);
    expect(await gone(run.grandchild, 5000)).toBe(true);
  });

  it.each(['SIGKILL', 'SIGTERM', 'SIGINT'] as const)(
    'stops the guarded process when its parent is killed with %s',
    async (signal) => {
      const run = await parentThat('waits');
      expect(alive(run.grandchild)).toBe(true);
      process.kill(run.parent, signal);
      await run.exited;
      expect(await gone(run.grandchild, 5000)).toBe(true);
    },
  );
});
