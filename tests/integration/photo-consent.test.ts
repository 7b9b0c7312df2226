// Issue 8: the two consents are recorded on the account (each box, the wording version, the time), can be
// withdrawn, and the upload routes refuse without them (403, the spec's section 5 messages). The retention
// setting is kept on the account and honoured through the port the generation worker calls.
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoPhotoStore } from '../../functions/adapters/dynamodb/photo-store.ts';
import { S3PhotoFiles } from '../../functions/adapters/s3/photo-files.ts';
import { systemClock } from '../../functions/adapters/system.ts';
import { photosAfterAvatarsReady } from '../../functions/domain/photos/retention.ts';
import { PHOTO_CONSENT_VERSION } from '../../shared/photo-rules.ts';
import { activatedUser, callRoute, stack } from '../support/api.ts';
import {
  bucketClient,
  bucketKeys,
  consentedUser,
  uploadMultipart,
  uploadTargetsFor,
} from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

const SPEC = {
  neither:
    'Please accept both the data processing consent and the image rights confirmation before uploading photos.',
  processing: 'Please accept the data processing consent before uploading photos.',
  rights: 'Please confirm you have the rights to use these images before uploading photos.',
};

function tableClient() {
  const client = new DynamoDBClient({
    endpoint: stack().dynamoEndpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return DynamoDBDocumentClient.from(client);
}

async function uploadRefusals(token: string) {
  const bytes = await testPhoto({ width: 640, height: 640 });
  const targets = await uploadTargetsFor(token, [{ name: 'a.jpg', bytes }]);
  const multipart = await uploadMultipart(token, [{ name: 'a.jpg', bytes }]);
  const confirm = await callRoute('confirmPhotoUploads', {
    token,
    body: { uploads: [{ id: 'a_0123456789abcdef' }] },
  });
  return [targets, multipart, confirm].map((r) => ({ status: r.status, error: r.body.error }));
}

describe('consent', () => {
  it('without both boxes ticked, every upload route answers 403 with the spec’s message', async () => {
    const { token } = await activatedUser();
    const before = await callRoute('listPhotos', { token });
    expect(before.body.consent).toEqual({
      processing: false,
      rights: false,
      version: null,
      updated_at: null,
    });
    for (const r of await uploadRefusals(token)) expect(r).toEqual({ status: 403, error: SPEC.neither });

    await callRoute('photoConsent', { token, body: { processing: false, rights: true } });
    for (const r of await uploadRefusals(token)) expect(r).toEqual({ status: 403, error: SPEC.processing });
    await callRoute('photoConsent', { token, body: { processing: true, rights: false } });
    for (const r of await uploadRefusals(token)) expect(r).toEqual({ status: 403, error: SPEC.rights });
  });

  it('is recorded on the account with both boxes, the wording version and the time, and can be withdrawn', async () => {
    const { token } = await activatedUser();
    const before = Math.floor(Date.now() / 1000);
    const given = await callRoute('photoConsent', { token, body: { processing: true, rights: true } });
    expect(given.body.consent).toMatchObject({
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
    });
    expect(given.body.consent.updated_at).toBeGreaterThanOrEqual(before);
    const list = await callRoute('listPhotos', { token });
    expect(list.body.consent).toEqual(given.body.consent);
    // The account item itself holds it.
    const userId = (
      await uploadTargetsFor(token, [{ name: 'x.jpg', bytes: await testPhoto() }])
    ).body.targets[0]?.fields.key?.split('/')[1] as string;
    const item = await tableClient().send(
      new GetCommand({ TableName: stack().tableName, Key: { pk: `USER#${userId}`, sk: 'PROFILE' } }),
    );
    expect(item.Item?.photo_consent).toEqual({
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
      updated_at: given.body.consent.updated_at,
    });

    const withdrawn = await callRoute('photoConsent', { token, body: { processing: false, rights: false } });
    expect(withdrawn.body.consent).toMatchObject({ processing: false, rights: false });
    for (const r of await uploadRefusals(token)) expect(r).toEqual({ status: 403, error: SPEC.neither });
  });

  it('accepts only the two booleans', async () => {
    const { token } = await activatedUser();
    const res = await callRoute('photoConsent', {
      token,
      body: { processing: 'yes', rights: true } as never,
    });
    expect(res.status).toBe(400);
  });
});

describe('retention', () => {
  it('“delete my photos once my avatars are ready” is kept on the account and honoured by the generation port', async () => {
    const { token } = await consentedUser();
    const off = await callRoute('listPhotos', { token });
    expect(off.body.delete_after_generation).toBe(false);
    const res = await uploadMultipart(token, [
      { name: 'one.jpg', bytes: await testPhoto({ seed: 1 }) },
      { name: 'two.jpg', bytes: await testPhoto({ seed: 2 }) },
    ]);
    expect(res.body.files).toHaveLength(2);
    const userId = (
      await uploadTargetsFor(token, [{ name: 'x.jpg', bytes: await testPhoto() }])
    ).body.targets[0]?.fields.key?.split('/')[1] as string;

    const db = tableClient();
    const deps = {
      users: new DynamoPhotoStore(db, stack().tableName),
      store: new DynamoPhotoStore(db, stack().tableName),
      files: new S3PhotoFiles(bucketClient(), stack().mediaBucket),
      clock: systemClock,
    };
    // Setting off: the worker's call keeps the photos.
    expect(await photosAfterAvatarsReady(deps, userId)).toBe(0);
    expect((await callRoute('listPhotos', { token })).body.files).toHaveLength(2);

    const on = await callRoute('photoRetention', { token, body: { delete_after_generation: true } });
    expect(on.body).toEqual({ success: true, delete_after_generation: true });
    expect((await callRoute('listPhotos', { token })).body.delete_after_generation).toBe(true);
    expect(await photosAfterAvatarsReady(deps, userId)).toBe(2);
    expect((await callRoute('listPhotos', { token })).body.files).toEqual([]);
    expect(await bucketKeys(`photos/${userId}/`)).toEqual([]);
    expect(await bucketKeys(`thumbs/${userId}/`)).toEqual([]);
  });
});

describe('automatic deletion after 30 days', () => {
  it('a photo past its time is gone from the list, the data route and the count, before TTL removes it', async () => {
    const { token } = await consentedUser();
    const res = await uploadMultipart(token, [{ name: 'old.jpg', bytes: await testPhoto({ seed: 4 }) }]);
    const filename = res.body.files[0] as string;
    const userId = (
      await uploadTargetsFor(token, [{ name: 'x.jpg', bytes: await testPhoto() }])
    ).body.targets[0]?.fields.key?.split('/')[1] as string;
    // Thirty days later (TTL deletes items only within days of their time; reads must not wait for it).
    const db = tableClient();
    await db.send(
      new UpdateCommand({
        TableName: stack().tableName,
        Key: { pk: `USER#${userId}`, sk: 'PHOTO#00' },
        UpdateExpression: 'SET expires_at = :past',
        ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 1 },
      }),
    );
    expect((await callRoute('listPhotos', { token })).body.files).toEqual([]);
    expect((await callRoute('photoData', { token, params: { filename } })).status).toBe(404);
    // Its place is free again.
    const again = await uploadMultipart(token, [{ name: 'new.jpg', bytes: await testPhoto({ seed: 5 }) }]);
    expect(again.body.files).toHaveLength(1);
    const item = await db.send(
      new GetCommand({ TableName: stack().tableName, Key: { pk: `USER#${userId}`, sk: 'PHOTO#00' } }),
    );
    expect(item.Item?.filename).toBe(again.body.files[0]);
  });
});
