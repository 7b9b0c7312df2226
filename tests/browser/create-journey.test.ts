// The create journey in a browser: photos uploaded, styles picked, avatars made and downloaded, a balance
// that fell meanwhile, backdrops and outfits with Try again, and what only a browser shows of the create
// screen. The screen's words and totals are the component tests' (tests/components/create-screen.test.tsx).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, expect, test } from 'vitest';
import type { Style } from '#shared/api-schemas.ts';
import { adminUser } from '../support/admin.ts';
import { callRoute } from '../support/api.ts';
import {
  activeStyles,
  balanceOf,
  createBody,
  creator,
  setBalance,
  userWithPhotos,
  waitForTasks,
} from '../support/avatars.ts';
import {
  DESKTOP,
  describeInBrowser,
  FLOW_PAIRS,
  openSignedIn,
  PHONE,
  useBrowser,
  WIDE,
  waitForPath,
} from '../support/browser.ts';
import { consentedUser } from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

// End to end, against the real local API, queue, worker and renderer: upload 2 photos, pick 3 styles,
// create, land on the gallery with the server's message, watch the tasks finish, open 'Generated Avatar',
// download each preset and the ZIP of all. Also the server's 403 'Not enough tokens' when the balance fell
// after the screen loaded.

describeInBrowser('avatars, end to end', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aivatar-journey-'));

  const browser = useBrowser();

  test('upload 2 photos, pick 3 styles, create, watch them finish, open the modal, download each preset', async () => {
    const { token } = await consentedUser();
    await setBalance(token, { ltd: 5 });
    const styles = await activeStyles();
    const picked = styles.filter((s) => s.token_cost === 1).slice(0, 3) as [Style, Style, Style];
    const files = [join(dir, 'me-1.jpg'), join(dir, 'me-2.jpg')];
    writeFileSync(files[0] as string, await testPhoto({ width: 1000, height: 1200, seed: 71 }));
    writeFileSync(files[1] as string, await testPhoto({ width: 1200, height: 1000, seed: 72 }));

    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/upload');
    // The saved consent arrives with the list; the picker is enabled once it has.
    await page.getByTestId('photos-empty').waitFor();
    await page.getByTestId('photo-input').setInputFiles(files);
    await page.getByTestId('photo-card').nth(1).waitFor({ timeout: 30_000 });

    // Pick 3 styles on the create screen and create them.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Create Avatar' }).click();
    await waitForPath(page, '/app/create');
    for (const style of picked) await page.locator(`[data-style-id="${style.id}"]`).click();
    expect(await page.getByTestId('selection-total').innerText()).toBe('3 tokens');
    await page.getByRole('button', { name: 'Create Avatars' }).click();

    // The gallery, with the server's message; the balance went down by 3.
    await waitForPath(page, '/app/gallery');
    await page
      .getByTestId('toast')
      .getByText('3 avatars are being created. They will appear in your gallery in about 30 seconds.', {
        exact: true,
      })
      .waitFor();
    await page.getByTestId('token-balance').getByText('2 tokens').waitFor();

    // Watch them finish: the poll (every 15 s) brings their images.
    const cards = page.getByTestId('task-card');
    await expect.poll(() => cards.count()).toBe(3);
    await expect
      .poll(() => cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-status'))), {
        timeout: 40_000,
      })
      .toEqual(['DONE', 'DONE', 'DONE']);
    expect((await cards.getByTestId('task-style').allInnerTexts()).sort()).toEqual(
      picked.map((s) => `Style: ${s.name}`).sort(),
    );
    // No provider key: the local renderer made them, and the cards say so.
    expect(await cards.getByTestId('preview-render').count()).toBe(3);
    await expect
      .poll(() =>
        cards.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0)),
      )
      .toEqual([true, true, true]);

    // The modal, and each preset downloaded and checked.
    await cards.first().locator('.task-card__open').click();
    const modal = page.getByRole('dialog', { name: 'Generated Avatar' });
    await modal.waitFor();
    await expect
      .poll(() =>
        modal.locator('.avatar-modal__image img').evaluate((i) => (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    const sizes: Record<string, { name: string; width?: number; height?: number }> = {};
    for (const [label, preset] of [
      ['Download', 'original'],
      ['400 × 400 for LinkedIn', 'linkedin'],
      ['4K (upscaled)', '4k'],
    ] as const) {
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        modal.getByRole('button', { name: label, exact: true }).click(),
      ]);
      const path = join(dir, `${preset}-${download.suggestedFilename()}`);
      await download.saveAs(path);
      const meta = await sharp(readFileSync(path)).metadata();
      sizes[preset] = { name: download.suggestedFilename(), width: meta.width, height: meta.height };
    }
    const original = sizes.original as { name: string; width: number; height: number };
    expect([1024, 1536]).toContain(original.height);
    expect(original.width).toBe(1024);
    expect(original.name).not.toContain('_');
    expect(sizes.linkedin).toMatchObject({ width: 400, height: 400 });
    expect(Math.max(sizes['4k']?.width ?? 0, sizes['4k']?.height ?? 0)).toBe(4096);
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    // Download all: one ZIP.
    const [zip] = await Promise.all([
      page.waitForEvent('download', { timeout: 30_000 }),
      page.getByTestId('download-all').click(),
    ]);
    const zipPath = join(dir, 'all.zip');
    await zip.saveAs(zipPath);
    const bytes = readFileSync(zipPath);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    // One local file header per avatar.
    expect(bytes.toString('latin1').split('PK\x03\x04').length - 1).toBe(3);
    // Two uploads and three avatars through the face model, beside other test files: minutes at worst.
  }, 240_000);

  test("a balance that fell after the screen loaded: the server's 403, inline and in a toast", async () => {
    const { token } = await userWithPhotos(2);
    const styles = await activeStyles();
    const cheap = styles.find((s) => s.token_cost === 1) as Style;
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/create');
    await page.locator(`[data-style-id="${cheap.id}"]`).click();
    const create = page.getByRole('button', { name: 'Create Avatars' });
    await expect.poll(() => create.isEnabled()).toBe(true);
    await setBalance(token, { ltd: 0 });
    await create.click();
    const message =
      'Not enough tokens: you need 1 but only have 0 available. Please deselect some styles or purchase more tokens.';
    await page.getByTestId('selection-warnings').getByText(message, { exact: true }).waitFor();
    await page.getByTestId('toast').getByText(message, { exact: true }).waitFor();
    expect(await page.evaluate(() => window.location.pathname)).toBe('/app/create');
  });
});

// Create Your Avatar in a browser: what the component tests (tests/components/create-screen.test.tsx: the
// tabs, the cards, the total, the warnings, French) cannot see: the style pictures loading, the navbar
// marking the page, and on a phone the bar that keeps the selection in view and scrolls to it.

describeInBrowser('Create Your Avatar', () => {
  const panel = (page: Page) => page.getByTestId('selection-panel');

  const card = (page: Page, style: Style) =>
    page.locator(`[data-testid="style-card"][data-style-id="${style.id}"]`);

  const browser = useBrowser();

  test('English, desktop: the style pictures load, and the navbar marks Create Avatar as the page', async () => {
    const { token } = await userWithPhotos(0);
    const [style] = await activeStyles();
    if (!style) throw new Error('no active style');
    const page = await browser.newPage(WIDE);
    await openSignedIn(page, token, '/app/create');
    await page.getByRole('heading', { name: 'Create Your Avatar', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Create Avatar' }).getAttribute('aria-current')).toBe('page');
    const picture = card(page, style).locator('img');
    await picture.scrollIntoViewIfNeeded();
    await expect.poll(() => picture.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });

  test('French, phone: the bar below the styles keeps the count in view and leads to the selection', async () => {
    const { token } = await userWithPhotos(1);
    const styles = await activeStyles();
    const cheap = styles.find((s) => s.token_cost === 1) as Style;
    const expensive = styles.find((s) => s.token_cost >= 3) as Style;
    const page = await browser.newPage(PHONE);
    await openSignedIn(page, token, '/fr/app/create');
    await page.getByRole('heading', { name: 'Créez votre avatar', level: 1 }).waitFor();
    await card(page, cheap).click();
    await card(page, expensive).click();
    const bar = page.getByTestId('selection-bar');
    expect(await bar.innerText()).toContain(`2 styles · ${1 + expensive.token_cost} jetons`);
    await bar.getByRole('link').click();
    await expect.poll(() => panel(page).evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  });
});

// On the screens, in English at 1440x900 and in French at 390x844: on Create, the backdrop and
// outfit swatches (toggle buttons a keyboard reaches and presses) and the total that follows the picks; on
// My Avatars, a card's backdrop and outfit and "Try again" with its confirmation stating the cost, which
// charges it and adds the new avatar; the admin form's setting. One account (real photos, one real avatar
// made with choices) for the file; one page load per language. Screenshots in .local/screenshots.

describeInBrowser('backdrop and outfit, and Try again', () => {
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
      choices: 'Arrière-plan et tenue\u00a0: Mur de briques · Costume',
      tryAgain: 'Réessayer',
      title: 'Réessayer\u00a0?',
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
