// An edit task's worker overhead beside a first render's, for `npm run bench` (or alone:
// `node tests/bench/edits.ts`): the real worker on a private queue, the OpenAI adapter on the fake provider
// answering after a fixed delay (as generation.ts measures a first render's overhead), one task per
// invocation. Each round makes first renders, then edits of them (a backdrop and an outfit, in turn), so a
// burst of load on the shared machine weighs on both figures alike. Each figure is the task's time beyond
// the provider's call: for a first render the storing and the likeness measure; for an edit also the person's
// segmentation (at most 768 px, scaled up) and the mask; the face's landmarks (outfit) are those the source's
// own measure kept on its task, not found again (docs/generation.md, "Edits of a finished avatar"). Budget
// (editBudgets): an edit's overhead, backdrop and outfit together, p50 at most 1.5 times a first render's, both
// figures printed beside the ratio. The provider's call is the adapter's whole edit call, as the worker makes
// it (the PNGs of the image and the mask it sends included).
// First: the functions' logger reads LOG_LEVEL when its module is evaluated (run alone, too).
import './quiet-logs.ts';
import { SQSClient } from '@aws-sdk/client-sqs';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import type { AvatarTask, Style } from '#shared/api-schemas.ts';
import type { ImageProvider } from '../../functions/generation/domain/image-provider.ts';
import { SqsTaskQueue } from '../../functions/generation/sqs/sqs-task-queue.ts';
import { taskWorker } from '../../functions/generation/task-batch.ts';
import { buildWorkerDeps } from '../../functions/generation/worker-wiring.ts';
import { startEventSourceMapping } from '../../infra/local/sqs/event-source.ts';
import type { LocalStack } from '../../infra/local/stack.ts';
import { startFakeImageProvider } from '../support/fake-image-provider.ts';
import { benchCall as api } from './bench-api.ts';
import { type Budget, ratioBudget } from './budgets.ts';
import { benchWorkerConfig, createBody, creator } from './generation.ts';

/** The fake provider's fixed answer time: what each overhead is measured beyond. */
const PROVIDER_DELAY_MS = 300;

const ms = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

interface Overhead {
  tasks: number;
  /** the task's time beyond the provider's call */
  beyondProviderP50Ms: number;
  beyondProviderMaxMs: number;
  /** of which the face model's time (the likeness measure, and an outfit's landmarks) */
  faceP50Ms: number;
  /** of which the person's segmentation */
  segmentationP50Ms: number;
}

export interface EditFigures {
  rounds: number;
  providerDelayMs: number;
  firstRender: Overhead;
  edit: Overhead;
  backdrop: Overhead;
  outfit: Overhead;
}

interface Sample {
  phase: 'render' | 'backdrop' | 'outfit';
  total: number;
  provider: number;
  face: number;
  segmentation: number;
}

const overhead = (samples: Sample[]): Overhead => {
  const beyond = samples.map((s) => s.total - s.provider);
  return {
    tasks: samples.length,
    beyondProviderP50Ms: ms(median(beyond)),
    beyondProviderMaxMs: ms(Math.max(...beyond)),
    faceP50Ms: ms(median(samples.map((s) => s.face))),
    segmentationP50Ms: ms(median(samples.map((s) => s.segmentation))),
  };
};

export async function editsBench(
  stack: LocalStack,
  o: { rounds?: number; perRound?: number } = {},
): Promise<EditFigures> {
  const rounds = o.rounds ?? 4;
  const perRound = o.perRound ?? 4;
  const sqs = new SQSClient({
    endpoint: stack.sqsEndpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const provider = await startFakeImageProvider('sk-bench');
  const config = benchWorkerConfig(stack, provider.baseURL);
  const db = createDocumentClient(config.dynamodbEndpoint);
  const s3 = createS3Client(config.s3Endpoint);
  const apiDb = createDocumentClient(stack.dynamoEndpoint);
  const deps = await buildWorkerDeps(config, db, s3);
  if (!deps.edits) throw new Error('the worker was built without its edits pieces');
  let current: Omit<Sample, 'total'> = { phase: 'render', provider: 0, face: 0, segmentation: 0 };
  const timed = async <T>(work: () => Promise<T>, took: (ms: number) => void): Promise<T> => {
    const t = performance.now();
    try {
      return await work();
    } finally {
      took(performance.now() - t);
    }
  };
  const timedProvider: ImageProvider = {
    name: deps.provider.name,
    generate: (request) =>
      timed(
        () => deps.provider.generate(request),
        (t) => (current.provider += t),
      ),
    edit: (request) =>
      timed(
        () => deps.provider.edit(request),
        (t) => (current.provider += t),
      ),
  };
  const faces: typeof deps.faces = {
    analyse: (input, options) =>
      timed(
        () => deps.faces.analyse(input, options),
        (t) => (current.face += t),
      ),
  };
  const segmenter = deps.edits.segmenter;
  const edits: typeof deps.edits = {
    ...deps.edits,
    segmenter: {
      personMatte: (image) =>
        timed(
          () => segmenter.personMatte(image),
          (t) => (current.segmentation += t),
        ),
    },
  };
  const handler = taskWorker(
    { ...deps, provider: timedProvider, faces, edits },
    new SqsTaskQueue(sqs, stack.taskQueues.queueUrl),
  );
  let phase: Sample['phase'] = 'render';
  const samples: Sample[] = [];
  const mapping = startEventSourceMapping({
    client: sqs,
    queueUrl: stack.taskQueues.queueUrl,
    queueArn: stack.taskQueues.queueArn,
    // One task per invocation, so each one's time is its own.
    loadHandler: async () => async (event, context) => {
      current = { phase, provider: 0, face: 0, segmentation: 0 };
      const t = performance.now();
      const result = await handler(event, context);
      samples.push({ ...current, total: performance.now() - t });
      return result;
    },
    functionName: 'avatar-worker-edits-bench',
    batchSize: 1,
    maximumConcurrency: 1,
    functionTimeoutSeconds: 60,
  });
  provider.script(
    ...Array.from({ length: rounds * perRound * 2 + 10 }, () => ({
      kind: 'ok' as const,
      delayMs: PROVIDER_DELAY_MS,
    })),
  );
  const measured: Sample[] = [];
  try {
    const user = await creator(stack, apiDb, 100_000);
    const { styles } = await api<{ styles: Style[] }>(stack, 'GET', '/aivatar/styles', user);
    const done = async (ids: string[]) => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const { tasks } = await api<{ tasks: AvatarTask[] }>(
          stack,
          'GET',
          '/aivatar/user-tasks?limit=200',
          user,
        );
        const mine = tasks.filter((t) => ids.includes(t.id));
        if (mine.length === ids.length && mine.every((t) => t.status === 'DONE')) return;
        const failed = mine.find((t) => t.status === 'ERROR');
        if (failed) throw new Error(`task ${failed.id} failed: ${failed.error}`);
        if (Date.now() > deadline) throw new Error(`${ids.length} tasks not done in 120 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    // The first round warms the clients and the models (the segmentation model loads on its first edit).
    for (let round = 0; round <= rounds; round++) {
      const before = samples.length;
      phase = 'render';
      const created = await api<{ task_ids: string[] }>(
        stack,
        'POST',
        '/aivatar/create_tasks_batch',
        user,
        JSON.parse(createBody(styles.slice(round % 3, (round % 3) + perRound))),
      );
      await done(created.task_ids);
      for (const [i, id] of created.task_ids.entries()) {
        // One edit at a time, so each one's phase is its own.
        phase = i % 2 ? 'outfit' : 'backdrop';
        const body = i % 2 ? { kind: 'outfit', outfit: 'suit' } : { kind: 'backdrop', colour: '#2b5c8a' };
        const made = await api<{ task_id: string }>(stack, 'POST', `/aivatar/tasks/${id}/edits`, user, body);
        await done([made.task_id]);
      }
      if (round > 0) measured.push(...samples.slice(before));
    }
  } finally {
    await mapping.stop();
    await provider.stop();
    db.destroy();
    s3.destroy();
    apiDb.destroy();
    sqs.destroy();
  }
  const of = (...phases: Sample['phase'][]) => measured.filter((s) => phases.includes(s.phase));
  return {
    rounds,
    providerDelayMs: PROVIDER_DELAY_MS,
    firstRender: overhead(of('render')),
    edit: overhead(of('backdrop', 'outfit')),
    backdrop: overhead(of('backdrop')),
    outfit: overhead(of('outfit')),
  };
}

export function printEdits(f: EditFigures): void {
  const line = (name: string, o: Overhead) =>
    `  ${name}: beyond a ${f.providerDelayMs} ms provider p50 ${o.beyondProviderP50Ms} ms (max ${o.beyondProviderMaxMs}), ` +
    `of which the face model p50 ${o.faceP50Ms} ms and the segmentation p50 ${o.segmentationP50Ms} ms (${o.tasks} tasks)`;
  console.log(`\nWorker overhead, an edit beside a first render (${f.rounds} rounds, interleaved)`);
  console.log(line('first render', f.firstRender));
  console.log(line('edit (backdrop and outfit)', f.edit));
  console.log(line('  backdrop', f.backdrop));
  console.log(line('  outfit', f.outfit));
  const ratio = f.edit.beyondProviderP50Ms / f.firstRender.beyondProviderP50Ms;
  console.log(`  an edit's overhead / a first render's, p50: ${ratio.toFixed(2)}x`);
}

/**
 * An edit does all a first render does beyond the provider's call (storing, the likeness measure) and also
 * the person's matte and the mask: at most half a first render's overhead more, p50. Measured in the same
 * interleaved rounds, so load weighs on both figures.
 */
export const editBudgets = (f: EditFigures): Budget[] => [
  ratioBudget({
    name: 'edit worker overhead / first render’s, p50',
    value: { ms: f.edit.beyondProviderP50Ms },
    floor: { name: 'first render', ms: f.firstRender.beyondProviderP50Ms },
    limit: 1.5,
    also:
      `backdrop p50 ${f.backdrop.beyondProviderP50Ms} ms, outfit p50 ${f.outfit.beyondProviderP50Ms} ms; ` +
      `segmentation p50 ${f.edit.segmentationP50Ms} ms, face model p50 ${f.edit.faceP50Ms} ms`,
  }),
];

if (import.meta.main) {
  const { startLocalStack } = await import('../../infra/local/stack.ts');
  const { reportBudgets } = await import('./budgets.ts');
  process.env.PROVIDER_DAILY_CAP_PER_ACCOUNT ??= '1000000';
  process.env.PROVIDER_DAILY_CAP_TOTAL ??= '10000000';
  const stack = await startLocalStack({ trustForwardedFor: true, generationWorkers: false });
  try {
    const figures = await editsBench(stack);
    printEdits(figures);
    process.exitCode = reportBudgets(editBudgets(figures));
  } catch (e) {
    console.error('edits bench failed:', (e as Error).stack);
    process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}
