// A video file for Chromium's fake camera (--use-file-for-fake-video-capture): a still photo as a short
// Y4M clip (4:2:0, BT.601 full range as "C420jpeg" says), so a page's getUserMedia sees a real face.
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';

/** Writes `photo` (any format sharp reads), cropped to `width` x `height`, as a Y4M of `frames` frames. */
export async function writeY4m(
  path: string,
  photo: Buffer,
  { width = 720, height = 960, frames = 2 }: { width?: number; height?: number; frames?: number } = {},
): Promise<void> {
  const rgb = await sharp(photo)
    .resize(width, height, { fit: 'cover', position: 'centre' })
    .removeAlpha()
    .raw()
    .toBuffer();
  const y = Buffer.alloc(width * height);
  const u = Buffer.alloc((width / 2) * (height / 2));
  const v = Buffer.alloc((width / 2) * (height / 2));
  const clamp = (n: number) => Math.max(0, Math.min(255, Math.round(n)));
  for (let row = 0; row < height; row++) {
    for (let col = 0; col < width; col++) {
      const i = (row * width + col) * 3;
      const r = rgb[i] as number;
      const g = rgb[i + 1] as number;
      const b = rgb[i + 2] as number;
      y[row * width + col] = clamp(0.299 * r + 0.587 * g + 0.114 * b);
      if (row % 2 === 0 && col % 2 === 0) {
        const c = (row / 2) * (width / 2) + col / 2;
        u[c] = clamp(128 - 0.168736 * r - 0.331264 * g + 0.5 * b);
        v[c] = clamp(128 + 0.5 * r - 0.418688 * g - 0.081312 * b);
      }
    }
  }
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
