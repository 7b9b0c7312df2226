// Issue 23, item 8: on Create Your Avatar every style card shows its cost and what the balance buys of it.
// With the 2 signup tokens, a 3-token style (Studio Headshot) says "1 token missing" and offers the 10-token
// pack, whose link opens that pack's checkout; a 2-token style says the balance is enough for one. In English
// and French, on a desktop and on a phone: one account, one page load per pair.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  uniqueEmail,
  useBrowser,
  WIDE,
} from '../support/browser.ts';

// Written out, not read from the app: a changed string fails the test.
const COPY = {
  en: {
    create: '/app/create',
    studio: 'Studio Headshot',
    office: 'Office Headshot',
    outdoor: 'Outdoor Portrait',
    threeTokens: '3 tokens',
    twoTokens: '2 tokens',
    missing: '1 token missing',
    enough: 'Enough for 1 avatar',
    buyPack: 'Buy 10 tokens for €3',
    amount: '€3.00',
  },
  fr: {
    create: '/fr/app/create',
    studio: 'Portrait studio',
    office: 'Portrait au bureau',
    outdoor: 'Portrait en extérieur',
    threeTokens: '3 jetons',
    twoTokens: '2 jetons',
    missing: '1 jeton manquant',
    enough: 'Assez pour 1 avatar',
    buyPack: 'Acheter 10 jetons pour 3 €',
    amount: '3,00 €',
  },
} as const;
type Lang = keyof typeof COPY;

/** Letters as a person reads them: any run of spaces (Intl's narrow no-break ones too) as one space. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} is not on the page`);
  return box;
}

/** The list item of the style named `name`. */
const styleItem = (page: Page, name: string) =>
  page
    .locator('.style-card-item')
    .filter({ has: page.locator('.style-card__name').getByText(name, { exact: true }) });

describeInBrowser('what the balance buys, on every style card', () => {
  const browser = useBrowser();
  // One account per language (the checkout speaks the account's): nothing here spends its 2 tokens.
  const tokens = new Map<Lang, Promise<string>>();
  const account = (lang: Lang): Promise<string> => {
    if (!tokens.has(lang))
      tokens.set(
        lang,
        createAccount(uniqueEmail(`afford-${lang}`), { lang }).then((a) => a.token),
      );
    return tokens.get(lang) as Promise<string>;
  };

  describe.each([
    ['en', WIDE],
    ['fr', PHONE],
    ['en', PHONE],
    ['fr', WIDE],
  ] as const)('in %s at %o', (lang, viewport) => {
    const c = COPY[lang];

    test("a 3-token style: 1 token missing, and the 10-token pack's checkout", async () => {
      const page = await browser.newPage(viewport);
      const asked: string[] = [];
      page.on('request', (r) => {
        const path = new URL(r.url()).pathname;
        if (r.method() === 'POST' && path.startsWith('/checkout/')) asked.push(path);
      });
      await openSignedIn(page, await account(lang), c.create);
      // The balance is known (on a phone, in the closed menu).
      await page.getByTestId('token-balance').getByText(c.twoTokens).waitFor({ state: 'attached' });

      // Every card: its cost and what the balance buys of it.
      const cards = page.getByTestId('style-card');
      await cards.first().waitFor();
      const count = await cards.count();
      expect(count).toBeGreaterThan(20);
      expect(await page.getByTestId('style-cost').count()).toBe(count);
      expect(await page.getByTestId('style-affordability').count()).toBe(count);

      const outdoor = styleItem(page, c.outdoor);
      expect(plain(await outdoor.getByTestId('style-cost').textContent())).toBe(c.twoTokens);
      expect(plain(await outdoor.getByTestId('style-affordability').textContent())).toBe(c.enough);
      expect(await outdoor.getByTestId('style-buy-pack').count()).toBe(0);

      for (const name of [c.studio, c.office]) {
        const item = styleItem(page, name);
        expect(plain(await item.getByTestId('style-cost').textContent()), name).toBe(c.threeTokens);
        const status = item.getByTestId('style-affordability');
        expect(plain(await status.textContent()), name).toBe(c.missing);
        // The card's button is described by it, for a screen reader.
        expect(await item.getByTestId('style-card').getAttribute('aria-describedby')).toBe(
          await status.getAttribute('id'),
        );
        const offer = item.getByRole('link', { name: c.buyPack, exact: true });
        // Inside the card, below what is missing, over nothing else.
        const [b, s, k] = await Promise.all([boxOf(item), boxOf(status), boxOf(offer)]);
        expect(k.y, name).toBeGreaterThanOrEqual(s.y + s.height);
        expect(k.x, name).toBeGreaterThanOrEqual(b.x);
        expect(k.x + k.width, name).toBeLessThanOrEqual(b.x + b.width);
        expect(k.y + k.height, name).toBeLessThanOrEqual(b.y + b.height);
      }

      // The offer opens that pack's checkout.
      await styleItem(page, c.studio).getByRole('link', { name: c.buyPack, exact: true }).click();
      await page.waitForURL((u) => u.pathname.startsWith('/c/pay/'), { timeout: 20_000 });
      expect(asked).toEqual(['/checkout/one-time/pack-10']);
      expect(plain(await page.getByTestId('checkout-amount').textContent())).toContain(c.amount);
    });
  });
});
