// The embedded renderer draws the user's backdrop and outfit visibly, so the feature can be seen
// and tested without an AI provider. Measured on the rendered pixels: the backdrop region's colour changes
// with the backdrop, the clothing region's with the outfit, each towards the colours the swatch shows.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  BACKDROP_IDS,
  BACKDROP_LOOKS,
  OUTFIT_IDS,
  OUTFIT_LOOKS,
  type TaskChoice,
} from '#shared/style-choices.ts';
import { LocalRenderer } from '../../functions/generation/ai/local-renderer/local-renderer.ts';
import type { ReferenceImage } from '../../functions/generation/domain/image-provider.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { recipeWithChoice } from '../../functions/styles/domain/style-choices.ts';

type Rgb = [number, number, number];
const renderer = new LocalRenderer();
const headshot = STYLE_CATALOGUE.find((s) => s.key === 'studio-headshot');
const PERSON: Rgb = [220, 38, 38];

/** A person (a red head and body) against a busy background: the style's window frames the photo. */
async function photo(): Promise<ReferenceImage> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200"><defs><pattern id="p" width="60" height="60" patternUnits="userSpaceOnUse"><rect width="60" height="60" fill="#1d4ed8"/><rect width="30" height="60" fill="#facc15"/></pattern></defs><rect width="100%" height="100%" fill="url(#p)"/><ellipse cx="450" cy="470" rx="170" ry="210" fill="#dc2626"/><rect x="150" y="760" width="600" height="440" rx="120" fill="#dc2626"/></svg>`;
  return { bytes: await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toBuffer(), contentType: 'image/jpeg' };
}

async function render(ref: ReferenceImage, choice: TaskChoice) {
  if (!headshot) throw new Error('no studio headshot in the catalogue');
  const out = await renderer.generate({
    references: [ref],
    prompt: 'unused by the local renderer',
    size: '1024x1536',
    quality: 'medium',
    inputFidelity: 'low',
    recipe: recipeWithChoice(headshot.recipe, choice),
  });
  const { data, info } = await sharp(out.image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  /** The mean colour of a region given as shares of the picture's width and height. */
  return (x0: number, y0: number, x1: number, y1: number): Rgb => {
    const sum: Rgb = [0, 0, 0];
    let n = 0;
    for (let y = Math.round(y0 * info.height); y < Math.round(y1 * info.height); y++) {
      for (let x = Math.round(x0 * info.width); x < Math.round(x1 * info.width); x++) {
        const i = (y * info.width + x) * 3;
        sum[0] += data[i] as number;
        sum[1] += data[i + 1] as number;
        sum[2] += data[i + 2] as number;
        n++;
      }
    }
    return sum.map((v) => v / n) as Rgb;
  };
}

const hex = (h: string): Rgb => [1, 3, 5].map((i) => Number.parseInt(h.slice(i, i + 2), 16)) as Rgb;
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
/** The mean colour of a look's colours: what its swatch reads as from a distance. */
const meanOf = (colors: string[]): Rgb =>
  colors
    .map(hex)
    .reduce<Rgb>((a, c) => [a[0] + c[0], a[1] + c[1], a[2] + c[2]], [0, 0, 0])
    .map((v) => v / colors.length) as Rgb;
const nearest = (measured: Rgb, candidates: Record<string, Rgb>) =>
  Object.entries(candidates).sort(([, a], [, b]) => distance(measured, a) - distance(measured, b))[0]?.[0];

describe('backdrop and outfit in the local renderer', { timeout: 120_000 }, () => {
  it('paints each backdrop behind the person: the backdrop region changes colour with the choice', async () => {
    const ref = await photo();
    const measured: Record<string, Rgb> = {};
    for (const backdrop of BACKDROP_IDS) {
      // Above the style's window: only the backdrop shows there.
      measured[backdrop] = (await render(ref, { backdrop }))(0.1, 0.02, 0.9, 0.08);
    }
    const ids = [...BACKDROP_IDS];
    for (const a of ids)
      for (const b of ids)
        if (a < b)
          expect(distance(measured[a] as Rgb, measured[b] as Rgb), `${a} vs ${b}`).toBeGreaterThan(30);
    const [r, , b] = measured['plain-colour'] as Rgb;
    expect(b - r, 'plain colour is blue').toBeGreaterThan(40);
    const [br, , bb] = measured['brick-wall'] as Rgb;
    expect(br - bb, 'brick is red').toBeGreaterThan(40);
    const [or, og, ob] = measured.outdoors as Rgb;
    expect(og > or && og > ob, 'outdoors is green').toBe(true);
    // Each region reads as its own backdrop's colours more than as any other's.
    const looks = Object.fromEntries(BACKDROP_IDS.map((id) => [id, meanOf(BACKDROP_LOOKS[id].colors)]));
    const matched = BACKDROP_IDS.filter((id) => nearest(measured[id] as Rgb, looks) === id);
    expect(matched.length, JSON.stringify(measured)).toBeGreaterThanOrEqual(5);
  });

  it("dresses the person in each outfit's tone, and 'keep mine' leaves their own clothes", async () => {
    const ref = await photo();
    const measured: Record<string, Rgb> = {};
    for (const outfit of OUTFIT_IDS) {
      // The chest beside the collar's opening, where a jacket, a knit or a shirt shows.
      measured[outfit] = (await render(ref, { backdrop: 'studio-grey', outfit }))(0.3, 0.86, 0.4, 0.94);
    }
    const tones: Record<string, Rgb> = { person: PERSON };
    for (const id of OUTFIT_IDS) {
      const look = OUTFIT_LOOKS[id];
      if (look) tones[id] = hex(look.colors[0] as string);
    }
    for (const id of OUTFIT_IDS) {
      expect(nearest(measured[id] as Rgb, tones), `${id}: ${measured[id]}`).toBe(
        OUTFIT_LOOKS[id] ? id : 'person',
      );
    }
  });
});
