// The styles `npm start` and a deploy seed: enough of them, in the product's categories, each with a real
// prompt, both languages, a valid look for the local renderer, and a price that covers what the provider
// charges for it at the cheapest token.
import { describe, expect, it } from 'vitest';
import { DEFAULT_IMAGE_MODEL } from '../../functions/generation/ai/openai-image-provider.ts';
import { SIZE_OF_FORMAT } from '../../functions/generation/domain/image-provider.ts';
import {
  estimateCost,
  minimumTokenCost,
  netRevenuePerTokenUsd,
} from '../../functions/generation/domain/provider-pricing.ts';
import { STYLE_CATALOGUE } from '../../functions/styles/domain/catalogue/index.ts';
import {
  KEEP_IDENTITY_ART,
  KEEP_IDENTITY_PHOTO,
} from '../../functions/styles/domain/catalogue/prompt-parts.ts';

const settings = (s: (typeof STYLE_CATALOGUE)[number]) => ({
  size: SIZE_OF_FORMAT[s.format],
  quality: s.quality,
  referenceCount: s.referenceCount,
  inputFidelity: s.inputFidelity,
});

describe('the style catalogue', () => {
  it("has 25+ styles across the product's categories, each under its own key", () => {
    expect(STYLE_CATALOGUE.length).toBeGreaterThanOrEqual(25);
    const keys = STYLE_CATALOGUE.map((s) => s.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    const categories = new Set(STYLE_CATALOGUE.map((s) => s.category));
    for (const c of ['fantasy', 'professional', 'anime', 'corporate', 'painterly'])
      expect(categories).toContain(c);
  });

  it('names and describes every style in English and French', () => {
    for (const s of STYLE_CATALOGUE) {
      for (const lang of ['en', 'fr'] as const) {
        expect(s.text[lang].name.length, `${s.key} ${lang}`).toBeGreaterThan(2);
        expect(s.text[lang].description.length, `${s.key} ${lang}`).toBeGreaterThan(30);
        expect(s.text[lang].description, `${s.key} ${lang}`).toMatch(/[.!]$/);
      }
      expect(s.text.fr.description).not.toBe(s.text.en.description);
    }
  });

  it("gives every style a full prompt that keeps the person's identity and stays within the provider's limit", () => {
    for (const s of STYLE_CATALOGUE) {
      expect(s.prompt.length, s.key).toBeLessThanOrEqual(32_000);
      expect(s.prompt.startsWith(KEEP_IDENTITY_PHOTO) || s.prompt.startsWith(KEEP_IDENTITY_ART), s.key).toBe(
        true,
      );
      // Beyond the shared sentences, each says what to wear, where, and in what light.
      expect(s.prompt, s.key).toMatch(/Wardrobe:|Palette:|Style:/);
      expect(s.prompt, s.key).toMatch(/Setting:/);
      expect(s.prompt, s.key).toMatch(/Lighting:|Mood:/);
      expect(s.prompt, s.key).toMatch(/No text/);
    }
    expect(new Set(STYLE_CATALOGUE.map((s) => s.prompt)).size).toBe(STYLE_CATALOGUE.length);
  });

  it('uses 2 or 3 reference photos and an integer cost of at least 1 token', () => {
    for (const s of STYLE_CATALOGUE) {
      expect([2, 3], s.key).toContain(s.referenceCount);
      expect(Number.isInteger(s.tokenCost) && s.tokenCost >= 1, s.key).toBe(true);
    }
  });

  it("charges enough tokens to cover the provider at the subscription's price per token", () => {
    // 0.09 EUR a token, less VAT and card fees, counting a euro as a dollar: about $0.071.
    expect(netRevenuePerTokenUsd()).toBeCloseTo(0.07125, 5);
    for (const s of STYLE_CATALOGUE) {
      const minimum = minimumTokenCost(DEFAULT_IMAGE_MODEL, settings(s));
      expect(minimum, s.key).not.toBeNull();
      expect(
        s.tokenCost,
        `${s.key} costs about $${estimateCost(DEFAULT_IMAGE_MODEL, settings(s))?.toFixed(3)}`,
      ).toBeGreaterThanOrEqual(minimum as number);
    }
  });

  it('prices a high-quality portrait with four high-fidelity photos at about $0.30, as the provider lists it', () => {
    const cost = estimateCost('gpt-image-1.5', {
      size: '1024x1536',
      quality: 'high',
      referenceCount: 4,
      inputFidelity: 'high',
    });
    expect(cost).toBeGreaterThan(0.28);
    expect(cost).toBeLessThan(0.33);
    expect(
      estimateCost('some-future-model', settings(STYLE_CATALOGUE[0] as (typeof STYLE_CATALOGUE)[number])),
    ).toBeNull();
  });

  it('gives every style a valid look for the local renderer', () => {
    const hex = /^#[0-9a-f]{6}$/;
    for (const { key, recipe: r } of STYLE_CATALOGUE) {
      expect(r.backdrop.colors.length, key).toBeGreaterThanOrEqual(1);
      expect(r.backdrop.colors.length, key).toBeLessThanOrEqual(4);
      for (const c of [
        ...r.backdrop.colors,
        r.frame.color,
        ...(r.grade.duotone ?? []),
        r.grade.tint?.color ?? '#000000',
      ]) {
        expect(c, key).toMatch(hex);
      }
      expect(r.subject.scale, key).toBeGreaterThanOrEqual(0.5);
      expect(r.subject.scale, key).toBeLessThanOrEqual(1);
      expect(Math.abs(r.subject.offsetY), key).toBeLessThanOrEqual(0.2);
      expect(r.subject.feather, key).toBeGreaterThanOrEqual(0);
      expect(r.subject.feather, key).toBeLessThanOrEqual(1);
      expect(r.texture.amount, key).toBeGreaterThanOrEqual(0);
      expect(r.texture.amount, key).toBeLessThanOrEqual(1);
      if (r.grade.tone === 'duotone') expect(r.grade.duotone, key).toHaveLength(2);
    }
  });
});
