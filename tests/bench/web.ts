// `npm run bench:web`: builds the SPA, serves it like CloudFront (local stack), runs Lighthouse (mobile,
// Debian's Chromium) three times on each public page and keeps the median of each category score, and
// measures the landing page's initial JS. Prints the figures and writes bench-results/web.json.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pagePath, prerenderedPages } from '#shared/web-routes.ts';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { firstLoadJs } from './first-load-js.ts';
import {
  LIGHTHOUSE_BUDGETS as BUDGETS,
  LIGHTHOUSE_CATEGORIES as CATEGORIES,
  LANDING_JS_BUDGET_KB,
  missedBudgets,
} from './web-budgets.ts';

const RUNS = 3;

process.env.LOG_LEVEL = 'silent';
if (!process.argv.includes('--skip-build')) {
  execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

// The issue's pages, as far as they are built.
const wanted = ['/', '/fr', '/pricing', '/linkedin-headshot'];
const built = new Set(prerenderedPages().flatMap((p) => [pagePath(p.id, 'en'), pagePath(p.id, 'fr')]));
const paths = wanted.filter((p) => built.has(p));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const stack = await startLocalStack({ webDist: join(REPO_ROOT, 'web/dist') });
const chrome = await launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS.filter((f) => f !== '--headless').concat('--headless=new'),
});
const results: Record<string, Record<string, number> & { runs: number }> = {};
try {
  for (const path of paths) {
    const scores: Record<string, number[]> = Object.fromEntries(CATEGORIES.map((c) => [c, []]));
    const metrics: Record<string, number[]> = { lcpMs: [], tbtMs: [], cls: [], fcpMs: [] };
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${stack.webUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${path}`);
      for (const c of CATEGORIES) scores[c]?.push(Math.round((lhr.categories[c]?.score ?? 0) * 100));
      metrics.lcpMs?.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      metrics.fcpMs?.push(lhr.audits['first-contentful-paint']?.numericValue ?? NaN);
      metrics.tbtMs?.push(lhr.audits['total-blocking-time']?.numericValue ?? NaN);
      metrics.cls?.push(lhr.audits['cumulative-layout-shift']?.numericValue ?? NaN);
      if (run === 0) {
        const failing = Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        if (failing.length) console.log(`  ${path}: failing audits: ${failing.join(', ')}`);
      }
    }
    results[path] = {
      runs: RUNS,
      ...Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c] as number[])])),
      ...Object.fromEntries(
        Object.entries(metrics).map(([k, v]) => [k, Math.round(median(v) * 1000) / 1000]),
      ),
    };
  }
} finally {
  chrome.kill();
}
const [landing] = await firstLoadJs(stack.webUrl, ['/']);
// The app's screens, signed in: what the app shell and a screen's own code weigh on a first visit.
const appToken = await createLocalAccount(stack, `bench-web-${Date.now()}@example.com`);
const appPages = await firstLoadJs(stack.webUrl, ['/app/gallery', '/app/create', '/app/account'], {
  token: appToken,
});
await stack.stop();

console.log('\nLighthouse (mobile), median of 3 runs:');
console.log(`  ${'page'.padEnd(20)} perf  a11y  best  seo   FCP ms  LCP ms  TBT ms  CLS`);
for (const [path, r] of Object.entries(results)) {
  const cells = CATEGORIES.map((c) => {
    const ok = (r[c] ?? 0) >= BUDGETS[c];
    return `${String(r[c]).padStart(3)}${ok ? ' ' : '!'}`;
  });
  console.log(
    `  ${path.padEnd(20)} ${cells.join('  ')}  ${String(Math.round(r.fcpMs ?? 0)).padStart(6)}  ${String(Math.round(r.lcpMs ?? 0)).padStart(6)}  ${String(Math.round(r.tbtMs ?? 0)).padStart(6)}  ${r.cls}`,
  );
}
const jsOk = (landing?.gzippedKB ?? Infinity) <= LANDING_JS_BUDGET_KB;
const missed = missedBudgets(results, landing?.gzippedKB);
console.log(
  `\nLanding initial JS: ${landing?.files} files, ${landing?.gzippedKB} KB gzipped (budget ${LANDING_JS_BUDGET_KB} KB, ${Math.round((LANDING_JS_BUDGET_KB - (landing?.gzippedKB ?? 0)) * 10) / 10} KB free)${jsOk ? '' : ' OVER'}`,
);
for (const p of appPages)
  console.log(`App first-load JS ${p.path}: ${p.files} files, ${p.gzippedKB} KB gzipped`);
console.log(
  `Budgets: perf >= 95, a11y >= 95, best practices >= 95, SEO 100. ${missed.length ? `${missed.length} over budget (marked !)` : 'All met.'}`,
);
if (paths.length < wanted.length)
  console.log(`Not built yet, not measured: ${wanted.filter((p) => !built.has(p)).join(', ')}`);
mkdirSync(join(REPO_ROOT, 'bench-results'), { recursive: true });
writeFileSync(
  join(REPO_ROOT, 'bench-results/web.json'),
  JSON.stringify(
    { date: new Date().toISOString(), lighthouse: results, landingJs: landing, appJs: appPages },
    null,
    2,
  ),
);
// A missed budget fails the command (and so a CI step that runs it).
if (missed.length) {
  console.error(`Missed: ${missed.join('; ')}`);
  process.exitCode = 1;
}
