// Style pictures: the admin's browser uploads to the bucket with a presigned POST, the server
// checks and re-encodes the picture as it does photos, and every screen loads it from /style-images/.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminUser } from '../support/admin.ts';
import { activatedUser, callRoute, request, stack } from '../support/api.ts';
import { postToBucket } from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

let admin: { email: string; token: string };
beforeAll(async () => {
  admin = await adminUser();
});

async function upload(bytes: Buffer, type = 'image/png') {
  const target = await callRoute('adminStyleImageTarget', {
    token: admin.token,
    body: { type: type as 'image/png', size: bytes.length },
  });
  expect(target.status).toBe(200);
  const posted = await postToBucket(
    { ...target.body, name: 'preview.png' },
    { name: 'preview.png', bytes, type },
  );
  expect(posted.ok).toBe(true);
  return callRoute('adminConfirmStyleImage', { token: admin.token, body: { id: target.body.id } });
}

describe('style pictures', () => {
  it('are re-encoded to a JPEG of at most 1024 px, without metadata, and served to anyone', async () => {
    const png = await sharp(await testPhoto({ width: 1600, height: 1200, format: 'png' }))
      .withMetadata({ exif: { IFD0: { Copyright: 'secret camera owner' } } })
      .png()
      .toBuffer();
    const res = await upload(png);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ width: 1024, height: 768 });
    expect(res.body.path).toMatch(/^\/style-images\/style_[0-9a-f]{16}\.jpg$/);
    const served = await request('GET', res.body.path);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toMatch(/immutable/);
    const meta = await sharp(served.raw).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 768 });
    expect(meta.exif).toBeUndefined();
    // A style can name it, and the create screen's list carries the address.
    const style = await callRoute('adminCreateStyle', {
      token: admin.token,
      body: {
        name: `Avec image ${Date.now()}`,
        category: 'Tests',
        prompt: 'p',
        image_url: `${stack().apiUrl}${res.body.path}`,
      },
    });
    expect(style.status).toBe(200);
    const user = await activatedUser();
    const listed = (await callRoute('listStyles', { token: user.token })).body.styles.find(
      (s) => s.id === style.body.id,
    );
    expect(listed?.image_url).toBe(`${stack().apiUrl}${res.body.path}`);
  });

  it('refuse a file that is not an image, one too small, and an unknown upload, in French', async () => {
    const fake = await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'.padEnd(2000, ' ')));
    expect(fake).toMatchObject({
      status: 400,
      body: { msg: "Le fichier n'est pas une image JPG, PNG ou WEBP valide." },
    });
    const tiny = await upload(await testPhoto({ width: 200, height: 120, format: 'png' }));
    expect(tiny.status).toBe(400);
    expect(tiny.body.msg).toMatch(/trop petite/);
    const unknown = await callRoute('adminConfirmStyleImage', {
      token: admin.token,
      body: { id: 'style_0123456789abcdef' },
    });
    expect(unknown.status).toBe(400);
    const big = await callRoute('adminStyleImageTarget', {
      token: admin.token,
      body: { type: 'image/png', size: 50 * 1024 * 1024 },
    });
    expect(big).toMatchObject({ status: 400, body: { msg: "L'image dépasse 10 Mo." } });
  });

  it('answer 404 for names that are not ours (no path games)', async () => {
    for (const name of ['nothing_0123456789abcdef.jpg', '..%2Fphotos%2Fx.jpg', 'style.png']) {
      expect((await callRoute('styleImage', { params: { filename: name } })).status, name).toBe(404);
    }
  });
});
