// "one place each": the Language type, path filling, HTML escaping and the page-to-module map are
// written once, in shared/ (zod-free, so the SPA can import them) or in web/src/lib/page-modules.ts, and
// nothing restates them.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Language } from '#shared/api-schemas.ts';
import { LANGUAGES } from '#shared/language.ts';
import { webPages } from '#shared/web-routes.ts';
import { PAGE_MODULES } from '../../web/src/lib/page-modules.ts';

const REPO = join(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(join(REPO, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(REPO, path)).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}
const code = ['shared', 'functions', 'infra', 'web/src', 'web/scripts'].flatMap(sources);
const read = (path: string) => readFileSync(join(REPO, path), 'utf8');

/** The files whose text matches `pattern`, other than `home`. */
const restating = (pattern: RegExp, home: string): string[] =>
  code.filter((f) => f !== home && pattern.test(read(f))).map((f) => relative(REPO, join(REPO, f)));

describe('written once', () => {
  it('the languages: one list in shared/language.ts, the zod enum built from it', () => {
    expect(Language.options).toEqual([...LANGUAGES]);
    expect(
      restating(/type Language\s*=\s*['"]|'en'\s*\|\s*'fr'|"en"\s*\|\s*"fr"/, 'shared/language.ts'),
    ).toEqual([]);
  });

  it('path filling: buildPath in shared/route-paths.ts, which the SPA client imports', () => {
    expect(restating(/Missing path parameter/, 'shared/route-paths.ts')).toEqual([]);
    expect(read('web/src/lib/api-client.ts')).toContain("from '#shared/route-paths.ts'");
  });

  it('HTML escaping: escapeHtml in shared/html.ts', () => {
    expect(restating(/replace\(\/\[&<>/, 'shared/html.ts')).toEqual([]);
    for (const user of [
      'web/scripts/prerender.ts',
      'infra/local/outbox-routes.ts',
      'functions/accounts/domain/emails.ts',
    ]) {
      expect(read(user), user).toMatch(/import \{ escapeHtml[^}]*\} from '#shared\/html\.ts'/);
    }
  });

  it('the page-to-module map: every built page has its module, read by the lazy loader and the prerenderer', () => {
    for (const page of webPages) {
      const module = PAGE_MODULES[page.id];
      expect(module, page.id).toBeDefined();
      expect(statSync(join(REPO, 'web/src', module as string)).isFile(), page.id).toBe(true);
    }
    expect(read('web/scripts/prerender.ts')).not.toMatch(/lazy-pages|page-chunks/);
    expect(read('web/scripts/prerender.ts')).toContain('PAGE_MODULES');
    expect(read('web/src/lib/page-chunks.ts')).toContain('PAGE_MODULES');
  });

  it('dates and times the app shows: formatDate in web/src/lib/dates.ts, one locale per language', () => {
    const web = code.filter((f) => f.startsWith('web/src'));
    const formatsDates = /toLocale(Date|Time)?String|Intl\.DateTimeFormat|get(Hours|Minutes)\(\)/;
    expect(web.filter((f) => f !== 'web/src/lib/dates.ts' && formatsDates.test(read(f)))).toEqual([]);
  });
});
