// The embedded renderer that stands in for the AI provider when no key is configured: the style's exact
// size, the person kept in the picture, the style's look applied, and every result marked as a preview.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import type { AvatarRequest, ReferenceImage } from '../../functions/generation/domain/image-provider.ts';
import { ProviderPermanentError } from '../../functions/generation/domain/provider-errors.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import type { RenderRecipe } from '../../functions/styles/domain/render-recipe.ts';

const renderer = new LocalRenderer();

/** A "photo": a red disc (the person) at `x` on a plain wall, or on busy stripes. */
async function photo(x: number, wall: 'plain' | 'busy' = 'plain'): Promise<ReferenceImage> {
  const background =
    wall === 'plain'
      ? '<rect width="100%" height="100%" fill="#d8d4cc"/>'
      : '<defs><pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#1d4ed8"/><rect width="20" height="40" fill="#facc15"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800">${background}<circle cx="${x}" cy="420" r="150" fill="#dc2626"/><rect x="${x - 170}" y="560" width="340" height="240" fill="#dc2626"/></svg>`;
  return { bytes: await sharp(Buffer.from(svg)).jpeg({ quality: 90 }).toBuffer(), contentType: 'image/jpeg' };
}

const plainLook: RenderRecipe = {
  backdrop: { kind: 'solid', colors: ['#2563eb'] },
  subject: { shape: 'full', scale: 1, offsetY: 0, feather: 0, focus: 'attention' },
  grade: { brightness: 1, saturation: 1, hue: 0, contrast: 1, tone: 'natural' },
  effect: 'none',
  texture: { kind: 'none', amount: 0 },
  frame: { kind: 'none', color: '#000000' },
};

const request = (references: ReferenceImage[], over: Partial<AvatarRequest> = {}): AvatarRequest => ({
  references,
  prompt: 'unused by the local renderer',
  size: '1024x1536',
  quality: 'medium',
  inputFidelity: 'low',
  recipe: plainLook,
  ...over,
});

async function pixel(image: Buffer, x: number, y: number): Promise<[number, number, number]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
  return [data[i] as number, data[i + 1] as number, data[i + 2] as number];
}
const isRed = ([r, g, b]: number[]) => (r as number) > 150 && (g as number) < 90 && (b as number) < 90;
const isBlue = ([r, g, b]: number[]) => (b as number) > 180 && (r as number) < 90 && (g as number) < 140;

describe('the local renderer', () => {
  it("draws at the style's exact size and marks the result as a preview render", async () => {
    for (const size of ['1024x1024', '1024x1536'] as const) {
      const result = await renderer.generate(request([await photo(600)], { size }));
      const meta = await sharp(result.image).metadata();
      expect([meta.format, `${meta.width}x${meta.height}`]).toEqual(['jpeg', size]);
      expect(result).toMatchObject({
        kind: 'preview-render',
        model: 'local-renderer',
        usage: null,
        contentType: 'image/jpeg',
      });
    }
  });

  it("cuts the person out of a plain wall and stands them, centred, on the style's backdrop", async () => {
    const result = await renderer.generate(request([await photo(300)], { size: '1024x1024' }));
    // The person was at the left third of the photo; in the avatar they are in the middle.
    expect(isRed(await pixel(result.image, 512, 620))).toBe(true);
    // Where the wall was, the backdrop shows.
    expect(isBlue(await pixel(result.image, 40, 40))).toBe(true);
    expect(isBlue(await pixel(result.image, 984, 300))).toBe(true);
  });

  it("keeps the subject in the crop of a busy photo, inside the style's window", async () => {
    const windowed: RenderRecipe = {
      ...plainLook,
      subject: { ...plainLook.subject, shape: 'oval', scale: 0.8, feather: 0.2 },
    };
    const result = await renderer.generate(request([await photo(880, 'busy')], { recipe: windowed }));
    // The photo's subject sat right of centre; the attention crop keeps it in the middle of the window.
    expect(isRed(await pixel(result.image, 512, 700))).toBe(true);
    // Outside the oval window, the backdrop.
    expect(isBlue(await pixel(result.image, 20, 20))).toBe(true);
  });

  it("applies the style's grade: a monochrome look leaves no colour", async () => {
    const mono: RenderRecipe = { ...plainLook, grade: { ...plainLook.grade, tone: 'mono', saturation: 0 } };
    const result = await renderer.generate(request([await photo(600)], { size: '1024x1024', recipe: mono }));
    const [r, g, b] = await pixel(result.image, 512, 620);
    expect(Math.max(r, g, b) - Math.min(r, g, b)).toBeLessThan(12);
  });

  it('draws every catalogue style, each one differently', { timeout: 60_000 }, async () => {
    const reference = await photo(600);
    const digests = new Set<string>();
    for (const style of STYLE_CATALOGUE) {
      const result = await renderer.generate(
        request([reference], {
          size: style.format === 'portrait' ? '1024x1536' : '1024x1024',
          recipe: style.recipe,
        }),
      );
      const { data } = await sharp(result.image).resize(16, 16).raw().toBuffer({ resolveWithObject: true });
      digests.add(data.toString('base64'));
    }
    expect(digests.size).toBe(STYLE_CATALOGUE.length);
  });

  it('refuses a reference that is not an image, as a permanent failure', async () => {
    const broken = { bytes: Buffer.from('not an image at all'), contentType: 'image/jpeg' as const };
    await expect(renderer.generate(request([broken]))).rejects.toBeInstanceOf(ProviderPermanentError);
    await expect(renderer.generate(request([]))).rejects.toBeInstanceOf(ProviderPermanentError);
  });
});
