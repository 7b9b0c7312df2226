// Profile-ready exports: beside the original, the 400x400 and the 4K, a 1080 px profile square and a
// 600 px ID badge, each cut around the face the worker found in the avatar (its box is kept on the task), as a
// JPEG in sRGB without metadata, named for its preset. The face is checked with the real face model.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';
import { callRoute, stack } from '../support/api.ts';
import { activeStyles, createBody, creator, testDb, userIdOf, waitForTasks } from '../support/avatars.ts';

type Creator = Awaited<ReturnType<typeof creator>>;

let alice: Creator;
let task: AvatarTask;
const filenameOf = (t: AvatarTask) => (t.result_path as string).replace(/^results\//, '');
const stemOf = (t: AvatarTask) => (t.download_name as string).replace(/\.[a-z]+$/, '');

const sized = (preset: string) =>
  callRoute('resultFile', { token: alice.token, params: { filename: filenameOf(task) }, query: { preset } });

beforeAll(async () => {
  alice = await creator({ ltd: 10 });
  // A corporate headshot: portrait format (1024x1536), the face in the upper half, so the middle of the
  // picture is not where the face is.
  const [style] = (await activeStyles())
    .filter((s) => s.category === 'corporate')
    .sort((a, b) => a.token_cost - b.token_cost);
  if (!style) throw new Error('no corporate style');
  const res = await callRoute('createTasksBatch', { token: alice.token, body: createBody([style]) });
  [task] = (await waitForTasks(alice.token, res.body.task_ids)) as [AvatarTask];
  expect(task.status).toBe('DONE');
}, 120_000);

describe('the profile square', () => {
  it('is 1080 px, a JPEG in sRGB without metadata, named for its preset, the face in its centre third', async () => {
    // The worker kept the avatar's face box on the task: the crop needs no new analysis.
    expect(task.face_box).toEqual({
      x: expect.any(Number),
      y: expect.any(Number),
      width: expect.any(Number),
      height: expect.any(Number),
    });
    expect(task.height).toBe(1536);
    const res = await sized('profile');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="avatar-${stemOf(task)}-profile-1080.jpg"`,
    );
    const meta = await sharp(res.raw).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1080, height: 1080, space: 'srgb', channels: 3 });
    for (const block of ['exif', 'icc', 'xmp', 'iptc'] as const) expect(meta[block], block).toBeUndefined();

    const { faces } = await new FaceApiAnalyzer().analyse({ encoded: res.raw });
    const face = faces[0];
    if (!face) throw new Error('no face in the profile square');
    const centre = { x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 };
    expect(centre.x).toBeGreaterThan(1 / 3);
    expect(centre.x).toBeLessThan(2 / 3);
    expect(centre.y).toBeGreaterThan(1 / 3);
    expect(centre.y).toBeLessThan(2 / 3);
  });

  it('has an ID badge of 600 px and a LinkedIn square of 400 px, and falls back to an attention crop without a face box', async () => {
    const linkedin = await sized('linkedin');
    expect(linkedin.headers.get('content-disposition')).toContain(`avatar-${stemOf(task)}-linkedin.jpg`);
    expect(await sharp(linkedin.raw).metadata()).toMatchObject({ width: 400, height: 400, format: 'jpeg' });

    // An avatar made before the worker kept face boxes: sharp's attention crop places the square.
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `USER#${userIdOf(alice.token)}`, sk: `TASK#${task.id}` },
        UpdateExpression: 'REMOVE face_box',
      }),
    );
    const listed = (await callRoute('userTasks', { token: alice.token })).body.tasks[0];
    expect(listed?.face_box).toBeUndefined();
    const badge = await sized('id-badge');
    expect(badge.status).toBe(200);
    expect(badge.headers.get('content-disposition')).toContain(`avatar-${stemOf(task)}-id-badge.jpg`);
    const meta = await sharp(badge.raw).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 600, height: 600, space: 'srgb' });
    expect(meta.exif).toBeUndefined();

    const unknown = await sized('passport');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      msg: 'Unknown preset: use original, linkedin, profile, id-badge or 4k.',
    });
  });
});
