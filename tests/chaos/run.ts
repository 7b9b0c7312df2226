// `npm run chaos -- [--cycles 20] [--tasks 500] [--seed 1] [--users N] [--rate 1] [--kinds worker,api,stack]
// [--keep] [--echo]`: the chaos run of harness.ts. Prints the counts; exits 1 on any loss.
import { parseArgs } from 'node:util';
import { formatReport, KILL_KINDS, type KillKind, runChaos } from './harness.ts';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '20' },
    tasks: { type: 'string', default: '500' },
    seed: { type: 'string', default: String(Date.now() % 100_000) },
    users: { type: 'string' },
    rate: { type: 'string', default: '1' },
    kinds: { type: 'string', default: KILL_KINDS.join(',') },
    keep: { type: 'boolean', default: false },
    echo: { type: 'boolean', default: false },
  },
});
const whole = (name: string, v: string | undefined, min: number): number => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number of at least ${min} (got ${v})`);
    process.exit(2);
  }
  return n;
};
const kinds = (values.kinds as string).split(',').filter(Boolean) as KillKind[];
if (!kinds.length || kinds.some((k) => !KILL_KINDS.includes(k))) {
  console.error(`--kinds takes ${KILL_KINDS.join(', ')} (got ${values.kinds})`);
  process.exit(2);
}

const report = await runChaos({
  cycles: whole('cycles', values.cycles, 0),
  tasks: whole('tasks', values.tasks, 1),
  seed: whole('seed', values.seed, 0),
  ...(values.users ? { users: whole('users', values.users, 1) } : {}),
  rate: Number(values.rate) > 0 ? Number(values.rate) : 1,
  kinds,
  keep: values.keep,
  echo: values.echo,
  log: (line) => console.error(`[chaos] ${line}`),
});
console.log(formatReport(report));
process.exit(report.losses.length ? 1 : 0);
