// Each function's bundle, built with the CDK construct's settings, and its cold start against a bare import
// of the clients it loads (cold-start.ts). Part of `npm run bench`; alone: `npm run bench:functions`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { GENERATION_FUNCTIONS, JOB_FUNCTIONS } from '../../infra/function-entries.ts';
import { LOCAL_PRICE_IDS } from '../../infra/local/stripe/prices.ts';
import { servedGroups } from '../../shared/api-routes.ts';
import { buildGroupBundle, sdkModulesAtStart } from '../support/function-bundle.ts';
import type { Budget } from './budgets.ts';
import { type ColdStart, coldStart } from './cold-start.ts';

/**
 * Our code and the AWS clients a function imports, plus Powertools' logger and metrics (about 40 KB, every
 * function). The functions traced with X-Ray (the API groups and the avatar worker) also carry Powertools'
 * tracer and the X-Ray SDK (about 120 KB): a trace from the API through the queue to the provider call is
 * worth that much code, and the tracer is only loaded inside Lambda (functions/observability/tracer.ts).
 */
const BUNDLE_BUDGET_KB = 290;
const TRACER_KB = 130;
const TRACED = new Set([
  'auth',
  'photos',
  'photo-intake',
  'avatars',
  'billing',
  'admin-styles',
  'stripe-webhook',
  'account',
  'avatar-worker',
]);
/** The Stripe SDK (every API resource, about 200 KB minified) is most of these bundles. */
const BUNDLE_BUDGET_KB_BY_GROUP: Record<string, number> = {
  billing: 390,
  'stripe-webhook': 390,
  // An account deletion deletes its Stripe customer.
  'privacy-jobs': 390,
};
const bundleBudget = (group: string): number =>
  (BUNDLE_BUDGET_KB_BY_GROUP[group] ?? BUNDLE_BUDGET_KB) + (TRACED.has(group) ? TRACER_KB : 0);
const COLD_START_RATIO_BUDGET = 1.15;
/**
 * Service SDKs other than AWS's that a function bundles and loads at start: the baseline imports them too,
 * so the ratio measures our code and set-up against a bare import of every client the function uses.
 */
const OTHER_CLIENTS_AT_START: Record<string, string[]> = {
  billing: ['stripe'],
  'stripe-webhook': ['stripe'],
  // With a key the worker loads the OpenAI client at start, as billing loads Stripe's.
  'avatar-worker': ['openai'],
  'privacy-jobs': ['stripe'],
};

/**
 * Settings a function reads at start, as in Lambda (SES mail, no local endpoint). A group that needs a new
 * setting fails here with its name (functions/config.ts): add it.
 */
const FUNCTION_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  // As in Lambda: the traced functions load the X-Ray tracer at start (functions/observability/tracer.ts).
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x',
  LOG_LEVEL: 'silent',
  STAGE: 'bench',
  TABLE_NAME: 'aivatar-bench',
  WEB_URL: 'https://app.example.com',
  MAIL_FROM: 'Aivatar <no-reply@example.com>',
  MAIL_TRANSPORT: 'ses',
  JWT_SECRET: 'b'.repeat(48),
  MEDIA_BUCKET: 'aivatar-bench-media',
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'bench',
  AWS_SECRET_ACCESS_KEY: 'bench',
  STRIPE_SECRET_KEY: 'sk_test_bench_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_bench_secret',
  STRIPE_PRICES: JSON.stringify(LOCAL_PRICE_IDS),
  TASK_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/aivatar-bench-avatar-tasks',
  PRIVACY_JOB_QUEUE_URL: 'https://sqs.eu-west-1.amazonaws.com/123456789012/aivatar-bench-privacy-jobs',
  OPENAI_API_KEY: 'sk-bench-cold-start',
};

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

export interface FunctionFigures {
  minifiedKB: number;
  gzippedKB: number;
  /** As in Lambda; for a traced function without its tracer (POWERTOOLS_TRACE_ENABLED=false): our code. */
  coldStart: ColdStart;
  /** A traced function's cold start with its tracer loaded, as deployed (Tracing.ACTIVE), against the same baseline. */
  traced?: ColdStart;
}

/**
 * What loading the X-Ray tracer adds to a cold start, at most (ms, the medians' difference). Its bundle
 * weight has its own allowance above (TRACER_KB). The trace it buys follows one request from API Gateway
 * through DynamoDB, S3, SQS and the worker to the provider's call: the only way to see where a slow or
 * stuck avatar spent its time. A stage can turn it off with POWERTOOLS_TRACE_ENABLED=false.
 */
const TRACER_COLD_MS = 150;
const tracerCost = (f: FunctionFigures): number | null =>
  f.traced ? Math.round((f.traced.bundleMedianMs - f.coldStart.bundleMedianMs) * 10) / 10 : null;

/** Builds every function into `outDir` and measures its cold start `coldRuns` times against the baseline. */
export async function functionBench(
  outDir: string,
  coldRuns: number,
): Promise<Record<string, FunctionFigures>> {
  const figures: Record<string, FunctionFigures> = {};
  for (const group of [...servedGroups(), ...GENERATION_FUNCTIONS, ...JOB_FUNCTIONS]) {
    const bundle = await buildGroupBundle(group, join(outDir, `${group}.mjs`));
    const code = readFileSync(bundle.file);
    const clients = [...sdkModulesAtStart(bundle), ...(OTHER_CLIENTS_AT_START[group] ?? [])];
    const traced = TRACED.has(group);
    figures[group] = {
      minifiedKB: kb(code.length),
      gzippedKB: kb(gzipSync(code).length),
      // Our code against the clients alone: a traced function measured without its tracer, whose cost is
      // measured on its own below.
      coldStart: coldStart(
        bundle.file,
        clients,
        traced ? { ...FUNCTION_ENV, POWERTOOLS_TRACE_ENABLED: 'false' } : FUNCTION_ENV,
        coldRuns,
      ),
      ...(traced ? { traced: coldStart(bundle.file, clients, FUNCTION_ENV, coldRuns) } : {}),
    };
  }
  return figures;
}

export function printFunctionFigures(figures: Record<string, FunctionFigures>): void {
  console.log(
    '\nFunctions: bundle (minified / gzipped), cold start (median of fresh processes, alternating)',
  );
  for (const [group, f] of Object.entries(figures)) {
    const c = f.coldStart;
    console.log(
      `  ${group.padEnd(16)} ${String(f.minifiedKB).padStart(7)} KB ${String(f.gzippedKB).padStart(7)} KB   ` +
        `bundle ${c.bundleMedianMs} ms (${c.bundleRangeMs.join('-')}), clients alone ${c.sdkMedianMs} ms ` +
        `(${c.sdkRangeMs.join('-')}), ratio ${c.ratio}, ${c.runs} runs each`,
    );
    console.log(`  ${''.padEnd(16)} client modules at start: ${c.sdkModules.join(', ') || 'none'}`);
    if (f.traced)
      console.log(
        `  ${''.padEnd(16)} with the X-Ray tracer loaded (as deployed): bundle ${f.traced.bundleMedianMs} ms, ` +
          `clients alone ${f.traced.sdkMedianMs} ms, ratio ${f.traced.ratio}; the tracer adds ${tracerCost(f)} ms`,
      );
  }
}

export const functionBudgets = (figures: Record<string, FunctionFigures>): Budget[] =>
  Object.entries(figures).flatMap(([group, f]): Budget[] => [
    {
      name: `${group} bundle minified`,
      value: f.minifiedKB,
      unit: 'KB',
      limit: bundleBudget(group),
    },
    {
      name: `${group} cold start / SDK import alone${f.traced ? ' (tracer off)' : ''}`,
      value: f.coldStart.ratio,
      unit: 'x',
      limit: COLD_START_RATIO_BUDGET,
    },
    ...(f.traced
      ? [
          {
            name: `${group} cold start added by the X-Ray tracer`,
            value: tracerCost(f) as number,
            unit: 'ms',
            limit: TRACER_COLD_MS,
          },
        ]
      : []),
  ]);
