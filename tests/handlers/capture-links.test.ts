// The capture link routes through the photos and photo-intake handlers in-process (DynamoDB Local, files in
// memory): who may call each, their status codes and error bodies, and that a capture code is a session on the
// two upload routes only. The rules (expiry, the 10-photo cap, the photo limit) are tests/domain's; the phone's
// whole flow through storage and the face check, tests/integration/capture-links.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiRoute, apiRoutes, type RouteId } from '#shared/api-routes.ts';
import { CAPTURE_CODE_ALPHABET, CAPTURE_ERRORS } from '#shared/capture-rules.ts';
import { CONSENT_MESSAGES } from '../../functions/photos/domain/consent.ts';
import { call, newClientIp, signedInUser, type TestUser, WEB_URL } from '../support/handler-events.ts';

async function consentedUser(): Promise<TestUser> {
  const user = await signedInUser();
  const res = await call('photoConsent', { token: user.token, body: { processing: true, rights: true } });
  expect(res.status).toBe(200);
  return user;
}

const ended = (code: keyof typeof CAPTURE_ERRORS) => ({
  status: CAPTURE_ERRORS[code].status,
  body: { code, msg: CAPTURE_ERRORS[code].msg, error: CAPTURE_ERRORS[code].msg },
});

/** A link made by `user`, opened by a phone: its code and device headers. */
async function openedLink(user: TestUser) {
  const made = await call('createCaptureLink', { token: user.token, body: { language: 'en' } });
  expect(made.status).toBe(201);
  const code = made.body.code as string;
  const open = await call('openCaptureLink', { headers: { 'x-capture-code': code }, origin: WEB_URL });
  expect(open.status).toBe(200);
  const device = open.body.device as string;
  return { code, device, headers: { 'x-capture-code': code, 'x-capture-device': device } };
}

const shot = [{ name: 'selfie.jpg', type: 'image/jpeg', size: 1000 }];

let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  [alice, bob] = await Promise.all([consentedUser(), consentedUser()]);
});

describe('POST /photos/capture-links', () => {
  it('201 with a code, its page’s URL in the language asked, and when it ends', async () => {
    const before = Date.now();
    const res = await call('createCaptureLink', { token: alice.token, body: { language: 'fr' } });
    expect(res.status).toBe(201);
    const code = res.body.code as string;
    expect(code).toMatch(new RegExp(`^[${CAPTURE_CODE_ALPHABET}]{12}$`));
    expect(res.body.url).toBe(`${WEB_URL}/fr/capture/${code}`);
    const ends = Date.parse(res.body.expires_at as string);
    expect(ends - before).toBeGreaterThan(14 * 60_000);
    expect(ends - before).toBeLessThanOrEqual(15 * 60_000 + 1000);
  });

  it('403 without both consents, with the photo routes’ message; 400 for a language we do not have', async () => {
    const user = await signedInUser();
    const res = await call('createCaptureLink', { token: user.token, body: { language: 'en' } });
    expect(res).toMatchObject({
      status: 403,
      body: { code: 'CONSENT_REQUIRED', msg: CONSENT_MESSAGES.neither },
    });
    const bad = await call('createCaptureLink', { token: alice.token, body: { language: 'de' } });
    expect(bad).toMatchObject({ status: 400, body: { code: 'VALIDATION_FAILED' } });
  });
});

describe('POST /photos/capture-links/open', () => {
  it('opens with the code alone; the same device again gets the same answer; another device 403', async () => {
    const carol = await consentedUser();
    const made = await call('createCaptureLink', { token: carol.token, body: { language: 'en' } });
    const code = made.body.code as string;
    const first = await call('openCaptureLink', { headers: { 'x-capture-code': code } });
    expect(first).toMatchObject({
      status: 200,
      body: { language: 'en', expires_at: made.body.expires_at, photos_added: 0, photos_left: 10 },
    });
    const again = await call('openCaptureLink', {
      headers: { 'x-capture-code': code, 'x-capture-device': first.body.device as string },
    });
    expect(again).toMatchObject({ status: 200, body: first.body });
    const other = await call('openCaptureLink', { headers: { 'x-capture-code': code } });
    expect(other).toMatchObject(ended('CAPTURE_LINK_IN_USE'));
  });

  it('404 for an unknown code or none; 410 for a replaced one', async () => {
    const none = await call('openCaptureLink', {});
    expect(none).toMatchObject(ended('CAPTURE_LINK_NOT_FOUND'));
    const unknown = await call('openCaptureLink', { headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' } });
    expect(unknown).toMatchObject(ended('CAPTURE_LINK_NOT_FOUND'));
    const dave = await consentedUser();
    const old = await call('createCaptureLink', { token: dave.token, body: { language: 'en' } });
    await call('createCaptureLink', { token: dave.token, body: { language: 'en' } });
    const replaced = await call('openCaptureLink', {
      headers: { 'x-capture-code': old.body.code as string },
    });
    expect(replaced).toMatchObject(ended('CAPTURE_LINK_ENDED'));
  });

  it('is rate-limited per source address: 429 with Retry-After', async () => {
    const ip = newClientIp();
    let last = await call('openCaptureLink', { headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' }, ip });
    for (let i = 0; i < 40 && last.status !== 429; i++)
      last = await call('openCaptureLink', { headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' }, ip });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held back.
    const other = await call('openCaptureLink', { headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' } });
    expect(other.status).toBe(404);
  });
});

describe('the upload routes with a capture code', () => {
  it('upload targets go to the link’s account', async () => {
    const link = await openedLink(alice);
    const res = await call('photoUploadTargets', { headers: link.headers, body: { files: shot } });
    expect(res.status).toBe(200);
    const [target] = res.body.targets as { id: string; url: string; fields: Record<string, string> }[];
    expect(JSON.stringify(target?.fields)).toContain(alice.id);
    expect(JSON.stringify(target?.fields)).not.toContain(bob.id);
  });

  it('the device is required, and must be the one that opened the link: 403', async () => {
    const link = await openedLink(alice);
    const cases: Record<string, string>[] = [
      { 'x-capture-code': link.code },
      { 'x-capture-code': link.code, 'x-capture-device': 'x' },
    ];
    for (const headers of cases) {
      expect(
        await call('photoUploadTargets', { headers, body: { files: shot } }),
        JSON.stringify(headers),
      ).toMatchObject(ended('CAPTURE_LINK_IN_USE'));
      expect(
        await call('confirmPhotoUploads', { headers, body: { uploads: [{ id: 'a_0000000000000000' }] } }),
      ).toMatchObject(ended('CAPTURE_LINK_IN_USE'));
    }
  });

  it('guessing codes on them counts against the open limit of the address; the right code and device pass', async () => {
    const link = await openedLink(alice);
    const ip = newClientIp();
    const guess = (i: number) =>
      i % 2
        ? call('photoUploadTargets', {
            headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' },
            body: { files: shot },
            ip,
          })
        : call('confirmPhotoUploads', {
            headers: { 'x-capture-code': 'ZZZZZZZZZZZZ', 'x-capture-device': 'x' },
            body: { uploads: [{ id: 'a_0000000000000000' }] },
            ip,
          });
    let last = await guess(0);
    expect(last).toMatchObject(ended('CAPTURE_LINK_NOT_FOUND'));
    let tries = 1;
    for (; tries < 40 && last.status !== 429; tries++) last = await guess(tries);
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('RATE_LIMITED');
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    // The same count as opening a link.
    const open = await call('openCaptureLink', { headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' }, ip });
    expect(open.status).toBe(429);
    // A real code without its device tells a guesser nothing more than an unknown one.
    const noDevice = await call('photoUploadTargets', {
      headers: { 'x-capture-code': link.code },
      body: { files: shot },
      ip,
    });
    expect(noDevice.status).toBe(429);
    // The phone with its code and device is never held back, even from that address.
    const phone = await call('photoUploadTargets', { headers: link.headers, body: { files: shot }, ip });
    expect(phone.status).toBe(200);
    // Another address is not held back.
    const other = await call('photoUploadTargets', {
      headers: { 'x-capture-code': 'ZZZZZZZZZZZZ' },
      body: { files: shot },
    });
    expect(other).toMatchObject(ended('CAPTURE_LINK_NOT_FOUND'));
    console.log(`429 after ${tries} guesses on the upload routes`);
  });

  it('a confirm of nothing of the account’s is 404, and gives its place back', async () => {
    const link = await openedLink(alice);
    const res = await call('confirmPhotoUploads', {
      headers: link.headers,
      body: { uploads: [{ id: 'selfie_0000000000000000' }] },
    });
    expect(res).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', msg: 'Upload not found.' } });
    const current = await call('currentCaptureLink', { token: alice.token });
    expect(current.body).toMatchObject({ code: link.code, photos_added: 0, status: 'open' });
  });

  it('every other route answers 401 to the code and its device: it is not a session', async () => {
    const link = await openedLink(alice);
    const others = (Object.entries(apiRoutes) as [RouteId, ApiRoute][]).filter(
      ([, r]) => r.access === 'user' || r.access === 'admin',
    );
    expect(others.map(([id]) => id)).toEqual(
      expect.arrayContaining(['listPhotos', 'photoData', 'deletePhoto', 'photoConsent', 'createTasksBatch']),
    );
    for (const [id] of others) {
      const res = await call(id, { headers: link.headers });
      expect(res.status, id).toBe(401);
      expect(res.body.code, id).toBe('UNAUTHENTICATED');
    }
  });
});

describe('GET /photos/capture-links/current and DELETE /photos/capture-links/{code}', () => {
  it('404 before any link; then the code the phone has, its state; closing it ends it for the phone', async () => {
    const erin = await consentedUser();
    const before = await call('currentCaptureLink', { token: erin.token });
    expect(before).toMatchObject({ status: 404, body: { code: 'CAPTURE_LINK_NOT_FOUND' } });
    const link = await openedLink(erin);
    const current = await call('currentCaptureLink', { token: erin.token });
    expect(current).toMatchObject({
      status: 200,
      body: { code: link.code, url: `${WEB_URL}/capture/${link.code}`, photos_added: 0, status: 'open' },
    });
    // Another account's code: 404, and the link works on.
    const stolen = await call('revokeCaptureLink', { token: bob.token, params: { code: link.code } });
    expect(stolen).toMatchObject(ended('CAPTURE_LINK_NOT_FOUND'));
    expect((await call('photoUploadTargets', { headers: link.headers, body: { files: shot } })).status).toBe(
      200,
    );
    const closed = await call('revokeCaptureLink', { token: erin.token, params: { code: link.code } });
    expect(closed).toMatchObject({ status: 200, body: { success: true } });
    expect(await call('photoUploadTargets', { headers: link.headers, body: { files: shot } })).toMatchObject(
      ended('CAPTURE_LINK_ENDED'),
    );
    expect((await call('currentCaptureLink', { token: erin.token })).body.status).toBe('ended');
  });
});
