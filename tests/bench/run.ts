// `npm run bench`: bundle sizes, a cold-start proxy, warm API latency through the local adapter, and the
// SPA's first-load JS for /login. Prints a table and writes bench-results/bench.json.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { ESM_REQUIRE_BANNER, LAMBDA_EXTERNAL_MODULES } from '../../infra/constructs/api-function.ts';
import { handlerEntry } from '../../infra/function-entries.ts';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { servedGroups } from '../../shared/api-routes.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { firstLoadJs } from './first-load-js.ts';
import type { LoadJob } from './load-worker.ts';
import { webhookLatency } from './webhook-load.ts';

const OUT = join(REPO_ROOT, '.local/bench');
const RESULTS = join(REPO_ROOT, 'bench-results');
mkdirSync(OUT, { recursive: true });
mkdirSync(RESULTS, { recursive: true });
process.env.LOG_LEVEL = 'silent';

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
const ms = (n: number) => Math.round(n * 10) / 10;

// 1. Bundles, built with the CDK construct's settings.
async function bundleSizes() {
  const sizes: Record<string, { minifiedKB: number; gzippedKB: number; file: string }> = {};
  for (const group of servedGroups()) {
    const file = join(OUT, `${group}.mjs`);
    await build({
      entryPoints: [handlerEntry(group)],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      minify: true,
      mainFields: ['module', 'main'],
      banner: { js: ESM_REQUIRE_BANNER },
      external: LAMBDA_EXTERNAL_MODULES,
      outfile: file,
      logLevel: 'error',
    });
    const code = readFileSync(file);
    sizes[group] = { minifiedKB: kb(code.length), gzippedKB: kb(gzipSync(code).length), file };
  }
  return sizes;
}

// 2. Cold-start proxy: fresh Node processes import the auth bundle, which reads its config and builds its clients.
function coldStart(file: string, runs = 15) {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
  const env = {
    ...process.env,
    STAGE: 'bench',
    TABLE_NAME: 'aivatar-bench',
    WEB_URL: 'https://app.example.com',
    MAIL_FROM: 'Aivatar <no-reply@example.com>',
    MAIL_TRANSPORT: 'ses',
    JWT_SECRET: 'b'.repeat(48),
    AWS_REGION: 'eu-west-1',
    AWS_ACCESS_KEY_ID: 'bench',
    AWS_SECRET_ACCESS_KEY: 'bench',
  };
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      cwd: REPO_ROOT,
    });
    if (res.status !== 0) throw new Error(`cold start run failed: ${res.stderr}`);
    times.push(Number(res.stdout.trim()));
  }
  times.sort((a, b) => a - b);
  return {
    runs,
    medianMs: ms(pct(times, 50)),
    minMs: ms(times[0] as number),
    maxMs: ms(times.at(-1) as number),
  };
}

// 3. Warm latency at concurrency 10 through the local API Gateway adapter and DynamoDB Local.
async function latency(apiUrl: string, outboxDir: string) {
  const password = 'bench password 123';
  const users: { email: string; token: string }[] = [];
  for (let i = 0; i < 20; i++) {
    const email = `bench-${randomUUID().slice(0, 8)}@example.test`;
    users.push({ email, token: await createLocalAccount({ apiUrl, outboxDir }, email, { password }) });
  }

  async function run(total: number, concurrency: number, requests: LoadJob['requests']) {
    const job: LoadJob = { total, concurrency, requests };
    const worker = new Worker(new URL('./load-worker.ts', import.meta.url), { workerData: job });
    const { times, failures, elapsedMs } = await new Promise<{
      times: number[];
      failures: number;
      elapsedMs: number;
    }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    times.sort((a, b) => a - b);
    return {
      requests: total,
      concurrency,
      failures,
      p50Ms: ms(pct(times, 50)),
      p99Ms: ms(pct(times, 99)),
      perSecond: Math.round(total / (elapsedMs / 1000)),
    };
  }

  const userInfo = users.map((u) => ({
    url: `${apiUrl}/user_info`,
    method: 'GET',
    headers: { authorization: `Bearer ${u.token}` },
  }));
  // DynamoDB Local is a JVM: its latency settles only after a thousand or so requests.
  await run(1500, 10, userInfo);
  const userInfoResult = await run(2000, 10, userInfo);
  const login = await run(
    100,
    10,
    users.map((u, i) => ({
      url: `${apiUrl}/login`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.8.0.${i + 1}` },
      body: JSON.stringify({ email: u.email, password }),
    })),
  );
  return { userInfo: userInfoResult, login };
}

const bundles = await bundleSizes();
const cold = coldStart(bundles.auth?.file as string);
execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
const stack = await startLocalStack({ webDist: join(REPO_ROOT, 'web/dist'), trustForwardedFor: true });
let results: Record<string, unknown>;
try {
  const warm = await latency(stack.apiUrl, stack.outboxDir);
  const webhook = await webhookLatency(stack);
  const [spa] = await firstLoadJs(stack.webUrl, ['/login']);
  results = {
    date: new Date().toISOString(),
    bundles,
    coldStart: cold,
    warm: { ...warm, ...webhook },
    spaLogin: spa,
  };
} finally {
  await stack.stop();
}

const budgets = [
  [
    'auth bundle minified',
    `${bundles.auth?.minifiedKB} KB`,
    '<= 250 KB',
    (bundles.auth?.minifiedKB ?? Infinity) <= 250,
  ],
  // The Stripe SDK is most of these two (it carries every API resource).
  ...(['billing', 'stripe-webhook'] as const).map(
    (g) =>
      [
        `${g} bundle minified`,
        `${bundles[g]?.minifiedKB} KB`,
        '<= 350 KB',
        (bundles[g]?.minifiedKB ?? Infinity) <= 350,
      ] as const,
  ),
  [
    'POST /stripe/webhook p99 @10 (credits)',
    `${(results.warm as { credits: { p99Ms: number } }).credits.p99Ms} ms`,
    '<= 60 ms',
    (results.warm as { credits: { p99Ms: number } }).credits.p99Ms <= 60,
  ],
  [
    'POST /stripe/webhook p99 @10 (retries)',
    `${(results.warm as { replays: { p99Ms: number } }).replays.p99Ms} ms`,
    '<= 60 ms',
    (results.warm as { replays: { p99Ms: number } }).replays.p99Ms <= 60,
  ],
  ['auth cold-start proxy (median of 15)', `${cold.medianMs} ms`, '<= 60 ms', cold.medianMs <= 60],
  [
    'GET /user_info p99 @10',
    `${(results.warm as { userInfo: { p99Ms: number } }).userInfo.p99Ms} ms`,
    '<= 50 ms',
    (results.warm as { userInfo: { p99Ms: number } }).userInfo.p99Ms <= 50,
  ],
  [
    '/login first-load JS gzipped',
    `${(results.spaLogin as { gzippedKB: number }).gzippedKB} KB`,
    '<= 120 KB',
    (results.spaLogin as { gzippedKB: number }).gzippedKB <= 120,
  ],
] as const;

console.log('\nBundles (minified / gzipped):');
for (const [g, b] of Object.entries(bundles))
  console.log(
    `  ${g.padEnd(16)} ${String(b.minifiedKB).padStart(7)} KB  ${String(b.gzippedKB).padStart(7)} KB`,
  );
console.log(
  `\nCold-start proxy (auth): median ${cold.medianMs} ms (min ${cold.minMs}, max ${cold.maxMs}) over ${cold.runs} processes`,
);
const w = results.warm as Record<
  string,
  { p50Ms: number; p99Ms: number; perSecond: number; requests: number; failures: number }
>;
for (const [name, r] of Object.entries(w)) {
  console.log(
    `Warm ${name.padEnd(9)} p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  ${r.perSecond} req/s  (${r.requests} requests, ${r.failures} failed, concurrency 10)`,
  );
}
const s = results.spaLogin as { files: number; rawKB: number; gzippedKB: number };
console.log(`SPA /login first load: ${s.files} JS files, ${s.rawKB} KB raw, ${s.gzippedKB} KB gzipped`);
console.log('\nBudgets:');
for (const [name, value, budget, ok] of budgets)
  console.log(`  ${ok ? 'ok  ' : 'OVER'} ${name.padEnd(40)} ${value.padStart(10)}  (${budget})`);
writeFileSync(
  join(RESULTS, 'bench.json'),
  JSON.stringify(
    { ...results, budgets: budgets.map(([name, value, budget, ok]) => ({ name, value, budget, ok })) },
    null,
    2,
  ),
);
console.log(`\nWritten to ${join(RESULTS, 'bench.json')}`);
