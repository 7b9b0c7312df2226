// "Load: 1,000 tasks": GET /aivatar/user-tasks pages a long history with a cursor, newest first,
// and its first page stays small (each finished task carries two presigned URLs). The tasks are written
// straight into DynamoDB Local with the adapters' own keys: making 1,000 through the worker would take
// minutes and prove nothing more about the list.
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { keys } from '#platform/dynamodb/keys.ts';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { newTaskId } from '../../functions/generation/domain/task-names.ts';
import { activatedUser, callRoute, request, stack } from '../support/api.ts';
import { testDb, userIdOf } from '../support/avatars.ts';

const HISTORY = 1000;
/** The gallery's first screen: at most this much JSON. */
const FIRST_PAGE_BUDGET_BYTES = 300 * 1024;

/** `count` tasks in the user's partition, one a second back from `newest`, mostly finished. */
async function writeHistory(
  userId: string,
  count: number,
  newest: number,
  batchHex: string,
): Promise<string[]> {
  const items = Array.from({ length: count }, (_, i) => {
    const at = newest - i;
    const id = newTaskId(at, 0, batchHex);
    const status = i % 50 === 7 ? 'ERROR' : 'DONE';
    return {
      ...keys.task(userId, id),
      id,
      user_id: userId,
      batch_id: `batch-${batchHex}`,
      status,
      progress: 100,
      token_cost: 1,
      style_id: 1 + (i % 10),
      style_name: 'Corporate Headshot',
      result_file: status === 'DONE' ? `corporate-headshot_${id}.jpg` : null,
      reference_file: 'photo_1.jpg',
      render_kind: 'preview-render',
      width: 1024,
      height: 1024,
      ...(status === 'ERROR' ? { error_code: 'provider', refunded: true } : {}),
      created_at: at,
      updated_at: at,
    };
  });
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < items.length; i += 25) {
    const batch = items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } }));
    writes.push(testDb().send(new BatchWriteCommand({ RequestItems: { [stack().tableName]: batch } })));
  }
  await Promise.all(writes);
  return items.map((item) => item.id);
}

type Page = { tasks: AvatarTask[]; next_cursor?: string | null };

let alice: { token: string };
let aliceIds: string[];
let bob: { token: string };
let bobIds: string[];
const now = Math.floor(Date.now() / 1000);

beforeAll(async () => {
  [alice, bob] = await Promise.all([activatedUser(), activatedUser()]);
  [aliceIds, bobIds] = await Promise.all([
    writeHistory(userIdOf(alice.token), HISTORY, now, 'a11ce0000001'),
    // Bob's few tasks are older than most of Alice's: her cursors fall after them in time.
    writeHistory(userIdOf(bob.token), 3, now - 2 * HISTORY, 'b0b000000001'),
  ]);
}, 60_000);

describe('GET /aivatar/user-tasks with 1,000 tasks in the history', () => {
  it(`keeps the first page under ${FIRST_PAGE_BUDGET_BYTES / 1024} KB of JSON, newest first`, async () => {
    const first = await callRoute('userTasks', { token: alice.token });
    expect(first.status).toBe(200);
    const bytes = first.raw.byteLength;
    console.log(
      `user-tasks first page: ${first.body.tasks.length} tasks, ${(bytes / 1024).toFixed(1)} KB of JSON`,
    );
    expect(bytes).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_BYTES);
    expect(first.body.tasks.length).toBeGreaterThan(0);
    expect(first.body.tasks[0]?.id).toBe(aliceIds[0]);
    expect(first.body.tasks[0]?.image_url).toMatch(/^http/);
    expect(first.body.next_cursor).toBeTruthy();
  });

  it('walks every task exactly once, page by page, newest first', async () => {
    const seen: string[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await callRoute('userTasks', { token: alice.token, query: cursor ? { cursor } : {} });
      expect(page.status).toBe(200);
      seen.push(...(page.body as Page).tasks.map((t) => t.id));
      cursor = page.body.next_cursor;
      pages += 1;
      expect(pages).toBeLessThanOrEqual(HISTORY);
    } while (cursor);
    expect(seen).toEqual(aliceIds);
    expect(new Set(seen).size).toBe(HISTORY);
    expect(pages).toBeGreaterThan(1);
  });

  it('answers a cursor it did not make with 400 and a clear message, never a 500', async () => {
    const bad = [
      'nonsense',
      '../../PROFILE',
      'eyJwayI6IlVTRVIjeCIsInNrIjoiUFJPRklMRSJ9',
      `${aliceIds[5]}x`,
      'x'.repeat(5000),
    ];
    for (const cursor of bad) {
      const res = await request<{ msg?: string }>('GET', '/aivatar/user-tasks', {
        token: alice.token,
        query: { cursor },
      });
      expect(res.status, cursor.slice(0, 40)).toBe(400);
      expect(res.body.msg).toMatch(/cursor/i);
    }
  });

  it("reads another user's cursor in the caller's own partition: it reveals nothing of theirs", async () => {
    const aliceCursor = aliceIds[500] as string;
    const res = await callRoute('userTasks', { token: bob.token, query: { cursor: aliceCursor } });
    expect(res.status).toBe(200);
    const ids = (res.body as Page).tasks.map((t) => t.id);
    expect(ids).toEqual(bobIds);
    expect(ids.some((id) => aliceIds.includes(id))).toBe(false);
  });
});
