// An API figure and its floor measured together, so a ratio compares like with like on a shared, noisy
// machine: one request at a time (one Lambda instance serves one request at a time; the local stack is one
// process for every group, and at concurrency 10 its requests queue behind each other, which a Lambda's do
// not), and interleaved in rounds (N floor calls, then N API calls, `rounds` times), so a burst of load from
// other work on the machine weighs on both figures alike. In `npm run bench` the floor is the DynamoDB Local
// call behind the path (dynamo-floor.ts): the ratio is what our code and the local API adapter add to it. In
// `npm run bench:api` it is a no-op request through the same gateway plus the path's own DynamoDB calls sent
// raw (api-floor.ts): the ratio is what our code adds.
import { type Budget, ratioBudget } from './budgets.ts';
import { percentile, tenths } from './stats.ts';

export interface PairCounts {
  /** rounds of `perRound` floor calls then `perRound` API calls, all measured */
  rounds: number;
  perRound: number;
  /** rounds before them, unmeasured: the JVM's JIT, the SDK's and the function's first calls */
  warmRounds: number;
}

export const DEFAULT_PAIR_COUNTS: PairCounts = { rounds: 10, perRound: 30, warmRounds: 2 };

export interface Figure {
  p50Ms: number;
  p99Ms: number;
}

export interface Paired {
  /** what the API path was measured against, e.g. 'GetItem' */
  floorName: string;
  calls: number;
  rounds: number;
  /** API calls answered with an error (any counts as a miss) */
  failures: number;
  /** floor calls that said they failed (returned false; any counts as a miss) */
  floorFailures: number;
  api: Figure;
  floor: Figure;
  ratioP50: number;
  ratioP99: number;
  /** more series measured in the same rounds, after the API's block (`also`), by name */
  also?: Record<string, Figure & { failures: number }>;
}

const figure = (times: number[]): Figure => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: tenths(percentile(sorted, 50)), p99Ms: tenths(percentile(sorted, 99)) };
};

export const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;

/**
 * `api(i)` makes the i-th API call and says whether it succeeded; `floor(i)` the i-th floor call, which may
 * say it failed by returning false. Both take fresh data where a call changes it (i counts from 0 across
 * warm-up and measured rounds alike). `also`: more series, each a block of `perRound` calls after the API's
 * in every round (a false answer counts as a failure), measured beside the pair without entering its ratio.
 */
export async function paired(
  floorName: string,
  counts: PairCounts,
  floor: (i: number) => Promise<unknown>,
  api: (i: number) => Promise<boolean>,
  also: Record<string, (i: number) => Promise<unknown>> = {},
): Promise<Paired> {
  const alsoTimes = Object.fromEntries(Object.keys(also).map((name) => [name, [] as number[]]));
  const alsoFailures: Record<string, number> = Object.fromEntries(Object.keys(also).map((name) => [name, 0]));
  const floorTimes: number[] = [];
  const apiTimes: number[] = [];
  let failures = 0;
  let floorFailures = 0;
  let f = 0;
  let a = 0;
  for (let round = 0; round < counts.warmRounds + counts.rounds; round++) {
    const measured = round >= counts.warmRounds;
    for (let k = 0; k < counts.perRound; k++) {
      const t = performance.now();
      const done = await floor(f++);
      if (measured) {
        floorTimes.push(performance.now() - t);
        if (done === false) floorFailures++;
      }
    }
    for (let k = 0; k < counts.perRound; k++) {
      const t = performance.now();
      const ok = await api(a++);
      if (measured) {
        apiTimes.push(performance.now() - t);
        if (!ok) failures++;
      }
    }
    for (const [name, call] of Object.entries(also)) {
      for (let k = 0; k < counts.perRound; k++) {
        const t = performance.now();
        const done = await call(round * counts.perRound + k);
        if (measured) {
          alsoTimes[name]?.push(performance.now() - t);
          if (done === false) alsoFailures[name] = (alsoFailures[name] ?? 0) + 1;
        }
      }
    }
  }
  const apiFigure = figure(apiTimes);
  const floorFigure = figure(floorTimes);
  return {
    floorName,
    calls: apiTimes.length,
    rounds: counts.rounds,
    failures,
    floorFailures,
    api: apiFigure,
    floor: floorFigure,
    ratioP50: ratio(apiFigure.p50Ms, floorFigure.p50Ms),
    ratioP99: ratio(apiFigure.p99Ms, floorFigure.p99Ms),
    ...(Object.keys(also).length
      ? {
          also: Object.fromEntries(
            Object.entries(alsoTimes).map(([name, times]) => [
              name,
              { ...figure(times), failures: alsoFailures[name] ?? 0 },
            ]),
          ),
        }
      : {}),
  };
}

/** One request to the local API, its body read; true on a 2xx answer. */
export async function apiCall(request: {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}): Promise<boolean> {
  const res = await fetch(request.url, request);
  await res.arrayBuffer();
  return res.ok;
}

/** "GET /user_info p99 12.1 ms / GetItem p99 8.0 ms = 1.51x (p50 4.2 / 3.1 ms = 1.35x, 200 calls @1)" */
export const describePair = (path: string, p: Paired): string =>
  `${path}: p99 ${p.api.p99Ms} ms / ${p.floorName} p99 ${p.floor.p99Ms} ms = ${p.ratioP99}x; ` +
  `p50 ${p.api.p50Ms} ms / ${p.floor.p50Ms} ms = ${p.ratioP50}x (${p.calls} calls each, ${p.rounds} rounds, one at a time` +
  `${p.failures ? `, ${p.failures} failed` : ''}${p.floorFailures ? `, ${p.floorFailures} floor calls failed` : ''})`;

/** The budget on the p99 ratio; the p50 figures and ratio are printed beside it. */
export const pairedBudget = (path: string, p: Paired, limit: number): Budget =>
  ratioBudget({
    name: `${path} / ${p.floorName}, p99 @1`,
    value: { ms: p.api.p99Ms, failed: p.failures + p.floorFailures > 0 },
    floor: { name: p.floorName, ms: p.floor.p99Ms },
    limit,
    also: `p50 ${p.api.p50Ms} / ${p.floor.p50Ms} ms = ${p.ratioP50}x`,
  });

/** Budgets on both ratios, p50 and p99, each printed with its two figures. */
export const pairedBudgets = (path: string, p: Paired, limits: { p50: number; p99: number }): Budget[] =>
  (['p50', 'p99'] as const).map((q) =>
    ratioBudget({
      name: `${path}, ${q} @1`,
      value: { ms: p.api[`${q}Ms`], failed: p.failures + p.floorFailures > 0 },
      floor: { name: p.floorName, ms: p.floor[`${q}Ms`] },
      limit: limits[q],
    }),
  );
