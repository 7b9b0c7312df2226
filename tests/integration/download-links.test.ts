// No URL carries the 7-day session. The routes a browser opens by URL take `?token=` only as
// a 5-minute download link for one route, one file (or one set of results for the ZIP) and one user.
import { beforeAll, describe, expect, it } from 'vitest';
import { LINK_ROUTES } from '#platform/domain/download-links.ts';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { JwtLinkTokens } from '../../functions/accounts/jose/jwt-link-tokens.ts';
import { callRoute, stack } from '../support/api.ts';
import { createBody, creator, stylesCosting, userIdOf, waitForTasks } from '../support/avatars.ts';

type Creator = Awaited<ReturnType<typeof creator>>;

const filenameOf = (t: AvatarTask) => (t.result_path as string).replace(/^results\//, '');

async function finished(user: Creator, n: number): Promise<AvatarTask[]> {
  const res = await callRoute('createTasksBatch', {
    token: user.token,
    body: createBody(await stylesCosting(n)),
  });
  expect(res.status).toBe(200);
  return waitForTasks(user.token, res.body.task_ids);
}

const link = async (token: string, route: (typeof LINK_ROUTES)[number], filename?: string) => {
  const res = await callRoute('createDownloadLink', { token, body: { route, filename } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

let alice: Creator;
let aliceTasks: AvatarTask[];
let bob: Creator;
let bobTasks: AvatarTask[];
beforeAll(async () => {
  [alice, bob] = await Promise.all([creator({ ltd: 10 }), creator({ ltd: 10 })]);
  [aliceTasks, bobTasks] = await Promise.all([finished(alice, 2), finished(bob, 1)]);
}, 180_000);

describe('a session in a URL', () => {
  it('is refused by every route that takes ?token=, which answer the same request with the header', async () => {
    const t = aliceTasks[0] as AvatarTask;
    const photo = (await callRoute('listPhotos', { token: alice.token })).body.files[0]?.filename as string;
    await callRoute('setFavourite', {
      token: alice.token,
      params: { taskId: t.id },
      body: { favourite: true },
    });
    const calls = [
      ['resultData', { filename: filenameOf(t) }],
      ['resultFile', { filename: filenameOf(t) }],
      ['resultsZip', {}],
      ['favouritesZip', {}],
      ['photoData', { filename: photo }],
    ] as const;
    // The team routes (CSV, ZIP) need a team: tests/integration/teams-downloads.test.ts refuses a session there.
    expect(calls.map(([id]) => id).sort()).toEqual(LINK_ROUTES.filter((r) => !r.startsWith('team')).sort());
    for (const [id, params] of calls) {
      const inUrl = await callRoute(id, { params, query: { token: alice.token } } as never);
      expect(inUrl.status, id).toBe(401);
      expect((inUrl.body as { msg: string }).msg, id).toBe(
        'This download link is not valid. Please download again from the app.',
      );
      const withHeader = await callRoute(id, { token: alice.token, params } as never);
      expect(withHeader.status, id).toBe(id.endsWith('Zip') ? 302 : 200);
    }
  });

  it('is not in anything the API answers the gallery', async () => {
    const tasks = await callRoute('userTasks', { token: alice.token });
    const links = await link(alice.token, 'resultsZip');
    const zip = await callRoute('resultsZip', { query: { token: links.token } });
    const answered = [JSON.stringify(tasks.body), JSON.stringify(links), zip.headers.get('location')].join(
      ' ',
    );
    expect(answered).not.toContain(alice.token);
    // Nor any part of it: its signature is what makes it a session.
    expect(answered).not.toContain(alice.token.split('.')[2]);
  });
});

describe('a download link', () => {
  it('opens its own file for five minutes at most, and the ZIP through a 5-minute storage URL', async () => {
    const t = aliceTasks[0] as AvatarTask;
    const before = Math.floor(Date.now() / 1000);
    const file = await link(alice.token, 'resultFile', filenameOf(t));
    expect(file.expires_at - before).toBeGreaterThan(0);
    expect(file.expires_at - before).toBeLessThanOrEqual(300 + 1);
    const res = await callRoute('resultFile', {
      params: { filename: filenameOf(t) },
      query: { token: file.token, preset: 'linkedin' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');

    const zipLink = await link(alice.token, 'resultsZip');
    const zip = await callRoute('resultsZip', { query: { token: zipLink.token } });
    expect(zip.status).toBe(302);
    const location = new URL(zip.headers.get('location') as string);
    expect(Number(location.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(location.pathname).toMatch(new RegExp(`/archives/${userIdOf(alice.token)}/[0-9a-f]{40}\\.zip$`));
    const bytes = Buffer.from(await (await fetch(location)).arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('opens nothing else: another file, another route, or the API as a session', async () => {
    const [a, b] = aliceTasks as [AvatarTask, AvatarTask];
    const forA = await link(alice.token, 'resultFile', filenameOf(a));
    const otherFile = await callRoute('resultFile', {
      params: { filename: filenameOf(b) },
      query: { token: forA.token },
    });
    expect(otherFile.status).toBe(403);
    expect(otherFile.body.msg).toBe(
      'This download link is for another file. Please download again from the app.',
    );
    const otherRoute = await callRoute('resultData', {
      params: { filename: filenameOf(a) },
      query: { token: forA.token },
    });
    expect(otherRoute.status).toBe(403);
    expect((await callRoute('resultsZip', { query: { token: forA.token } })).status).toBe(403);
    // A link is not a session: not in the header, not on a route without ?token=.
    expect((await callRoute('userTasks', { token: forA.token })).status).toBe(401);
    expect((await callRoute('userInfo', { query: { token: forA.token } })).status).toBe(401);
  });

  it('stops working when it expires', async () => {
    const t = aliceTasks[0] as AvatarTask;
    // Links signed as the API signs them (its key and issuer): one already expired, one fresh.
    const tokens = new JwtLinkTokens({ secret: stack().jwtSecret, issuer: 'aivatar-local' });
    const claims = {
      userId: userIdOf(alice.token),
      sessionVersion: JSON.parse(Buffer.from(alice.token.split('.')[1] as string, 'base64url').toString()).sv,
      route: 'resultFile' as const,
      object: filenameOf(t),
    };
    const expired = await tokens.issue(claims, -30);
    const late = await callRoute('resultFile', {
      params: { filename: filenameOf(t) },
      query: { token: expired.token },
    });
    expect(late.status).toBe(401);
    expect(late.body.msg).toBe('This download link has expired. Please download again from the app.');
    const fresh = await tokens.issue(claims, 60);
    const inTime = await callRoute('resultFile', {
      params: { filename: filenameOf(t) },
      query: { token: fresh.token },
    });
    expect(inTime.status).toBe(200);
  });

  it('is never made for another user’s avatar, photo or ZIP, and one user’s link opens none of another’s', async () => {
    const aliceFile = filenameOf(aliceTasks[0] as AvatarTask);
    const bobFile = filenameOf(bobTasks[0] as AvatarTask);
    for (const route of ['resultFile', 'resultData'] as const) {
      const res = await callRoute('createDownloadLink', {
        token: bob.token,
        body: { route, filename: aliceFile },
      });
      expect(res.status, route).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('token":');
    }
    const alicePhoto = (await callRoute('listPhotos', { token: alice.token })).body.files[0]
      ?.filename as string;
    const photo = await callRoute('createDownloadLink', {
      token: bob.token,
      body: { route: 'photoData', filename: alicePhoto },
    });
    expect(photo.status).toBe(404);
    // Bob's own link, pointed at Alice's file: refused, and his own file is still only his.
    const bobs = await link(bob.token, 'resultFile', bobFile);
    const stolen = await callRoute('resultFile', {
      params: { filename: aliceFile },
      query: { token: bobs.token },
    });
    expect(stolen.status).toBe(403);
    // Bob's ZIP link opens Bob's set, not Alice's.
    const bobZip = await link(bob.token, 'resultsZip');
    const zip = await callRoute('resultsZip', { query: { token: bobZip.token } });
    expect(new URL(zip.headers.get('location') as string).pathname).toContain(
      `/archives/${userIdOf(bob.token)}/`,
    );
    // A file name is required for a file, and the route must be one that takes links.
    const noName = await callRoute('createDownloadLink', { token: bob.token, body: { route: 'resultFile' } });
    expect(noName.status).toBe(400);
    const badRoute = await callRoute('createDownloadLink', {
      token: bob.token,
      body: { route: 'userInfo' } as never,
    });
    expect(badRoute.status).toBe(400);
  });
});
