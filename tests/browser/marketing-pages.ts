// What the landing page and the headshot page tests share: reading the avatar carousel, the structured
// data, the raw prerendered HTML, console errors, and a full page load.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, stack, type useBrowser, waitForPath } from '../support/browser.ts';

/** The catalogue, written out: a changed catalogue or a missing currency fails the tests. */
export const CATALOGUE = {
  packs: [
    { tokens: 10, price: '3.00' },
    { tokens: 40, price: '9.00' },
    { tokens: 100, price: '19.00' },
    { tokens: 200, price: '35.00' },
    { tokens: 500, price: '79.00' },
  ],
  subscription: { tokens: 100, price: '9.00' },
};

/** Console errors (a failed request, a hydration mismatch...) seen by the page from now on. */
export function consoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} ${m.location().url}`);
  });
  return errors;
}

/** The carousel's rows, as the image paths each row shows, once the browser has shuffled them. */
export async function carouselRows(page: Page): Promise<string[][]> {
  const carousel = page.locator('[data-carousel][data-shuffled]');
  await carousel.waitFor({ state: 'attached' });
  return carousel
    .locator('.carousel__track')
    .evaluateAll((tracks) =>
      tracks.map((t) => [...t.querySelectorAll('img')].map((img) => new URL(img.src).pathname)),
    );
}

/**
 * Rows as the product's contract wants them: `rowCount` rows of at most 8 images, each row its images three times in the
 * same order (the seamless loop), no image twice; returns the images shown, in order.
 */
export function expectCarouselShape(rows: string[][], rowCount: number): string[] {
  expect(rows).toHaveLength(rowCount);
  const shown: string[] = [];
  for (const row of rows) {
    expect(row.length % 3).toBe(0);
    const once = row.slice(0, row.length / 3);
    expect(once.length).toBeGreaterThan(0);
    expect(once.length).toBeLessThanOrEqual(8);
    expect(row).toEqual([...once, ...once, ...once]);
    shown.push(...once);
  }
  expect(new Set(shown).size).toBe(shown.length);
  return shown;
}

/** Loads `path` until the carousel's order differs from `reference` (a few tries: a shuffle may repeat). */
export async function differentOrder(
  load: () => Promise<string[]>,
  reference: string[],
  tries = 4,
): Promise<string[]> {
  let order = reference;
  for (let i = 0; i < tries; i++) {
    order = await load();
    if (order.join() !== reference.join()) return order;
  }
  return order;
}

type JsonLd = Record<string, unknown> & { '@type': string };

export async function jsonLdOf(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

/** A Product whose offers list every pack and the subscription in EUR and at the same amount in USD. */
export function expectProductOffers(data: JsonLd[]): void {
  const product = data.find((d) => d['@type'] === 'Product');
  expect(product, 'a Product in the JSON-LD').toBeDefined();
  expect(product).not.toHaveProperty('aggregateRating');
  expect(product).not.toHaveProperty('review');
  const offers = (product?.offers ?? []) as { price: string; priceCurrency: string; name: string }[];
  const prices = (currency: string) =>
    offers
      .filter((o) => o.priceCurrency === currency)
      .map((o) => o.price)
      .sort();
  const expected = [...CATALOGUE.packs.map((p) => p.price), CATALOGUE.subscription.price].sort();
  expect(prices('EUR')).toEqual(expected);
  expect(prices('USD')).toEqual(expected);
  expect(offers).toHaveLength(expected.length * 2);
}

/** The FAQPage data: the same questions and answers as the page shows. */
export async function expectFaqData(page: Page, data: JsonLd[], questions: string[]): Promise<void> {
  const faq = data.find((d) => d['@type'] === 'FAQPage');
  expect(faq, 'a FAQPage in the JSON-LD').toBeDefined();
  const entities = (faq?.mainEntity ?? []) as { name: string; acceptedAnswer: { text: string } }[];
  expect(entities.map((q) => q.name)).toEqual(questions);
  const answers = await page.locator('#faq details > p').allTextContents();
  expect(entities.map((q) => q.acceptedAnswer.text)).toEqual(answers);
}

/** The document the server sends for `path`, before any JavaScript. */
export async function rawHtml(path: string): Promise<string> {
  const res = await fetch(`${stack().webUrl}${path}`);
  expect(res.status).toBe(200);
  return res.text();
}

/** The text of some HTML, with React's escapes undone. */
export const textOf = (html: string): string =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Marks the current document, runs `action`, and tells whether the browser loaded a new one. */
export async function loadsNewDocument(page: Page, action: () => Promise<void>): Promise<boolean> {
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await action();
  return page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument !== true);
}

export interface MarketingCopy {
  path: string;
  heading: string;
  faq: readonly string[];
  other: { nav: string; flag: string | RegExp; path: string };
}

/** The tests both marketing pages share: the language flags, and the structured data. */
export function languageAndStructuredDataTests(
  browser: ReturnType<typeof useBrowser>,
  copies: Record<'en' | 'fr', MarketingCopy>,
): void {
  test.each(['en', 'fr'] as const)(
    '%s: the language flag keeps the page, switches the prefix, with a full page load',
    async (lang) => {
      const copy = copies[lang];
      const page = await browser.newPage(DESKTOP);
      await page.goto(copy.path);
      await carouselRows(page);
      const reloaded = await loadsNewDocument(page, async () => {
        await page
          .getByRole('navigation', { name: copy.other.nav })
          .getByRole('link', { name: copy.other.flag })
          .click();
        await waitForPath(page, copy.other.path);
        await page
          .getByRole('heading', { level: 1, name: copies[lang === 'en' ? 'fr' : 'en'].heading })
          .waitFor();
      });
      expect(reloaded).toBe(true);
    },
  );

  test.each(['en', 'fr'] as const)(
    '%s: the JSON-LD lists every offer in EUR and USD, and the FAQ as shown',
    async (lang) => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(copies[lang].path);
      const data = await jsonLdOf(page);
      expectProductOffers(data);
      await expectFaqData(page, data, [...copies[lang].faq]);
    },
  );
}
