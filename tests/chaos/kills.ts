// The kills of a run: every kind once per round in a random order, each after a random pause, each
// followed by the stack serving again (npm start starts a killed role again; the harness starts npm start
// again after killing all of it).
import type { NpmStart } from '../support/npm-start-process.ts';
import type { Random } from './random.ts';

export type KillKind = 'worker' | 'api' | 'stack';
export const KILL_KINDS: readonly KillKind[] = ['worker', 'api', 'stack'];

export interface Kill {
  kind: KillKind;
  /** npm start was found ended without a kill of ours (a crash, or a signal from another process) */
  unplanned?: string;
  /** ms since the customers started spending */
  at: number;
  /** ms until it served again */
  downMs: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function killSchedule(random: Random, kinds: readonly KillKind[], cycles: number): KillKind[] {
  const schedule: KillKind[] = [];
  while (schedule.length < cycles) schedule.push(...random.shuffle(kinds));
  return schedule.slice(0, cycles);
}

export async function killAtRandom(
  stack: NpmStart,
  o: {
    schedule: KillKind[];
    gapMs: [number, number];
    random: Random;
    since: number;
    log(line: string): void;
  },
): Promise<{ kills: Kill[]; lastReadyAt: number }> {
  const kills: Kill[] = [];
  let lastReadyAt = Date.now();
  for (const kind of o.schedule) {
    await sleep(o.random.int(o.gapMs[0], o.gapMs[1]));
    const ended = stack.endedOnItsOwn();
    if (ended) {
      // Not a kill of ours, but a crash all the same: start it again, and say so in the report.
      const at = Date.now();
      o.log(`npm start had ended on its own (${ended}); starting it again`);
      await stack.killAll();
      await stack.start();
      lastReadyAt = Date.now();
      kills.push({ kind: 'stack', unplanned: ended, at: at - o.since, downMs: lastReadyAt - at });
    }
    const killAt = Date.now();
    if (kind === 'stack') {
      await stack.killAll();
      await sleep(o.random.int(0, 1500));
      await stack.start();
    } else {
      await stack.killRole(kind === 'worker' ? 'workers' : 'api');
    }
    lastReadyAt = Date.now();
    kills.push({ kind, at: killAt - o.since, downMs: lastReadyAt - killAt });
    o.log(
      `killed ${kind === 'stack' ? 'the whole stack' : `the ${kind}`}; serving again after ${lastReadyAt - killAt} ms`,
    );
  }
  return { kills, lastReadyAt };
}
