// Issue 20 on the screens, in English at 1440x900 and in French at 390x844: on Create, the backdrop and
// outfit swatches (toggle buttons a keyboard reaches and presses) and the total that follows the picks; on
// My Avatars, a card's backdrop and outfit and "Try again" with its confirmation stating the cost, which
// charges it and adds the new avatar; the admin form's setting. One account (real photos, one real avatar
// made with choices) for the file; one page load per language. Screenshots in .local/screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { Style } from '../../shared/api-schemas.ts';
import { adminUser } from '../support/admin.ts';
import { callRoute } from '../support/api.ts';
import {
  activeStyles,
  balanceOf,
  createBody,
  creator,
  setBalance,
  waitForTasks,
} from '../support/avatars.ts';
import { describeInBrowser, FLOW_PAIRS, openSignedIn, PHONE, useBrowser } from '../support/browser.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots');
const WIDE = { width: 1440, height: 900 };

const COPY = {
  en: {
    path: '',
    tokens: (n: number) => (n === 1 ? '1 token' : `${n} tokens`),
    picker: 'Backdrop and outfit',
    office: 'Office',
    city: 'City',
    brick: 'Brick wall',
    suit: 'Suit',
    avatars: (n: number) => `${n} avatars`,
    count: (n: number) => `Each marked style makes ${n} avatars, each at the style's price.`,
    gallery: 'My Avatars',
    choices: 'Backdrop and outfit: Brick wall · Suit',
    tryAgain: 'Try again',
    title: 'Try again?',
    cost: (n: number) => `It costs ${n} tokens.`,
    confirm: (n: number) => `Try again for ${n} tokens`,
    cancel: 'Cancel',
  },
  fr: {
    path: '/fr',
    tokens: (n: number) => (n === 1 ? '1 jeton' : `${n} jetons`),
    picker: 'Arrière-plan et tenue',
    office: 'Bureau',
    city: 'Ville',
    brick: 'Mur de briques',
    suit: 'Costume',
    avatars: (n: number) => `${n} avatars`,
    count: (n: number) => `Chaque style marqué donne ${n} avatars, chacun au prix du style.`,
    gallery: 'Mes avatars',
    choices: 'Arrière-plan et tenue : Mur de briques · Costume',
    tryAgain: 'Réessayer',
    title: 'Réessayer ?',
    cost: (n: number) => `Il coûte ${n} jetons.`,
    confirm: (n: number) => `Réessayer pour ${n} jetons`,
    cancel: 'Annuler',
  },
} as const;

let user: Awaited<ReturnType<typeof creator>>;
let takes: Style;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  user = await creator({ ltd: 60 });
  takes = (await activeStyles()).find((s) => s.accepts_choices && s.token_cost === 2) as Style;
  // One real avatar made with a backdrop and an outfit, for the gallery's card.
  const made = await callRoute('createTasksBatch', {
    token: user.token,
    body: { ...createBody([takes]), style_choices: [{ backdrops: ['brick-wall'], outfits: ['suit'] }] },
  });
  await waitForTasks(user.token, made.body.task_ids, 150_000);
}, 240_000);

const plain = (s: string) => s.replace(/\s+/g, ' ').trim();
const total = (page: Page) => page.getByTestId('selection-total').innerText();
const choice = (page: Page, kind: 'backdrop' | 'outfit', name: string) =>
  page.getByTestId(`${kind}-choice`).filter({ hasText: name });

describeInBrowser('backdrop and outfit, and Try again', () => {
  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    test(`${lang} ${size}: picks raise the cost, the card shows them, Try again confirms its cost and charges it`, async () => {
      const copy = COPY[lang];
      await setBalance(user.token, { ltd: 60 });
      const page = await browser.newPage(viewport);
      await openSignedIn(page, user.token, `${copy.path}/app/create`);
      const picker = page.getByTestId('choice-picker');
      await picker.getByRole('heading', { name: copy.picker }).waitFor();
      const cost = takes.token_cost;

      // The style takes choices (its card says so); alone, it costs its price.
      const card = page.locator(`[data-testid="style-card"][data-style-id="${takes.id}"]`);
      expect(await card.getByTestId('takes-choices').count()).toBe(1);
      await card.click();
      expect(await total(page)).toBe(copy.tokens(cost));
      // Two backdrops and one outfit: two avatars, twice the price.
      await choice(page, 'backdrop', copy.office).click();
      await choice(page, 'backdrop', copy.city).click();
      await choice(page, 'outfit', copy.suit).click();
      expect(await choice(page, 'backdrop', copy.office).getAttribute('aria-pressed')).toBe('true');
      expect(await total(page)).toBe(copy.tokens(2 * cost));
      expect(plain(await page.getByTestId('choice-count').innerText())).toBe(copy.count(2));
      expect(await page.getByTestId('selected-style').innerText()).toContain(copy.avatars(2));
      // The keyboard reaches a swatch and presses it: three backdrops now.
      const brick = choice(page, 'backdrop', copy.brick);
      await brick.focus();
      await page.keyboard.press('Space');
      expect(await brick.getAttribute('aria-pressed')).toBe('true');
      expect(await total(page)).toBe(copy.tokens(3 * cost));
      await page.keyboard.press('Enter');
      expect(await total(page)).toBe(copy.tokens(2 * cost));
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(SHOTS, `choices-create-${lang}-${size}.png`) });
      await picker.screenshot({ path: join(SHOTS, `choices-picker-${lang}-${size}.png`) });

      // My Avatars (the app's own navigation, no new page load): the card names its backdrop and outfit.
      await page.evaluate((path) => {
        history.pushState({}, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `${copy.path}/app/gallery`);
      await page.getByRole('heading', { name: copy.gallery, level: 1 }).waitFor();
      const done = page.locator('[data-testid="task-card"][data-status="DONE"]').filter({
        has: page.getByTestId('task-choices'),
      });
      await done.first().waitFor();
      const first = done.first();
      expect(await first.getByTestId('task-choices').getAttribute('title')).toBe(copy.choices);
      await first.scrollIntoViewIfNeeded();
      await first.screenshot({ path: join(SHOTS, `choices-card-${lang}-${size}.png`) });

      // Try again: a confirmation with the cost; Cancel charges nothing, confirming charges it once.
      const before = (await callRoute('userTasks', { token: user.token })).body.tasks.length;
      await first.getByRole('button', { name: copy.tryAgain }).click();
      const dialog = page.getByTestId('try-again-dialog');
      await dialog.getByRole('heading', { name: copy.title }).waitFor();
      expect(await dialog.getByTestId('try-again-cost').innerText()).toBe(copy.cost(cost));
      expect(await dialog.getByTestId('task-choices').getAttribute('title')).toBe(copy.choices);
      await page.screenshot({ path: join(SHOTS, `choices-try-again-${lang}-${size}.png`) });
      await dialog.getByRole('button', { name: copy.cancel }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await balanceOf(user.token)).ltd).toBe(60);

      await first.getByRole('button', { name: copy.tryAgain }).click();
      await dialog.getByRole('button', { name: copy.confirm(cost) }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect
        .poll(async () => (await callRoute('userTasks', { token: user.token })).body.tasks.length)
        .toBe(before + 1);
      expect((await balanceOf(user.token)).ltd).toBe(60 - cost);
      // The new avatar joins the gallery with the same backdrop and outfit.
      await expect.poll(() => page.getByTestId('task-choices').count()).toBeGreaterThanOrEqual(before + 1);
      await page.close();
    });
  }

  test('the admin form says whether a style takes a backdrop and an outfit, at both sizes', async () => {
    const admin = await adminUser();
    for (const [size, viewport] of [
      ['1440', WIDE],
      ['390', PHONE],
    ] as const) {
      const page = await browser.newPage(viewport);
      await openSignedIn(page, admin.token, '/admin/styles');
      const row = page.getByRole('row').filter({ hasText: takes.name });
      await row.getByRole('button', { name: 'Modifier' }).click();
      const box = page.getByRole('checkbox', { name: /Choix de l'arrière-plan et de la tenue/ });
      expect(await box.isChecked()).toBe(true);
      await page.locator('.admin-form').screenshot({ path: join(SHOTS, `choices-admin-form-${size}.png`) });
      await page.close();
    }
  });
});
