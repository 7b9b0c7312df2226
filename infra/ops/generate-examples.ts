// `npm run examples`: every style's preview (web/public/styles) and the example galleries of the landing
// and headshot pages (web/public/examples), made by the product's own provider from the same illustrated
// faces, so each label shows its own style. It lives with the operator's commands, not in web/scripts: it
// runs the backend's image providers, which the web app's build never imports. With OPENAI_API_KEY set the real provider draws them
// (OPENAI_IMAGE_MODEL picks the model); without it the embedded local renderer does, and the pages say so.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as collection from '@dicebear/collection';
import { createAvatar, type Style } from '@dicebear/core';
import sharp from 'sharp';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import { OpenAiImageProvider } from '../../functions/generation/ai/openai-image-provider.ts';
import {
  type ImageProvider,
  type ImageSize,
  type ReferenceImage,
  SIZE_OF_FORMAT,
} from '../../functions/generation/domain/image-provider.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import type { CatalogueStyle } from '../../functions/styles/domain/style.ts';

const ROOT = join(import.meta.dirname, '../../web');
const STYLES_DIR = join(ROOT, 'public/styles');
const EXAMPLES_DIR = join(ROOT, 'public/examples');
const MANIFEST = join(ROOT, 'src/content/examples.json');

// biome-ignore lint/suspicious/noExplicitAny: DiceBear's styles each have their own option types
type AnyStyle = Style<any>;

/** The illustrated people every example is made from: DiceBear styles credited on the pages. */
const FACES: { drawnWith: string; style: AnyStyle; seed: string; options: Record<string, unknown> }[] = [
  {
    drawnWith: 'toonHead',
    style: collection.toonHead,
    seed: 'aivatar-face-0',
    options: { mouth: ['smile'], eyes: ['happy'] },
  },
  {
    drawnWith: 'micah',
    style: collection.micah,
    seed: 'aivatar-face-3',
    options: { mouth: ['smile'], eyes: ['eyes'] },
  },
  {
    drawnWith: 'toonHead',
    style: collection.toonHead,
    seed: 'aivatar-face-6',
    options: { mouth: ['smile'], eyes: ['happy'] },
  },
  {
    drawnWith: 'micah',
    style: collection.micah,
    seed: 'aivatar-face-1',
    options: { mouth: ['smile'], eyes: ['eyes'] },
  },
];

/**
 * The landing page's eight example labels (home-copy.ts): the style each shows, and the face it is drawn
 * on, chosen so that the hero's four tiles and neighbouring gallery tiles show different people.
 */
const LANDING: Record<string, [style: string, face: number]> = {
  fantasy: ['arcane-mage', 0],
  professional: ['studio-headshot', 1],
  anime: ['anime-portrait', 2],
  corporate: ['executive-portrait', 3],
  painterly: ['renaissance-oil', 3],
  cyberpunk: ['neon-cyberpunk', 0],
  watercolor: ['watercolour-portrait', 1],
  comic: ['comic-book-hero', 2],
};
/** The headshot page's eight looks (headshot-copy.ts), likewise. */
const HEADSHOT: Record<string, [style: string, face: number]> = {
  studio: ['studio-headshot', 0],
  office: ['office-headshot', 1],
  outdoor: ['outdoor-portrait', 2],
  executive: ['executive-portrait', 3],
  creative: ['creative-professional', 2],
  startup: ['startup-casual', 3],
  academic: ['academic-portrait', 0],
  medical: ['medical-professional', 1],
};

/** A face as a "selfie": the illustration on a plain wall, as a user's photo would be. */
async function selfie(face: (typeof FACES)[number], mouth?: string): Promise<ReferenceImage> {
  const svg = createAvatar(face.style, {
    seed: face.seed,
    size: 1024,
    backgroundColor: ['e7e2d9'],
    radius: 0,
    ...face.options,
    ...(mouth ? { mouth: [mouth] } : {}),
  }).toString();
  return { bytes: await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer(), contentType: 'image/jpeg' };
}

function pickProvider(): { provider: ImageProvider; renderer: string } {
  const apiKey = process.env.OPENAI_API_KEY;
  if (!apiKey) return { provider: new LocalRenderer(), renderer: 'local-renderer' };
  const provider = new OpenAiImageProvider({ apiKey, model: process.env.OPENAI_IMAGE_MODEL || undefined });
  return { provider, renderer: provider.model };
}

const byKey = (key: string): CatalogueStyle => {
  const style = STYLE_CATALOGUE.find((s) => s.key === key);
  if (!style) throw new Error(`No style ${key} in the catalogue`);
  return style;
};

async function main(): Promise<void> {
  const { provider, renderer } = pickProvider();
  console.log(`Drawing with ${renderer}${renderer === 'local-renderer' ? ' (no OPENAI_API_KEY)' : ''}…`);
  const references = await Promise.all(FACES.map((f) => selfie(f)));
  const faceOf = (i: number) => i % FACES.length;

  const draw = async (style: CatalogueStyle, face: number, size: ImageSize) =>
    (
      await provider.generate({
        references: [references[face] as ReferenceImage],
        prompt: style.prompt,
        size,
        quality: style.quality,
        inputFidelity: style.inputFidelity,
        recipe: style.recipe,
      })
    ).image;

  for (const dir of [STYLES_DIR, EXAMPLES_DIR]) {
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  }

  // Style previews, at the style's own shape, sized for the create screen's cards.
  const styles = [];
  for (const [i, style] of STYLE_CATALOGUE.entries()) {
    const width = 384;
    const height = style.format === 'portrait' ? 576 : 384;
    const image = await draw(style, faceOf(i), SIZE_OF_FORMAT[style.format]);
    await sharp(image)
      .resize(width, height)
      .webp({ quality: 76, effort: 6 })
      .toFile(join(STYLES_DIR, `${style.key}.webp`));
    styles.push({
      key: style.key,
      src: `/styles/${style.key}.webp`,
      width,
      height,
      drawnWith: FACES[faceOf(i)]?.drawnWith,
    });
  }

  // The marketing pages' square tiles: the same styles, drawn square.
  const gallery = async (page: string, labels: Record<string, [string, number]>) => {
    const out = [];
    for (const [label, [key, face]] of Object.entries(labels)) {
      const name = `${page}-${label}.webp`;
      const image = await draw(byKey(key), face, '1024x1024');
      await sharp(image).resize(384, 384).webp({ quality: 74, effort: 6 }).toFile(join(EXAMPLES_DIR, name));
      out.push({
        src: `/examples/${name}`,
        width: 384,
        height: 384,
        style: label,
        styleKey: key,
        drawnWith: FACES[face]?.drawnWith,
      });
    }
    return out;
  };
  const examples = await gallery('style', LANDING);
  const headshotExamples = await gallery('headshot', HEADSHOT);

  await writeFile(MANIFEST, `${JSON.stringify({ renderer, styles, examples, headshotExamples }, null, 2)}\n`);
  console.log(
    `Wrote ${styles.length} style previews and ${examples.length + headshotExamples.length} examples.`,
  );
}

await main();
