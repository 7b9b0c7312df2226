// The gallery's first screen: the bytes a browser downloads to show /app/gallery at 1440x900 for
// an account with 24 finished avatars, everything counted (document, scripts, styles, API answers, images).
// Part of `npm run bench`; alone: `node tests/bench/gallery.ts` (builds nothing: run `npm run build:web` first).

import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { chromium } from 'playwright-core';
import type * as z from 'zod/mini';
import type { StylesList, TaskList, UploadTargets } from '#shared/api-schemas.ts';
import { startGenerationWorkers } from '../../infra/local/generation-workers.ts';
import { type LocalStack, REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { testPhoto } from '../support/test-images.ts';
import { benchCall as call } from './bench-api.ts';
import { type Budget, reportBudgets } from './budgets.ts';

export const GALLERY_TASKS = 24;
export const GALLERY_FIRST_SCREEN_BUDGET_KB = 1536;

/** An account with 2 photos, enough tokens, and `count` finished avatars from the local renderer. */
export async function accountWithAvatars(stack: LocalStack, count: number): Promise<string> {
  const token = await createLocalAccount(stack, `bench-gallery-${randomUUID().slice(0, 8)}@example.test`);
  await call(stack, 'PUT', '/photos/consent', token, { processing: true, rights: true });
  const files = [
    { name: 'me-1.jpg', bytes: await testPhoto({ width: 1000, height: 1200, seed: 91 }) },
    { name: 'me-2.jpg', bytes: await testPhoto({ width: 1200, height: 1000, seed: 92 }) },
  ];
  const { targets } = await call<z.infer<typeof UploadTargets>>(
    stack,
    'POST',
    '/photos/upload-targets',
    token,
    {
      files: files.map((f) => ({ name: f.name, type: 'image/jpeg', size: f.bytes.length })),
    },
  );
  for (const [i, t] of targets.entries()) {
    const form = new FormData();
    for (const [k, v] of Object.entries(t.fields)) form.append(k, v);
    form.append('file', new Blob([new Uint8Array((files[i] as { bytes: Buffer }).bytes)]), t.name);
    const res = await fetch(t.url, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`the bucket answered ${res.status}`);
  }
  await call(stack, 'POST', '/photos/confirm', token, {
    uploads: targets.map((t) => ({ id: t.id, name: t.name })),
  });

  // The tokens a purchase would have given.
  const db = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamoEndpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
  );
  const sub = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'))
    .sub as string;
  await db.send(
    new UpdateCommand({
      TableName: stack.tableName,
      Key: { pk: `USER#${sub}`, sk: 'PROFILE' },
      UpdateExpression: 'SET tokens_ltd = :l',
      ExpressionAttributeValues: { ':l': count * 10 },
    }),
  );

  // Mixed formats and styles, as a real gallery has: 12 styles twice.
  const { styles } = await call<z.infer<typeof StylesList>>(stack, 'GET', '/aivatar/styles', token);
  const picked = styles.slice(0, count / 2);
  for (let round = 0; round < 2; round++) {
    await call(stack, 'POST', '/aivatar/create_tasks_batch', token, {
      styles: picked.map((s) => s.id),
      style_prompts: picked.map((s) => s.prompt),
      use_reference_elements: true,
    });
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { tasks } = await call<z.infer<typeof TaskList>>(
      stack,
      'GET',
      '/aivatar/user-tasks?limit=100',
      token,
    );
    if (tasks.length === count && tasks.every((t) => t.status === 'DONE')) break;
    if (Date.now() > deadline)
      throw new Error(`avatars not finished: ${tasks.map((t) => t.status).join(',')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return token;
}

export interface GalleryFigures {
  tasks: number;
  viewport: string;
  requests: number;
  totalKB: number;
  imagesKB: number;
  images: number;
}

export async function galleryBench(stack: LocalStack): Promise<GalleryFigures> {
  // The bench's stack runs without workers (the generation bench measures them alone): these finish the
  // gallery's avatars with the local renderer, then stop before anything is measured.
  const workers = startGenerationWorkers(stack.sqsEndpoint, stack.taskQueues);
  let token: string;
  try {
    token = await accountWithAvatars(stack, GALLERY_TASKS);
  } finally {
    await workers.stop();
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      baseURL: stack.webUrl,
    });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const types = new Map<string, string>();
    let total = 0;
    let images = 0;
    let imageCount = 0;
    let requests = 0;
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      requests++;
      total += e.encodedDataLength;
      if (types.get(e.requestId) === 'Image') {
        images += e.encodedDataLength;
        imageCount++;
      }
    });
    await page.goto('/app/gallery', { waitUntil: 'networkidle' });
    await page.getByTestId('task-card').first().waitFor();
    await page.waitForLoadState('networkidle');
    const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
    return {
      tasks: GALLERY_TASKS,
      viewport: '1440x900',
      requests,
      totalKB: kb(total),
      imagesKB: kb(images),
      images: imageCount,
    };
  } finally {
    await browser.close();
  }
}

export const galleryBudgets = (g: GalleryFigures): Budget[] => [
  {
    name: `/app/gallery first screen, ${g.tasks} avatars`,
    value: g.totalKB,
    unit: 'KB',
    limit: GALLERY_FIRST_SCREEN_BUDGET_KB,
  },
];

if (import.meta.main) {
  process.env.LOG_LEVEL = 'silent';
  const stack = await startLocalStack({ webDist: join(REPO_ROOT, 'web/dist') });
  try {
    const figures = await galleryBench(stack);
    console.log(figures);
    process.exitCode = reportBudgets(galleryBudgets(figures));
  } finally {
    await stack.stop();
  }
}
