// French strings of the screens kept to French typography and to forms that fit everyone: a no-break space
// before : ; ! ? » and after «, "d'" before a vowel (the AI provider's name), and no status or invitation
// worded for men only. The spacing in every screen's French strings (the admin screen's messages, the
// product's own words copied exactly, aside); the words in the account's, Manage Photos', the phone's
// capture page's and Teams'.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AI_PROVIDER } from '../../web/src/features/photos/ai-provider.ts';

const FILES = ['account', 'photos', 'capture', 'team'].map((f) => `web/src/features/${f}/locales/fr.json`);
/** Every French strings file of the SPA. */
const ALL_FILES = [
  ...['account', 'admin', 'auth', 'capture', 'create', 'gallery', 'photos', 'team'].map(
    (f) => `web/src/features/${f}/locales/fr.json`,
  ),
  ...['choices', 'quality'].map((c) => `web/src/components/${c}/locales/fr.json`),
  'web/src/locales/fr.json',
];

/** The admin screen's messages the product gives word for word, its own spacing with them. */
const EXACT: Record<string, string[]> = {
  'web/src/features/admin/locales/fr.json': [
    'admin.messages.importSuccess',
    'admin.messages.deleted',
    'admin.messages.added',
    'admin.messages.updated',
  ],
};

const strings = (node: unknown, at = ''): [string, string][] =>
  typeof node === 'string'
    ? [[at, node]]
    : Object.entries(node as Record<string, unknown>).flatMap(([k, v]) => strings(v, at ? `${at}.${k}` : k));

const french = (file: string) => strings(JSON.parse(readFileSync(file, 'utf8')));

describe('French typography and words', () => {
  it.each(ALL_FILES)('%s: a no-break space before : ; ! ? » and after «', (file) => {
    const plain = french(file).filter(([k, s]) => / [:;!?»]|« /.test(s) && !EXACT[file]?.includes(k));
    expect(plain.map(([key]) => key)).toEqual([]);
  });

  it("the AI provider's policy reads d'OpenAI, not de OpenAI", () => {
    const [, link] = french(FILES[1] as string).find(([k]) => k === 'photos.providerLink') ?? ['', ''];
    const filled = link.replace('{{provider}}', AI_PROVIDER.name);
    expect(filled).toContain(`d'${AI_PROVIDER.name}`);
    expect(filled).not.toMatch(/\bde [AEIOUY]/);
  });

  it('team statuses and the invitation fit everyone: no masculine-only invité, inscrit, parti', () => {
    const team = Object.fromEntries(french(FILES[3] as string));
    for (const key of ['team.status_invited', 'team.status_joined', 'team.status_left', 'team.joinHint'])
      expect(team[key], key).not.toMatch(/(^|[^\p{L}])(invité|inscrit|parti)(?!\p{L})/iu);
  });
});
