// Where each Lambda's code lives: `functions/<group>/handler.ts`, beside the group's routes. The CDK
// stack, the local stack, the benchmarks and the tests all find entries through this one function.
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..');

export const handlerEntry = (group: string): string => join(REPO_ROOT, 'functions', group, 'handler.ts');

/** The generation functions beside the endpoint groups (functions/config.ts WORKER_CONFIG). */
export const GENERATION_FUNCTIONS = ['avatar-worker', 'avatar-dead-letter', 'avatar-sweeper'] as const;
export type GenerationFunction = (typeof GENERATION_FUNCTIONS)[number];

/** The privacy job function (functions/config.ts JOB_CONFIG): account deletions and data exports. */
export const JOB_FUNCTIONS = ['privacy-jobs'] as const;
export type JobFunction = (typeof JOB_FUNCTIONS)[number];
