// The edit route's brush through the avatars handler (DynamoDB Local, the real wiring): a PNG bomb as a region
// edit's mask, 16383 x 16383 one-bit pixels in about 32 KB, is refused with the "mask size" 400 from its
// header alone, and the brush decoder is never called (docs/operations.md, "Images from users"). Before the
// header was read first, the decoder expanded it (a gigabyte and seconds of CPU) before the same 400.
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { keys } from '#platform/dynamodb/keys.ts';
import { MASK_DATA_URL_PREFIX } from '#shared/edit-rules.ts';
import { newTaskId } from '../../functions/generation/domain/task-names.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { call, signedInUser, type TestUser, testTable } from '../support/handler-events.ts';
import { pngBomb } from '../support/png-bomb.ts';

const decoded = vi.hoisted(() => ({ brushes: 0 }));
vi.mock('../../functions/generation/images/edit-mask-png.ts', async (original) => {
  const real = await original<typeof import('../../functions/generation/images/edit-mask-png.ts')>();
  return {
    ...real,
    decodeBrushPng: (...args: Parameters<typeof real.decodeBrushPng>) => {
      decoded.brushes += 1;
      return real.decodeBrushPng(...args);
    },
  };
});

/** A finished 1024 x 1536 avatar of `user`, as the worker leaves one. */
async function finishedAvatar(user: TestUser): Promise<string> {
  const { db, tableName } = testTable();
  const now = Math.floor(Date.now() / 1000);
  const id = newTaskId(now, 0, 'a1b2c3d4e5f6');
  const style = STYLE_CATALOGUE[0];
  if (!style) throw new Error('no style in the catalogue');
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.task(user.id, id),
        id,
        user_id: user.id,
        batch_id: 'a1b2c3d4e5f6',
        status: 'DONE',
        progress: 100,
        token_cost: 1,
        debit_subscription: 0,
        debit_ltd: 1,
        attempt: 1,
        deadline_at: now + 3600,
        style_id: 1,
        style_name: style.text.en.name,
        slug: 'style',
        prompt: style.prompt,
        size: '1024x1536',
        quality: 'medium',
        reference_count: 2,
        input_fidelity: 'high',
        recipe: style.recipe,
        paid_by: 'tokens',
        result_file: `style_${id}.png`,
        reference_file: null,
        render_kind: 'preview-render',
        width: 1024,
        height: 1536,
        created_at: now,
        updated_at: now,
      },
    }),
  );
  return id;
}

let user: TestUser;
let taskId: string;
beforeAll(async () => {
  user = await signedInUser();
  taskId = await finishedAvatar(user);
});

describe('a region edit whose brush is a PNG bomb', () => {
  it('is refused with the mask size 400 from its header, the brush never decoded', async () => {
    const bomb = pngBomb(16383, 16383);
    expect(bomb.length).toBeLessThan(40_000);
    decoded.brushes = 0;
    const answer = await call('editTask', {
      token: user.token,
      params: { taskId },
      headers: { 'idempotency-key': `bomb-${Date.now()}` },
      body: {
        kind: 'region',
        prompt: 'remove the glare',
        mask: `${MASK_DATA_URL_PREFIX}${bomb.toString('base64')}`,
      },
    });
    expect(answer).toMatchObject({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        msg: "The brushed region must have the avatar's size: 1024 x 1536 pixels.",
      },
    });
    expect(decoded.brushes).toBe(0);
  });
});
