// Each function's bundle, built with the CDK construct's settings, and its cold start as deployed against a
// fresh process that imports only the clients and libraries the function uses (cold-start.ts: fresh
// processes, alternating, in the same run). Part of `npm run bench`; alone: `npm run bench:functions`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routedGroups } from '#shared/api-routes.ts';
import { GENERATION_NEEDS } from '../../infra/constructs/avatar-generation.ts';
import { type FunctionName, GENERATION_FUNCTIONS, JOB_FUNCTIONS } from '../../infra/function-entries.ts';
import { LOCAL_PRICE_IDS } from '../../infra/local/stripe/prices.ts';
import { buildGroupBundle, type GroupBundle, sdkModulesAtStart } from '../support/function-bundle.ts';
import { type Budget, ratioBudget } from './budgets.ts';
import { type ColdStart, coldStart } from './cold-start.ts';

/**
 * Our code and the AWS clients a function imports, plus Powertools' logger and metrics (about 40 KB, every
 * function). The functions traced with X-Ray (the API groups and the avatar worker) also carry Powertools'
 * tracer and the X-Ray SDK (about 120 KB): a trace from the API through the queue to the provider call is
 * worth that much code, and the tracer is only loaded inside Lambda (functions/platform/observability/tracer.ts).
 */
const BUNDLE_BUDGET_KB = 290;
const TRACER_KB = 130;
/** Every API group is traced (infra/group-needs.ts), and the generation functions GENERATION_NEEDS marks. */
const isTraced = (group: string): boolean =>
  routedGroups().includes(group as never) ||
  Boolean((GENERATION_NEEDS as Record<string, { traced?: true }>)[group]?.traced);
/** The Stripe SDK (every API resource, about 200 KB minified) is most of the bundles that carry it. */
const STRIPE_BUNDLE_BUDGET_KB = 390;
const bundleBudget = (f: FunctionFigures): number =>
  (f.clients.includes('stripe') ? STRIPE_BUNDLE_BUDGET_KB : BUNDLE_BUDGET_KB) + (f.traced ? TRACER_KB : 0);
/** A function's cold import / the bare import of the clients and libraries it uses, medians. */
export const COLD_START_RATIO_BUDGET = 1.3;
/**
 * Libraries other than the AWS SDK's clients that a function bundles and uses at start or on every
 * request: the baseline imports them too, so the ratio measures our code and set-up against a bare import
 * of every client and library the function needs. What a function loads at start without using it on its
 * routes is not here, and counts against it (the face model in a function that never analyses a face, say).
 */
const OTHER_CLIENTS_AT_START: Record<string, string[]> = {
  // With a key the worker loads the OpenAI client at start. It measures the likeness of every avatar with
  // the face model, which starts loading with the container (functions/generation/worker-wiring.ts), and makes
  // each avatar's thumbnail with sharp.
  'avatar-worker': [
    'openai',
    'sharp',
    '@vladmandic/face-api/dist/face-api.node-wasm.js',
    '@tensorflow/tfjs-backend-wasm',
    '@tensorflow/tfjs',
  ],
};
/** Service SDKs bundled into a function (billing, the webhook, teams, the privacy jobs carry Stripe's). */
const BUNDLED_SDKS = ['stripe', 'openai'];
const bundledSdks = (b: GroupBundle): string[] =>
  BUNDLED_SDKS.filter((sdk) =>
    Object.keys(b.metafile.inputs).some((p) => p.includes(`node_modules/${sdk}/`)),
  );

/**
 * The traced functions (Tracing.ACTIVE) load Powertools' tracer and the X-Ray SDK at start
 * (functions/platform/observability/tracer.ts) and trace every invocation with it: a client they use, as DynamoDB's.
 */
const TRACER_MODULE = '@aws-lambda-powertools/tracer';

/**
 * Settings a function reads at start, as in Lambda (SES mail, no local endpoint). A group that needs a new
 * setting fails here with its name (functions/platform/config.ts): add it.
 */
const FUNCTION_ENV: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  // As in Lambda: the traced functions load the X-Ray tracer at start (functions/platform/observability/tracer.ts).
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
  /** As deployed: in Lambda's environment, a traced function with its tracer. */
  coldStart: ColdStart;
  traced: boolean;
  /** what the baseline imports: the AWS SDK clients at start, service SDKs, libraries, the tracer */
  clients: string[];
}

/** Builds every function into `outDir` and measures its cold start `coldRuns` times against the baseline. */
export async function functionBench(
  outDir: string,
  coldRuns: number,
  only?: string[],
): Promise<Record<string, FunctionFigures>> {
  const figures: Record<string, FunctionFigures> = {};
  const all: FunctionName[] = [...routedGroups(), ...GENERATION_FUNCTIONS, ...JOB_FUNCTIONS];
  for (const group of all.filter((g) => !only?.length || only.includes(g))) {
    const bundle = await buildGroupBundle(group, join(outDir, `${group}.mjs`));
    const code = readFileSync(bundle.file);
    const traced = isTraced(group);
    const clients = [
      ...new Set([
        ...sdkModulesAtStart(bundle),
        ...bundledSdks(bundle),
        ...(OTHER_CLIENTS_AT_START[group] ?? []),
        ...(traced ? [TRACER_MODULE] : []),
      ]),
    ];
    figures[group] = {
      minifiedKB: kb(code.length),
      gzippedKB: kb(gzipSync(code).length),
      coldStart: coldStart(bundle.file, clients, FUNCTION_ENV, coldRuns),
      traced,
      clients,
    };
  }
  return figures;
}

export function printFunctionFigures(figures: Record<string, FunctionFigures>): void {
  console.log(
    '\nFunctions: bundle (minified / gzipped), cold start as deployed against the bare import of its clients ' +
      '(medians of fresh processes, alternating)',
  );
  for (const [group, f] of Object.entries(figures)) {
    const c = f.coldStart;
    console.log(
      `  ${group.padEnd(18)} ${String(f.minifiedKB).padStart(7)} KB ${String(f.gzippedKB).padStart(7)} KB   ` +
        `cold import ${c.bundleMedianMs} ms (${c.bundleRangeMs.join('-')}) / clients alone ${c.sdkMedianMs} ms ` +
        `(${c.sdkRangeMs.join('-')}) = ${c.ratio}x, ${c.runs} runs each`,
    );
    console.log(
      `  ${''.padEnd(18)} clients and libraries in the baseline: ${c.sdkModules.join(', ') || 'none'}`,
    );
  }
}

export const functionBudgets = (figures: Record<string, FunctionFigures>): Budget[] =>
  Object.entries(figures).flatMap(([group, f]): Budget[] => [
    {
      name: `${group} bundle minified`,
      value: f.minifiedKB,
      unit: 'KB',
      limit: bundleBudget(f),
    },
    ratioBudget({
      name: `${group} cold start / its clients' bare import${f.traced ? ' (tracer included)' : ''}`,
      value: { ms: f.coldStart.bundleMedianMs },
      floor: { name: 'clients alone', ms: f.coldStart.sdkMedianMs },
      limit: COLD_START_RATIO_BUDGET,
    }),
  ]);
