// Reference photos go from the browser straight to S3 (presigned POST), are confirmed, checked and
// re-encoded on the server, listed newest first with short-lived URLs, and shown as base64 on request.
// Real HTTP against the local stack: DynamoDB Local, s3rver, the local API Gateway.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PHOTO_LIMITS, PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import { callRoute } from '../support/api.ts';
import {
  bucketKeys,
  consentedUser,
  download,
  postToBucket,
  uploadDirect,
  uploadMultipart,
  uploadTargetsFor,
} from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

const ownerOf = (key: string) => key.split('/')[1] as string;

describe('direct uploads to S3', () => {
  it('hands out a 5-minute presigned POST per file under the caller’s prefix, with the type and size in the policy', async () => {
    const { token } = await consentedUser();
    const photo = await testPhoto();
    const res = await uploadTargetsFor(token, [{ name: 'Me at the beach.JPG', bytes: photo }]);
    expect(res.status).toBe(200);
    expect(res.body.expires_in).toBe(300);
    const [target] = res.body.targets;
    expect(target?.name).toBe('Me at the beach.JPG');
    expect(target?.id).toMatch(/^me-at-the-beach_[0-9a-f]{16}$/);
    expect(target?.fields.key).toMatch(new RegExp(`^uploads/[0-9a-f-]{36}/${target?.id}$`));
    expect(target?.fields['Content-Type']).toBe('image/jpeg');
    const policy = JSON.parse(Buffer.from(target?.fields.Policy as string, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: unknown[];
    };
    const expiresIn = (Date.parse(policy.expiration) - Date.now()) / 1000;
    expect(expiresIn).toBeGreaterThan(280);
    expect(expiresIn).toBeLessThanOrEqual(300);
    expect(policy.conditions).toContainEqual(['content-length-range', 1, PHOTO_LIMITS.maxBytes]);
    expect(policy.conditions).toContainEqual(['eq', '$Content-Type', 'image/jpeg']);
    expect(policy.conditions).toContainEqual({ key: target?.fields.key });
  });

  it('takes the files the browser posted to the bucket: checked, re-encoded, listed newest first, raw uploads gone', async () => {
    const { token } = await consentedUser();
    const first = await uploadDirect(token, [
      { name: 'first.png', bytes: await testPhoto({ format: 'png', seed: 2 }) },
    ]);
    expect(first.confirmed[0]?.body).toMatchObject({ success: true, rejectedCount: 0, rejected: [] });
    // Upload times are in seconds: the second photo must be strictly newer.
    await new Promise((r) => setTimeout(r, 1100));
    const second = await uploadDirect(token, [
      { name: 'second.webp', bytes: await testPhoto({ format: 'webp', seed: 3 }) },
    ]);
    const [secondName] = second.confirmed[0]?.body.files ?? [];
    expect(secondName).toMatch(/^second_[0-9a-f]{16}\.jpg$/);

    const list = await callRoute('listPhotos', { token });
    expect(list.status).toBe(200);
    expect(list.body.files.map((f) => f.original_name)).toEqual(['second.webp', 'first.png']);
    const [newest] = list.body.files;
    expect(newest).toMatchObject({
      filename: secondName,
      content_type: 'image/jpeg',
      width: 1200,
      height: 900,
    });
    expect((newest?.expires_at ?? 0) - (newest?.uploaded_at ?? 0)).toBe(PHOTO_RETENTION_DAYS * 86_400);

    // The short-lived URLs work without the API: the image as stored, and its thumbnail.
    const image = await download(newest?.url as string);
    expect(image.status).toBe(200);
    expect(image.type).toBe('image/jpeg');
    expect(image.bytes.length).toBe(newest?.size);
    const thumb = await download(newest?.thumbnail_url as string);
    expect(thumb.type).toBe('image/webp');
    expect(await sharp(thumb.bytes).metadata()).toMatchObject({ format: 'webp', width: 320, height: 320 });
    expect(thumb.bytes.length).toBeLessThanOrEqual(PHOTO_LIMITS.thumbnailMaxBytes);

    // The base64 route answers the same image.
    const data = await callRoute('photoData', { token, params: { filename: secondName as string } });
    expect(data.body).toMatchObject({ success: true, content_type: 'image/jpeg' });
    expect(Buffer.from(data.body.data, 'base64').equals(image.bytes)).toBe(true);
    // The product's image-URL helper puts a token in the URL: a download link for this photo, never the session.
    const inUrl = await callRoute('photoData', {
      params: { filename: secondName as string },
      query: { token },
    });
    expect(inUrl.status).toBe(401);
    const link = await callRoute('createDownloadLink', {
      token,
      body: { route: 'photoData', filename: secondName as string },
    });
    const byLink = await callRoute('photoData', {
      params: { filename: secondName as string },
      query: { token: link.body.token },
    });
    expect(byLink.status).toBe(200);
    expect(Buffer.from(byLink.body.data, 'base64').equals(image.bytes)).toBe(true);

    const owner = ownerOf(second.targets.body.targets[0]?.fields.key as string);
    expect(await bucketKeys(`uploads/${owner}/`)).toEqual([]);
    expect((await bucketKeys(`photos/${owner}/`)).sort()).toEqual(
      list.body.files.map((f) => `photos/${owner}/${f.filename}`).sort(),
    );
  });

  it('scales a big photo to 2048 px on its long side and keeps its thumbnail under 30 KB', async () => {
    const { token } = await consentedUser();
    const big = await testPhoto({ width: 4000, height: 3000, grain: 30 });
    const { confirmed } = await uploadDirect(token, [{ name: 'big.jpg', bytes: big }]);
    const [name] = confirmed[0]?.body.files ?? [];
    const [photo] = (await callRoute('listPhotos', { token })).body.files;
    expect(photo).toMatchObject({ filename: name, width: 2048, height: 1536 });
    const stored = await download(photo?.url as string);
    expect(await sharp(stored.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 2048, height: 1536 });
    expect((await download(photo?.thumbnail_url as string)).bytes.length).toBeLessThanOrEqual(30 * 1024);
  });

  it('confirms at most 5 uploads per call, and nothing for uploads that never arrived', async () => {
    const { token } = await consentedUser();
    const tooMany = await callRoute('confirmPhotoUploads', {
      token,
      body: { uploads: Array.from({ length: 6 }, (_, i) => ({ id: `a_${String(i).padStart(16, '0')}` })) },
    });
    expect(tooMany.status).toBe(400);
    const targets = await uploadTargetsFor(token, [{ name: 'never-sent.jpg', bytes: await testPhoto() }]);
    const confirm = await callRoute('confirmPhotoUploads', {
      token,
      body: { uploads: [{ id: targets.body.targets[0]?.id as string, name: 'never-sent.jpg' }] },
    });
    expect(confirm.status).toBe(404);
    expect(confirm.body.msg).toBe('Upload not found.');
  });
});

describe('POST /photos/upload (multipart, for API clients)', () => {
  it('checks every file like a direct upload and answers success, files, rejected, rejectedCount', async () => {
    const { token } = await consentedUser();
    const res = await uploadMultipart(token, [
      { name: 'one.jpg', bytes: await testPhoto({ seed: 5 }) },
      { name: 'notes.jpg', bytes: Buffer.from('these are my notes, not a photo') },
      { name: 'two.png', bytes: await testPhoto({ seed: 6, format: 'png' }) },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.files).toHaveLength(2);
    expect(res.body.files[0]).toMatch(/^one_[0-9a-f]{16}\.jpg$/);
    expect(res.body.files[1]).toMatch(/^two_[0-9a-f]{16}\.jpg$/);
    expect(res.body.rejected).toEqual(['notes.jpg']);
    expect(res.body.rejectedCount).toBe(1);
    expect(res.body.rejections).toEqual([
      { name: 'notes.jpg', reason: 'not-an-image', message: '"notes.jpg" is not a valid image.' },
    ]);
    const list = await callRoute('listPhotos', { token });
    expect(list.body.files.map((f) => f.filename).sort()).toEqual([...res.body.files].sort());
  });

  it('answers 413 in the API’s error shape past what one request to the function can carry', async () => {
    const { token } = await consentedUser();
    const big = await testPhoto({ width: 3000, height: 2000, grain: 60, quality: 98 });
    expect(big.length).toBeGreaterThan(PHOTO_LIMITS.maxMultipartBytes);
    const res = await uploadMultipart(token, [{ name: 'big.jpg', bytes: big }]);
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(res.body.error).toMatch(/too large for this route \(at most 4 MB in all\)/);
    expect(res.body.msg).toBe(res.body.error);
  });

  it('refuses a request without a photos field, and a body that is not multipart', async () => {
    const { token } = await consentedUser();
    const none = await callRoute('uploadPhotos', {
      token,
      rawBody: '--x\r\nContent-Disposition: form-data; name="other"\r\n\r\nhello\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('No photos in the request: send them in the field photos.');
    const json = await callRoute('uploadPhotos', { token, rawBody: '{}' });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('UNSUPPORTED_CONTENT_TYPE');
  });
});

describe('a browser upload the bucket took without checking', () => {
  it('is still refused by confirm when the file is bigger than 15 MB, whatever size was announced', async () => {
    const { token } = await consentedUser();
    // Refused up front when announced...
    const announced = await callRoute('photoUploadTargets', {
      token,
      body: { files: [{ name: 'huge.jpg', type: 'image/jpeg', size: 16 * 1024 * 1024 }] },
    });
    expect(announced.status).toBe(200);
    expect(announced.body.targets).toEqual([]);
    expect(announced.body.rejections).toEqual([
      { name: 'huge.jpg', reason: 'size', message: '"huge.jpg" is larger than 15 MB.' },
    ]);
    // ...and when the browser lies: s3rver does not enforce content-length-range, so confirm re-checks.
    const photo = await testPhoto();
    const lied = await uploadTargetsFor(token, [{ name: 'huge.jpg', bytes: photo }]);
    const target = lied.body.targets[0];
    if (!target) throw new Error('no target');
    const sixteenMb = Buffer.concat([photo, Buffer.alloc(16 * 1024 * 1024 - photo.length)]);
    expect((await postToBucket(target, { name: 'huge.jpg', bytes: sixteenMb })).ok).toBe(true);
    const confirm = await callRoute('confirmPhotoUploads', {
      token,
      body: { uploads: [{ id: target.id, name: 'huge.jpg' }] },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({
      success: false,
      files: [],
      rejected: ['huge.jpg'],
      rejectedCount: 1,
    });
    expect(confirm.body.rejections[0]?.reason).toBe('size');
    expect(await bucketKeys(`uploads/${ownerOf(target.fields.key as string)}/`)).toEqual([]);
  });
});
