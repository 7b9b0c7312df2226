// Starts one local stack for the integration and browser tests, on free ports, in memory.
import { spawn } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {} from 'vitest';
import type { TestProject } from 'vitest/node';
import { BUCKETS } from '#shared/table-design.ts';
import { type LocalStack, REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';

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
    /** The file that says when the SPA's build for this run has ended, and how (tests/support/web-built.ts). */
    webBuild: string;
  }
}

// The integration and browser projects run in one process and share one stack: the handlers read their
// settings from process.env, so two stacks in one process would step on each other.
const shared = globalThis as {
  aivatarStack?: Promise<LocalStack>;
  aivatarStackUsers?: number;
  aivatarWebBuild?: { status: string; child?: ReturnType<typeof spawn> };
};

/**
 * Builds the SPA in the background: the browser files run last (vitest.config.ts), so the build overlaps the
 * other files instead of holding every test back; each browser file waits for the status file first.
 */
function buildWebInBackground(dist: string): { status: string; child?: ReturnType<typeof spawn> } {
  const status = join(tmpdir(), `aivatar-web-build-${process.pid}.json`);
  rmSync(status, { force: true });
  // A fresh build always: a stale web/dist would test yesterday's screens (SKIP_WEB_BUILD=1 to reuse it).
  if (process.env.SKIP_WEB_BUILD && existsSync(join(dist, 'index.html'))) {
    writeFileSync(status, JSON.stringify({ ok: true }));
    return { status };
  }
  const child = spawn(process.execPath, ['web/scripts/build.ts', '--quiet'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
    process.stderr.write(chunk);
  });
  child.on('exit', (code, signal) => {
    const ok = code === 0;
    writeFileSync(status, JSON.stringify(ok ? { ok } : { ok, output: errors || `ended by ${signal}` }));
  });
  return { status, child };
}

export async function setup(project: TestProject): Promise<void> {
  process.env.LOG_LEVEL ??= 'silent';
  const needsWeb = project.name === 'browser';
  const dist = join(REPO_ROOT, 'web/dist');
  if (needsWeb) {
    shared.aivatarWebBuild ??= buildWebInBackground(dist);
    project.provide('webBuild', shared.aivatarWebBuild.status);
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
  const build = shared.aivatarWebBuild?.child;
  if (build && build.exitCode === null && build.signalCode === null) build.kill('SIGTERM');
  shared.aivatarStackUsers = (shared.aivatarStackUsers ?? 1) - 1;
  if (shared.aivatarStackUsers === 0 && shared.aivatarStack) await (await shared.aivatarStack).stop();
}
