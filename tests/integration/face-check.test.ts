import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { callRoute, stack } from '../support/api.ts';
import { testDb, userIdOf } from '../support/avatars.ts';
import {
  blurryFacePhoto,
  groupPhoto,
  samePersonAgain,
  selfie,
  smallFacePhoto,
} from '../support/face-fixtures.ts';
import {
  bucketKeys,
  consentedUser,
  type TestFile,
  uploadDirect,
  uploadMultipart,
} from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

const ROUTES = {
  'the browser upload (presigned, then confirmed)': async (token: string, files: TestFile[]) =>
    (await uploadDirect(token, files)).confirmed[0]?.body,
  'the multipart route': async (token: string, files: TestFile[]) =>
    (await uploadMultipart(token, files)).body,
} as const;

async function photoItems(token: string): Promise<Record<string, unknown>[]> {
  const res = await testDb().send(
    new QueryCommand({
      TableName: stack().tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `USER#${userIdOf(token)}` },
      ConsistentRead: true,
    }),
  );
  return (res.Items ?? []).filter((i) => String(i.sk).startsWith('PHOTO#'));
}

/** Every object of the account: uploads waiting, photos and thumbnails. */
const mediaKeysOf = async (token: string) =>
  (
    await Promise.all(['uploads', 'photos', 'thumbs'].map((p) => bucketKeys(`${p}/${userIdOf(token)}/`)))
  ).flat();

describe.each(Object.entries(ROUTES))('the face check through %s', (_, upload) => {
  it('refuses a photo with no face, and keeps nothing of it', async () => {
    const { token } = await consentedUser();
    const body = await upload(token, [{ name: 'landscape.jpg', bytes: await testPhoto({ face: false }) }]);
    expect(body).toMatchObject({ success: false, files: [], rejected: ['landscape.jpg'], rejectedCount: 1 });
    expect(body?.rejections).toEqual([
      {
        name: 'landscape.jpg',
        reason: 'no-face',
        message: 'No face found in this photo. Use a photo where your face is clearly visible.',
      },
    ]);
    expect((await callRoute('listPhotos', { token })).body.files).toEqual([]);
    expect(await photoItems(token)).toEqual([]);
    expect(await mediaKeysOf(token)).toEqual([]);
  });

  it('refuses a group photo, and accepts a selfie sent with it', async () => {
    const { token } = await consentedUser();
    const body = await upload(token, [
      { name: 'party.jpg', bytes: await groupPhoto() },
      { name: 'me.jpg', bytes: await selfie(0) },
    ]);
    expect(body).toMatchObject({ success: true, rejected: ['party.jpg'], rejectedCount: 1 });
    expect(body?.files).toHaveLength(1);
    expect(body?.rejections).toEqual([
      {
        name: 'party.jpg',
        reason: 'several-faces',
        message: 'This photo shows more than one person. Use a photo of you alone.',
      },
    ]);
    const files = (await callRoute('listPhotos', { token })).body.files;
    expect(files.map((f) => f.original_name)).toEqual(['me.jpg']);
    // 900 px wide: a low-resolution warning, and nothing about the face.
    expect(files[0]?.hints).toEqual(['small']);
    // The selfie's image and thumbnail, nothing of the group photo.
    expect(await mediaKeysOf(token)).toHaveLength(2);
  });

  it('warns about a small face and a blurry face, and keeps both photos', async () => {
    const { token } = await consentedUser();
    const body = await upload(token, [
      { name: 'far.jpg', bytes: await smallFacePhoto(0) },
      { name: 'soft.jpg', bytes: await blurryFacePhoto(0) },
    ]);
    expect(body?.rejectedCount).toBe(0);
    const hints = Object.fromEntries(
      (await callRoute('listPhotos', { token })).body.files.map((f) => [f.original_name, f.hints]),
    );
    expect(hints['far.jpg']).toContain('face-small');
    expect(hints['far.jpg']).not.toContain('face-blurry');
    // Measured on the face, which replaces the whole frame's blur hint.
    expect(hints['soft.jpg']).toContain('face-blurry');
    expect(hints['soft.jpg']).not.toContain('blurry');
    expect(hints['soft.jpg']).not.toContain('face-small');
  });
});

describe('a photo that may show someone else', () => {
  it('is flagged against the others, and the set is judged again after a delete', async () => {
    const { token } = await consentedUser();
    await uploadMultipart(token, [
      { name: 'me-1.jpg', bytes: await selfie(2) },
      { name: 'me-2.jpg', bytes: await samePersonAgain(2, 1) },
      { name: 'me-3.jpg', bytes: await samePersonAgain(2, 2) },
      { name: 'partner.jpg', bytes: await selfie(9) },
    ]);
    const flagged = async () =>
      (await callRoute('listPhotos', { token })).body.files
        .filter((f) => f.hints.includes('someone-else'))
        .map((f) => f.original_name);
    expect(await flagged()).toEqual(['partner.jpg']);

    const files = (await callRoute('listPhotos', { token })).body.files;
    const partner = files.find((f) => f.original_name === 'partner.jpg');
    await callRoute('deletePhoto', { token, params: { filename: partner?.filename as string } });
    expect(await flagged()).toEqual([]);

    // Two photos of two people: nothing says which one is the user, so both are flagged.
    const own = files.filter((f) => f.original_name !== 'me-1.jpg' && f.original_name !== 'partner.jpg');
    for (const f of own) await callRoute('deletePhoto', { token, params: { filename: f.filename } });
    await uploadMultipart(token, [{ name: 'child.jpg', bytes: await selfie(11) }]);
    expect((await flagged()).sort()).toEqual(['child.jpg', 'me-1.jpg']);
  });

  it('is not flagged for one person photographed again (mirrored, re-lit, re-cropped)', async () => {
    const { token } = await consentedUser();
    await uploadMultipart(token, [
      { name: 'a.jpg', bytes: await selfie(4) },
      { name: 'b.jpg', bytes: await samePersonAgain(4, 1) },
      { name: 'c.jpg', bytes: await samePersonAgain(4, 3) },
    ]);
    const files = (await callRoute('listPhotos', { token })).body.files;
    expect(files.flatMap((f) => f.hints)).not.toContain('someone-else');
  });
});

describe('the face descriptor (biometric data)', () => {
  it('is stored on the photo record only, never answered, and deleted with the photo', async () => {
    const { token } = await consentedUser();
    await uploadMultipart(token, [{ name: 'me.jpg', bytes: await selfie(1) }]);
    const [item] = await photoItems(token);
    const face = item?.face as { descriptor: number[]; box: Record<string, number> };
    expect(face.descriptor).toHaveLength(128);
    expect(face.box.width).toBeGreaterThan(0.2);

    const list = await callRoute('listPhotos', { token });
    const text = JSON.stringify(list.body);
    expect(text).not.toContain('descriptor');
    expect(text).not.toContain(String(face.descriptor[0]));

    await callRoute('deletePhoto', { token, params: { filename: list.body.files[0]?.filename as string } });
    expect(await photoItems(token)).toEqual([]);
  });
});
