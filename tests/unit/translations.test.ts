// The SPA's translations (web/src/lib/i18n.ts over i18next): keys, `{{values}}`, plurals by the language's
// own rules (French counts 0 as singular), strings merged from a screen's own file, and the key itself
// when a string is missing.
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
