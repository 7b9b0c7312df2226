// Sideways and upside-down photos (functions/photos/domain/orientation.ts; docs/faces.md, "Sideways photos"):
// the pixels turned, when a face counts as upright, and the intake keeping a photo the way up its face is,
// against the in-memory decoder and face model (tests/support/fakes/images.ts: a face lying on its side is
// found as the real model finds one). The real model on turned fixture photos: tests/integration/sideways-photos.test.ts.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { PHOTO_CONSENT_VERSION } from '#shared/photo-rules.ts';
import type { DetectedFace, FaceAnalysis } from '../../functions/photos/domain/faces/ports.ts';
import { uploadPhotoFiles } from '../../functions/photos/domain/intake.ts';
import {
  type RgbPixels,
  type Turn,
  turnPixels,
  uprightFace,
} from '../../functions/photos/domain/orientation.ts';
import { listPhotos } from '../../functions/photos/domain/photos.ts';
import { readFakePhoto } from '../support/fakes/images.ts';
import { fakePhoto, fakePhotos } from '../support/fakes/index.ts';

type World = ReturnType<typeof fakePhotos>;

function consented(w: World): User {
  return w.accounts.seedActive({
    id: 'u1',
    email: 'u1@example.com',
    photoConsent: {
      processing: true,
      rights: true,
      version: PHOTO_CONSENT_VERSION,
      updatedAt: w.clock.now(),
    },
  });
}

describe('turning pixels', () => {
  // 3 x 2 pixels, each pixel's three bytes its number: 1 2 3 / 4 5 6.
  const image = { rgb: new Uint8Array([1, 2, 3, 4, 5, 6].flatMap((v) => [v, v, v])), width: 3, height: 2 };
  const grid = (p: { rgb: Uint8Array; width: number; height: number }) =>
    Array.from({ length: p.height }, (_, y) =>
      Array.from({ length: p.width }, (_, x) => p.rgb[(y * p.width + x) * 3] as number),
    );

  it('turns clockwise by a quarter, a half and three quarters, and four quarters bring it back', () => {
    expect(grid(turnPixels(image, 90))).toEqual([
      [4, 1],
      [5, 2],
      [6, 3],
    ]);
    expect(grid(turnPixels(image, 180))).toEqual([
      [6, 5, 4],
      [3, 2, 1],
    ]);
    expect(grid(turnPixels(image, 270))).toEqual([
      [3, 6],
      [2, 5],
      [1, 4],
    ]);
    let p: RgbPixels = image;
    for (let i = 0; i < 4; i++) p = turnPixels(p, 90);
    expect(p).toEqual(image);
    expect(turnPixels(image, 0)).toEqual(image);
    expect(() => turnPixels({ rgb: new Uint8Array(5), width: 3, height: 2 }, 90)).toThrow(RangeError);
  });
});

describe('an upright face', () => {
  /** One face in a 1000 x 1000 analysis: a 300 px box, eyes `span` of its width apart at `tilt` degrees. */
  const analysis = (
    o: { tilt?: number; span?: number; boxHeight?: number; mouthAbove?: boolean } = {},
  ): FaceAnalysis => {
    const { tilt = 0, span = 0.4, boxHeight = 0.3, mouthAbove = false } = o;
    const r = (tilt * Math.PI) / 180;
    const half = (span * 0.3) / 2;
    const eyes = {
      left: { x: 0.5 - Math.cos(r) * half, y: 0.4 - Math.sin(r) * half },
      right: { x: 0.5 + Math.cos(r) * half, y: 0.4 + Math.sin(r) * half },
    };
    const mouthY = mouthAbove ? 0.3 : 0.5;
    const landmarks = Array.from({ length: 68 }, (_, i) =>
      i >= 48 ? { x: 0.5, y: mouthY } : { x: 0.5, y: 0.4 },
    );
    const face: DetectedFace = {
      score: 0.99,
      box: { x: 0.35, y: 0.25, width: 0.3, height: boxHeight },
      eyes,
      landmarks,
      sharpness: 100,
      descriptor: [],
    };
    return { width: 1000, height: 1000, faces: [face] };
  };

  it('has its eye line within 30 degrees of level (as it came: 50), the eyes above the mouth, and an upright fit', () => {
    expect(uprightFace(analysis())).not.toBeNull();
    expect(uprightFace(analysis({ tilt: 25 }))).not.toBeNull();
    expect(uprightFace(analysis({ tilt: -28 }))).not.toBeNull();
    expect(uprightFace(analysis({ tilt: 35 }))).toBeNull();
    expect(uprightFace(analysis({ tilt: -46 }), 50)).not.toBeNull();
    // Tilted further, on its side, upside down (its eye line from the viewer's right to left).
    expect(uprightFace(analysis({ tilt: 55 }), 50)).toBeNull();
    expect(uprightFace(analysis({ tilt: -55 }), 50)).toBeNull();
    expect(uprightFace(analysis({ tilt: 90 }), 50)).toBeNull();
    expect(uprightFace(analysis({ tilt: 180 }), 50)).toBeNull();
    // The landmarks fitted level onto a face lying sideways: squeezed together, or in a box wider than tall.
    expect(uprightFace(analysis({ span: 0.25 }))).toBeNull();
    expect(uprightFace(analysis({ boxHeight: 0.2 }))).toBeNull();
    expect(uprightFace(analysis({ mouthAbove: true }))).toBeNull();
    expect(uprightFace({ width: 1000, height: 1000, faces: [] })).toBeNull();
  });
});

describe('a photo that came sideways or upside down', () => {
  it('is kept the way up its face is, image and sizes turned, with the hint turned-upright', async () => {
    for (const turned of [90, 180, 270] as Turn[]) {
      const w = fakePhotos();
      const user = consented(w);
      const res = await uploadPhotoFiles(w.deps, user, [{ name: 'side.jpg', bytes: fakePhoto({ turned }) }]);
      expect(res.rejections).toEqual([]);
      const [photo] = await w.store.list(user.id, w.clock.now());
      expect(photo?.hints).toEqual(['turned-upright']);
      // 1600 x 1200 as it lay: a quarter turn makes it 1200 x 1600 upright.
      const sideways = turned !== 180;
      expect([photo?.width, photo?.height]).toEqual(sideways ? [1200, 1600] : [1600, 1200]);
      const stored = await w.files.read(user.id, photo?.filename as string);
      expect(readFakePhoto(stored?.bytes as Uint8Array)).toMatchObject({
        turned: 0,
        width: sideways ? 1200 : 1600,
        height: sideways ? 1600 : 1200,
      });
      // Decoded again turned back by as much as it came turned.
      expect(w.images.turns).toEqual([0, (360 - turned) % 360]);
    }
  });

  it('is the same person as the upright ones, not "someone else"', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await uploadPhotoFiles(w.deps, user, [
      { name: 'upright.jpg', bytes: fakePhoto() },
      { name: 'sideways.jpg', bytes: fakePhoto({ turned: 90 }) },
      { name: 'upside-down.jpg', bytes: fakePhoto({ turned: 180 }) },
    ]);
    const hints = Object.fromEntries(
      (await listPhotos(w.deps, user)).files.map((f) => [f.original_name, f.hints]),
    );
    expect(hints).toEqual({
      'upright.jpg': [],
      'sideways.jpg': ['turned-upright'],
      'upside-down.jpg': ['turned-upright'],
    });
  });

  it('costs one analysis when upright or tilted, and a tilted head is left as it is', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await uploadPhotoFiles(w.deps, user, [
      { name: 'upright.jpg', bytes: fakePhoto() },
      { name: 'tilted-15.jpg', bytes: fakePhoto({ tilt: 15 }) },
      { name: 'tilted-25.jpg', bytes: fakePhoto({ tilt: -25 }) },
      { name: 'tilted-45.jpg', bytes: fakePhoto({ tilt: 45 }) },
    ]);
    expect(w.faces.calls).toBe(4);
    expect(w.images.turns).toEqual([0, 0, 0, 0]);
    const photos = await w.store.list(user.id, w.clock.now());
    expect(photos.map((p) => [p.hints, p.width, p.height])).toEqual([
      [[], 1600, 1200],
      [[], 1600, 1200],
      [[], 1600, 1200],
      [[], 1600, 1200],
    ]);
  });

  it('a head tilted past 50 degrees is tried turned but kept as it came; no face at all is still refused', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadPhotoFiles(w.deps, user, [
      { name: 'tilted-60.jpg', bytes: fakePhoto({ tilt: 60 }) },
      { name: 'landscape.jpg', bytes: fakePhoto({ faces: [] }) },
    ]);
    // Each analysed as it came and turned three ways; neither decoded again.
    expect(w.faces.calls).toBe(8);
    expect(w.images.turns).toEqual([0, 0]);
    expect(res.rejections.map((r) => [r.name, r.reason])).toEqual([['landscape.jpg', 'no-face']]);
    const [photo] = await w.store.list(user.id, w.clock.now());
    expect([photo?.hints, photo?.width]).toEqual([[], 1600]);
  });

  it('is turned only to a clearly upright face: not to a head tilted past 30 degrees', async () => {
    const w = fakePhotos();
    const user = consented(w);
    await uploadPhotoFiles(w.deps, user, [
      { name: 'sideways-tilted-40.jpg', bytes: fakePhoto({ turned: 90, tilt: 40 }) },
      { name: 'sideways-tilted-25.jpg', bytes: fakePhoto({ turned: 90, tilt: 25 }) },
    ]);
    expect(w.images.turns).toEqual([0, 0, 270]);
    const hints = Object.fromEntries(
      (await w.store.list(user.id, w.clock.now())).map((p) => [p.originalName, p.hints]),
    );
    expect(hints).toEqual({ 'sideways-tilted-40.jpg': [], 'sideways-tilted-25.jpg': ['turned-upright'] });
  });

  it('a group photo on its side is still refused as a group', async () => {
    const w = fakePhotos();
    const user = consented(w);
    const res = await uploadPhotoFiles(w.deps, user, [
      {
        name: 'group.jpg',
        bytes: fakePhoto({
          turned: 90,
          faces: [
            { person: 'ada', box: { x: 0.1, y: 0.2, width: 0.3, height: 0.4 } },
            { person: 'bob', box: { x: 0.6, y: 0.2, width: 0.3, height: 0.4 } },
          ],
        }),
      },
    ]);
    expect(res.rejections.map((r) => r.reason)).toEqual(['several-faces']);
  });
});
