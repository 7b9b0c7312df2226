// A bench. (1) The profile preset: one 4K avatar (a local render of a corporate headshot, made 4K
// by the product's own 4K preset) cut to the 1080 px face-centred square by the avatars function's code
// (SharpResultImages with the face box the worker keeps on the task), after one round that warms sharp up.
// (2) "Download favourites" of 20 avatars: from the click (the download link's request, which builds the
// archive) to the first byte of the ZIP through the API's redirect, with the archive built anew each time
// (the stored one removed), then once from the stored archive.
// Part of `npm run bench`; alone: `node tests/bench/keepers.ts`.
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createS3Client } from '#platform/s3/client.ts';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { BUCKETS } from '#shared/table-design.ts';
import { SharpResultImages } from '../../functions/generation/images/result-images.ts';
import { peopleIn } from '../../functions/photos/domain/faces/faces.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { startGenerationWorkers } from '../../infra/local/generation-workers.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { selfie } from '../support/face-fixtures.ts';
import { benchCall as call } from './bench-api.ts';
import type { Budget } from './budgets.ts';
import { accountWithAvatars } from './gallery.ts';
import { renderSelfie } from './render-selfie.ts';
import { percentile, tenths } from './stats.ts';

export const PROFILE_PRESET_P50_BUDGET_MS = 150;
export const FAVOURITES_ZIP_FIRST_BYTE_BUDGET_MS = 1000;
const PRESET_RUNS = 21;
const FAVOURITES = 20;
const ZIP_RUNS = 7;
const MAX_PRESET_BYTES = 4 * 1024 * 1024;

export interface PresetFigures {
  input: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  cpuP50Ms: number;
  /** the same square without a face box (sharp's attention crop), for comparison */
  attentionP50Ms: number;
  outputBytes: number;
}

export interface FavouritesZipFigures {
  avatars: number;
  zipBytes: number;
  /** built anew each time: the link's request (which builds the archive) to the ZIP's first byte */
  coldP50Ms: number;
  coldMaxMs: number;
  runs: number;
  /** the stored archive (the same set again) */
  storedMs: number;
}

/** Runs a step of the bench, naming it in any error (a failed fetch says nothing of where it was). */
async function step<T>(name: string, f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw new Error(`${name}: ${(e as Error).message}`, { cause: e });
  }
}

const sortedP = (xs: number[], p: number) =>
  tenths(
    percentile(
      [...xs].sort((a, b) => a - b),
      p,
    ),
  );

export async function presetBench(): Promise<PresetFigures> {
  const images = new SharpResultImages();
  const faces = new FaceApiAnalyzer();
  const style = STYLE_CATALOGUE.find((s) => s.format === 'portrait');
  if (!style) throw new Error('no portrait style in the catalogue');
  const photo = await selfie(0);
  const render = await renderSelfie(faces, photo, style);
  // What the worker keeps on the task: the avatar's main face.
  const box = peopleIn(await faces.analyse({ encoded: render.image }))[0]?.box;
  if (!box) throw new Error('no face in the render');
  const fourK = await images.preset(render.image, '4k', 16 * 1024 * 1024);
  const once = () => images.preset(fourK.bytes, 'profile', MAX_PRESET_BYTES, box);
  const warm = await once();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < PRESET_RUNS; i++) {
    const c = process.cpuUsage();
    const t = performance.now();
    await once();
    wall.push(performance.now() - t);
    const used = process.cpuUsage(c);
    cpu.push((used.user + used.system) / 1000);
  }
  const attention: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t = performance.now();
    await images.preset(fourK.bytes, 'profile', MAX_PRESET_BYTES, null);
    attention.push(performance.now() - t);
  }
  return {
    input: `${fourK.width}x${fourK.height} JPEG, ${Math.round(fourK.bytes.length / 1024)} KB`,
    runs: PRESET_RUNS,
    p50Ms: sortedP(wall, 50),
    p95Ms: sortedP(wall, 95),
    cpuP50Ms: sortedP(cpu, 50),
    attentionP50Ms: sortedP(attention, 50),
    outputBytes: warm.bytes.length,
  };
}

/** Milliseconds from the request for the download link to the ZIP's first byte, and the ZIP's size. */
async function firstByte(stack: LocalStack, token: string): Promise<{ ms: number; bytes: number }> {
  const t = performance.now();
  const link = await call<{ token: string }>(stack, 'POST', '/aivatar/download-links', token, {
    route: 'favouritesZip',
  });
  const res = await fetch(`${stack.apiUrl}/aivatar/user-file/favourites.zip?token=${link.token}`);
  if (!res.ok || !res.body) throw new Error(`the favourites ZIP answered ${res.status}`);
  const reader = res.body.getReader();
  const first = await reader.read();
  const ms = performance.now() - t;
  let bytes = first.value?.length ?? 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) bytes += chunk.value.length;
  return { ms, bytes };
}

export async function favouritesZipBench(stack: LocalStack): Promise<FavouritesZipFigures> {
  const workers = startGenerationWorkers(stack.sqsEndpoint, stack.taskQueues);
  let token: string;
  try {
    token = await step('20 avatars', () => accountWithAvatars(stack, FAVOURITES));
  } finally {
    await workers.stop();
  }
  const { tasks } = await call<{ tasks: AvatarTask[] }>(stack, 'GET', '/aivatar/user-tasks?limit=100', token);
  await step('stars', async () => {
    for (const t of tasks)
      await call(stack, 'PUT', `/aivatar/tasks/${t.id}/favourite`, token, { favourite: true });
  });
  const userId = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8'))
    .sub as string;
  const s3 = createS3Client(stack.s3Endpoint);
  const dropArchives = async () => {
    const listed = await s3.send(
      new ListObjectsV2Command({ Bucket: BUCKETS.media, Prefix: `archives/${userId}/` }),
    );
    for (const o of listed.Contents ?? [])
      await s3.send(new DeleteObjectCommand({ Bucket: BUCKETS.media, Key: o.Key as string }));
  };
  const cold: number[] = [];
  let zipBytes = 0;
  for (let i = 0; i < ZIP_RUNS; i++) {
    await dropArchives();
    const run = await step('first byte', () => firstByte(stack, token));
    cold.push(run.ms);
    zipBytes = run.bytes;
  }
  const stored = await firstByte(stack, token);
  return {
    avatars: tasks.length,
    zipBytes,
    coldP50Ms: sortedP(cold, 50),
    coldMaxMs: tenths(Math.max(...cold)),
    runs: ZIP_RUNS,
    storedMs: tenths(stored.ms),
  };
}

export const presetBudgets = (p: PresetFigures): Budget[] => [
  {
    name: '4K avatar to the 1080 px face-centred square p50',
    value: p.p50Ms,
    unit: 'ms',
    limit: PROFILE_PRESET_P50_BUDGET_MS,
  },
];

export const favouritesZipBudgets = (z: FavouritesZipFigures): Budget[] => [
  {
    name: `"Download favourites" (${z.avatars}) first byte, built anew, p50`,
    value: z.coldP50Ms,
    unit: 'ms',
    limit: FAVOURITES_ZIP_FIRST_BYTE_BUDGET_MS,
  },
];

export function printPreset(p: PresetFigures): void {
  console.log(
    `Profile preset: ${p.input} to the 1080 px face-centred square p50 ${p.p50Ms} ms, p95 ${p.p95Ms} ms, ` +
      `CPU p50 ${p.cpuP50Ms} ms (${p.runs} runs, ${Math.round(p.outputBytes / 1024)} KB out); ` +
      `without a face box (attention crop) p50 ${p.attentionP50Ms} ms`,
  );
}

export function printFavouritesZip(z: FavouritesZipFigures): void {
  console.log(
    `"Download favourites": ${z.avatars} avatars, ${Math.round(z.zipBytes / 1024)} KB ZIP; first byte built anew ` +
      `p50 ${z.coldP50Ms} ms, max ${z.coldMaxMs} ms (${z.runs} runs); from the stored archive ${z.storedMs} ms`,
  );
}

if (import.meta.main) {
  process.env.LOG_LEVEL = 'silent';
  const { reportBudgets } = await import('./budgets.ts');
  const { REPO_ROOT, startLocalStack } = await import('../../infra/local/stack.ts');
  const { join } = await import('node:path');
  const preset = await presetBench();
  printPreset(preset);
  process.env.PROVIDER_DAILY_CAP_PER_ACCOUNT ??= '1000000';
  process.env.PROVIDER_DAILY_CAP_TOTAL ??= '10000000';
  const stack = await startLocalStack({
    webDist: join(REPO_ROOT, 'web/dist'),
    trustForwardedFor: true,
    generationWorkers: false,
  });
  try {
    const zip = await favouritesZipBench(stack);
    printFavouritesZip(zip);
    process.exitCode = reportBudgets([...presetBudgets(preset), ...favouritesZipBudgets(zip)]);
  } catch (e) {
    console.error('keepers bench failed:', (e as Error).stack, (e as Error).cause);
    process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}
