// At a phone's 390x844 and a desktop's 1440x900, in English and French, nothing covers
// anything and nothing is cut without a way to read it. The account page's Tokens/Emails column never lies
// over the token history or the export text, wherever the page is scrolled; gallery titles, category chips
// and a long email are whole, or wrap, or carry their whole text in a title; the avatar modal shows the
// whole of a 1024x1024 image inside the window. One account for the file; the gallery's tasks and the token
// history are answered at the HTTP edge (no face model, no worker), the rest by the real local API.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  type Lang,
  openSignedIn,
  PHONE,
  stack,
  useBrowser,
} from '../support/browser.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots', 'layout');
const WIDE = { width: 1440, height: 900 };
const NOW = Math.floor(Date.now() / 1000);
const IMAGE_PATH = '/layout-fixture/avatar-1024.png';

/** A long, real-looking address: 58 characters. */
const EMAIL = `marie-christine.delacroix-fontaine.${Date.now().toString(36)}@example-entreprise.test`;

/** A 1024x1024 image whose bottom edge is a band of its own colour, so a cut-off shows on a screenshot. */
const avatarPng = () =>
  sharp({ create: { width: 1024, height: 1024, channels: 3, background: '#7c3aed' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1024" height="1024"><rect y="944" width="1024" height="80" fill="#f59e0b"/><circle cx="512" cy="420" r="260" fill="#fde68a"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();

const LONG_STYLE = 'Portrait à l’huile façon Renaissance, fond doré et lumière de fin de journée';

function tasksFixture(webUrl: string) {
  const image = `${webUrl}${IMAGE_PATH}`;
  const done = (id: string, style_id: number, style_name: string, ago: number) => ({
    id,
    status: 'DONE',
    progress: 100,
    created_at: NOW - ago,
    updated_at: NOW - ago,
    style_id,
    style_name,
    reference_path: null,
    result_path: `results/${id}_1.png`,
    thumbnail_url: image,
    image_url: image,
    width: 1024,
    height: 1024,
    render_kind: 'ai',
  });
  return [
    done('long', 9999, LONG_STYLE, 60),
    done('seventies', 9998, '70s Instant Photo with Warm Faded Colours', 120),
    done('short', 9997, 'Pop Art', 180),
  ];
}

const ledgerFixture = () => ({
  entries: Array.from({ length: 14 }, (_, i) => ({
    id: `entry-${i}`,
    reason: i % 3 === 0 ? 'purchase' : i % 3 === 1 ? 'generation' : 'refund',
    pool: i % 4 === 0 ? 'subscription' : 'ltd',
    amount: i % 3 === 1 ? -3 : 40,
    balance_after: 100 - i,
    created_at: NOW - i * 3600 - 59 * 60,
  })),
  delayed_payments: [],
});

/**
 * The shown elements that overlap another by more than a pixel each way, as "a / b"; with `within`, only
 * among the elements of each match of `within` (each card on its own).
 */
function overlapsAmong(page: Page, selectors: string[], within = ':root'): Promise<string[]> {
  return page.evaluate(
    ({ list, scope }) => {
      const found: string[] = [];
      for (const root of document.querySelectorAll(scope)) {
        const items = list.flatMap((s) =>
          [...root.querySelectorAll(s)]
            .map((el, i) => ({ name: `${s}#${i}`, box: el.getBoundingClientRect() }))
            .filter(({ box }) => box.width > 0 && box.height > 0),
        );
        for (const [i, a] of items.entries()) {
          for (const b of items.slice(i + 1)) {
            const w = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
            const h = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
            if (w > 1 && h > 1) found.push(`${a.name} / ${b.name}`);
          }
        }
      }
      return found;
    },
    { list: selectors, scope: within },
  );
}

/** The elements whose text is cut (clipped or ellipsed) with no title that holds the whole of it. */
function cutWithoutTitle(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((s) => {
    return [...document.querySelectorAll<HTMLElement>(s)]
      .filter((el) => {
        const cut = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        const titled = (el.closest('[title]')?.getAttribute('title') ?? '').trim() === el.innerText.trim();
        return cut && !titled;
      })
      .map((el) => el.innerText.trim());
  }, selector);
}

/** Follows an in-app link the way the router does, without loading the document again. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

describeInBrowser('layout: nothing covers anything, nothing is cut', () => {
  const browser = useBrowser();
  let token: string;
  let png: Buffer;

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    png = await avatarPng();
    ({ token } = await createAccount(EMAIL));
  });

  for (const lang of ['en', 'fr'] as Lang[]) {
    for (const size of [PHONE, WIDE]) {
      const name = `${lang}-${size.width}`;
      const prefix = lang === 'fr' ? '/fr' : '';
      test(`${lang} at ${size.width}x${size.height}: the account page, the gallery and its modal, the category chips`, async () => {
        const page = await browser.newPage(size);
        await page.route(`**${IMAGE_PATH}`, (r) => r.fulfill({ body: png, contentType: 'image/png' }));
        await page.route('**/aivatar/user-tasks*', (r) =>
          r.fulfill({ json: { tasks: tasksFixture(stack().webUrl) } }),
        );
        await page.route('**/account/ledger*', (r) => r.fulfill({ json: ledgerFixture() }));
        await openSignedIn(page, token, `${prefix}/app/account`);
        await page.locator('.history__table tbody tr').nth(13).waitFor();
        await page.getByTestId('export-section').waitFor();

        // The account page, scrolled from top to bottom: the side column never lies over the history or
        // the export text.
        const covered: string[] = [];
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        for (let y = 0; y <= height; y += 120) {
          await page.evaluate((top) => window.scrollTo(0, top), y);
          for (const o of await overlapsAmong(page, [
            '.account__side .card',
            '.history__table th',
            '.history__table td',
            '[data-testid="export-section"] .privacy-row__text',
          ])) {
            if (o.startsWith('.account__side')) covered.push(`at ${y}px: ${o}`);
          }
          if (y === 600 && size === WIDE)
            await page.screenshot({ path: join(SHOTS, `account-scrolled-${name}.png`) });
        }
        expect(covered).toEqual([]);
        // The long email: whole (wrapped) on the page, whole or titled in the navbar.
        expect(await cutWithoutTitle(page, '[data-testid="account-email"]')).toEqual([]);
        expect(await cutWithoutTitle(page, '.navbar__user-email')).toEqual([]);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: join(SHOTS, `account-${name}.png`), fullPage: true });

        // The gallery: titles whole or titled, nothing in a card over anything else.
        await goInApp(page, `${prefix}/app/gallery`);
        const cards = page.getByTestId('task-card');
        await cards.nth(2).waitFor();
        expect(await cutWithoutTitle(page, '[data-testid="task-style"]')).toEqual([]);
        const cardParts = ['[data-testid="task-style"]', '.task-card__time', '[data-testid="card-download"]'];
        expect(await overlapsAmong(page, cardParts, '[data-testid="task-card"]')).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `gallery-${name}.png`), fullPage: true });

        // The modal: the whole 1024x1024 image, inside the window and inside every box that clips it.
        await cards.first().locator('.task-card__open').click();
        const image = page.getByTestId('avatar-modal').locator('.avatar-modal__image img');
        await expect.poll(() => image.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBe(1024);
        const fit = await image.evaluate((img) => {
          const box = img.getBoundingClientRect();
          const clippedBy = [];
          for (let el = img.parentElement; el; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (style.overflow === 'visible' && el.tagName !== 'DIALOG') continue;
            const r = el.getBoundingClientRect();
            if (
              box.top < r.top - 0.5 ||
              box.bottom > r.bottom + 0.5 ||
              box.left < r.left - 0.5 ||
              box.right > r.right + 0.5
            )
              clippedBy.push(el.className || el.tagName);
          }
          const fit = getComputedStyle(img).objectFit;
          return {
            box: [box.top, box.bottom, box.width, box.height].map(Math.round),
            inWindow: box.top >= 0 && box.left >= 0 && box.bottom <= innerHeight && box.right <= innerWidth,
            clippedBy,
            // With object-fit: contain the whole picture is inside the box whatever its shape.
            whole: fit === 'contain' || Math.abs(box.width / box.height - 1) < 0.02,
            size: Math.round(Math.min(box.width, box.height)),
          };
        });
        await page.screenshot({ path: join(SHOTS, `modal-${name}.png`) });
        expect(fit).toMatchObject({ inWindow: true, clippedBy: [], whole: true });
        // Not a thumbnail either: most of the window's smaller side.
        expect(fit.size).toBeGreaterThan(Math.min(size.width, size.height) * 0.5);
        await page.keyboard.press('Escape');

        // The create screen's category chips: none over another, each label whole.
        await goInApp(page, `${prefix}/app/create`);
        await page.locator('.style-tabs__tab').nth(3).waitFor();
        expect(await overlapsAmong(page, ['.style-tabs__tab'])).toEqual([]);
        expect(await cutWithoutTitle(page, '.style-tabs__tab')).toEqual([]);
        // ...and none cut off by the edge of its row or of the window.
        const chipsCut = await page.evaluate(() => {
          const row = (document.querySelector('.style-tabs') as HTMLElement).getBoundingClientRect();
          return [...document.querySelectorAll('.style-tabs__tab')]
            .filter((chip) => {
              const r = chip.getBoundingClientRect();
              return r.left < row.left - 0.5 || r.right > Math.min(row.right, window.innerWidth) + 0.5;
            })
            .map((chip) => chip.textContent);
        });
        expect(chipsCut).toEqual([]);
        // The selection's button says all of its label (French is long): without photos, the upload link.
        await page.locator('.selection a.btn').waitFor();
        expect(await cutWithoutTitle(page, '.selection .btn')).toEqual([]);
        await page.screenshot({ path: join(SHOTS, `create-${name}.png`) });
        await page.close();
      });
    }
  }
});
