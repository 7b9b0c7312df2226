// Issue 7, item 8: every page's title names the brand once ("Log in to Aivatar", never "... · Aivatar"
// after it), and the copy uses one apostrophe, the straight one of the spec's French strings ("Erreur lors
// de l'import."), in both languages.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { builtPages, pagePath } from '../../shared/web-routes.ts';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';

const paths = builtPages().flatMap((page) =>
  (page.localized ? (['en', 'fr'] as const) : (['en'] as const)).map((lang) => ({
    path: pagePath(page.id, lang),
    signedIn: page.access === 'user',
  })),
);

async function textOf(page: Page): Promise<{ title: string; text: string }> {
  return page.evaluate(() => ({
    title: document.title,
    text: [
      document.title,
      document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      document.body.innerText,
    ].join('\n'),
  }));
}

describeInBrowser('titles and typography', () => {
  const browser = useBrowser();

  test('each page names the brand once in its title and uses straight apostrophes only', async () => {
    const { token } = await createAccount(uniqueEmail('titles'));
    const page = await browser.newPage();
    for (const { path, signedIn } of paths) {
      if (signedIn) await openSignedIn(page, token, path);
      else {
        await page.evaluate(() => localStorage.clear()).catch(() => undefined);
        await page.goto(path);
      }
      await page.locator('h1').first().waitFor();
      await page.waitForLoadState('networkidle');
      const { title, text } = await textOf(page);
      expect(title.match(/Aivatar/g), `${path}: "${title}"`).toHaveLength(1);
      expect(text.match(/[\u2018\u2019]/g) ?? [], `${path} has curly apostrophes`).toEqual([]);
    }
  });
});
