// `npm run bench:load -- [--tasks 1000] [--users 100] [--rate 2] [--ipm 80] [--seed 1]`: many customers
// create avatars in bursts through the API, the local queue and the worker, against a provider stand-in that
// takes 2-8 s an image and enforces a rate limit (images per minute, 429 with Retry-After beyond it, as the
// real provider does). No kills: this is the chaos harness (tests/chaos/harness.ts) run for throughput.
// Prints throughput, create-to-DONE times, provider concurrency and 429s, the worker's memory over the run,
// and the chaos audit (tokens conserved, no result twice, queues and dead letters empty); exits non-zero
// on any loss or a budget missed.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LOCAL_TABLE } from '../../infra/local/stack.ts';
import { queryAll } from '../chaos/audit.ts';
import { CHAOS_API_KEY } from '../chaos/flaky-provider.ts';
import { runChaos } from '../chaos/harness.ts';
import { seeded } from '../chaos/random.ts';
import { formatReport } from '../chaos/report.ts';
import { startFakeImageProvider } from '../support/fake-image-provider.ts';
import type { NpmStart } from '../support/npm-start-process.ts';
import { type Budget, reportBudgets } from './budgets.ts';
import { percentile } from './stats.ts';

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: '1000' },
    users: { type: 'string', default: '100' },
    rate: { type: 'string', default: '2' },
    ipm: { type: 'string', default: '80' },
    seed: { type: 'string', default: '1' },
  },
});
const TASKS = Number(values.tasks);
const USERS = Number(values.users);
/** avatars asked for per second, all customers together */
const RATE = Number(values.rate);
/** the provider's limit, images per minute */
const IMAGES_PER_MINUTE = Number(values.ipm);
const SEED = Number(values.seed);
const DELAY_MS: [number, number] = [2000, 8000];

/** The worker's resident memory, after warm-up, may not grow by more than this from the first third to the last. */
const MEMORY_GROWTH_BUDGET = 1.25;

interface Busy {
  from: number;
  to: number;
}
const inFlight: Busy[] = [];
const recentOk: number[] = [];
let rateLimited = 0;

const random = seeded(SEED + 1);
const provider = () =>
  startFakeImageProvider(CHAOS_API_KEY, {
    otherwise: (call) => {
      // A sliding minute of accepted calls: beyond the limit, 429 as the provider answers it.
      while (recentOk.length && (recentOk[0] as number) < call.at - 60_000) recentOk.shift();
      if (recentOk.length >= IMAGES_PER_MINUTE) {
        rateLimited += 1;
        return { kind: 'rate-limit', retryAfter: '2' };
      }
      recentOk.push(call.at);
      const delayMs = random.int(DELAY_MS[0], DELAY_MS[1]);
      inFlight.push({ from: call.at, to: call.at + delayMs });
      return { kind: 'ok', delayMs };
    },
  });

/** The most calls the provider had in hand at once. */
function peakConcurrency(spans: Busy[]): number {
  const edges = spans.flatMap((s) => [
    [s.from, 1],
    [s.to, -1],
  ]);
  edges.sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number));
  let now = 0;
  let peak = 0;
  for (const [, d] of edges) {
    now += d as number;
    peak = Math.max(peak, now);
  }
  return peak;
}

const rssMb = (pid: number): number | null => {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 102.4) / 10 : null;
  } catch {
    return null;
  }
};
const memory: { at: number; mb: number }[] = [];
const watch = (stack: NpmStart) => {
  const timer = setInterval(() => {
    const pid = stack.rolePid('workers');
    const mb = pid ? rssMb(pid) : null;
    if (mb !== null) memory.push({ at: Date.now(), mb });
  }, 2000);
  return { stop: () => clearInterval(timer) };
};

let timings: { createToDoneS: number[]; firstCreate: number; lastDone: number } = {
  createToDoneS: [],
  firstCreate: 0,
  lastDone: 0,
};

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
const report = await runChaos({
  cycles: 0,
  tasks: TASKS,
  users: USERS,
  seed: SEED,
  rate: RATE,
  // The worker's own timeout, as in AWS: a provider taking seconds on a busy machine is waited for.
  taskTiming: 'standard',
  provider,
  watch,
  log: (line) => console.error(`[load] ${line}`),
  inspect: async ({ db, customers }) => {
    const done: number[] = [];
    let first = Number.POSITIVE_INFINITY;
    let last = 0;
    for (const c of customers) {
      for (const t of await queryAll(db, LOCAL_TABLE, `USER#${c.userId}`, 'TASK#')) {
        first = Math.min(first, Number(t.created_at));
        if (t.status !== 'DONE') continue;
        done.push(Number(t.updated_at) - Number(t.created_at));
        last = Math.max(last, Number(t.updated_at));
      }
    }
    timings = { createToDoneS: done.sort((a, b) => a - b), firstCreate: first, lastDone: last };
  },
});

console.log(formatReport(report).replace(/^Chaos run/, 'Load run'));
const t = timings;
const spanMin = (t.lastDone - t.firstCreate) / 60;
const throughput = Math.round((t.createToDoneS.length / Math.max(spanMin, 1 / 60)) * 10) / 10;
const p50 = percentile(t.createToDoneS, 50);
const p99 = percentile(t.createToDoneS, 99);
// The first quarter of the samples is the warm-up (the face model and the bundles loading): left out.
const all = memory.map((m) => m.mb);
const mem = all.slice(Math.floor(all.length / 4));
const quarter = Math.max(1, Math.floor(mem.length / 3));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const firstQ = Math.round(mean(mem.slice(0, quarter)) * 10) / 10;
const lastQ = Math.round(mean(mem.slice(-quarter)) * 10) / 10;
const growth = firstQ ? Math.round((lastQ / firstQ) * 100) / 100 : 0;
console.log(
  [
    `  throughput  ${t.createToDoneS.length} DONE in ${spanMin.toFixed(1)} min (first create to last DONE): ${throughput} tasks/min`,
    `  create→DONE p50 ${p50} s, p99 ${p99} s (whole seconds, from the task's own timestamps)`,
    `  provider    ${IMAGES_PER_MINUTE} images/min limit, ${DELAY_MS[0] / 1000}-${DELAY_MS[1] / 1000} s an image: peak ${peakConcurrency(inFlight)} calls at once; ${rateLimited} answered 429 and absorbed`,
    `  worker RSS  after warm-up: first third ${firstQ} MB, last third ${lastQ} MB (x${growth}), max ${Math.max(0, ...all)} MB, ${all.length} samples`,
  ].join('\n'),
);

const budgets: Budget[] = [
  { name: 'losses (chaos audit)', value: report.losses.length, unit: '', limit: 0 },
  {
    name: 'tasks still pending or queued',
    value: report.audit.totals.pending + report.queuesLeft.tasks + report.queuesLeft.deadLetters,
    unit: '',
    limit: 0,
  },
  { name: 'worker RSS last third / first third', value: growth, unit: 'x', limit: MEMORY_GROWTH_BUDGET },
];
process.exit(reportBudgets(budgets) || (report.losses.length ? 1 : 0));
