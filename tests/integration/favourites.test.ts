// Favourites: a star on a finished avatar, kept by the server on the task (so it is there on every
// later read, from any device), a filter that lists the starred ones, and "Download favourites" as one ZIP
// made and limited like "Download all". Nobody stars or reads another user's avatar.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { callRoute, stack } from '../support/api.ts';
import { createBody, creator, stylesCosting, testDb, userIdOf, waitForTasks } from '../support/avatars.ts';
import { consentedUser } from '../support/photos.ts';
import { zipEntries } from '../support/zip.ts';

type Creator = Awaited<ReturnType<typeof creator>>;

const star = (token: string, taskId: string, favourite: unknown) =>
  callRoute('setFavourite', { token, params: { taskId }, body: { favourite } as never });

const starred = async (token: string) =>
  (await callRoute('userTasks', { token, query: { favourites: 'true' } })).body.tasks.map((t) => t.id);

let alice: Creator;
let tasks: [AvatarTask, AvatarTask];
beforeAll(async () => {
  alice = await creator({ ltd: 10 });
  const res = await callRoute('createTasksBatch', {
    token: alice.token,
    body: createBody(await stylesCosting(2)),
  });
  tasks = (await waitForTasks(alice.token, res.body.task_ids)) as [AvatarTask, AvatarTask];
  expect(tasks.map((t) => t.status)).toEqual(['DONE', 'DONE']);
}, 120_000);

describe('a star', () => {
  it('is kept on the task: every later read shows it, the filter lists it, and unstarring takes it off', async () => {
    const [a, b] = tasks;
    expect(a.favourite).toBe(false);
    const on = await star(alice.token, a.id, true);
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ success: true, task_id: a.id, favourite: true });
    // Starring again changes nothing.
    expect((await star(alice.token, a.id, true)).status).toBe(200);

    // A later read (a reload, another device) comes from the server.
    const all = (await callRoute('userTasks', { token: alice.token })).body.tasks;
    expect(Object.fromEntries(all.map((t) => [t.id, t.favourite]))).toEqual({ [a.id]: true, [b.id]: false });
    expect(await starred(alice.token)).toEqual([a.id]);

    // Pages of favourites, newest first: one at a time.
    await star(alice.token, b.id, true);
    const [newer, older] = [a.id, b.id].sort().reverse();
    const first = await callRoute('userTasks', {
      token: alice.token,
      query: { favourites: 'true', limit: '1' },
    });
    expect(first.body.tasks.map((t) => t.id)).toEqual([newer]);
    const second = await callRoute('userTasks', {
      token: alice.token,
      query: { favourites: 'true', limit: '1', cursor: first.body.next_cursor as string },
    });
    expect(second.body.tasks.map((t) => t.id)).toEqual([older]);

    const off = await star(alice.token, b.id, false);
    expect(off.body).toEqual({ success: true, task_id: b.id, favourite: false });
    expect(await starred(alice.token)).toEqual([a.id]);
  });

  it('cannot be put on, or read from, another user’s avatar', async () => {
    const [a, b] = tasks;
    const bob = await consentedUser();
    for (const favourite of [true, false]) {
      const res = await star(bob.token, b.id, favourite);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ msg: 'Avatar not found.' });
    }
    expect(await starred(bob.token)).toEqual([]);
    expect((await callRoute('userTasks', { token: bob.token })).body.tasks).toEqual([]);
    // Alice's stars are as she left them, and Bob's ZIP has nothing of hers.
    expect(await starred(alice.token)).toEqual([a.id]);
    const zip = await callRoute('favouritesZip', { token: bob.token });
    expect(zip.status).toBe(404);
    expect(zip.body).toMatchObject({
      msg: 'No favourite avatars to download yet: star the ones you want first.',
    });
    const link = await callRoute('createDownloadLink', {
      token: bob.token,
      body: { route: 'favouritesZip' },
    });
    expect(link.status).toBe(404);
  });

  it('answers a clear error for an unknown task, bad input, or an avatar that is not finished', async () => {
    const [a] = tasks;
    const unknown = await star(alice.token, '176400000099-0123456789ab', true);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ msg: 'Avatar not found.' });
    expect((await star(alice.token, 'not-a-task', true)).status).toBe(404);

    for (const [body, msg] of [
      [{ favourite: 'yes' }, 'Invalid field favourite: expected boolean.'],
      [{}, 'Missing field: favourite.'],
      [{ favourite: true, extra: 1 }, 'Unknown field: extra.'],
    ] as const) {
      const res = await callRoute('setFavourite', {
        token: alice.token,
        params: { taskId: a.id },
        body: body as never,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', msg });
    }
    const filter = await callRoute('userTasks', { token: alice.token, query: { favourites: 'maybe' } });
    expect(filter.status).toBe(400);
    expect(filter.body).toMatchObject({ msg: 'Invalid favourites: use true or false.' });

    // A task that failed (a copy of a finished one, moved to ERROR): not a favourite, and left unchanged.
    const key = { pk: `USER#${userIdOf(alice.token)}`, sk: `TASK#${a.id}` };
    const item = (await testDb().send(new GetCommand({ TableName: stack().tableName, Key: key }))).Item;
    const failedId = `${a.id.slice(0, 10)}50-${a.id.slice(-12)}`;
    await testDb().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: {
          ...item,
          sk: `TASK#${failedId}`,
          id: failedId,
          status: 'ERROR',
          favourite_at: undefined,
          result_file: null,
        },
      }),
    );
    const failed = await star(alice.token, failedId, true);
    expect(failed.status).toBe(400);
    expect(failed.body).toMatchObject({ msg: 'Only a finished avatar can be a favourite.' });
    expect(await starred(alice.token)).toEqual([a.id]);
  });
});

describe('"Download favourites"', () => {
  it('is one ZIP of the starred avatars, as stored, by session or by a download link', async () => {
    const [a, b] = tasks;
    await star(alice.token, a.id, true);
    await star(alice.token, b.id, false);
    const link = await callRoute('createDownloadLink', {
      token: alice.token,
      body: { route: 'favouritesZip' },
    });
    expect(link.status).toBe(200);
    for (const res of [
      await callRoute('favouritesZip', { query: { token: link.body.token } }),
      await callRoute('favouritesZip', { token: alice.token }),
    ]) {
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location') as string);
      expect(location.pathname).toMatch(new RegExp(`/archives/${userIdOf(alice.token)}/[0-9a-f]{40}\\.zip$`));
      const zip = await fetch(location);
      expect(zip.headers.get('content-disposition')).toContain('aivatar-favourites.zip');
      const entries = zipEntries(Buffer.from(await zip.arrayBuffer()));
      expect(entries.map((e) => e.name)).toEqual([a.download_name]);
      const original = await callRoute('resultFile', {
        token: alice.token,
        params: { filename: (a.result_path as string).replace(/^results\//, '') },
      });
      expect(entries[0]?.bytes.equals(original.raw)).toBe(true);
    }
    // A link made for the ZIP opens that ZIP only.
    expect((await callRoute('resultsZip', { query: { token: link.body.token } })).status).toBe(403);
  });
});
