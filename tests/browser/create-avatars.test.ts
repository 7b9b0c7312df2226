// Issue 9, Create Your Avatar (spec section 2 "Style picking screen", sections 5 and 8): the category tabs,
// the style cards, the side panel with each style's cost, remove, the running total and the warnings; the
// Upload Reference Photos link under 2 photos; token/tokens; English and French.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import type { Style } from '../../shared/api-schemas.ts';
import { activeStyles, userWithPhotos } from '../support/avatars.ts';
import { DESKTOP, describeInBrowser, openSignedIn, PHONE, useBrowser } from '../support/browser.ts';

const EN = {
  heading: 'Create Your Avatar',
  all: 'All Styles',
  select: 'Please select at least one style',
  photos: 'You need at least 2 reference photos to create avatars',
  upload: 'Upload Reference Photos',
  create: 'Create Avatars',
  buy: 'Buy more tokens',
};

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const cost = (n: number) => (n === 1 ? '1 token' : `${n} tokens`);
const panel = (page: Page) => page.getByTestId('selection-panel');
const card = (page: Page, style: Style) =>
  page.locator(`[data-testid="style-card"][data-style-id="${style.id}"]`);
const warnings = (page: Page) =>
  page.getByTestId('selection-warnings').locator('.alert__text').allInnerTexts();

describeInBrowser('Create Your Avatar', () => {
  const browser = useBrowser();

  test('English: tabs, cards, selection with costs and total, warnings, the Upload Reference Photos link', async () => {
    const { token } = await userWithPhotos(0);
    const styles = await activeStyles();
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/create');
    await page.getByRole('heading', { name: EN.heading, level: 1 }).waitFor();
    expect(await page.getByText(/up to 10 styles/).count()).toBe(1);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Create Avatar' }).getAttribute('aria-current')).toBe('page');

    // Tabs: All Styles, then each category of the active styles, capitalised, in order of appearance.
    const categories = [...new Set(styles.map((s) => s.category))];
    expect(categories.length).toBeGreaterThanOrEqual(5);
    await page.getByTestId('style-card').first().waitFor();
    const tabs = page.getByRole('tab');
    expect(await tabs.allInnerTexts()).toEqual([EN.all, ...categories.map(capitalised)]);
    expect(await tabs.first().getAttribute('aria-selected')).toBe('true');
    const cards = page.getByTestId('style-card');
    expect(await cards.count()).toBe(styles.length);
    const fantasy = styles.filter((s) => s.category === 'fantasy');
    await page.getByRole('tab', { name: 'Fantasy' }).click();
    expect(await page.getByRole('tab', { name: 'Fantasy' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => cards.count()).toBe(fantasy.length);
    await page.getByRole('tab', { name: EN.all }).click();
    await expect.poll(() => cards.count()).toBe(styles.length);

    // A card: its preview image (seeded under /styles), name, description and cost.
    const oneToken = styles.filter((s) => s.token_cost === 1);
    const expensive = styles.find((s) => s.token_cost >= 3) as Style;
    const [a, b] = oneToken as [Style, Style];
    const first = card(page, a);
    await first.scrollIntoViewIfNeeded();
    await expect
      .poll(() => first.locator('img').evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    expect(await first.locator('img').getAttribute('src')).toBe(a.image_url);
    expect(await first.innerText()).toContain(a.name);
    expect(await first.innerText()).toContain(a.description);
    expect(await first.getByTestId('style-cost').innerText()).toBe('1 token');
    expect(await card(page, expensive).getByTestId('style-cost').innerText()).toBe(
      cost(expensive.token_cost),
    );

    // Nothing selected, no photos: the panel says both, and links to the upload screen instead of creating.
    expect(await warnings(page)).toEqual([EN.photos, EN.select]);
    const upload = panel(page).getByRole('link', { name: EN.upload });
    expect(await upload.getAttribute('href')).toBe('/app/upload');
    expect(await panel(page).getByRole('button', { name: EN.create }).count()).toBe(0);
    expect(await page.getByTestId('selection-total').innerText()).toBe('0 tokens');
    expect(await page.getByTestId('selection-balance').innerText()).toBe('2 tokens');

    // Select: each style joins the panel with its cost; the total runs.
    await first.click();
    expect(await first.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('selected-style').allInnerTexts()).toEqual([`${a.name}\n1 token`]);
    expect(await page.getByTestId('selection-total').innerText()).toBe('1 token');
    await card(page, b).click();
    expect(await page.getByTestId('selection-total').innerText()).toBe('2 tokens');
    expect(await warnings(page)).toEqual([EN.photos]);
    await card(page, expensive).click();
    const total = 2 + expensive.token_cost;
    expect(await page.getByTestId('selection-total').innerText()).toBe(cost(total));
    expect(await warnings(page)).toEqual([
      EN.photos,
      `Not enough tokens: you need ${total} but only have 2 available.`,
    ]);
    expect(await panel(page).getByRole('link', { name: EN.buy }).getAttribute('href')).toBe('/pricing');

    // Remove from the panel, or click the card again.
    await panel(page)
      .getByRole('button', { name: `Remove ${expensive.name}` })
      .click();
    expect(await card(page, expensive).getAttribute('aria-pressed')).toBe('false');
    expect(await page.getByTestId('selection-total').innerText()).toBe('2 tokens');
    expect(await warnings(page)).toEqual([EN.photos]);
    await first.click();
    expect(await page.getByTestId('selected-style').count()).toBe(1);
    expect(await page.getByTestId('selection-total').innerText()).toBe('1 token');
  });

  test('with 2 photos: Create Avatars, disabled with no selection or too few tokens', async () => {
    const { token } = await userWithPhotos(2);
    const styles = await activeStyles();
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/create');
    const create = panel(page).getByRole('button', { name: EN.create });
    await create.waitFor();
    expect(await panel(page).getByRole('link', { name: EN.upload }).count()).toBe(0);
    expect(await create.isDisabled()).toBe(true);
    expect(await warnings(page)).toEqual([EN.select]);
    const cheap = styles.find((s) => s.token_cost === 1) as Style;
    const expensive = styles.find((s) => s.token_cost >= 3) as Style;
    await card(page, cheap).click();
    expect(await create.isEnabled()).toBe(true);
    expect(await warnings(page)).toEqual([]);
    await card(page, expensive).click();
    expect(await create.isDisabled()).toBe(true);
    expect(await warnings(page)).toEqual([
      `Not enough tokens: you need ${1 + expensive.token_cost} but only have 2 available.`,
    ]);
  });

  test('French, phone: translated tabs, jeton/jetons, the messages, the bar that leads to the selection', async () => {
    const { token } = await userWithPhotos(1);
    const styles = await activeStyles();
    const page = await browser.newPage(PHONE);
    await openSignedIn(page, token, '/fr/app/create');
    await page.getByRole('heading', { name: 'Créez votre avatar', level: 1 }).waitFor();
    await page.getByTestId('style-card').first().waitFor();
    const tabs = await page.getByRole('tab').allInnerTexts();
    expect(tabs[0]).toBe('Tous les styles');
    expect(tabs).toContain('Professionnel');
    expect(tabs).toContain('Science-fiction');
    const cheap = styles.find((s) => s.token_cost === 1) as Style;
    const expensive = styles.find((s) => s.token_cost >= 3) as Style;
    const frName = cheap.translations?.fr?.name as string;
    expect(frName).toBeTruthy();
    expect(await card(page, cheap).innerText()).toContain(frName);
    expect(await card(page, cheap).getByTestId('style-cost').innerText()).toBe('1 jeton');
    expect(await warnings(page)).toEqual([
      'Il vous faut au moins 2 photos de référence pour créer des avatars',
      'Veuillez choisir au moins un style',
    ]);
    expect(
      await panel(page).getByRole('link', { name: 'Importer des photos de référence' }).getAttribute('href'),
    ).toBe('/fr/app/upload');
    await card(page, cheap).click();
    await card(page, expensive).click();
    const total = 1 + expensive.token_cost;
    expect(await page.getByTestId('selection-total').innerText()).toBe(`${total} jetons`);
    expect(await warnings(page)).toContain(
      `Pas assez de jetons : il vous en faut ${total} mais vous n'en avez que 2 de disponibles.`,
    );
    // On a phone the panel is below the styles: a bar keeps the count in view and leads to it.
    const bar = page.getByTestId('selection-bar');
    expect(await bar.innerText()).toContain(`2 styles · ${total} jetons`);
    await bar.getByRole('link').click();
    await expect.poll(() => panel(page).evaluate((el) => el.getBoundingClientRect().top)).toBeLessThan(200);
  });
});
