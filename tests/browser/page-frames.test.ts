// No blank app page. Before the app's code has arrived, an /app address already shows
// the app's frame (drawn in its HTML document); once the code is there, the screen draws its title and
// grey shapes where its data will be, and fills them in when the data arrives; moving to another screen
// does the same. Also the words on Create: nothing asks for a click, and the phone's bar says where it
// leads. English and French, desktop and phone.
import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import { createAccount, describeInBrowser, PHONE, uniqueEmail, useBrowser } from '../support/browser.ts';

const DESKTOP = { width: 1440, height: 900 };

const WORDS = {
  en: {
    create: 'Create Your Avatar',
    gallery: 'My Avatars',
    empty: "You haven't created any avatars yet.",
    panelEmpty: 'Pick a style to add it here.',
    bar: 'See my selection',
  },
  fr: {
    create: 'Créez votre avatar',
    gallery: 'Mes avatars',
    empty: "Vous n'avez encore créé aucun avatar.",
    panelEmpty: "Choisissez un style pour l'ajouter ici.",
    bar: 'Voir ma sélection',
  },
} as const;

/** Holds every request matching `pattern` until `release()` is called. */
async function hold(page: Page, pattern: string): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.fallback();
  });
  return { release };
}

const shown = (page: Page, testId: string) => page.getByTestId(testId).first().isVisible();

describeInBrowser('app pages: the frame first, the data as it arrives', () => {
  const browser = useBrowser();

  for (const lang of ['en', 'fr'] as const) {
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      test(`${lang}, ${size}: the frame before the code, the screen before its data, the words on Create`, async () => {
        const w = WORDS[lang];
        const prefix = lang === 'fr' ? '/fr' : '';
        const { token } = await createAccount(uniqueEmail(`frames-${lang}`), { lang });
        const page = await browser.newPage(viewport);
        await page.goto('/favicon.svg');
        await page.evaluate((t) => localStorage.setItem('token', t), token);

        // The code held back: the document alone shows the app's frame (a bar, a title, cards), not white.
        const code = await hold(page, '**/assets/*.js');
        const styles = await hold(page, '**/aivatar/styles');
        await page.goto(`${prefix}/app/create`, { waitUntil: 'commit' });
        await page.getByTestId('boot-frame').waitFor();
        // Measured once the stylesheet is in: the browser paints nothing before it (it blocks rendering).
        const bar = page.locator('.boot-frame__bar');
        await expect.poll(async () => (await bar.boundingBox())?.height).toBeGreaterThanOrEqual(60);
        expect((await bar.boundingBox())?.width).toBe(viewport.width);
        expect(await page.locator('.boot-frame__cards i').first().isVisible()).toBe(true);

        // The code arrives, the styles not yet: the screen's title, and grey shapes where the styles go.
        code.release();
        await page.getByRole('heading', { level: 1, name: w.create }).waitFor();
        expect(await page.getByTestId('boot-frame').isVisible()).toBe(false);
        expect(await shown(page, 'skeleton')).toBe(true);
        expect(await page.getByTestId('style-grid').count()).toBe(0);
        styles.release();
        await page.getByTestId('style-grid').waitFor();
        expect(await page.getByTestId('skeleton').count()).toBe(0);

        // The words: nothing asks for a click; on a phone, the bar says where it leads.
        await page.getByText(w.panelEmpty, { exact: true }).waitFor({ state: 'attached' });
        await page.getByTestId('style-card').first().click();
        const selectionBar = page.getByTestId('selection-bar');
        if (size === 'phone') expect(await selectionBar.getByRole('link').innerText()).toBe(w.bar);
        else expect(await selectionBar.isVisible()).toBe(false);
        expect(await page.locator('body').innerText()).not.toMatch(/cliquez|click/i);

        // Another screen, its data held: its title and shapes at once, then its content.
        const tasks = await hold(page, '**/aivatar/user-tasks*');
        if (size === 'phone') await page.locator('.navbar__toggle').click();
        await page.getByRole('link', { name: w.gallery }).click();
        await page.getByRole('heading', { level: 1, name: w.gallery }).waitFor();
        expect(await shown(page, 'skeleton')).toBe(true);
        tasks.release();
        await page.getByText(w.empty, { exact: true }).waitFor();
        expect(await page.getByTestId('skeleton').count()).toBe(0);
      });
    }
  }
});
