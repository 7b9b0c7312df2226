// Issue 23, item 9, in the browser, at a phone's 390x844 and a desktop's 1440x900 (the flows in English on the
// desktop and French on the phone):
// - a French browser at / is offered the French page once, in French, by a bar it can close (no redirect);
//   an English browser is not, nor is a French one already at /fr;
// - a used login link read in French ends on the French login page, which says why in French, while the
//   link's own page stays English only (spec section 2) and an English link keeps its English Login Error;
// - an avatar made from a French page downloads under a French name, one made from an English page under an
//   English one (spec section 7's rule, the stored name before its first underscore, holds for both).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { callRoute } from '../support/api.ts';
import { activeStyles, createBody, creator, waitForTasks } from '../support/avatars.ts';
import {
  describeInBrowser,
  FLOW_PAIRS,
  type Lang,
  loginLinkIn,
  openSignedIn,
  PHONE,
  pathOf,
  signUpInactive,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { tokenPage, waitForEnglishTokenPage } from './token-page.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots', 'language');
const WIDE = { width: 1440, height: 900 };
const SIZES = [PHONE, WIDE];
const OFFER = { region: 'Aivatar existe aussi en français.', action: 'Voir en français', close: 'Fermer' };

/** React has taken over the landing page (the offer, if any, comes just after: an effect). */
async function hydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')),
  );
  await page.waitForTimeout(500);
}

describeInBrowser('French follows the French reader', () => {
  const browser = useBrowser();
  beforeAll(() => mkdirSync(SHOTS, { recursive: true }));

  for (const size of SIZES) {
    test(`${size.width}px: a French browser at / is offered /fr once; English browsers and /fr are not`, async () => {
      const page = await browser.newPage(size, { locale: 'fr-FR' });
      await page.goto('/');
      const offer = page.getByRole('region', { name: OFFER.region });
      await offer.waitFor();
      // In French on the English page, inside the window, with a link to /fr; the page itself stays English.
      expect(await offer.getAttribute('lang')).toBe('fr');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
      expect(await offer.getByRole('link', { name: OFFER.action }).getAttribute('href')).toBe('/fr');
      const box = await offer.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= size.width && box.y + box.height <= size.height).toBe(
        true,
      );
      await page.screenshot({ path: join(SHOTS, `offer-${size.width}.png`) });
      if (size === WIDE) {
        // Followed: the French page, with a full load, and no offer there.
        await offer.getByRole('link', { name: OFFER.action }).click();
        await waitForPath(page, '/fr');
        await page.waitForFunction(() => document.documentElement.lang === 'fr');
      } else {
        // Closed: gone, and not made again.
        await offer.getByRole('button', { name: OFFER.close }).click();
        await offer.waitFor({ state: 'detached' });
      }
      await page.goto('/');
      await hydrated(page);
      expect(await offer.count()).toBe(0);
      await page.close();

      const english = await browser.newPage(size, { locale: 'en-GB' });
      await english.goto('/');
      await hydrated(english);
      expect(await english.getByRole('region', { name: OFFER.region }).count()).toBe(0);
      await english.close();
    });
  }

  test('a French browser at /fr is not offered anything', async () => {
    const page = await browser.newPage(PHONE, { locale: 'fr-FR' });
    await page.goto('/fr');
    await hydrated(page);
    expect(await page.getByRole('region', { name: OFFER.region }).count()).toBe(0);
  });

  for (const { lang, viewport: size } of FLOW_PAIRS) {
    test(`${lang} at ${size.width}px: a login link used already`, async () => {
      const email = uniqueEmail(`used-${lang}`);
      await signUpInactive(email, lang);
      const link = loginLinkIn(await waitForMail(email));
      // Used once (the API redeems it), then opened again in the browser.
      const token = new URL(link).searchParams.get('token') as string;
      expect((await callRoute('loginWithToken', { params: { token } })).status).toBe(200);
      const page = await browser.newPage(size);
      await page.goto(pathOf(link));
      if (lang === 'en') {
        await waitForEnglishTokenPage(page, tokenPage.error);
        await page.getByText(tokenPage.invalid, { exact: true }).waitFor();
      } else {
        // On to the French login page, which says why in French; nothing English on the way out.
        await waitForPath(page, '/fr/login');
        await page
          .getByRole('alert')
          .getByText('Ce lien de connexion est invalide ou a expiré. Demandez-en un nouveau.', {
            exact: true,
          })
          .waitFor();
        await page.getByRole('heading', { name: 'Connexion à Aivatar' }).waitFor();
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('fr');
        expect(await page.getByText(tokenPage.error, { exact: true }).count()).toBe(0);
        // The French "send me a link" button stays inside its box on a phone.
        const spills = await page.evaluate(() => {
          const box = document.querySelector('.auth__link-block') as HTMLElement;
          const button = box.querySelector('.btn') as HTMLElement;
          const style = getComputedStyle(box);
          return (
            button.getBoundingClientRect().right >
            box.getBoundingClientRect().right - Number.parseFloat(style.paddingRight) + 0.5
          );
        });
        expect(spills).toBe(false);
      }
      await page.screenshot({ path: join(SHOTS, `used-link-${lang}-${size.width}.png`) });
    });
  }

  describe('file names', () => {
    let maker: Awaited<ReturnType<typeof creator>>;
    const made: Record<Lang, { style: string; file: string }> = {
      fr: { style: 'Style : Héros de BD', file: 'heros-de-bd.jpg' },
      en: { style: 'Style: Elven Ranger', file: 'elven-ranger.jpg' },
    };
    // One account for both: a French account, an avatar made from a French page and one from an
    // English page (the create call's lang, as the create screen sends it).
    beforeAll(async () => {
      maker = await creator({ ltd: 5 }, 'fr');
      const styles = await activeStyles();
      const pick = (name: string) => styles.filter((s) => s.name === name);
      const fr = await callRoute('createTasksBatch', {
        token: maker.token,
        body: { ...createBody(pick('Comic Book Hero')), lang: 'fr' },
      });
      const en = await callRoute('createTasksBatch', {
        token: maker.token,
        body: { ...createBody(pick('Elven Ranger')), lang: 'en' },
      });
      await waitForTasks(maker.token, [...fr.body.task_ids, ...en.body.task_ids]);
    });

    for (const { lang, viewport: size } of FLOW_PAIRS) {
      test(`${lang} at ${size.width}px: an avatar made from this page downloads under a name in its language`, async () => {
        const page = await browser.newPage(size);
        await openSignedIn(page, maker.token, lang === 'fr' ? '/fr/app/gallery' : '/app/gallery');
        const card = page.getByTestId('task-card').filter({ hasText: made[lang].style });
        await card.waitFor({ timeout: 30_000 });
        const [file] = await Promise.all([
          page.waitForEvent('download', { timeout: 30_000 }),
          card.getByTestId('card-download').click(),
        ]);
        expect(file.suggestedFilename()).toBe(made[lang].file);
      });
    }
  });
});
