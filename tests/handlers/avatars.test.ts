// The avatars group's handler in-process: each route that names a task or a result answers 404 for one the
// caller does not own (tasks are read in the caller's own partition, so another account's is unknown), the
// header and query rules answer 400 with their reason, and the settings routes answer 200.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, signedInUser, type TestUser } from '../support/handler-events.ts';

const UNKNOWN_TASK = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { status: 404, body: { code: 'NOT_FOUND', msg: 'Avatar not found.' } };

let user: TestUser;
beforeAll(async () => {
  user = await signedInUser();
});

describe('routes that name an avatar', () => {
  it('answer 404 "Avatar not found." for a task or result that is not the caller’s', async () => {
    const key = { 'idempotency-key': `again-${Date.now()}` };
    const params = { taskId: UNKNOWN_TASK };
    expect(await call('tryTaskAgain', { token: user.token, params, body: {}, headers: key })).toMatchObject(
      NOT_FOUND,
    );
    expect(await call('keepTask', { token: user.token, params })).toMatchObject(NOT_FOUND);
    expect(
      await call('setFavourite', { token: user.token, params, body: { favourite: true } }),
    ).toMatchObject(NOT_FOUND);
    for (const filename of [`${UNKNOWN_TASK}.png`, '../../etc/passwd', 'x']) {
      for (const id of ['resultData', 'resultFile'] as const)
        expect(
          await call(id, { token: user.token, params: { filename } }),
          `${id} ${filename}`,
        ).toMatchObject(NOT_FOUND);
      expect(
        await call('createDownloadLink', { token: user.token, body: { route: 'resultData', filename } }),
      ).toMatchObject(NOT_FOUND);
    }
    const diagnose = await call('diagnoseDirectories', {
      token: user.token,
      query: { task_id: UNKNOWN_TASK },
    });
    expect(diagnose).toMatchObject({ status: 404, body: { msg: 'Task not found.' } });
  });

  it('Try again needs a valid Idempotency-Key header (400 with the reason)', async () => {
    const params = { taskId: UNKNOWN_TASK };
    const none = await call('tryTaskAgain', { token: user.token, params, body: {} });
    expect(none).toMatchObject({
      status: 400,
      body: { msg: 'Try again needs an Idempotency-Key header, so that a repeated request is charged once.' },
    });
    const bad = await call('tryTaskAgain', {
      token: user.token,
      params,
      body: {},
      headers: { 'idempotency-key': 'é'.repeat(3) },
    });
    expect(bad).toMatchObject({
      status: 400,
      body: { msg: 'Idempotency-Key must be 1 to 200 visible ASCII characters.' },
    });
  });

  it('a download link needs the file it is for (400), and a ZIP of nothing answers 404', async () => {
    const link = await call('createDownloadLink', { token: user.token, body: { route: 'resultData' } });
    expect(link).toMatchObject({ status: 400, body: { msg: 'Say which file the link is for (filename).' } });
    expect(await call('resultsZip', { token: user.token })).toMatchObject({
      status: 404,
      body: { msg: 'No finished avatars to download yet.' },
    });
    expect(await call('favouritesZip', { token: user.token })).toMatchObject({
      status: 404,
      body: { msg: 'No favourite avatars to download yet: star the ones you want first.' },
    });
  });
});

describe('the gallery list', () => {
  it('answers 200 with no tasks for a new account, and 400 for a bad cursor or favourites value', async () => {
    expect(await call('userTasks', { token: user.token })).toMatchObject({
      status: 200,
      body: { tasks: [] },
    });
    expect(await call('userTasks', { token: user.token, query: { cursor: 'not-a-cursor' } })).toMatchObject({
      status: 400,
      body: { msg: 'Invalid cursor: use the next_cursor of the page before.' },
    });
    expect(await call('userTasks', { token: user.token, query: { favourites: 'maybe' } })).toMatchObject({
      status: 400,
      body: { msg: 'Invalid favourites: use true or false.' },
    });
  });
});

describe('creating avatars', () => {
  it('refuses an empty or repeated choice of styles with 400 and the reason', async () => {
    const body = (styles: number[]) => ({
      styles,
      style_prompts: styles.map(() => 'a prompt'),
      use_reference_elements: true,
    });
    expect(await call('createTasksBatch', { token: user.token, body: body([]) })).toMatchObject({
      status: 400,
      body: { msg: 'Please select at least one style' },
    });
    expect(await call('createTasksBatch', { token: user.token, body: body([1, 1]) })).toMatchObject({
      status: 400,
      body: { msg: 'Each style can be picked once per batch.' },
    });
    expect(await call('createTasksBatch', { token: user.token, body: body([999_999]) })).toMatchObject({
      status: 400,
      body: { msg: 'Style 999999 is not available.' },
    });
  });

  it('lists the active styles (200)', async () => {
    const res = await call('listStyles', { token: user.token });
    expect(res.status).toBe(200);
    expect((res.body.styles as unknown[]).length).toBeGreaterThanOrEqual(25);
  });
});

describe('the "avatars are ready" email setting', () => {
  it('is on by default, and turned off and on again with 200', async () => {
    const u = await signedInUser();
    expect(await call('notificationSettings', { token: u.token })).toMatchObject({
      status: 200,
      body: { success: true, batch_finished_email: true },
    });
    const off = await call('setNotificationSettings', {
      token: u.token,
      body: { batch_finished_email: false },
    });
    expect(off).toMatchObject({ status: 200, body: { batch_finished_email: false } });
    expect((await call('notificationSettings', { token: u.token })).body.batch_finished_email).toBe(false);
  });
});
