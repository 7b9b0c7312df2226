// The worker against an account being deleted (docs/operations.md, "Account deletion"), with in-memory
// doubles: it starts no provider call for an account marked before, stores nothing for one marked while the
// provider rendered, and deletes what it stored when its completion fails and it finds the task or the
// account gone; a claim lost to another delivery of the same task leaves the files (that delivery stored the
// same keys). A mark between its last check and a completion that succeeds is the deletion job's: it waits
// for the task (tests/integration/deletion-during-render.test.ts).
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import type { TaskRecord } from '../../functions/generation/domain/tasks.ts';
import {
  type DeliveryOutcome,
  processTaskMessage,
  type WorkerDeps,
} from '../../functions/generation/domain/worker.ts';
import type { PhotoRecord } from '../../functions/photos/domain/ports.ts';

const USER = 'user-1';
const TASK = '179000000099-abcdef012345';

const task = (attempt: number): TaskRecord =>
  ({
    id: TASK,
    userId: USER,
    batchId: 'batch-1',
    styleId: 3,
    slug: 'studio',
    prompt: 'a portrait',
    size: '1024x1024',
    quality: 'low',
    inputFidelity: 'low',
    recipe: null,
    referenceCount: 1,
    referenceFiles: [],
    status: 'IN_PROGRESS',
    attempt,
    debit: { subscription: 0, ltd: 1 },
    stageTimes: {},
    createdAt: 1,
  }) as unknown as TaskRecord;

const photo = { filename: 'p1.jpg', hints: [], face: null, uploadedAt: 1 } as unknown as PhotoRecord;

interface World {
  /** the account reads as absent (its deletion marked it) */
  marked: boolean;
  /** the task's item is still in the table */
  taskThere: boolean;
  /** another delivery took the claim over */
  claimLost: boolean;
  /** when the account gets marked, if it does during the delivery */
  markWhen?: 'provider';
  calls: string[];
  stored: string[];
}

function worker(world: World): WorkerDeps {
  const mark = (when: World['markWhen']) => {
    if (world.markWhen === when) world.marked = true;
  };
  const tasks = {
    claim: async () => task(1),
    progress: async () => world.taskThere && !world.claimLost,
    release: async () => {
      world.calls.push('release');
      return world.taskThere && !world.claimLost;
    },
    complete: async () => {
      world.calls.push('complete');
      // As the store's: conditioned on the task's status and claim (the account's mark is the job's to wait on).
      return world.taskThere && !world.claimLost ? { refunded: false, notRefunded: null, today: null } : null;
    },
    get: async () => (world.taskThere ? task(world.claimLost ? 2 : 1) : null),
    claimBatchFinished: async () => null,
    hasPendingBatches: async () => false,
  };
  return {
    tasks,
    users: { getById: async () => (world.marked ? null : ({ id: USER } as User)) },
    provider: {
      name: 'stand-in',
      generate: async () => {
        world.calls.push('provider');
        mark('provider');
        return {
          image: new Uint8Array([1]),
          contentType: 'image/png',
          kind: 'ai',
          width: 1,
          height: 1,
          model: 'm',
          usage: null,
          attempts: 1,
        };
      },
      edit: async () => {
        throw new Error('no edits in these tests');
      },
    },
    photoStore: { list: async () => [photo] },
    photoFiles: { read: async () => ({ bytes: new Uint8Array([1]), contentType: 'image/jpeg' }) },
    results: {
      save: async (_u: string, filename: string) => {
        world.stored.push(filename);
      },
      remove: async (_u: string, filename: string) => {
        world.calls.push('remove');
        world.stored = world.stored.filter((f) => f !== filename);
      },
    },
    images: { thumbnail: async () => new Uint8Array([2]) },
    ids: { newId: () => 'id', newSecret: () => 's', hashSecret: () => 'h'.repeat(64) },
    log: () => {},
    faces: { analyse: async () => ({ width: 1, height: 1, faces: [] }) },
    likenessGuarantee: 50,
    durations: { record: async () => {} },
    clock: { now: () => 1000 },
    mailer: { send: async () => {} },
    webUrl: 'http://localhost',
  } as unknown as WorkerDeps;
}

const deliver = (world: World): Promise<DeliveryOutcome> =>
  processTaskMessage(worker(world), { taskId: TASK, userId: USER }, { receiveCount: 1, remainingMs: 60_000 });

const world = (o: Partial<World> = {}): World => ({
  marked: false,
  taskThere: true,
  claimLost: false,
  calls: [],
  stored: [],
  ...o,
});

describe('the worker, for an account being deleted', () => {
  it('starts no provider call for an account marked before the delivery, and gives the task back', async () => {
    const w = world({ marked: true });
    expect(await deliver(w)).toEqual({ kind: 'handled', what: 'account-deleted' });
    expect(w.calls).toEqual(['release']);
    expect(w.stored).toEqual([]);
  });

  it('stores nothing for an account marked while the provider rendered', async () => {
    const w = world({ markWhen: 'provider' });
    expect(await deliver(w)).toEqual({ kind: 'handled', what: 'account-deleted' });
    expect(w.calls).toEqual(['provider', 'release']);
    expect(w.stored).toEqual([]);
  });

  it('deletes what it stored when its claim was lost and the account was marked after its check', async () => {
    const w = world();
    // It outlived its lease while storing: another delivery took the task, and the deletion marked the account.
    const deps = worker(w);
    const save = deps.results.save.bind(deps.results);
    deps.results.save = async (...args) => {
      await save(...args);
      w.claimLost = true;
      w.marked = true;
    };
    expect(
      await processTaskMessage(
        deps,
        { taskId: TASK, userId: USER },
        { receiveCount: 1, remainingMs: 60_000 },
      ),
    ).toEqual({ kind: 'handled', what: 'not-ours' });
    expect(w.calls).toEqual(['provider', 'complete', 'remove']);
    expect(w.stored).toEqual([]);
  });

  it('deletes what it stored when its completion finds the task gone', async () => {
    const w = world();
    // The deletion removed the task's item once the provider had answered and the result was stored.
    const deps = worker(w);
    const save = deps.results.save.bind(deps.results);
    deps.results.save = async (...args) => {
      await save(...args);
      w.taskThere = false;
    };
    expect(
      await processTaskMessage(
        deps,
        { taskId: TASK, userId: USER },
        { receiveCount: 1, remainingMs: 60_000 },
      ),
    ).toEqual({ kind: 'handled', what: 'not-ours' });
    expect(w.calls).toEqual(['provider', 'complete', 'remove']);
    expect(w.stored).toEqual([]);
  });

  it('leaves the files of a claim lost to another delivery of the task (same keys, that one completes)', async () => {
    const w = world();
    const deps = worker(w);
    const save = deps.results.save.bind(deps.results);
    deps.results.save = async (...args) => {
      await save(...args);
      w.claimLost = true;
    };
    expect(
      await processTaskMessage(
        deps,
        { taskId: TASK, userId: USER },
        { receiveCount: 1, remainingMs: 60_000 },
      ),
    ).toEqual({ kind: 'handled', what: 'not-ours' });
    expect(w.calls).toEqual(['provider', 'complete']);
    expect(w.stored).toHaveLength(1);
  });

  it('completes as before for an account nobody deletes', async () => {
    const w = world();
    expect(await deliver(w)).toEqual({ kind: 'handled', what: 'done' });
    expect(w.calls).toEqual(['provider', 'complete']);
    expect(w.stored).toHaveLength(1);
  });
});
