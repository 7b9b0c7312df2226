// The public navbar and footer (spec section 2 "Public navbar and footer", section 9): Home, Create Avatar
// when signed in, Pricing and Tokens; the language flags keep the page and switch the /fr prefix with a
// full page load; the phone menu locks page scrolling; the bar changes after 50 px of scroll; the footer's
// links (headshot page, terms, privacy, contact).
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { webPages } from '../../shared/web-routes.ts';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  openSignedIn,
  PHONE,
  uniqueEmail,
  useBrowser,
  waitForPath,
} from '../support/browser.ts';

const built = (id: string) => webPages.some((p) => p.id === id && p.built);

const COPY = {
  en: {
    prefix: '',
    nav: 'Main',
    language: 'Language',
    home: 'Home',
    pricing: 'Pricing',
    tokens: 'Tokens',
    app: built('appCreate') ? 'Create Avatar' : 'Open the app',
    pricingHeading: 'Simple pricing, no surprises',
    termsHeading: 'Terms of Service',
    privacyHeading: 'Privacy Policy',
    headshots: 'Professional headshots',
    terms: 'Terms of Service',
    privacy: 'Privacy Policy',
    contact: 'Contact us',
    openMenu: 'Open menu',
    notConfigured: "The operator's details are not configured for this deployment",
  },
  fr: {
    prefix: '/fr',
    nav: 'Principale',
    language: 'Langue',
    home: 'Accueil',
    pricing: 'Tarifs',
    tokens: 'Jetons',
    app: built('appCreate') ? 'Créer un avatar' : "Ouvrir l'application",
    pricingHeading: 'Des tarifs simples, sans surprise',
    termsHeading: "Conditions générales d'utilisation",
    privacyHeading: 'Politique de confidentialité',
    headshots: 'Portraits professionnels',
    terms: "Conditions d'utilisation",
    privacy: 'Politique de confidentialité',
    contact: 'Nous contacter',
    openMenu: 'Ouvrir le menu',
    notConfigured: "Les informations de l'éditeur ne sont pas configurées pour ce déploiement",
  },
} as const;

const LANGS = ['en', 'fr'] as const;
const contactEmail = process.env.VITE_COMPANY_EMAIL?.trim();

/** React has taken over the page: the navbar's menu button has its handlers. */
async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const toggle = document.querySelector('.navbar__toggle');
    return toggle !== null && Object.keys(toggle).some((k) => k.startsWith('__reactProps'));
  });
}

async function links(scope: ReturnType<Page['locator']>): Promise<[string, string][]> {
  return scope
    .getByRole('link')
    .evaluateAll((els) => els.map((a) => [a.textContent?.trim() ?? '', a.getAttribute('href') ?? '']));
}

/** Leaves a mark in the current document: gone after a full page load. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

/** The element's top edge sits in the upper half of the viewport, below the sticky navbar. */
async function expectInView(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page.locator(selector).evaluate((el) => {
        const top = el.getBoundingClientRect().top;
        const navbar = document.querySelector('header.navbar')?.getBoundingClientRect().bottom ?? 0;
        return top >= navbar - 1 && top < window.innerHeight / 2;
      }),
    )
    .toBe(true);
}

describeInBrowser('public navbar and footer', () => {
  const browser = useBrowser();

  describe.each(LANGS)('in %s', (lang) => {
    const copy = COPY[lang];
    const p = (path: string) => (path === '/' ? copy.prefix || '/' : `${copy.prefix}${path}`);

    test('the navbar links: Home, Pricing and Tokens; Create Avatar only when signed in', async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(p('/pricing'));
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: copy.nav });
      expect(await links(nav)).toEqual([
        [copy.home, p('/')],
        [copy.pricing, p('/pricing')],
        [copy.tokens, `${p('/pricing')}#tokens`],
      ]);

      const { token } = await createAccount(uniqueEmail('navbar'), { lang });
      await openSignedIn(page, token, p('/pricing'));
      await nav.getByRole('link', { name: copy.app, exact: true }).waitFor();
      expect(await links(nav)).toEqual([
        [copy.home, p('/')],
        [copy.app, p('/app')],
        [copy.pricing, p('/pricing')],
        [copy.tokens, `${p('/pricing')}#tokens`],
      ]);
    });

    test('Pricing leads to the pricing page; Tokens to its token packs, also from the pricing page itself', async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(p('/'));
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: copy.nav });
      await nav.getByRole('link', { name: copy.pricing, exact: true }).click();
      await waitForPath(page, p('/pricing'));
      await page.getByRole('heading', { level: 1, name: copy.pricingHeading }).waitFor();

      await page.goto(p('/'));
      await waitForHydration(page);
      await nav.getByRole('link', { name: copy.tokens, exact: true }).click();
      await page.waitForURL((url) => url.pathname === p('/pricing') && url.hash === '#tokens');
      await expectInView(page, '#tokens');

      // Already on the pricing page, further down: the same link scrolls back up to the packs.
      await waitForHydration(page);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await markDocument(page);
      await nav.getByRole('link', { name: copy.tokens, exact: true }).click();
      await expectInView(page, '#tokens');
      expect(await sameDocument(page)).toBe(true);
    });

    test('the language flags keep the page and switch the /fr prefix with a full page load', async () => {
      const page = await browser.newPage(DESKTOP);
      const other = lang === 'en' ? 'fr' : 'en';
      const otherCopy = COPY[other];
      const there = (path: string) => `${otherCopy.prefix}${path}`;
      for (const [path, heading, otherHeading] of [
        ['/pricing', copy.pricingHeading, otherCopy.pricingHeading],
        ['/terms-of-service', copy.termsHeading, otherCopy.termsHeading],
        ['/privacy-policy', copy.privacyHeading, otherCopy.privacyHeading],
      ] as const) {
        await page.goto(p(path));
        await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        await waitForHydration(page);
        await markDocument(page);
        await page
          .getByRole('navigation', { name: copy.language })
          .getByRole('link', { name: other.toUpperCase() })
          .click();
        await waitForPath(page, there(path));
        await page.getByRole('heading', { level: 1, name: otherHeading, exact: true }).waitFor();
        expect(await sameDocument(page)).toBe(false);
        expect(await page.locator('html').getAttribute('lang')).toBe(other);
      }
    });

    test('the footer links to the headshot page, the legal pages and a contact', async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(p('/pricing'));
      await waitForHydration(page);
      const footer = page.getByRole('contentinfo');
      const footerLinks = await links(footer);
      const expected: [string, string][] = [
        [copy.terms, p('/terms-of-service')],
        [copy.privacy, p('/privacy-policy')],
        [copy.pricing, p('/pricing')],
        [copy.contact, contactEmail ? `mailto:${contactEmail}` : `${p('/terms-of-service')}#contact`],
      ];
      // Another issue builds the headshot page: the footer links to it once it exists.
      if (built('linkedinHeadshot')) expected.push([copy.headshots, p('/linkedin-headshot')]);
      else expect(footerLinks.map(([name]) => name)).not.toContain(copy.headshots);
      for (const link of expected) expect(footerLinks).toContainEqual(link);

      for (const [name, path, heading] of [
        [copy.terms, '/terms-of-service', copy.termsHeading],
        [copy.privacy, '/privacy-policy', copy.privacyHeading],
        ...(built('linkedinHeadshot') ? [[copy.headshots, '/linkedin-headshot', null] as const] : []),
      ] as const) {
        await page.goto(p('/pricing'));
        await waitForHydration(page);
        await markDocument(page);
        await footer.getByRole('link', { name, exact: true }).click();
        await waitForPath(page, p(path));
        // Prerendered pages are shown from their own document: the link ends in a page load.
        await page.waitForFunction(() => !(window as unknown as { sameDocument?: boolean }).sameDocument);
        if (heading) await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
        else await page.locator('main h1').waitFor();
      }

      if (!contactEmail) {
        // No address is configured for this build: the contact link leads to the notice that says so.
        await page.goto(p('/pricing'));
        await waitForHydration(page);
        await footer.getByRole('link', { name: copy.contact, exact: true }).click();
        await page.waitForURL((url) => url.pathname === p('/terms-of-service') && url.hash === '#contact');
        await expectInView(page, '#contact');
        await page.getByText(copy.notConfigured, { exact: true }).waitFor();
      }
    });
  });

  test('the phone menu locks page scrolling while open, and a link in it closes it', async () => {
    const page = await browser.newPage(PHONE);
    await page.goto('/terms-of-service');
    await waitForHydration(page);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

    await page.getByRole('button', { name: COPY.en.openMenu }).click();
    const menu = page.locator('#public-menu');
    await menu.getByRole('link', { name: 'Tokens', exact: true }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await page.mouse.move(PHONE.width / 2, PHONE.height - 100);
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(400);

    // Escape closes it and gives the page its scrolling back.
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => getComputedStyle(document.body).overflow !== 'hidden');
    expect(await menu.isVisible()).toBe(false);

    await page.getByRole('button', { name: COPY.en.openMenu }).click();
    await menu.getByRole('link', { name: 'Tokens', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/pricing' && url.hash === '#tokens');
    await waitForHydration(page);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    expect(await page.locator('#public-menu').isVisible()).toBe(false);
    await expectInView(page, '#tokens');
  });

  test('the navbar changes its look after 50 px of scroll', async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto('/privacy-policy');
    await waitForHydration(page);
    const navbar = page.locator('header.navbar');
    const look = () =>
      navbar.evaluate((el) => ({
        scrolled: el.classList.contains('navbar--scrolled'),
        shadow: getComputedStyle(el).boxShadow,
      }));

    await page.evaluate(() => window.scrollTo(0, 40));
    await page.waitForTimeout(100);
    expect(await look()).toEqual({ scrolled: false, shadow: 'none' });

    await page.evaluate(() => window.scrollTo(0, 80));
    await expect.poll(async () => (await look()).scrolled).toBe(true);
    expect((await look()).shadow).not.toBe('none');

    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(async () => (await look()).scrolled).toBe(false);
  });
});
