// Getting around in a browser: the app's routes and the session, page addresses as the host and the router
// settle them, and French following a French reader (the offer, used links, file names).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { callRoute } from '../support/api.ts';
import { activeStyles, createBody, creator, waitForTasks } from '../support/avatars.ts';
import {
  createAccount,
  describeInBrowser,
  FLOW_PAIRS,
  type Lang,
  loginLinkIn,
  openSignedIn,
  PHONE,
  pathNow,
  pathOf,
  signUpInactive,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { copy } from './copy.ts';
import { tokenPage, waitForEnglishTokenPage } from './token-page.ts';

// The route table's redirects through the host and page loads, the language from the path, a screen's code
// that fails to load, and scrolling. The session rules (401 anywhere ends it), the app navbar and its
// billing toast are tests/components/app-navbar.test.tsx's.

describeInBrowser('routes and session', () => {
  const browser = useBrowser();

  test('signed out: /app pages lead to /login, unknown paths to /', async () => {
    const page = await browser.newPage();
    for (const path of ['/app', '/app/account', '/app/unknown']) {
      await page.goto(path);
      await waitForPath(page, '/login');
    }
    for (const path of ['/fr/app', '/fr/app/account']) {
      await page.goto(path);
      await waitForPath(page, '/fr/login');
    }
    for (const path of ['/nowhere', '/create']) {
      await page.goto(path);
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: copy.en.homeHeading }).waitFor();
    }
    // An unknown French path leads to the French home page.
    await page.goto('/fr/nowhere/deeper');
    await waitForPath(page, '/fr');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
  });

  test('signed in: /app and unknown /app paths lead to the app home; guest pages and / to /app', async () => {
    const email = uniqueEmail('routes');
    const { token } = await createAccount(email);
    const page = await browser.newPage();
    await openSignedIn(page, token, '/app');
    await waitForPath(page, '/app/create');
    for (const path of ['/app/unknown', '/login', '/signup', '/', '/nowhere']) {
      await page.goto(path);
      await waitForPath(page, '/app/create');
    }
    // In French, the same rules lead to the French app.
    for (const path of ['/fr/app', '/fr/app/unknown', '/fr/login', '/fr/signup', '/fr', '/fr/create']) {
      await page.goto(path);
      await waitForPath(page, '/fr/app/create');
    }
    await page.getByRole('heading', { name: copy.fr.createHeading, level: 1 }).waitFor();
    await page.goto('/login_with_token?token=whatever');
    await waitForPath(page, '/app/create');
    // The emailed link of a French user leads to the French app.
    await page.goto('/login_with_token?token=whatever&lang=fr');
    await waitForPath(page, '/fr/app/create');
    await page.goto('/login_with_token?token=whatever&lang=xx');
    await waitForPath(page, '/app/create');
    await page.getByText(email, { exact: true }).first().waitFor();
  });

  test('language: /fr is French, the flags switch with a full page load', async () => {
    const page = await browser.newPage();
    await page.goto('/fr');
    await page.getByRole('heading', { name: copy.fr.homeHeading }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');

    await page.goto('/login');
    const marker = await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
      return true;
    });
    expect(marker).toBe(true);
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: /FR/ }).click();
    await waitForPath(page, '/fr/login');
    await page.getByRole('heading', { name: 'Connexion à Aivatar' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
    ).toBeUndefined();

    await page.getByRole('navigation', { name: 'Langue' }).getByRole('link', { name: /EN/ }).click();
    await waitForPath(page, '/login');
    await page.getByRole('heading', { name: 'Log in to Aivatar' }).waitFor();
  });

  test('a screen that fails to load shows the error fallback, and the rest of the app still works', async () => {
    const page = await browser.newPage();
    await page.route('**/assets/signup-page-*.js', (route) => route.abort('failed'));
    await page.goto('/signup');
    await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Log in to Aivatar' }).waitFor();
  });

  test('each new page starts at the top; the phone menu locks scrolling while open', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/');
    await page.getByRole('heading', { name: copy.en.homeHeading }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Sign up' }).click();
    await waitForPath(page, '/signup');
    // The URL changes before the new screen is committed; the reset belongs to the new screen.
    await page.getByRole('button', { name: 'Request activation email' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    await page.waitForFunction(() => getComputedStyle(document.body).overflow !== 'hidden');
  });
});

// One address rule for the router, the local web server and the CloudFront function
// (shared/page-address.ts). A page typed with capitals, a trailing slash or an escaped letter arrives at
// its own address after at most one redirect, and nothing reloads itself: it used to, 19 to 57 times.

describeInBrowser('page addresses', () => {
  const HEADINGS = {
    pricing: { en: 'Simple pricing, no surprises', fr: 'Des tarifs simples, sans surprise' },
    home: { en: copy.en.homeHeading, fr: copy.fr.homeHeading },
    login: { en: 'Log in to Aivatar', fr: 'Connexion à Aivatar' },
  };

  /**
   * The addresses a page goes through (every main-frame navigation, the router's same-document ones too) from
   * the moment its heading is up until the network is quiet: a page that redirects or reloads itself again
   * would still be at it. Waits for states, never for a fixed time.
   */
  async function addressesOnceShown(page: Page, heading: string): Promise<Set<string>> {
    const title = page.getByRole('heading', { level: 1, name: heading, exact: true });
    await title.waitFor();
    const urls = new Set<string>([page.url()]);
    const watch = (frame: Frame) => {
      if (frame === page.mainFrame()) urls.add(frame.url());
    };
    page.on('framenavigated', watch);
    try {
      await page.waitForLoadState('networkidle');
      await title.waitFor();
    } finally {
      page.off('framenavigated', watch);
    }
    urls.add(page.url());
    return urls;
  }

  const browser = useBrowser();

  const cases: [string, string, string][] = [
    ['/Pricing', '/pricing', HEADINGS.pricing.en],
    ['/PRICING', '/pricing', HEADINGS.pricing.en],
    ['/FR', '/fr', HEADINGS.home.fr],
    ['/fr/Pricing', '/fr/pricing', HEADINGS.pricing.fr],
    ['/Terms-Of-Service', '/terms-of-service', 'Terms of Service'],
    [
      '/LINKEDIN-HEADSHOT',
      '/linkedin-headshot',
      'Professional headshots for LinkedIn and your CV, without the photo shoot',
    ],
    ['/pricing/', '/pricing', HEADINGS.pricing.en],
    ['/%70ricing', '/pricing', HEADINGS.pricing.en],
    ['/Login', '/login', HEADINGS.login.en],
    ['/FR/LOGIN', '/fr/login', HEADINGS.login.fr],
    ['/APP/Account', '/login', HEADINGS.login.en],
    ['/Nowhere/At/All', '/', HEADINGS.home.en],
    ['/FR/Nulle-Part', '/fr', HEADINGS.home.fr],
  ];

  // One case per spelling, each in its own page: none waits for the others.
  test.each(cases)('%s settles at %s', async (from, to, heading) => {
    const page = await browser.newPage();
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    try {
      await page.goto(from);
      const addresses = await addressesOnceShown(page, heading);
      expect(
        [...addresses].map((u) => new URL(u).pathname),
        `${from} settles at ${to}`,
      ).toEqual([to]);
      // The host's redirect is not a page load; the router may add one (a prerendered page it reached).
      expect(loads, from).toBeLessThanOrEqual(2);
    } finally {
      // useBrowser closes the last page's context only.
      await page.context().close();
    }
  });

  test('an address that cannot be read gets 400 from the host, which keeps serving', async () => {
    const page = await browser.newPage();
    for (const path of ['/%', '/fr/%E0%A4%A', '/pricing%']) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(400);
    }
    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: HEADINGS.pricing.en }).waitFor();
  });

  test('a French app page arrives in French: the document says lang="fr" before any script runs', async () => {
    const page = await browser.newPage();
    await page.route('**/*.js', (route) => route.abort());
    for (const [path, lang, title] of [
      ['/fr/login', 'fr', 'Aivatar : avatars et portraits par IA'],
      ['/fr/app/gallery', 'fr', 'Aivatar : avatars et portraits par IA'],
      ['/login', 'en', 'Aivatar: AI avatars and headshots'],
    ]) {
      await page.goto(path as string);
      expect(await page.locator('html').getAttribute('lang'), path).toBe(lang);
      expect(await page.title(), path).toBe(title);
    }
  });

  test('the router applies the same rule to an address reached without a page load', async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { name: HEADINGS.login.en }).waitFor();
    // As a link in the app (or Back and Forward) would: the router sees /Pricing without the host.
    await page.evaluate(() => {
      window.history.pushState(null, '', '/Pricing?from=app');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForPath(page, '/pricing?from=app');
    expect((await addressesOnceShown(page, HEADINGS.pricing.en)).size).toBe(1);
    expect(pathNow(page)).toBe('/pricing?from=app');
  });
});

// In the browser, at a phone's 390x844 and a desktop's 1440x900 (the flows in English on the
// desktop and French on the phone):
// - a French browser at / is offered the French page once, in French, by a bar it can close (no redirect);
//   an English browser is not, nor is a French one already at /fr;
// - a used login link read in French ends on the French login page, which says why in French, while the
//   link's own page stays English only and an English link keeps its English Login Error;
// - an avatar made from a French page downloads under a French name, one made from an English page under an
//   English one.

describeInBrowser('French follows the French reader', () => {
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
