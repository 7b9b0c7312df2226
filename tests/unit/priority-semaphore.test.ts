// The bound on password hashing per process (functions/accounts/passwords/scrypt-hasher.ts): low-priority work (checks
// made in a session) never takes the slots sign-in needs, and waiting sign-ins start first.
import { describe, expect, it } from 'vitest';
import { PrioritySemaphore } from '#platform/priority-semaphore.ts';

/** Work that runs until the test lets it finish. */
function heldWork(log: string[], name: string) {
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the priority semaphore', () => {
  it('lets low work take only its share, so high work starts at once during a flood of it', async () => {
    const gate = new PrioritySemaphore(2, 1);
    const log: string[] = [];
    const low = Array.from({ length: 5 }, (_, i) => heldWork(log, `low${i}`));
    const lowRuns = low.map((w) => gate.run('low', w.work));
    await settle();
    expect(log).toEqual(['start low0']);
    const high = heldWork(log, 'high');
    const highRun = gate.run('high', high.work);
    await settle();
    expect(log).toEqual(['start low0', 'start high']);
    expect(gate.load).toEqual({ running: 2, runningLow: 1, waitingHigh: 0, waitingLow: 4 });
    high.finish();
    await highRun;
    for (const w of low) w.finish();
    await Promise.all(lowRuns);
    expect(gate.load).toEqual({ running: 0, runningLow: 0, waitingHigh: 0, waitingLow: 0 });
  });

  it('starts waiting high work before waiting low work, whatever the order they came in', async () => {
    const gate = new PrioritySemaphore(1, 1);
    const log: string[] = [];
    const first = heldWork(log, 'first');
    const firstRun = gate.run('high', first.work);
    const low = heldWork(log, 'low');
    const lowRun = gate.run('low', low.work);
    const high = heldWork(log, 'high');
    const highRun = gate.run('high', high.work);
    await settle();
    first.finish();
    await firstRun;
    await settle();
    expect(log.at(-1)).toBe('start high');
    high.finish();
    low.finish();
    await Promise.all([highRun, lowRun]);
    expect(log).toEqual(['start first', 'end first', 'start high', 'end high', 'start low', 'end low']);
  });

  it('frees the slot of work that failed', async () => {
    const gate = new PrioritySemaphore(1, 1);
    await expect(gate.run('low', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await gate.run('low', async () => 'next')).toBe('next');
  });
});
