// Issue 23: the gallery's downloads against the real local API, in English and French, at desktop and phone
// sizes. A card's download and "Download all" still save their files; no URL the app requests carries the
// session; past a per-user limit the screen says so in the user's language.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { AvatarTask } from '../../shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import { createBody, creator, stylesCosting, waitForTasks } from '../support/avatars.ts';
import {
  DESKTOP,
  describeInBrowser,
  type Lang,
  openSignedIn,
  PHONE,
  useBrowser,
} from '../support/browser.ts';

const COPY = {
  en: {
    path: '/app/gallery',
    options: 'Download options',
    throttled: 'You have asked for many downloads in a short time. Please wait a few minutes and try again.',
  },
  fr: {
    path: '/fr/app/gallery',
    options: 'Options de téléchargement',
    throttled:
      'Vous avez demandé beaucoup de téléchargements en peu de temps. Patientez quelques minutes avant de réessayer.',
  },
} as const;

async function userWithAvatar(lang: Lang) {
  const user = await creator({ ltd: 5 }, lang);
  const res = await callRoute('createTasksBatch', {
    token: user.token,
    body: createBody(await stylesCosting(1)),
  });
  const [task] = await waitForTasks(user.token, res.body.task_ids);
  return { ...user, task: task as AvatarTask };
}

/** Every URL the page asks for, the navigations and the file downloads included. */
function requestedUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  page.on('download', (d) => urls.push(d.url()));
  return urls;
}

describeInBrowser('gallery downloads', () => {
  const browser = useBrowser();

  for (const [lang, size] of [
    ['en', { ...DESKTOP, width: 1440 }],
    ['fr', PHONE],
  ] as const) {
    const c = COPY[lang];
    test(`${lang}: a card's download and "Download all" save their files; no URL carries the session`, async () => {
      const user = await userWithAvatar(lang);
      const page = await browser.newPage(size);
      const urls = requestedUrls(page);
      await openSignedIn(page, user.token, c.path);
      const card = page.getByTestId('card-download');
      await card.waitFor({ timeout: 30_000 });
      const [one] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), card.click()]);
      expect(one.suggestedFilename()).toBe(user.task.download_name);

      const [zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId('download-all').click(),
      ]);
      expect(zip.suggestedFilename()).toBe('aivatar-avatars.zip');
      const saved = join(tmpdir(), `gallery-${lang}-${Date.now()}.zip`);
      await zip.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 2).toString()).toBe('PK');
      await page.screenshot({ path: join(tmpdir(), `gallery-downloads-${lang}-${size.width}.png`) });
      // The ZIP was opened by URL, with a download link and not the session.
      expect(urls.some((u) => /\/aivatar\/user-file\/results\.zip\?token=/.test(u))).toBe(true);
      const signature = user.token.split('.')[2] as string;
      expect(urls.filter((u) => u.includes(signature))).toEqual([]);
      await page.close();
    });

    test(`${lang}: past the per-user limit, the screen says to wait, in the user's language`, async () => {
      const user = await userWithAvatar(lang);
      // Use up the "Download all" requests and the resized downloads of this account.
      let zipRefused = false;
      while (!zipRefused) {
        const res = await callRoute('createDownloadLink', {
          token: user.token,
          body: { route: 'resultsZip' },
        });
        zipRefused = res.status === 429;
      }
      const filename = (user.task.result_path as string).replace(/^results\//, '');
      let presetRefused = false;
      while (!presetRefused) {
        const res = await callRoute('resultData', {
          token: user.token,
          params: { filename },
          query: { preset: 'linkedin' },
        });
        presetRefused = res.status === 429;
      }
      const page = await browser.newPage(size);
      await openSignedIn(page, user.token, c.path);
      const toast = page.getByTestId('toast').getByText(c.throttled, { exact: true });
      await page.getByTestId('download-all').click();
      await toast.waitFor();
      await page.screenshot({ path: join(tmpdir(), `gallery-throttled-${lang}.png`) });
      await page.reload();
      await page.getByRole('button', { name: c.options }).click();
      await page.locator('[data-preset="linkedin"]').click();
      await toast.waitFor();
      // The original is not limited.
      const [original] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId('card-download').click(),
      ]);
      expect(original.suggestedFilename()).toBe(user.task.download_name);
      await page.close();
    });
  }
});
