// The signed-in navbars (public and app) fit every width from 320 to 1920 px in both
// languages with a 40-character email: nothing spills out of the bar or over its neighbour, the flags never
// shrink, and the email is either whole or ends in an ellipsis with the whole address in its title (or,
// where the bar is tightest, only its icon, the address in the title). Both bars show the same things in
// the same order: email, token count, then Log out.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { createAccount, describeInBrowser, openSignedIn, useBrowser } from '../support/browser.ts';

const WIDTHS = [320, 390, 600, 899, 900, 960, 1024, 1100, 1199, 1200, 1280, 1440, 1920];
const PAGES = ['/pricing', '/fr/pricing', '/app/account', '/fr/app/account'];

/** A 40-character address, unique per run. */
const longEmail = (): string => {
  const local = `ada.lovelace.${Date.now().toString(36)}`.padEnd(27, 'x').slice(0, 27);
  return `${local}@example.test`;
};

interface Layout {
  overflowX: boolean;
  menuMode: boolean;
  spills: string[];
  overlaps: string[];
  flagWidths: number[];
  email: { title: string | null; shown: 'whole' | 'ellipsis' | 'icon' | 'clipped'; text: string };
  order: string[];
}

/** Where each part of the bar sits, as the user sees it. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const bar = document.querySelector('header.navbar .navbar__inner') as HTMLElement;
    const box = bar.getBoundingClientRect();
    const toggle = bar.querySelector('.navbar__toggle') as HTMLElement;
    const menuMode = getComputedStyle(toggle).display !== 'none';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && getComputedStyle(el).visibility !== 'hidden';
    };
    const describe = (el: Element) =>
      `${el.className || el.tagName}: "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const parts = [
      bar.querySelector('.logo'),
      ...bar.querySelectorAll('.navbar__link'),
      ...bar.querySelectorAll('.navbar__actions > *'),
      toggle,
    ].filter((el): el is Element => el !== null && visible(el));
    const spills = parts
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.right > window.innerWidth;
      })
      .map(describe);
    const overlaps: string[] = [];
    const inRow = parts.filter((el) => el.getBoundingClientRect().top < box.bottom);
    for (let i = 1; i < inRow.length; i++) {
      const a = (inRow[i - 1] as Element).getBoundingClientRect();
      const b = (inRow[i] as Element).getBoundingClientRect();
      if (Math.abs(a.top - b.top) < a.height && b.left < a.right - 0.5) {
        overlaps.push(`${describe(inRow[i - 1] as Element)} / ${describe(inRow[i] as Element)}`);
      }
    }
    const user = bar.querySelector('.navbar__user') as HTMLElement;
    const text = bar.querySelector('.navbar__user-email') as HTMLElement;
    const textBox = text.getBoundingClientRect();
    let shown: Layout['email']['shown'];
    if (textBox.width <= 1) shown = 'icon';
    else if (text.scrollWidth <= text.clientWidth + 0.5) shown = 'whole';
    else shown = getComputedStyle(text).textOverflow === 'ellipsis' ? 'ellipsis' : 'clipped';
    const flags = [...bar.querySelectorAll('.language-switch .flag')].map(
      (f) => f.getBoundingClientRect().width,
    );
    const order = [
      ...bar.querySelectorAll('[data-testid="navbar-email"], [data-testid="token-balance"], button'),
    ]
      .map((el) =>
        el.matches('[data-testid="navbar-email"]')
          ? 'email'
          : el.matches('[data-testid="token-balance"]')
            ? 'tokens'
            : (el.getAttribute('title') ?? ''),
      )
      .filter(Boolean);
    return {
      overflowX: document.documentElement.scrollWidth > window.innerWidth,
      menuMode,
      spills,
      overlaps,
      flagWidths: flags,
      email: { title: user.getAttribute('title'), shown, text: text.textContent ?? '' },
      order,
    };
  });
}

describeInBrowser('signed-in navbars at every width', () => {
  const browser = useBrowser();

  test('fit from 320 to 1920 px in English and French with a 40-character email', async () => {
    const email = longEmail();
    expect(email).toHaveLength(40);
    const { token } = await createAccount(email);
    const page = await browser.newPage({ width: 1440, height: 800 });
    for (const path of PAGES) {
      await openSignedIn(page, token, path);
      await page.locator('header .navbar__user-email').getByText(email).waitFor({ state: 'attached' });
      const logOut = path.startsWith('/fr') ? 'Se déconnecter' : 'Log out';
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        // The page has its new width (a loaded machine may answer before it does), and the layout after a
        // resize (container queries included) is done two frames later.
        await page.waitForFunction((w) => window.innerWidth === w, width);
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(null)))),
        );
        const where = `${path} at ${width} px`;
        const layout = await measure(page);
        expect(layout.overflowX, where).toBe(false);
        expect(layout.spills, where).toEqual([]);
        expect(layout.overlaps, where).toEqual([]);
        if (layout.menuMode) {
          // The phone menu: open it, and everything is there in full.
          await page.locator('.navbar__toggle').click();
          await page.waitForTimeout(250);
          const open = await measure(page);
          expect(open.email.shown, where).toBe('whole');
          expect(
            open.flagWidths.every((w) => w >= 16),
            where,
          ).toBe(true);
          expect(open.overflowX, where).toBe(false);
          expect(open.order, where).toEqual(['email', 'tokens', logOut]);
          await page.keyboard.press('Escape');
          await page.locator('.navbar__menu').waitFor({ state: 'hidden' });
          continue;
        }
        expect(layout.flagWidths, where).toHaveLength(2);
        expect(
          layout.flagWidths.every((w) => w >= 16),
          where,
        ).toBe(true);
        expect(layout.email.text, where).toBe(email);
        expect(['whole', 'ellipsis', 'icon'], where).toContain(layout.email.shown);
        if (layout.email.shown !== 'whole') expect(layout.email.title, where).toBe(email);
        // There is room on a wide screen for the whole address (once the balance has loaded beside it).
        if (width >= 1440)
          await expect
            .poll(async () => (await measure(page)).email.shown, { message: where, timeout: 10_000 })
            .toBe('whole');
        expect(layout.order, where).toEqual(['email', 'tokens', logOut]);
      }
    }
  });
});
