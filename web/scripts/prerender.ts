// Writes each prerendered page (shared/web-routes.ts prerenderedPages) as HTML: the page rendered by
// React with its title and description, canonical URL, hreflang alternates, Open Graph tags, and links to
// the files it needs; plus sitemap.xml and robots.txt. dist/_shell.html stays the SPA's empty document, and
// dist/_shell-fr.html is the same document in French, served under /fr.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { escapeHtml } from '#shared/html.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import {
  APP_SHELL_DOCUMENT,
  APP_SHELL_DOCUMENT_FR,
  LOCAL_SITE_URL,
  type Page,
  pagePath,
  prerenderedPages,
  SHELL_DOCUMENT,
  SHELL_DOCUMENT_FR,
} from '#shared/web-routes.ts';
import { APP_STRINGS_ELEMENT_ID } from '../src/lib/app-strings-element.ts';
import { PAGE_MODULES } from '../src/lib/page-modules.ts';
import { appShell } from './app-shell.ts';

const WEB = join(import.meta.dirname, '..');
const DIST = join(WEB, 'dist');
const SSR_ENTRY = join(WEB, '../.local/web-ssr/entry-server.js');
const WEB_SRC = join(WEB, 'src');

interface ManifestEntry {
  file: string;
  src?: string;
  css?: string[];
  imports?: string[];
}
type Manifest = Record<string, ManifestEntry>;

export const siteUrl = (): string => process.env.SITE_URL ?? LOCAL_SITE_URL;
const OG_LOCALE = { en: 'en_GB', fr: 'fr_FR' } as const;

/** The JS and CSS files a module needs, its static imports included. */
function filesFor(
  manifest: Manifest,
  key: string,
  seen = new Set<string>(),
): { js: string[]; css: string[] } {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return { js: [], css: [] };
  seen.add(key);
  const js = [entry.file];
  const css = [...(entry.css ?? [])];
  for (const dep of entry.imports ?? []) {
    const sub = filesFor(manifest, dep, seen);
    js.push(...sub.js);
    css.push(...sub.css);
  }
  return { js, css };
}

/** React hoists a page's <title> and <meta> to the front of its output; they belong in the head. */
function splitHoisted(body: string): { head: string; body: string } {
  const m = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(body);
  return m ? { head: m[0], body: body.slice(m[0].length) } : { head: '', body };
}

function headFor(page: Page, lang: Language, siteUrl: string, hoisted: string): string {
  const url = (l: Language) => new URL(pagePath(page.id, l), siteUrl).toString();
  const title = /<title>([^<]*)<\/title>/.exec(hoisted)?.[1];
  const description = /<meta name="description" content="([^"]*)"/.exec(hoisted)?.[1];
  if (!title || !description)
    throw new Error(`Page ${page.id} (${lang}) renders no <title> or meta description`);
  const tags = [
    hoisted,
    `<link rel="canonical" href="${url(lang)}">`,
    ...(page.localized
      ? [
          `<link rel="alternate" hreflang="en" href="${url('en')}">`,
          `<link rel="alternate" hreflang="fr" href="${url('fr')}">`,
          `<link rel="alternate" hreflang="x-default" href="${url('en')}">`,
        ]
      : []),
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="Aivatar">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url(lang)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[lang]}">`,
    `<meta property="og:image" content="${new URL('/og-image.png', siteUrl)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
  ];
  return tags.join('\n    ');
}

const appStringsOf = async (lang: Language): Promise<unknown> =>
  JSON.parse(await readFile(join(WEB_SRC, 'locales', `${lang}.json`), 'utf8'));

/** JSON inside a <script> element: `<` escaped so no string can close the element. */
const jsonForHtml = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/** What the empty document says before the app starts, in French (web/index.html has the English). */
const FRENCH_SHELL: [RegExp, string][] = [
  [/<html lang="en">/, '<html lang="fr">'],
  [
    /(<meta\s+name="description"\s+content=")[^"]*(")/,
    '$1Aivatar transforme quelques-uns de vos selfies en avatars IA et en portraits professionnels dans plus de 25 styles.$2',
  ],
  [/<title>[^<]*<\/title>/, '<title>Aivatar : avatars et portraits par IA</title>'],
  [
    /(<noscript>)[^<]*(<\/noscript>)/,
    "$1Aivatar a besoin de JavaScript. Veuillez l'activer dans votre navigateur.$2",
  ],
];

function frenchShell(template: string): string {
  return FRENCH_SHELL.reduce((html, [pattern, replacement]) => {
    if (!pattern.test(html))
      throw new Error(`web/index.html no longer matches ${pattern}: update FRENCH_SHELL`);
    return html.replace(pattern, replacement);
  }, template);
}

export async function prerenderSite({ siteUrl }: { siteUrl: string }): Promise<number> {
  const template = await readFile(join(DIST, 'index.html'), 'utf8');
  await writeFile(join(DIST, SHELL_DOCUMENT), template);
  await writeFile(join(DIST, SHELL_DOCUMENT_FR), frenchShell(template));
  await writeFile(join(DIST, APP_SHELL_DOCUMENT), appShell(template));
  await writeFile(join(DIST, APP_SHELL_DOCUMENT_FR), appShell(frenchShell(template)));
  const manifest = JSON.parse(await readFile(join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const { renderPage } = (await import(pathToFileURL(SSR_ENTRY).href)) as {
    renderPage(url: string, lang: Language): Promise<string>;
  };

  const urls: { page: Page; lang: Language }[] = [];
  for (const page of prerenderedPages()) {
    const source = PAGE_MODULES[page.id];
    if (!source) throw new Error(`No module for page ${page.id} in web/src/lib/page-modules.ts`);
    const module = `src/${source}`;
    for (const lang of page.localized ? LANGUAGES : (['en'] as const)) {
      const path = pagePath(page.id, lang);
      const rendered = splitHoisted(await renderPage(path, lang));
      const files = filesFor(manifest, module);
      // What the document does not link yet: the page's own chunk and its styles.
      const fresh = (f: string) => !template.includes(`/${f}"`);
      const css = [...new Set(files.css.filter(fresh))];
      const js = [...new Set(files.js.filter(fresh))];
      const preload = [
        ...css.map((f) => `<link rel="stylesheet" href="/${f}">`),
        ...js.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
        // The page's language's app strings travel with it: hydration needs them before anything else, and
        // data needs no script request (and no script-src: the browser never runs this block).
        `<script type="application/json" id="${APP_STRINGS_ELEMENT_ID}" data-lang="${lang}">${jsonForHtml(
          await appStringsOf(lang),
        )}</script>`,
      ];
      const html = template
        .replace(/<html lang="[^"]*">/, `<html lang="${lang}">`)
        .replace(/<title>[^<]*<\/title>\s*/, '')
        .replace(/<meta\s+name="description"[^>]*>\s*/, '')
        .replace(
          '</head>',
          `  ${headFor(page, lang, siteUrl, rendered.head)}\n    ${preload.join('\n    ')}\n  </head>`,
        )
        .replace('<div id="root"></div>', `<div id="root">${rendered.body}</div>`);
      const file = path === '/' ? join(DIST, 'index.html') : join(DIST, path, 'index.html');
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, html);
      urls.push({ page, lang });
    }
  }

  const loc = (page: Page, lang: Language) =>
    escapeHtml(new URL(pagePath(page.id, lang), siteUrl).toString());
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls.map(({ page, lang }) =>
      [
        `  <url><loc>${loc(page, lang)}</loc>`,
        ...(page.localized
          ? LANGUAGES.map((l) => `    <xhtml:link rel="alternate" hreflang="${l}" href="${loc(page, l)}"/>`)
          : []),
        '  </url>',
      ].join('\n'),
    ),
    '</urlset>',
    '',
  ].join('\n');
  await writeFile(join(DIST, 'sitemap.xml'), sitemap);
  await writeFile(
    join(DIST, 'robots.txt'),
    `User-agent: *\nAllow: /\nDisallow: /app\nDisallow: /fr/app\nDisallow: /login_with_token\nDisallow: /admin\n\nSitemap: ${new URL('/sitemap.xml', siteUrl)}\n`,
  );
  return urls.length;
}
