// An API figure and its DynamoDB floor measured together, so a ratio compares like with like on a shared,
// noisy machine: one request at a time (one Lambda instance serves one request at a time; the local stack is
// one process for every group, and at concurrency 10 its requests queue behind each other, which a Lambda's
// do not), and interleaved in rounds (N floor calls, then N API calls, `rounds` times), so a burst of load
// from other work on the machine weighs on both figures alike. The floor is the DynamoDB Local call behind
// the path (dynamo-floor.ts); the ratio is what our code and the local API adapter add to it.
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
  api: Figure;
  floor: Figure;
  ratioP50: number;
  ratioP99: number;
}

const figure = (times: number[]): Figure => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50Ms: tenths(percentile(sorted, 50)), p99Ms: tenths(percentile(sorted, 99)) };
};

export const ratio = (a: number, b: number): number => Math.round((a / b) * 100) / 100;

/**
 * `api(i)` makes the i-th API call and says whether it succeeded; `floor(i)` the i-th floor call. Both take
 * fresh data where a call changes it (i counts from 0 across warm-up and measured rounds alike).
 */
export async function paired(
  floorName: string,
  counts: PairCounts,
  floor: (i: number) => Promise<unknown>,
  api: (i: number) => Promise<boolean>,
): Promise<Paired> {
  const floorTimes: number[] = [];
  const apiTimes: number[] = [];
  let failures = 0;
  let f = 0;
  let a = 0;
  for (let round = 0; round < counts.warmRounds + counts.rounds; round++) {
    const measured = round >= counts.warmRounds;
    for (let k = 0; k < counts.perRound; k++) {
      const t = performance.now();
      await floor(f++);
      if (measured) floorTimes.push(performance.now() - t);
    }
    for (let k = 0; k < counts.perRound; k++) {
      const t = performance.now();
      const ok = await api(a++);
      if (measured) {
        apiTimes.push(performance.now() - t);
        if (!ok) failures++;
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
    api: apiFigure,
    floor: floorFigure,
    ratioP50: ratio(apiFigure.p50Ms, floorFigure.p50Ms),
    ratioP99: ratio(apiFigure.p99Ms, floorFigure.p99Ms),
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
  `${p.failures ? `, ${p.failures} failed` : ''})`;

/** The budget on the p99 ratio; the p50 figures and ratio are printed beside it. */
export const pairedBudget = (path: string, p: Paired, limit: number): Budget =>
  ratioBudget({
    name: `${path} / ${p.floorName}, p99 @1`,
    value: { ms: p.api.p99Ms, failed: p.failures > 0 },
    floor: { name: p.floorName, ms: p.floor.p99Ms },
    limit,
    also: `p50 ${p.api.p50Ms} / ${p.floor.p50Ms} ms = ${p.ratioP50}x`,
  });
