// What the landing page and the headshot page tests share: reading the avatar carousel, the raw prerendered
// HTML, console errors, and the language flags' full page load. (Their sections and structured data are
// tests/components/marketing-pages.test.tsx's.)
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, stack, type useBrowser, waitForPath } from '../support/browser.ts';

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
  other: { nav: string; flag: string | RegExp; path: string };
}

/**
 * The language flags both marketing pages have: they keep the page and switch the prefix with a full page
 * load; the page loaded in each language logs no console error (a failed request, a hydration mismatch...).
 */
export function languageFlagTests(
  browser: ReturnType<typeof useBrowser>,
  copies: Record<'en' | 'fr', MarketingCopy>,
): void {
  test.each(['en', 'fr'] as const)(
    '%s: no console error, and the language flag keeps the page, switches the prefix, with a full page load',
    async (lang) => {
      const copy = copies[lang];
      const page = await browser.newPage(DESKTOP);
      const errors = consoleErrors(page);
      await page.goto(copy.path, { waitUntil: 'networkidle' });
      await carouselRows(page);
      expect(errors).toEqual([]);
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
}
