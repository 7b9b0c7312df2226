// Real faces for the tests, made from the demo photos that ship inside @vladmandic/face-api (group photos of
// 3-5 people, 1920 px): each face with room around it and nobody else in frame becomes one person's selfie;
// the whole photo is a real group photo. Nothing is committed: the files are made on first use with the real
// face model and cached under node_modules/.cache (a new package version or recipe makes them anew).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { FaceApiAnalyzer } from '../../functions/photos/faces/face-api-analyzer.ts';

const require = createRequire(import.meta.url);
const PACKAGE_DIR = dirname(require.resolve('@vladmandic/face-api/package.json'));
const VERSION = (JSON.parse(readFileSync(join(PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string })
  .version;
/** Bump when the recipe below changes. */
const RECIPE = 3;
const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const FACE_FIXTURE_DIR = join(
  REPO_ROOT,
  'node_modules',
  '.cache',
  'aivatar-faces',
  `${VERSION}-r${RECIPE}`,
);

export const DEMO_PHOTOS = [1, 2, 3, 4, 5, 6].map((n) => join(PACKAGE_DIR, 'demo', `sample${n}.jpg`));

/** A selfie's short side: comfortably above the upload minimum (512 px). */
const SELFIE_SHORT_SIDE = 900;
/** The crop around a face, in face widths. */
const CROP_FACE_WIDTHS = 2.6;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const writeAtomically = (path: string, bytes: Uint8Array) => {
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, path);
};

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function makeSelfies(): Promise<Buffer[]> {
  const analyzer = new FaceApiAnalyzer();
  const selfies: Buffer[] = [];
  for (const photo of DEMO_PHOTOS) {
    const bytes = readFileSync(photo);
    const meta = await sharp(bytes).metadata();
    const W = meta.width as number;
    const H = meta.height as number;
    const { faces } = await analyzer.analyse({ encoded: bytes });
    const boxes = faces.map((f) => ({
      x: f.box.x * W,
      y: f.box.y * H,
      width: f.box.width * W,
      height: f.box.height * H,
    }));
    for (const [i, face] of boxes.entries()) {
      const side = Math.round(face.width * CROP_FACE_WIDTHS);
      const crop = {
        x: Math.round(Math.min(Math.max(0, face.x + face.width / 2 - side / 2), W - side)),
        y: Math.round(Math.min(Math.max(0, face.y + face.height / 2 - side * 0.45), H - side * 1.2)),
        width: side,
        height: Math.round(side * 1.2),
      };
      if (crop.x < 0 || crop.y < 0 || crop.height > H) continue;
      // Nobody else in frame, not even an ear.
      if (boxes.some((other, j) => j !== i && overlaps(crop, other))) continue;
      const selfie = await sharp(bytes)
        .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
        .resize({ width: SELFIE_SHORT_SIDE })
        .jpeg({ quality: 90 })
        .toBuffer();
      const check = await analyzer.analyse({ encoded: selfie });
      if (check.faces.length === 1) selfies.push(selfie);
    }
  }
  return selfies;
}

let cached: Buffer[] | null = null;

/** Selfies of different real people (at least 8), each a JPEG of one face, 900 px wide. */
export async function selfies(): Promise<Buffer[]> {
  if (cached) return cached;
  const index = join(FACE_FIXTURE_DIR, 'selfies.json');
  if (existsSync(index)) {
    const count = (JSON.parse(readFileSync(index, 'utf8')) as { count: number }).count;
    cached = Array.from({ length: count }, (_, i) => readFileSync(join(FACE_FIXTURE_DIR, `person-${i}.jpg`)));
    return cached;
  }
  const made = await makeSelfies();
  if (made.length < 8) throw new Error(`Only ${made.length} single-face selfies could be made`);
  mkdirSync(FACE_FIXTURE_DIR, { recursive: true });
  for (const [i, s] of made.entries()) writeAtomically(join(FACE_FIXTURE_DIR, `person-${i}.jpg`), s);
  writeAtomically(index, Buffer.from(JSON.stringify({ count: made.length })));
  cached = made;
  return made;
}

/** One person's selfie (wraps around the set). */
export async function selfie(person = 0): Promise<Buffer> {
  const all = await selfies();
  return all[((person % all.length) + all.length) % all.length] as Buffer;
}

/** A real group photo (3 people), 1280 px wide. */
export async function groupPhoto(): Promise<Buffer> {
  return sharp(readFileSync(DEMO_PHOTOS[0] as string))
    .resize({ width: 1280 })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The same person again, as another photo of them would differ: mirrored, re-lit and re-cropped. */
export async function samePersonAgain(person = 0, variant = 1): Promise<Buffer> {
  const base = await selfie(person);
  const meta = await sharp(base).metadata();
  const W = meta.width as number;
  const H = meta.height as number;
  const trim = 0.04 * variant;
  let image = sharp(base).extract({
    left: Math.round(W * trim),
    top: Math.round(H * trim * 0.5),
    width: Math.round(W * (1 - 2 * trim)),
    height: Math.round(H * (1 - 1.5 * trim)),
  });
  if (variant % 2 === 1) image = image.flop();
  return image
    .modulate({ brightness: 1 + 0.08 * variant })
    .resize({ width: SELFIE_SHORT_SIDE })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** The person far away: their face well under 100 px once the photo is brought to 1024 px. */
export async function smallFacePhoto(person = 0): Promise<Buffer> {
  const face = await sharp(await selfie(person))
    .resize({ width: 400 })
    .toBuffer();
  return sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#8a9aa8' } })
    .composite([{ input: face, left: 800, top: 400 }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The person out of focus: still a face the detector finds, but soft. */
export async function blurryFacePhoto(person = 0): Promise<Buffer> {
  return sharp(await selfie(person))
    .blur(4)
    .jpeg({ quality: 90 })
    .toBuffer();
}
