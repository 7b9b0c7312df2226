// The SPA's translations (web/src/lib/i18n.ts over i18next): keys, `{{values}}`, plurals by the language's
// own rules (French counts 0 as singular), strings merged from a screen's own file, and the key itself
// when a string is missing.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addFeatureStrings,
  hasString,
  startI18nForPrerendering,
  type TranslationKey,
  t,
} from '../../web/src/lib/i18n.ts';

describe('translations', () => {
  it('fill values and pick the plural form of each language', async () => {
    await startI18nForPrerendering('en');
    expect(t('common.tokens', { count: 0 })).toBe('0 tokens');
    expect(t('common.tokens', { count: 1 })).toBe('1 token');
    expect(t('footer.rights', { year: 2031 })).toBe('© 2031 Aivatar. All rights reserved.');
    await startI18nForPrerendering('fr');
    expect(t('common.tokens', { count: 0 })).toBe('0 jeton');
    expect(t('common.tokens', { count: 1 })).toBe('1 jeton');
    expect(t('common.tokens', { count: 2 })).toBe('2 jetons');
  });

  it("merge a screen's strings into its section, and answer the key for a missing string", async () => {
    await startI18nForPrerendering('en');
    await addFeatureStrings({
      en: async () => ({ default: { common: { extra: 'Extra {{name}}' } } }),
      fr: async () => ({ default: { common: { extra: 'En plus {{name}}' } } }),
    });
    expect(t('common.extra' as TranslationKey, { name: 'Ada' })).toBe('Extra Ada');
    expect(t('common.logout')).toBe('Log out');
    expect(hasString('common.nothing')).toBe(false);
    expect(t('common.nothing' as TranslationKey)).toBe('common.nothing');
  });
});

// The same words are read on a phone and on a desktop, so none asks for a click (or a
// tap): "open", "pick", "use" fit both. Every translation file, and the emails' text.
describe('words for every screen', () => {
  const CLICK = /\b(click|clicking|cliquez|cliquer|clic|tap|touchez)\b/i;
  const sources = [
    ...readdirSync('web/src/locales').map((f) => join('web/src/locales', f)),
    ...readdirSync('web/src/features').flatMap((feature) => {
      const dir = join('web/src/features', feature, 'locales');
      return existsSync(dir) ? readdirSync(dir).map((f) => join(dir, f)) : [];
    }),
  ];
  const strings = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : value && typeof value === 'object'
        ? Object.values(value).flatMap(strings)
        : [];

  it('never ask for a click or a tap', () => {
    expect(sources.length).toBeGreaterThanOrEqual(12);
    for (const file of sources) {
      const said = strings(JSON.parse(readFileSync(file, 'utf8'))).filter((s) => CLICK.test(s));
      expect(said, file).toEqual([]);
    }
    for (const file of [
      'functions/accounts/domain/emails.ts',
      'functions/generation/domain/batch-email.ts',
      'functions/privacy/domain/emails.ts',
    ]) {
      // The emails' copy: the quoted text, not the comments.
      const quoted = readFileSync(file, 'utf8').match(/(['"`])(?:(?!\1).)*\1/g) ?? [];
      expect(
        quoted.filter((q) => CLICK.test(q)),
        file,
      ).toEqual([]);
    }
  });

  it("the phone's bar on Create says where it leads, in both languages", () => {
    const bar = (lang: string) =>
      JSON.parse(readFileSync(`web/src/features/create/locales/${lang}.json`, 'utf8')).create.barReview;
    expect(bar('en')).toBe('See my selection');
    expect(bar('fr')).toBe('Voir ma sélection');
  });
});
