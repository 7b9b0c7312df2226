// The pictures made by `npm run examples`: every style has its preview, and every example on the landing
// and headshot pages shows the style its label names, drawn on a credited face.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { previewPath } from '../../functions/styles/domain/style.ts';
import { REPO_ROOT } from '../../infra/function-entries.ts';
import manifest from '../../web/src/content/examples.json';
import illustrations from '../../web/src/content/illustrations.json';
import { homeCopy } from '../../web/src/features/home/content/home-copy.ts';
import { headshotCopy } from '../../web/src/features/linkedin-headshot/content/headshot-copy.ts';

const file = (src: string) => join(REPO_ROOT, 'web/public', src);
const stem = (w: string) => w.toLowerCase().replace(/s$/, '');

/** A label names a style when one of its words starts a word of the style's name or is its category. */
function labelNames(label: string, style: (typeof STYLE_CATALOGUE)[number]): boolean {
  const words = `${style.text.en.name} ${style.category}`.toLowerCase().split(/\s+/);
  return label
    .split(/\s+/)
    .filter((w) => w.length >= 4)
    .some((w) => words.some((x) => x.startsWith(stem(w))));
}

describe('style previews and examples', () => {
  it('give every style a preview of its own shape', async () => {
    for (const s of STYLE_CATALOGUE) {
      const path = file(previewPath(s.key));
      expect(existsSync(path), path).toBe(true);
      const meta = await sharp(path).metadata();
      expect(meta.format).toBe('webp');
      expect((meta.height ?? 0) / (meta.width ?? 1), s.key).toBeCloseTo(s.format === 'portrait' ? 1.5 : 1, 2);
    }
  });

  it('show, under each label of the landing and headshot pages, the style that label names', () => {
    const galleries = [
      { images: manifest.examples, names: homeCopy('en').styles.names },
      { images: manifest.headshotExamples, names: headshotCopy('en').gallery.names },
    ];
    for (const { images, names } of galleries) {
      expect(images).toHaveLength(8);
      expect(images.map((i) => i.style).sort()).toEqual(Object.keys(names).sort());
      for (const image of images) {
        const style = STYLE_CATALOGUE.find((s) => s.key === image.styleKey);
        expect(style, image.styleKey).toBeDefined();
        const label = names[image.style] as string;
        expect(
          labelNames(label, style as (typeof STYLE_CATALOGUE)[number]),
          `${label} → ${image.styleKey}`,
        ).toBe(true);
        expect(existsSync(file(image.src)), image.src).toBe(true);
      }
    }
  });

  it('credit the avatar set of every face the examples are drawn on', () => {
    const credited = new Set(illustrations.credits.map((c) => c.key));
    for (const image of [...manifest.styles, ...manifest.examples, ...manifest.headshotExamples]) {
      expect(credited, image.src).toContain(image.drawnWith);
    }
  });
});
