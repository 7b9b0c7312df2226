// Cold start, measured as a ratio in one run: a fresh Node process imports a function's bundle (which reads
// its settings and builds its clients), against a fresh process that only imports the clients and libraries
// the function uses (the AWS SDK modules the bundle loads at start, and those functions.ts names). Runs
// alternate between the two, so the machine's load weighs on both alike.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface ColdStart {
  runs: number;
  sdkModules: string[];
  bundleMedianMs: number;
  sdkMedianMs: number;
  /** bundle / SDK, medians. */
  ratio: number;
  bundleRangeMs: [number, number];
  sdkRangeMs: [number, number];
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

function importTime(file: string, env: NodeJS.ProcessEnv, cwd: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(pathToFileURL(file).href)}); console.log(performance.now() - t);`;
  const res = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env,
    cwd,
    encoding: 'utf8',
  });
  if (res.status !== 0) throw new Error(`cold start of ${file} failed:\n${res.stderr}`);
  return Number(res.stdout.trim());
}

/**
 * `bundle` is the built function; `sdkModules` the clients and libraries it uses. The baseline is a module
 * beside the bundle (same module resolution) that imports exactly those.
 */
export function coldStart(
  bundle: string,
  sdkModules: string[],
  env: NodeJS.ProcessEnv,
  runs = 21,
): ColdStart {
  const baseline = join(
    dirname(bundle),
    `${bundle
      .split('/')
      .at(-1)
      ?.replace(/\.mjs$/, '')}.sdk-only.mjs`,
  );
  writeFileSync(baseline, `${sdkModules.map((m) => `import ${JSON.stringify(m)};`).join('\n')}\n`);
  const cwd = dirname(bundle);
  // One of each first, unmeasured: the file system cache warms up for both.
  importTime(bundle, env, cwd);
  importTime(baseline, env, cwd);
  const bundleTimes: number[] = [];
  const sdkTimes: number[] = [];
  for (let i = 0; i < runs; i++) {
    bundleTimes.push(importTime(bundle, env, cwd));
    sdkTimes.push(importTime(baseline, env, cwd));
  }
  const b = median(bundleTimes);
  const sdk = median(sdkTimes);
  return {
    runs,
    sdkModules,
    bundleMedianMs: round(b),
    sdkMedianMs: round(sdk),
    ratio: round(b / sdk, 3),
    bundleRangeMs: [round(Math.min(...bundleTimes)), round(Math.max(...bundleTimes))],
    sdkRangeMs: [round(Math.min(...sdkTimes)), round(Math.max(...sdkTimes))],
  };
}
