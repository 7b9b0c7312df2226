// The JavaScript a browser downloads to show a page, gzipped as CloudFront serves it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { REPO_ROOT } from '../../infra/local/stack.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium.ts';

export interface FirstLoadJs {
  path: string;
  files: number;
  rawKB: number;
  gzippedKB: number;
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/**
 * With `token`, each page opens signed in (the app's screens), as a returning user's browser would; with
 * `locale`, in a browser of that language (the landing page offers French to a French one). `browser`: the
 * benches' whole Chromium by default; the browser tests pass theirs (`npm test` installs only the headless
 * shell, which loads the same bytes).
 */
export async function firstLoadJs(
  webUrl: string,
  paths: string[],
  {
    token,
    locale,
    browser: executablePath = CHROMIUM_PATH,
  }: { token?: string; locale?: string; browser?: string } = {},
): Promise<FirstLoadJs[]> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  try {
    const results: FirstLoadJs[] = [];
    for (const path of paths) {
      const page = await browser.newPage(locale ? { locale } : {});
      if (token) {
        await page.goto(`${webUrl}/favicon.svg`);
        await page.evaluate((t) => localStorage.setItem('token', t), token);
      }
      const scripts = new Set<string>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'script') scripts.add(new URL(r.url()).pathname);
      });
      await page.goto(`${webUrl}${path}`, { waitUntil: 'networkidle' });
      let gz = 0;
      let raw = 0;
      for (const file of scripts) {
        const body = readFileSync(join(REPO_ROOT, 'web/dist', file));
        raw += body.length;
        gz += gzipSync(body, { level: 9 }).length;
      }
      results.push({ path, files: scripts.size, rawKB: kb(raw), gzippedKB: kb(gz) });
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
