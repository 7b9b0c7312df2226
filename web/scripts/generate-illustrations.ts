// Generates the public site's illustrations: avatars drawn by DiceBear styles (openly licensed, credited
// in the manifest) and rasterised to WebP with sharp. Run `npm run illustrations` after changing this file;
// the output is committed so builds need neither package at run time. The style examples are not drawn
// here: `npm run examples` (infra/ops/generate-examples.ts) makes them with the product's own renderer.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as collection from '@dicebear/collection';
import { createAvatar, type Style } from '@dicebear/core';
import sharp from 'sharp';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'public/illustrations');
const MANIFEST = join(ROOT, 'src/content/illustrations.json');

// Backgrounds in the brand's palette, so the walls of avatars look like one product.
const BACKGROUNDS = [
  'c4b5fd',
  'a5b4fc',
  'fbcfe8',
  'bae6fd',
  'bbf7d0',
  'fde68a',
  'fecaca',
  'ddd6fe',
  'e9d5ff',
  '99f6e4',
];

// biome-ignore lint/suspicious/noExplicitAny: DiceBear's styles each have their own option types
type AnyStyle = Style<any>;
const styles: Record<string, AnyStyle> = {
  lorelei: collection.lorelei,
  notionists: collection.notionists,
  openPeeps: collection.openPeeps,
  personas: collection.personas,
  micah: collection.micah,
  bigSmile: collection.bigSmile,
  toonHead: collection.toonHead,
};
const rotation = Object.keys(styles);

// Friendly faces only: a headshot product shows people at their best.
const happyLorelei = Array.from({ length: 18 }, (_, i) => `happy${String(i + 1).padStart(2, '0')}`);
const friendly: Record<string, Record<string, unknown>> = {
  lorelei: { mouth: happyLorelei },
  openPeeps: { face: ['calm', 'cheeky', 'cute', 'smile', 'smileBig', 'smileLOL', 'smileTeethGap'] },
  personas: { mouth: ['smile', 'bigSmile', 'smirk'], eyes: ['open', 'happy', 'wink', 'glasses'] },
  micah: { mouth: ['smile', 'laughing', 'smirk'], eyes: ['eyes', 'round', 'smiling'] },
  bigSmile: {
    mouth: ['openedSmile', 'gapSmile', 'teethSmile', 'awkwardSmile'],
    eyes: ['cheery', 'normal', 'starstruck', 'winking'],
  },
  toonHead: { mouth: ['laugh', 'smile'], eyes: ['happy', 'wide', 'humble', 'wink'] },
};

interface Image {
  src: string;
  width: number;
  height: number;
  style: string;
}

async function render(
  name: string,
  styleKey: string,
  seed: string,
  size: number,
  background: string,
): Promise<Image> {
  const style = styles[styleKey] as AnyStyle;
  const svg = createAvatar(style, {
    seed,
    size,
    backgroundColor: [background],
    radius: 0,
    ...friendly[styleKey],
  }).toString();
  await sharp(Buffer.from(svg))
    .resize(size, size)
    .webp({ quality: 82, effort: 6 })
    .toFile(join(OUT, `${name}.webp`));
  return { src: `/illustrations/${name}.webp`, width: size, height: size, style: styleKey };
}

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length] as T;

/** The Open Graph image (1200x630): a wall of avatars under the product's name. */
async function socialCard(faces: Image[]): Promise<void> {
  const tile = 150;
  const tiles = await Promise.all(
    faces.slice(0, 32).map((f) =>
      sharp(join(ROOT, 'public', f.src))
        .resize(tile, tile)
        .png()
        .toBuffer(),
    ),
  );
  const overlay = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6d28d9" stop-opacity="0.92"/><stop offset="1" stop-color="#4338ca" stop-opacity="0.92"/></linearGradient></defs>
  <rect x="150" y="165" width="900" height="300" rx="36" fill="url(#g)"/>
  <text x="600" y="290" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-weight="bold" font-size="84" fill="#ffffff">Aivatar</text>
  <text x="600" y="370" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" fill="#ede9fe">AI avatars and professional headshots</text>
  <text x="600" y="425" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" fill="#ddd6fe">from a few selfies, in 25+ styles</text>
</svg>`);
  await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#ede9fe' } })
    .composite([
      ...tiles.map((input, i) => ({ input, left: (i % 8) * tile, top: Math.floor(i / 8) * tile + 15 })),
      { input: overlay, left: 0, top: 0 },
    ])
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(ROOT, 'public/og-image.png'));
}

async function main(): Promise<void> {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  await mkdir(join(ROOT, 'src/content'), { recursive: true });

  const carousel: Image[] = [];
  for (let i = 0; i < 33; i++) {
    carousel.push(
      await render(
        `carousel-${String(i + 1).padStart(2, '0')}`,
        pick(rotation, i),
        `aivatar-${i}`,
        256,
        pick(BACKGROUNDS, i * 3),
      ),
    );
  }
  // Headshots: the calmer styles on studio-like backdrops.
  const headshotStyles = ['personas', 'notionists', 'lorelei', 'micah', 'bigSmile', 'toonHead'];
  const studio = ['e0e7ff', 'e2e8f0', 'dbeafe', 'ede9fe', 'f1f5f9', 'cbd5e1'];
  const headshots: Image[] = [];
  for (let i = 0; i < 30; i++) {
    headshots.push(
      await render(
        `headshot-${String(i + 1).padStart(2, '0')}`,
        pick(headshotStyles, i),
        `pro-${i}`,
        256,
        pick(studio, i * 5),
      ),
    );
  }
  // Before/after: the same drawing, once as a dull casual snapshot, once as a crisp studio portrait.
  const after = await render('after', 'personas', 'before-after', 512, 'e0e7ff');
  await sharp(join(OUT, 'after.webp'))
    .grayscale()
    .modulate({ brightness: 0.85 })
    .blur(2.2)
    .rotate(-4, { background: '#9ca3af' })
    .resize(512, 512, { fit: 'cover' })
    .webp({ quality: 75 })
    .toFile(join(OUT, 'before.webp'));
  const before = { ...after, src: '/illustrations/before.webp' };

  await socialCard(carousel);

  // Every style drawn here is credited on the site, as CC BY requires.
  const credits = Object.entries(styles).map(([key, style]) => ({
    key,
    title: style.meta?.title ?? key,
    creator: style.meta?.creator ?? '',
    source: style.meta?.source ?? '',
    license: style.meta?.license?.name ?? '',
    licenseUrl: style.meta?.license?.url ?? '',
  }));

  await writeFile(MANIFEST, `${JSON.stringify({ carousel, headshots, before, after, credits }, null, 2)}\n`);
  console.log(`Wrote ${carousel.length + headshots.length + 2} images to ${OUT}`);
}

await main();
