// Worse copies of a fixture selfie (tests/support/face-fixtures.ts) for the quality score's tests and figures
// (docs/faces.md, "Quality score"): each takes the selfie's bytes and answers a JPEG the score must rate lower.
import sharp, { type Sharp } from 'sharp';

const jpeg = (image: Sharp) => image.jpeg({ quality: 90 }).toBuffer();

/** Out of focus: Gaussian blur, sigma 4 at the selfie's 900 px (the face check's own blurry fixture). */
export const blurredCopy = (selfie: Buffer) => jpeg(sharp(selfie).blur(4));

/** Underexposed: a third of the light. */
export const darkenedCopy = (selfie: Buffer) => jpeg(sharp(selfie).linear(0.33, 0));

/** Shot from further away: the same frame at 560 px wide (the upload's minimum is 512 px on the short side). */
export const shrunkCopy = (selfie: Buffer) => jpeg(sharp(selfie).resize({ width: 560 }));

/** Overexposed: twice the light, clipped. */
export const brightenedCopy = (selfie: Buffer) => jpeg(sharp(selfie).linear(2.2, 30));

/**
 * Against a window: the face kept as it is but darkened, everything around it brightened to near white.
 * `box` is the face as shares of the selfie (the analyzer's own box).
 */
export async function backlitCopy(
  selfie: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(selfie).metadata();
  const left = Math.round(box.x * width);
  const top = Math.round(box.y * height);
  const face = await sharp(selfie)
    .extract({ left, top, width: Math.round(box.width * width), height: Math.round(box.height * height) })
    .linear(0.6, 0)
    .toBuffer();
  return jpeg(
    sharp(selfie)
      .linear(0.4, 150)
      .composite([{ input: face, left, top }]),
  );
}

/**
 * Dark glasses: two near-black ellipses over the eyes. `eyes` are the analyzer's eye centres and `eyeGap` the
 * distance between them, as shares of the selfie's width.
 */
export async function darkGlassesCopy(
  selfie: Buffer,
  eyes: { left: { x: number; y: number }; right: { x: number; y: number } },
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(selfie).metadata();
  const gap = Math.hypot((eyes.right.x - eyes.left.x) * width, (eyes.right.y - eyes.left.y) * height);
  const rx = gap * 0.42;
  const ry = gap * 0.3;
  const lens = (e: { x: number; y: number }) =>
    `<ellipse cx="${e.x * width}" cy="${e.y * height}" rx="${rx}" ry="${ry}" fill="#101010"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${lens(eyes.left)}${lens(eyes.right)}<line x1="${eyes.left.x * width + rx}" y1="${eyes.left.y * height}" x2="${eyes.right.x * width - rx}" y2="${eyes.right.y * height}" stroke="#101010" stroke-width="${ry / 3}"/></svg>`;
  return jpeg(sharp(selfie).composite([{ input: Buffer.from(svg), left: 0, top: 0 }]));
}

/** Cut by the frame: the bottom of the face cropped off (the crop ends at 60 % of the face box's height). */
export async function cutCopy(
  selfie: Buffer,
  box: { x: number; y: number; width: number; height: number },
): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(selfie).metadata();
  const bottom = Math.round((box.y + box.height * 0.6) * height);
  return jpeg(sharp(selfie).extract({ left: 0, top: 0, width, height: Math.max(bottom, 520) }));
}
