// Starts one local stack for the integration and browser tests, on free ports, in memory.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { type LocalStack, REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { BUCKETS } from '../../shared/table-design.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    stack: {
      apiUrl: string;
      webUrl: string;
      dynamoEndpoint: string;
      tableName: string;
      s3Endpoint: string;
      mediaBucket: string;
      outboxDir: string;
      jwtSecret: string;
      /** the local stand-in for Google */
      googleIssuer: string;
      stripe: { url: string; secretKey: string; webhookSecret: string; webhookUrl: string };
    };
  }
}

// The integration and browser projects run in one process and share one stack: the handlers read their
// settings from process.env, so two stacks in one process would step on each other.
const shared = globalThis as { aivatarStack?: Promise<LocalStack>; aivatarStackUsers?: number };

export async function setup(project: TestProject): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const needsWeb = project.name === 'browser';
  const dist = join(REPO_ROOT, 'web/dist');
  // Always a fresh build: a stale web/dist would test yesterday's screens (SKIP_WEB_BUILD=1 to reuse it).
  if (needsWeb && !(process.env.SKIP_WEB_BUILD && existsSync(join(dist, 'index.html')))) {
    execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], {
      cwd: REPO_ROOT,
      stdio: 'inherit',
    });
  }
  shared.aivatarStack ??= startLocalStack({
    webDist: dist,
    trustForwardedFor: true,
    adminEmails: ['admin@example.test'],
    // The API and the workers in their own processes, as npm start runs them: the test files run side by
    // side (vitest.config.ts) and the face model's work does not queue behind vitest's own.
    roleProcesses: true,
  });
  shared.aivatarStackUsers = (shared.aivatarStackUsers ?? 0) + 1;
  const stack = await shared.aivatarStack;
  project.provide('stack', {
    apiUrl: stack.apiUrl,
    webUrl: stack.webUrl,
    dynamoEndpoint: stack.dynamoEndpoint,
    tableName: stack.tableName,
    s3Endpoint: stack.s3Endpoint,
    mediaBucket: BUCKETS.media,
    outboxDir: stack.outboxDir,
    jwtSecret: process.env.JWT_SECRET as string,
    googleIssuer: stack.googleIssuer,
    stripe: {
      url: stack.stripe.url,
      secretKey: stack.stripe.secretKey,
      webhookSecret: stack.stripe.webhookSecret,
      webhookUrl: stack.stripe.webhookUrl,
    },
  });
}

export async function teardown(): Promise<void> {
  shared.aivatarStackUsers = (shared.aivatarStackUsers ?? 1) - 1;
  if (shared.aivatarStackUsers === 0 && shared.aivatarStack) await (await shared.aivatarStack).stop();
}
