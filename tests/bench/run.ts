// `npm run bench`: bundle sizes and cold starts of every function, the local renderer's time per avatar, face
// analysis (first use, per photo, tensor memory), what the quality score adds to it (photo-quality.ts), what the likeness measure adds to each task in the worker
// (likeness.ts), an edit task's worker overhead beside a first render's (edits.ts), the 1080 px profile
// preset and "Download favourites" (keepers.ts), warm API latency through the local adapter, a team of 500's
// dashboard page and ZIP of chosen headshots (teams.ts), and the SPA's first-load JS for /login. Prints the
// figures and the budgets, writes bench-results/bench.json, and exits non-zero naming each budget missed.
//
// Figures that depend on the machine's speed are budgeted as ratios to a floor measured in the same run,
// interleaved with them, so a shared, noisy machine weighs on both alike: each API path one request at a
// time against the DynamoDB Local call behind it (paired.ts), face analysis against the model's own
// inference (faces.ts), a cold start against the bare import of the function's clients (cold-start.ts).
// Every ratio is printed with its two figures. Counts, for a quick look while developing:
// `npm run bench -- --cold-runs 5 --rounds 3 --per-round 10 --warm-rounds 1 --face-photos 6 --first-use-runs 2`.
import './quiet-logs.ts';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import {
  type ApiLatencyFigures,
  apiLatency,
  apiLatencyBudgets,
  pairCountOptions,
  pairCounts,
  printApiLatency,
} from './api-latency.ts';
import { type Budget, reportBudgets } from './budgets.ts';
import { type EditFigures, editBudgets, editsBench, printEdits } from './edits.ts';
import { faceBench, faceBudgets, printFaceFigures } from './faces.ts';
import { firstLoadJs } from './first-load-js.ts';
import { functionBench, functionBudgets, printFunctionFigures } from './functions.ts';
import { type GalleryFigures, galleryBench, galleryBudgets } from './gallery.ts';
import { type GenerationFigures, generationBench, generationBudgets, printGeneration } from './generation.ts';
import {
  type FavouritesZipFigures,
  favouritesZipBench,
  favouritesZipBudgets,
  presetBench,
  presetBudgets,
  printFavouritesZip,
  printPreset,
} from './keepers.ts';
import { likenessBench, likenessBudgets, printLikeness } from './likeness.ts';
import { benchLocalRenderer } from './local-renderer.ts';
import { describePair } from './paired.ts';
import { photoQualityBench, photoQualityBudgets, printPhotoQuality } from './photo-quality.ts';
import { type PhotoFigures, photoBench, photoBudgets } from './photos.ts';
import { printSegmentation, segmentationBench, segmentationBudgets } from './segmentation.ts';
import { printTeams, type TeamFigures, teamBench, teamBudgets } from './teams.ts';

// `npm run bench -- --cold-runs 41`: more cold starts of each kind where the machine is busy.
const { values: args } = parseArgs({
  options: {
    'cold-runs': { type: 'string', default: '21' },
    'face-photos': { type: 'string', default: '30' },
    'first-use-runs': { type: 'string', default: '5' },
    ...pairCountOptions,
  },
});
const COLD_RUNS = Number(args['cold-runs']);
const PAIRS = pairCounts(args);

const OUT = join(REPO_ROOT, '.local/bench');
const RESULTS = join(REPO_ROOT, 'bench-results');
mkdirSync(OUT, { recursive: true });
mkdirSync(RESULTS, { recursive: true });

const LOGIN_FIRST_LOAD_BUDGET_KB = 120;
const RENDER_PORTRAIT_P50_BUDGET_MS = 500;

const groups = await functionBench(OUT, COLD_RUNS);
// Before the local stack starts, so DynamoDB Local's JVM does not share the CPU with the renders.
const renderer = await benchLocalRenderer();
// Before the stack starts: the face figures are the analyser's own, on a quiet process.
const faces = await faceBench({
  photos: Number(args['face-photos']),
  firstUseRuns: Number(args['first-use-runs']),
});
const likeness = await likenessBench();
// What the quality score adds to a photo's analysis, on the same quiet process.
const photoQuality = await photoQualityBench();
// Edits' person segmentation against its model's inference, on the same quiet process.
const segmentation = await segmentationBench();
// The profile preset: sharp alone, on a quiet process too.
const preset = await presetBench();
execFileSync(process.execPath, ['web/scripts/build.ts', '--quiet'], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
// The bench creates thousands of avatars in minutes: lift the daily provider caps (cost guard) so it
// measures the create path, the caps' transaction included, rather than their refusals.
process.env.PROVIDER_DAILY_CAP_PER_ACCOUNT ??= '1000000';
process.env.PROVIDER_DAILY_CAP_TOTAL ??= '10000000';
const stack = await startLocalStack({
  webDist: join(REPO_ROOT, 'web/dist'),
  trustForwardedFor: true,
  generationWorkers: false,
});
let warm: ApiLatencyFigures;
let spa: Awaited<ReturnType<typeof firstLoadJs>>[number];
let photos: PhotoFigures;
let gallery: GalleryFigures;
let favouritesZip: FavouritesZipFigures;
let generation: GenerationFigures;
let edits: EditFigures;
let teams: TeamFigures;
const db = createDocumentClient(stack.dynamoEndpoint);
try {
  warm = await apiLatency(stack, db, PAIRS);
  [spa] = (await firstLoadJs(stack.webUrl, ['/login'])) as [typeof spa];
  photos = await photoBench(stack, db, PAIRS);
  gallery = await galleryBench(stack);
  favouritesZip = await favouritesZipBench(stack);
  generation = await generationBench(stack, PAIRS);
  edits = await editsBench(stack);
  teams = await teamBench(stack, db, PAIRS);
} finally {
  db.destroy();
  await stack.stop();
}

printFunctionFigures(groups);
console.log(
  '\nLocal renderer, every catalogue style drawn at 1024x1536 (after a first round that draws its layers)',
);
for (const r of renderer) {
  console.log(
    `  ${r.photo}, ${r.placement}: p50 ${r.portraitP50Ms} ms, p95 ${r.portraitP95Ms} ms, max ${r.portraitMaxMs} ms, ` +
      `CPU p50 ${r.portraitCpuP50Ms} ms; first render ${r.firstRenderMs} ms (${r.renders} renders)`,
  );
}
printLikeness(likeness);
printSegmentation(segmentation);
printPreset(preset);
printApiLatency(warm);
console.log(`SPA /login first load: ${spa.files} JS files, ${spa.rawKB} KB raw, ${spa.gzippedKB} KB gzipped`);
printFaceFigures(faces);
printPhotoQuality(photoQuality);
printFavouritesZip(favouritesZip);
const pc = photos.confirm;
console.log(
  `Photos: confirm of ${pc.photos} uploads of ${pc.photoMB} MB p50 ${pc.p50Ms} ms (${pc.minMs}-${pc.maxMs}, ${pc.runs} runs); ` +
    `thumbnails ${photos.thumbnails.meanBytes} B mean, ${photos.thumbnails.maxBytes} B largest`,
);
console.log(`  ${describePair(`GET /photos with ${photos.list.photos} photos`, photos.list)}`);
printGeneration(generation);
printEdits(edits);
printTeams(teams);

const budgets: Budget[] = [
  ...faceBudgets(faces),
  ...photoQualityBudgets(photoQuality),
  ...functionBudgets(groups),
  ...renderer.map(
    (r): Budget => ({
      name: `local renderer 1024x1536 p50, ${r.placement}`,
      value: r.portraitP50Ms,
      unit: 'ms',
      limit: RENDER_PORTRAIT_P50_BUDGET_MS,
    }),
  ),
  // Latency budgets: ratios to the DynamoDB call behind each path, one request at a time, interleaved
  // (paired.ts).
  ...apiLatencyBudgets(warm),
  {
    name: '/login first-load JS gzipped',
    value: spa.gzippedKB,
    unit: 'KB',
    limit: LOGIN_FIRST_LOAD_BUDGET_KB,
  },
  ...photoBudgets(photos, faces.analyse.p50Ms),
  ...galleryBudgets(gallery),
  ...presetBudgets(preset),
  ...favouritesZipBudgets(favouritesZip),
  ...generationBudgets(generation),
  ...editBudgets(edits),
  ...likenessBudgets(likeness),
  ...segmentationBudgets(segmentation),
  ...teamBudgets(teams),
];
const exitCode = reportBudgets(budgets);
writeFileSync(
  join(RESULTS, 'bench.json'),
  JSON.stringify(
    {
      date: new Date().toISOString(),
      functions: groups,
      localRenderer: renderer,
      likeness,
      photoQuality,
      segmentation,
      warm,
      spaLogin: spa,
      photos,
      gallery,
      profilePreset: preset,
      favouritesZip,
      generation,
      edits,
      teams,
      budgets,
    },
    null,
    2,
  ),
);
console.log(`\nWritten to ${join(RESULTS, 'bench.json')}`);
process.exitCode = exitCode;
