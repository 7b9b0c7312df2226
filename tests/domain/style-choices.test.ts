// A user's backdrop and outfit applied to a style (functions/styles/domain/style-choices.ts): the prompt the
// provider reads and the look the embedded renderer paints. The renderer's pixels are checked in
// tests/unit/local-renderer-choices.test.ts; the create route's refusals in
// tests/integration/choices-and-try-again.test.ts.
import { describe, expect, it } from 'vitest';
import {
  BACKDROP_IDS,
  BACKDROP_LOOKS,
  combinationsOf,
  OUTFIT_IDS,
  OUTFIT_LOOKS,
} from '#shared/style-choices.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import { DEFAULT_RECIPE } from '../../functions/styles/domain/render-recipe.ts';
import {
  BACKDROP_PROMPTS,
  OUTFIT_PROMPTS,
  promptWithChoice,
  recipeWithChoice,
} from '../../functions/styles/domain/style-choices.ts';

const CATALOGUE_PROMPT =
  'A studio headshot of the person. Setting: a dark backdrop. Wardrobe: a grey sweater. Lighting: soft key light.';

describe('the prompt of a chosen backdrop and outfit', () => {
  it("replaces the style's own Setting and Wardrobe sentences, leaving the rest", () => {
    const out = promptWithChoice(CATALOGUE_PROMPT, { backdrop: 'office', outfit: 'suit' });
    expect(out).toBe(
      `A studio headshot of the person. Setting: ${BACKDROP_PROMPTS.office}. Wardrobe: ${OUTFIT_PROMPTS.suit}. Lighting: soft key light.`,
    );
    expect(promptWithChoice(CATALOGUE_PROMPT, { outfit: 'shirt' })).toBe(
      `A studio headshot of the person. Setting: a dark backdrop. Wardrobe: ${OUTFIT_PROMPTS.shirt}. Lighting: soft key light.`,
    );
  });

  it('adds the sentence at the end of a prompt that has none (an admin’s own wording), and nothing for no choice', () => {
    expect(promptWithChoice('Draw them smiling.', { backdrop: 'city' })).toBe(
      `Draw them smiling. Setting: ${BACKDROP_PROMPTS.city}.`,
    );
    expect(promptWithChoice(CATALOGUE_PROMPT, {})).toBe(CATALOGUE_PROMPT);
    // A Setting sentence that ends the prompt is replaced too.
    expect(promptWithChoice('Portrait. Setting: a beach.', { backdrop: 'brick-wall' })).toBe(
      `Portrait. Setting: ${BACKDROP_PROMPTS['brick-wall']}.`,
    );
  });

  it('works on every catalogue style that takes choices: exactly one Setting and one Wardrobe sentence', () => {
    const taking = STYLE_CATALOGUE.filter((s) => s.acceptsChoices);
    expect(taking.length).toBeGreaterThan(0);
    for (const style of taking) {
      const out = promptWithChoice(style.prompt, { backdrop: 'outdoors', outfit: 'blazer' });
      expect(out.match(/Setting: /g), style.key).toHaveLength(1);
      expect(out.match(/Wardrobe: /g), style.key).toHaveLength(1);
      expect(out, style.key).toContain(BACKDROP_PROMPTS.outdoors);
      expect(out, style.key).toContain(OUTFIT_PROMPTS.blazer);
    }
  });
});

describe('the look of a chosen backdrop and outfit', () => {
  it('paints the backdrop chosen (a copy: the shared look is never changed) and keeps the subject’s window', () => {
    const out = recipeWithChoice(DEFAULT_RECIPE, { backdrop: 'brick-wall' });
    expect(out.backdrop).toEqual(BACKDROP_LOOKS['brick-wall']);
    out.backdrop.colors.push('#000000');
    expect(BACKDROP_LOOKS['brick-wall'].colors).not.toContain('#000000');
    expect(out.subject).toEqual(DEFAULT_RECIPE.subject);
    expect(recipeWithChoice(DEFAULT_RECIPE, {})).toEqual(DEFAULT_RECIPE);
  });

  it('gives a style drawn edge to edge a window for the backdrop', () => {
    const full = { ...DEFAULT_RECIPE, subject: { ...DEFAULT_RECIPE.subject, shape: 'full' as const } };
    expect(recipeWithChoice(full, { backdrop: 'city' }).subject).toMatchObject({
      shape: 'arch',
      scale: 0.84,
      offsetY: 0.04,
      feather: 0.35,
    });
    expect(recipeWithChoice(full, { outfit: 'suit' }).subject.shape).toBe('full');
  });

  it("dresses the person in the outfit's look, and 'keep mine' draws none", () => {
    expect(recipeWithChoice(DEFAULT_RECIPE, { outfit: 'suit' }).outfit).toEqual(OUTFIT_LOOKS.suit);
    const dressed = { ...DEFAULT_RECIPE, outfit: { kind: 'knit' as const, colors: ['#111111'] } };
    expect(recipeWithChoice(dressed, { outfit: 'keep-mine' })).not.toHaveProperty('outfit');
  });
});

describe('the tasks a style’s choices make', () => {
  it('every backdrop with every outfit; an empty list leaves that part to the style', () => {
    expect(combinationsOf(undefined)).toEqual([{}]);
    expect(combinationsOf({ backdrops: [], outfits: [] })).toEqual([{}]);
    expect(combinationsOf({ backdrops: ['office', 'city'], outfits: [] })).toEqual([
      { backdrop: 'office' },
      { backdrop: 'city' },
    ]);
    expect(combinationsOf({ backdrops: ['office'], outfits: ['suit', 'shirt'] })).toEqual([
      { backdrop: 'office', outfit: 'suit' },
      { backdrop: 'office', outfit: 'shirt' },
    ]);
    expect(combinationsOf({ backdrops: [...BACKDROP_IDS], outfits: [...OUTFIT_IDS] })).toHaveLength(30);
  });
});
