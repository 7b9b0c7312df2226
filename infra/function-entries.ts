// Where each Lambda's code lives: in its area's room (`functions/<area>/`), beside the group's routes. The
// CDK stack, the local stack, the benchmarks and the tests all find entries through this one table.
import { join } from 'node:path';
import type { LambdaGroup } from '#shared/api-routes.ts';

export const REPO_ROOT = join(import.meta.dirname, '..');

/** Every function's entry, relative to functions/: the endpoint groups, then the queue and scheduled ones. */
export const FUNCTION_ENTRIES: Record<LambdaGroup | GenerationFunction | JobFunction | 'style-seed', string> =
  {
    auth: 'accounts/handler.ts',
    account: 'accounts/account-handler.ts',
    photos: 'photos/handler.ts',
    'photo-intake': 'photos/intake-handler.ts',
    avatars: 'generation/handler.ts',
    billing: 'billing/handler.ts',
    'stripe-webhook': 'billing/webhook-handler.ts',
    'admin-styles': 'styles/handler.ts',
    teams: 'teams/handler.ts',
    'avatar-worker': 'generation/worker-handler.ts',
    'avatar-dead-letter': 'generation/dead-letter-handler.ts',
    'avatar-sweeper': 'generation/sweeper-handler.ts',
    'privacy-jobs': 'privacy/jobs-handler.ts',
    'style-seed': 'styles/seed-handler.ts',
  };

export type FunctionName = keyof typeof FUNCTION_ENTRIES;

export const handlerEntry = (fn: FunctionName): string => join(REPO_ROOT, 'functions', FUNCTION_ENTRIES[fn]);

/** The generation functions beside the endpoint groups (functions/platform/config.ts WORKER_CONFIG). */
export const GENERATION_FUNCTIONS = ['avatar-worker', 'avatar-dead-letter', 'avatar-sweeper'] as const;
export type GenerationFunction = (typeof GENERATION_FUNCTIONS)[number];

/** The privacy job function (functions/platform/config.ts JOB_CONFIG): account deletions and data exports. */
export const JOB_FUNCTIONS = ['privacy-jobs'] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];
