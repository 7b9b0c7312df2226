// Issue 20 in the gallery, against the real local API, in English and French, at 1440x900 and 390x844 (one page
// load each): the star on a card (a toggle button, kept by the server, so the phone finds it starred), the
// favourites filter and its ZIP, the download menu's profile bubble and the 1080 px profile square, the modal's
// before/after (side by side on a desktop, stacked on a phone). Screenshots go to .local/screenshots/issue-20.
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Download, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import type { AvatarTask } from '../../shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import { createBody, creator, stylesCosting, waitForTasks } from '../support/avatars.ts';
import { describeInBrowser, type Lang, openSignedIn, PHONE, useBrowser } from '../support/browser.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots', 'issue-20');
const DESKTOP = { width: 1440, height: 900 };

const COPY = {
  en: {
    path: '/app/gallery',
    favourite: 'Favourite',
    favourites: 'Favourites',
    downloadFavourites: 'Download favourites',
    options: 'Download options',
    // (no break inside the size)
    profile: '1080\u00a0×\u00a01080 profile picture',
    bubble: 'How it looks in a profile bubble',
    compare: 'Compare with my photo',
    yourPhoto: 'Your photo',
    modal: 'Generated Avatar',
  },
  fr: {
    path: '/fr/app/gallery',
    favourite: 'Favori',
    favourites: 'Favoris',
    downloadFavourites: 'Télécharger les favoris',
    options: 'Options de téléchargement',
    profile: 'Photo de profil 1080\u00a0×\u00a01080',
    bubble: 'Aperçu dans une bulle de profil',
    compare: 'Comparer avec ma photo',
    yourPhoto: 'Votre photo',
    modal: 'Avatar généré',
  },
} as const;

type User = Awaited<ReturnType<typeof creator>> & { tasks: AvatarTask[] };
const users = {} as Record<Lang, User>;

/** The image has arrived and is decoded (a screenshot then shows it). */
async function loaded(img: Locator): Promise<void> {
  await expect
    .poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: 15_000 })
    .toBeGreaterThan(0);
  await img.evaluate((i) => (i as HTMLImageElement).decode());
}

/** A face-centred square cuts the picture around the face (an inline size and place), not the middle. */
const cutAroundFace = async (img: Locator) => expect(await img.getAttribute('style')).toMatch(/^width: \d/);

async function savedSquare(
  download: Download,
): Promise<{ width?: number; height?: number; format?: string }> {
  const path = join(SHOTS, download.suggestedFilename());
  await download.saveAs(path);
  return sharp(readFileSync(path)).metadata();
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

describeInBrowser('keepers in the gallery (issue 20)', () => {
  const browser = useBrowser();
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await Promise.all(
      (['en', 'fr'] as const).map(async (lang) => {
        const user = await creator({ ltd: 10 }, lang);
        const res = await callRoute('createTasksBatch', {
          token: user.token,
          body: createBody(await stylesCosting(2)),
        });
        users[lang] = { ...user, tasks: await waitForTasks(user.token, res.body.task_ids, 180_000) };
      }),
    );
  }, 300_000);

  for (const lang of ['en', 'fr'] as const) {
    const c = COPY[lang];

    test(`${lang} at 1440x900: star, the favourites filter and ZIP, the bubble preview and the 1080 px square`, async () => {
      const user = users[lang];
      const page = await browser.newPage(DESKTOP);
      await openSignedIn(page, user.token, c.path);
      const cards = page.getByTestId('task-card');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
      const first = cards.first();
      const star = first.getByTestId('favourite');
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      expect(await star.getAttribute('aria-label')).toMatch(new RegExp(`^${c.favourite}: `));
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
      // Kept by the server, not only on screen.
      const starredNow = async () =>
        (await callRoute('userTasks', { token: user.token, query: { favourites: 'true' } })).body.tasks.map(
          (t) => t.id,
        );
      await expect.poll(starredNow).toHaveLength(1);
      const [starredId] = await starredNow();
      await loaded(cards.nth(1).locator('.task-image img'));
      await shot(page, `gallery-${lang}-1440`);

      // The card's menu: five sizes, the profile square with its round preview.
      await first.getByRole('button', { name: c.options }).click();
      const profile = first.locator('[data-preset="profile"]');
      expect(await profile.innerText()).toContain(c.profile);
      await loaded(profile.locator('.profile-bubble img'));
      await cutAroundFace(profile.locator('.profile-bubble img'));
      expect(await first.locator('.card-download__menu [data-preset]').count()).toBe(5);
      await profile.scrollIntoViewIfNeeded();
      await shot(page, `menu-${lang}-1440`);
      const [square] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        profile.click(),
      ]);
      const starredTask = user.tasks.find((t) => t.id === starredId) as AvatarTask;
      // The modal of the phone test below (another device) opens this one.
      const stem = (starredTask.download_name as string).replace(/\.[a-z]+$/, '');
      expect(square.suggestedFilename()).toBe(`avatar-${stem}-profile-1080.jpg`);
      expect(await savedSquare(square)).toMatchObject({ width: 1080, height: 1080, format: 'jpeg' });

      // The filter shows the starred one only, and downloads them as one ZIP.
      const filter = page.getByRole('button', { name: c.favourites, exact: true });
      await filter.click();
      expect(await filter.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => cards.count()).toBe(1);
      const [zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByRole('button', { name: c.downloadFavourites }).click(),
      ]);
      expect(zip.suggestedFilename()).toBe('aivatar-favourites.zip');
      const zipPath = join(SHOTS, `favourites-${lang}.zip`);
      await zip.saveAs(zipPath);
      expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

      // The modal: before/after side by side.
      await cards.first().locator('.task-card__open').click();
      const modal = page.getByRole('dialog', { name: c.modal });
      await modal.getByRole('button', { name: c.compare }).click();
      const before = modal.getByTestId('before');
      const after = modal.getByTestId('after');
      await loaded(before.locator('img'));
      await loaded(after.locator('img'));
      expect(await before.locator('img').getAttribute('alt')).toBe(c.yourPhoto);
      await cutAroundFace(before.locator('img'));
      await cutAroundFace(after.locator('img'));
      const [b, a] = [await before.boundingBox(), await after.boundingBox()];
      expect(Math.abs((b?.y ?? 0) - (a?.y ?? 1))).toBeLessThan(2);
      expect(a?.x ?? 0).toBeGreaterThan((b?.x ?? 0) + (b?.width ?? 0) - 1);
      await shot(page, `modal-compare-${lang}-1440`);
    });

    test(`${lang} at 390x844, another device: the star is kept; the modal's before/after stacks and downloads the 1080 px square`, async () => {
      const user = users[lang];
      const page = await browser.newPage(PHONE);
      await openSignedIn(page, user.token, c.path);
      const cards = page.getByTestId('task-card');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
      const pressed = await page
        .getByTestId('favourite')
        .evaluateAll((stars) => stars.map((s) => s.getAttribute('aria-pressed')));
      expect(pressed.sort()).toEqual(['false', 'true']);
      await loaded(cards.first().locator('.task-image img'));
      await shot(page, `gallery-${lang}-390`);

      const starred = cards.filter({ has: page.locator('[data-testid="favourite"][aria-pressed="true"]') });
      await starred.getByRole('button', { name: c.options }).click();
      await loaded(starred.locator('.card-download__menu .profile-bubble img'));
      await shot(page, `menu-${lang}-390`);
      await page.keyboard.press('Escape');

      await starred.locator('.task-card__open').click();
      const modal = page.getByRole('dialog', { name: c.modal });
      const favourite = modal.getByRole('button', { name: c.favourite, exact: true });
      expect(await favourite.getAttribute('aria-pressed')).toBe('true');
      const compare = modal.getByRole('button', { name: c.compare });
      await compare.click();
      expect(await compare.getAttribute('aria-pressed')).toBe('true');
      const before = modal.getByTestId('before');
      const after = modal.getByTestId('after');
      await loaded(before.locator('img'));
      await loaded(after.locator('img'));
      const [b, a] = [await before.boundingBox(), await after.boundingBox()];
      expect(a?.y ?? 0).toBeGreaterThanOrEqual((b?.y ?? 0) + (b?.height ?? 0) - 1);
      await shot(page, `modal-compare-${lang}-390`);

      const preview = modal.getByTestId('profile-preview');
      expect(await preview.innerText()).toContain(c.bubble);
      await loaded(preview.locator('img'));
      await preview.scrollIntoViewIfNeeded();
      await shot(page, `modal-presets-${lang}-390`);
      const [square] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        modal.getByRole('button', { name: c.profile }).click(),
      ]);
      expect(square.suggestedFilename()).toMatch(/^avatar-[a-z0-9-]+-profile-1080\.jpg$/);
      expect(await savedSquare(square)).toMatchObject({ width: 1080, height: 1080, format: 'jpeg' });
    });
  }
});
