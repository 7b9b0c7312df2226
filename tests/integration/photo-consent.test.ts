// The consent route's body and the retention setting through the whole stack: kept on the account and
// honoured through the port the generation worker calls. Recording and withdrawing the consents, the upload
// routes' refusals without them and the 30-day expiry are the domain's (tests/domain/photos.test.ts) and
// the PhotoStore contract's (tests/contracts/photo-store.contract.ts, also against DynamoDB Local).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { systemClock } from '#platform/system.ts';
import { photosAfterAvatarsReady } from '../../functions/photos/domain/retention.ts';
import { DynamoPhotoStore } from '../../functions/photos/dynamodb/photo-store.ts';
import { S3PhotoFiles } from '../../functions/photos/s3/photo-files.ts';
import { activatedUser, callRoute, stack } from '../support/api.ts';
import {
  bucketClient,
  bucketKeys,
  consentedUser,
  uploadMultipart,
  uploadTargetsFor,
} from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

function tableClient() {
  const client = new DynamoDBClient({
    endpoint: stack().dynamoEndpoint,
    region: 'eu-west-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return DynamoDBDocumentClient.from(client);
}

describe('consent', () => {
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
