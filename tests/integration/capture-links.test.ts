// What only the whole stack sees of capture links (docs/product.md, "Selfies from the phone"): the phone's
// flow with a real selfie through the presigned upload and the confirm with the capture headers, the routes a
// capture code must not reach, concurrent confirms against the link's 10-photo counter in DynamoDB, expiry,
// a second device and closing the link, over real HTTP. The rules one by one are tests/domain/capture-links's;
// access and status codes per route, tests/handlers/capture-links's.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { keys } from '#platform/dynamodb/keys.ts';
import { CAPTURE_ERRORS } from '#shared/capture-rules.ts';
import { callRoute, type RouteCallOptions, stack } from '../support/api.ts';
import { testDb, userIdOf } from '../support/avatars.ts';
import { selfie } from '../support/face-fixtures.ts';
import { consentedUser, postToBucket, uploadDirect } from '../support/photos.ts';

type Phone = { code: string; device: string; headers: Record<string, string> };

/** The desktop makes a link; the phone opens it with the code alone. */
async function phoneFor(token: string, language: 'en' | 'fr' = 'en'): Promise<Phone> {
  const made = await callRoute('createCaptureLink', { token, body: { language } });
  expect(made.status).toBe(201);
  const code = made.body.code;
  const opened = await callRoute('openCaptureLink', { headers: { 'x-capture-code': code } });
  expect(opened.status).toBe(200);
  const device = opened.body.device;
  return { code, device, headers: { 'x-capture-code': code, 'x-capture-device': device } };
}

/** The phone's upload targets for `count` shots, each shot posted to the bucket: the upload ids to confirm. */
async function postShots(phone: Phone, count: number): Promise<{ id: string; name: string }[]> {
  const bytes = await selfie(0);
  const targets = await callRoute('photoUploadTargets', {
    headers: phone.headers,
    body: {
      files: Array.from({ length: count }, (_, i) => ({
        name: `shot-${i}.jpg`,
        type: 'image/jpeg',
        size: bytes.length,
      })),
    },
  });
  expect(targets.status, targets.body.msg).toBe(200);
  for (const t of targets.body.targets) {
    const res = await postToBucket(t, { name: t.name, bytes });
    expect(res.ok).toBe(true);
  }
  return targets.body.targets.map((t) => ({ id: t.id, name: t.name }));
}

const refused = (code: keyof typeof CAPTURE_ERRORS) => ({
  status: CAPTURE_ERRORS[code].status,
  body: { code, msg: CAPTURE_ERRORS[code].msg },
});

describe('the phone’s flow', () => {
  it('a real selfie goes through the presigned upload and the confirm with the capture headers, to the desktop’s list', async () => {
    const desktop = await consentedUser();
    const phone = await phoneFor(desktop.token, 'fr');
    const [upload] = await postShots(phone, 1);
    const confirmed = await callRoute('confirmPhotoUploads', {
      headers: phone.headers,
      body: { uploads: [upload as { id: string; name: string }] },
    });
    expect(confirmed.status, confirmed.body.msg).toBe(200);
    expect(confirmed.body.files).toHaveLength(1);
    const list = await callRoute('listPhotos', { token: desktop.token });
    expect(list.body.files.map((f) => f.filename)).toEqual(confirmed.body.files);
    expect(list.body.files[0]?.original_name).toBe('shot-0.jpg');
    const current = await callRoute('currentCaptureLink', { token: desktop.token });
    expect(current.body).toMatchObject({ code: phone.code, photos_added: 1, status: 'open' });
    expect(current.body.url).toBe(`${stack().webUrl}/fr/capture/${phone.code}`);
  });
});

describe('what a capture code cannot reach', () => {
  it('every other route answers 401 to the code and its device; nothing changes', async () => {
    const alice = await consentedUser();
    const { confirmed } = await uploadDirect(alice.token, [{ name: 'mine.jpg', bytes: await selfie(1) }]);
    const filename = confirmed[0]?.body.files[0] as string;
    const phone = await phoneFor(alice.token);
    const as: RouteCallOptions = { headers: phone.headers };
    const attempts = [
      callRoute('listPhotos', as),
      callRoute('photoData', { ...as, params: { filename } }),
      callRoute('deletePhoto', { ...as, params: { filename } }),
      callRoute('photoConsent', { ...as, body: { processing: false, rights: false } }),
      callRoute('photoRetention', { ...as, body: { delete_after_generation: true } }),
      callRoute('uploadPhotos', as),
      callRoute('createCaptureLink', { ...as, body: { language: 'en' } }),
      callRoute('currentCaptureLink', as),
      callRoute('revokeCaptureLink', { ...as, params: { code: phone.code } }),
      callRoute('createTasksBatch', {
        ...as,
        body: { styles: [1], style_prompts: ['x'], use_reference_elements: true },
      }),
      callRoute('createDownloadLink', { ...as, body: { route: 'photoData', filename } }),
      callRoute('userInfo', as),
      callRoute('tokenLedger', as),
      callRoute('userTasks', as),
      callRoute('changePassword', { ...as, body: { current_password: 'x', new_password: 'y' } }),
      callRoute('exportAccountData', as),
      callRoute('requestAccountDeletionLink', as),
      callRoute('checkSubscription', as),
      callRoute('myTeam', as),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
    // Alice's photo, consent and link are as they were.
    const list = await callRoute('listPhotos', { token: alice.token });
    expect(list.body.files.map((f) => f.filename)).toEqual([filename]);
    expect(list.body.consent).toMatchObject({ processing: true, rights: true });
    expect((await callRoute('currentCaptureLink', { token: alice.token })).body.status).toBe('open');
  });

  it('another account’s uploads cannot be confirmed with one’s own link: 404, nothing kept', async () => {
    const alice = await consentedUser();
    const mallory = await consentedUser();
    const alicePhone = await phoneFor(alice.token);
    const malloryPhone = await phoneFor(mallory.token);
    const uploads = await postShots(alicePhone, 1);
    const taken = await callRoute('confirmPhotoUploads', {
      headers: malloryPhone.headers,
      body: { uploads },
    });
    expect(taken).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', msg: 'Upload not found.' } });
    expect((await callRoute('listPhotos', { token: mallory.token })).body.files).toEqual([]);
    expect((await callRoute('currentCaptureLink', { token: mallory.token })).body.photos_added).toBe(0);
    // Alice's own phone still confirms them.
    const own = await callRoute('confirmPhotoUploads', { headers: alicePhone.headers, body: { uploads } });
    expect(own.body.files).toHaveLength(1);
    expect(userIdOf(alice.token)).not.toBe(userIdOf(mallory.token));
  });
});

describe('the 10-photo cap', () => {
  it('concurrent confirms never add more than 10 photos through one link', async () => {
    const desktop = await consentedUser();
    const phone = await phoneFor(desktop.token);
    // Eight photos one confirm after the other, then four confirms at once racing for the last two places (few at
    // once, so that on a loaded machine every confirm answers well within the API's timeout).
    const first = [...(await postShots(phone, 4)), ...(await postShots(phone, 4))];
    for (const batch of [first.slice(0, 4), first.slice(4)]) {
      const answer = await callRoute('confirmPhotoUploads', {
        headers: phone.headers,
        body: { uploads: batch },
      });
      expect(answer.body.files).toHaveLength(4);
    }
    const racing = await postShots(phone, 4);
    const answers = await Promise.all(
      racing.map((u) => callRoute('confirmPhotoUploads', { headers: phone.headers, body: { uploads: [u] } })),
    );
    const kept = answers.flatMap((a) => (a.status === 200 ? a.body.files : []));
    expect(kept).toHaveLength(2);
    for (const a of answers.filter((a) => a.status !== 200))
      expect(a).toMatchObject(refused('CAPTURE_LINK_ENDED'));
    expect((await callRoute('listPhotos', { token: desktop.token })).body.files).toHaveLength(10);
    expect((await callRoute('currentCaptureLink', { token: desktop.token })).body).toMatchObject({
      photos_added: 10,
      status: 'ended',
    });
    // The link has ended for the phone too.
    expect(await callRoute('openCaptureLink', { headers: phone.headers })).toMatchObject(
      refused('CAPTURE_LINK_ENDED'),
    );
  }, 120_000);
});

describe('a link’s limits', () => {
  it('past its 15 minutes: 410 expired to the open and upload routes; the desktop sees it expired', async () => {
    const desktop = await consentedUser();
    const phone = await phoneFor(desktop.token);
    const uploads = await postShots(phone, 1);
    // Fifteen minutes later, as the table sees it.
    await testDb().send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: keys.captureLink(userIdOf(desktop.token)),
        UpdateExpression: 'SET ends_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect(await callRoute('openCaptureLink', { headers: phone.headers })).toMatchObject(
      refused('CAPTURE_LINK_EXPIRED'),
    );
    expect(
      await callRoute('confirmPhotoUploads', { headers: phone.headers, body: { uploads } }),
    ).toMatchObject(refused('CAPTURE_LINK_EXPIRED'));
    expect((await callRoute('listPhotos', { token: desktop.token })).body.files).toEqual([]);
    expect((await callRoute('currentCaptureLink', { token: desktop.token })).body.status).toBe('expired');
  });

  it('works on the first device only: a second one gets 403, on the open and the upload routes', async () => {
    const desktop = await consentedUser();
    const phone = await phoneFor(desktop.token);
    const second = await callRoute('openCaptureLink', { headers: { 'x-capture-code': phone.code } });
    expect(second).toMatchObject(refused('CAPTURE_LINK_IN_USE'));
    const guessed = { 'x-capture-code': phone.code, 'x-capture-device': 'a-device-of-my-own' };
    expect(
      await callRoute('photoUploadTargets', {
        headers: guessed,
        body: { files: [{ name: 'a.jpg', type: 'image/jpeg', size: 100 }] },
      }),
    ).toMatchObject(refused('CAPTURE_LINK_IN_USE'));
    // The first one works on, a reload included.
    const again = await callRoute('openCaptureLink', { headers: phone.headers });
    expect(again).toMatchObject({ status: 200, body: { device: phone.device, photos_left: 10 } });
    expect(await postShots(phone, 1)).toHaveLength(1);
  });

  it('closed on the desktop: 410 ended to the phone, uploads in flight included', async () => {
    const desktop = await consentedUser();
    const phone = await phoneFor(desktop.token);
    const uploads = await postShots(phone, 1);
    const closed = await callRoute('revokeCaptureLink', {
      token: desktop.token,
      params: { code: phone.code },
    });
    expect(closed).toMatchObject({ status: 200, body: { success: true } });
    expect(
      await callRoute('confirmPhotoUploads', { headers: phone.headers, body: { uploads } }),
    ).toMatchObject(refused('CAPTURE_LINK_ENDED'));
    expect(
      await callRoute('photoUploadTargets', {
        headers: phone.headers,
        body: { files: [{ name: 'a.jpg', type: 'image/jpeg', size: 100 }] },
      }),
    ).toMatchObject(refused('CAPTURE_LINK_ENDED'));
    expect(await callRoute('openCaptureLink', { headers: phone.headers })).toMatchObject(
      refused('CAPTURE_LINK_ENDED'),
    );
    expect((await callRoute('listPhotos', { token: desktop.token })).body.files).toEqual([]);
  });
});
