// Sends the benchmark's requests from a thread of its own, so the load generator does not share an event
// loop with the local API it measures (a real client is another machine).
import { parentPort, workerData } from 'node:worker_threads';

export interface LoadJob {
  total: number;
  concurrency: number;
  requests: { url: string; method: string; headers: Record<string, string>; body?: string }[];
}

const job = workerData as LoadJob;
const times: number[] = [];
let next = 0;
let failures = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: job.concurrency }, async () => {
    while (next < job.total) {
      const r = job.requests[next++ % job.requests.length] as LoadJob['requests'][number];
      const t = performance.now();
      const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
      times.push(performance.now() - t);
    }
  }),
);
parentPort?.postMessage({ times, failures, elapsedMs: performance.now() - started });
