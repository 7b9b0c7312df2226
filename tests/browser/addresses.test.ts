// Issue 7, item 1: one address rule for the router, the local web server and the CloudFront function
// (shared/page-address.ts). A page typed with capitals, a trailing slash or an escaped letter arrives at
// its own address after at most one redirect, and nothing reloads itself: it used to, 19 to 57 times.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { describeInBrowser, pathNow, useBrowser, waitForPath } from '../support/browser.ts';
import { copy } from './copy.ts';

const HEADINGS = {
  pricing: { en: 'Simple pricing, no surprises', fr: 'Des tarifs simples, sans surprise' },
  home: { en: copy.en.homeHeading, fr: copy.fr.homeHeading },
  login: { en: 'Log in to Aivatar', fr: 'Connexion à Aivatar' },
};

/** The addresses a page shows over a second once its heading is up: a page that reloads itself would still be at it. */
async function addressesOnceShown(page: Page, heading: string): Promise<Set<string>> {
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  const urls = new Set<string>([page.url()]);
  const watch = setInterval(() => urls.add(page.url()), 50);
  await page.waitForTimeout(1000);
  clearInterval(watch);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  return urls;
}

describeInBrowser('page addresses', () => {
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

  test.each(cases)('%s settles at %s', async (from, to, heading) => {
    const page = await browser.newPage();
    let loads = 0;
    page.on('load', () => {
      loads++;
    });
    await page.goto(from);
    expect([...(await addressesOnceShown(page, heading))].map((u) => new URL(u).pathname)).toEqual([to]);
    // The host's redirect is not a page load; the router may add one (a prerendered page it reached).
    expect(loads).toBeLessThanOrEqual(2);
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
