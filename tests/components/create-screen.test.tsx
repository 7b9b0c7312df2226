// Create Your Avatar (docs/product.md, "Style picking screen"): the tabs, each card's cost and what the
// balance buys of it (how many avatars, or the tokens missing and the pack that covers them), the panel's
// running total and warnings, Create Avatars or Upload Reference Photos, in English and French. The styles,
// photos and balance are the stub's; the server's own checks are the integration tests'.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { Style, UserInfo } from '#shared/api-schemas.ts';
import { queryClient } from '../../web/src/lib/server-state.tsx';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, aStyle, photoList } from './support/fixtures.ts';
import { aUser, currentLocation, type Rendered, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const fr = (name: string, description = `${name} : description`) => ({ fr: { name, description } });
const CHEAP = aStyle(1, { name: 'Office Headshot', token_cost: 1, translations: fr('Portrait au bureau') });
const CHEAP2 = aStyle(2, { name: 'Corporate Blue', category: 'corporate', token_cost: 1 });
const TWO = aStyle(3, { name: 'Outdoor Portrait', token_cost: 2, translations: fr('Portrait en extérieur') });
const THREE = aStyle(4, {
  name: 'Studio Headshot',
  category: 'fantasy',
  token_cost: 3,
  translations: fr('Portrait studio'),
});
const STYLES: Style[] = [CHEAP, CHEAP2, TWO, THREE];

async function openCreate(
  path: string,
  {
    photos = 0,
    user = aUser(),
    styles = STYLES,
  }: { photos?: number; user?: UserInfo; styles?: Style[] } = {},
): Promise<Rendered> {
  apiStub.on('listStyles', ok('listStyles', { success: true, styles }));
  // Not in a team: personal tokens (tests/components/team-screens.test.tsx has a member's create).
  apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
  apiStub.on(
    'listPhotos',
    ok('listPhotos', photoList(Array.from({ length: photos }, (_, i) => aPhoto(i + 1)))),
  );
  const page = await renderApp(path, { as: user });
  await screen.findAllByTestId('style-card', {}, { timeout: 15_000 });
  return page;
}

const card = (style: Style) =>
  screen.getAllByTestId('style-card').find((c) => c.dataset.styleId === String(style.id)) as HTMLElement;
const item = (style: Style) => card(style).closest('li') as HTMLElement;
const panel = () => screen.getByTestId('selection-panel');
const total = () => plain(screen.getByTestId('selection-total').textContent);
const warnings = () =>
  Array.from(screen.getByTestId('selection-warnings').querySelectorAll('.alert__text'), (e) =>
    plain(e.textContent),
  );
const affordability = (style: Style) =>
  plain(within(item(style)).getByTestId('style-affordability').textContent);
const buyLinks = (style: Style) => within(item(style)).queryAllByTestId('style-buy-pack');

describe('Create Your Avatar (en)', () => {
  test('the title, the tabs and their filter', async () => {
    const { user } = await openCreate('/app/create');
    expect(document.title).toBe('Create Your Avatar · Aivatar');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Create Your Avatar');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Styles',
      'Professional',
      'Corporate',
      'Fantasy',
    ]);
    expect(screen.getAllByRole('tab')[0]?.getAttribute('aria-selected')).toBe('true');
    await user.click(screen.getByRole('tab', { name: 'Fantasy' }));
    expect(screen.getByRole('tab', { name: 'Fantasy' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getAllByTestId('style-card').map((c) => c.dataset.styleId)).toEqual([String(THREE.id)]);
    await user.click(screen.getByRole('tab', { name: 'All Styles' }));
    expect(screen.getAllByTestId('style-card')).toHaveLength(STYLES.length);
  });

  test('a card: its picture, name, description and cost', async () => {
    await openCreate('/app/create');
    const first = card(CHEAP);
    expect(first.querySelector('img')?.getAttribute('src')).toBe(CHEAP.image_url);
    expect(first.textContent).toContain(CHEAP.name);
    expect(first.textContent).toContain(CHEAP.description);
    expect(plain(within(first).getByTestId('style-cost').textContent)).toBe('1 token');
    expect(plain(within(card(THREE)).getByTestId('style-cost').textContent)).toBe('3 tokens');
  });

  test('the total follows the picks; the warnings and the links follow the total', async () => {
    const { user } = await openCreate('/app/create');
    // Nothing picked, no photos: both said, and the upload screen instead of Create Avatars.
    expect(warnings()).toEqual([
      'You need at least 2 reference photos to create avatars',
      'Please select at least one style',
    ]);
    expect(within(panel()).getByRole('link', { name: 'Upload Reference Photos' }).getAttribute('href')).toBe(
      '/app/upload',
    );
    expect(within(panel()).queryByRole('button', { name: 'Create Avatars' })).toBeNull();
    expect(total()).toBe('0 tokens');
    expect(plain(screen.getByTestId('selection-balance').textContent)).toBe('2 tokens');

    await user.click(card(CHEAP));
    expect(card(CHEAP).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getAllByTestId('selected-style').map((e) => plain(e.textContent))).toEqual([
      'Office Headshot1 token',
    ]);
    expect(total()).toBe('1 token');
    await user.click(card(CHEAP2));
    expect(total()).toBe('2 tokens');
    expect(warnings()).toEqual(['You need at least 2 reference photos to create avatars']);
    await user.click(card(THREE));
    expect(total()).toBe('5 tokens');
    expect(warnings()).toEqual([
      'You need at least 2 reference photos to create avatars',
      'Not enough tokens: you need 5 but only have 2 available.',
    ]);
    expect(within(panel()).getByRole('link', { name: 'Buy more tokens' }).getAttribute('href')).toBe(
      '/pricing',
    );
    expect(plain(screen.getByTestId('selection-bar').textContent)).toContain('3 styles · 5 tokens');

    // Removed from the panel, or by clicking the card again.
    await user.click(within(panel()).getByRole('button', { name: 'Remove Studio Headshot' }));
    expect(card(THREE).getAttribute('aria-pressed')).toBe('false');
    expect(total()).toBe('2 tokens');
    expect(within(panel()).queryByRole('link', { name: 'Buy more tokens' })).toBeNull();
    await user.click(card(CHEAP));
    expect(screen.getAllByTestId('selected-style')).toHaveLength(1);
    expect(total()).toBe('1 token');
  });

  test('with 2 photos: Create Avatars, disabled with no pick or too few tokens', async () => {
    const { user } = await openCreate('/app/create', { photos: 2 });
    const create = within(panel()).getByRole<HTMLButtonElement>('button', { name: 'Create Avatars' });
    expect(within(panel()).queryByRole('link', { name: 'Upload Reference Photos' })).toBeNull();
    expect(create.disabled).toBe(true);
    expect(warnings()).toEqual(['Please select at least one style']);
    await user.click(card(CHEAP));
    expect(create.disabled).toBe(false);
    expect(warnings()).toEqual([]);
    await user.click(card(THREE));
    expect(create.disabled).toBe(true);
    expect(warnings()).toEqual(['Not enough tokens: you need 4 but only have 2 available.']);
  });

  test('every card says what the balance buys of it, or what is missing and which pack covers it', async () => {
    await openCreate('/app/create', {
      user: aUser({ tokens_ltd: 1, tokens_subscription: 1 }),
      styles: [...STYLES, aStyle(9, { name: 'Grand Portrait', token_cost: 25 })],
    });
    expect(screen.getAllByTestId('style-affordability')).toHaveLength(STYLES.length + 1);
    // The monthly and lifetime tokens together: 2.
    expect(affordability(CHEAP)).toBe('Enough for 2 avatars');
    expect(affordability(TWO)).toBe('Enough for 1 avatar');
    expect(buyLinks(TWO)).toEqual([]);
    expect(affordability(THREE)).toBe('1 token missing');
    // A screen reader hears it with the card.
    const status = within(item(THREE)).getByTestId('style-affordability');
    expect(card(THREE).getAttribute('aria-describedby')).toBe(status.id);
    const [pack] = buyLinks(THREE);
    expect(plain(pack?.textContent)).toBe('Buy 10 tokens for €3');
    expect(pack?.getAttribute('href')).toBe('/pricing?buy=pack-10');
    // 23 missing: the 10-token pack does not cover them, the 40-token one does.
    const grand = aStyle(9, { token_cost: 25 });
    expect(affordability(grand)).toBe('23 tokens missing');
    expect(plain(buyLinks(grand)[0]?.textContent)).toBe('Buy 40 tokens for €9');
    expect(buyLinks(grand)[0]?.getAttribute('href')).toBe('/pricing?buy=pack-40');
  });

  test("a pack's link goes to its checkout on the pricing page", async () => {
    apiStub.on('checkSubscription', () => new Promise(() => {}));
    const { user } = await openCreate('/app/create');
    await user.click(buyLinks(THREE)[0] as HTMLElement);
    expect(currentLocation().pathname).toBe('/pricing');
    expect(currentLocation().search).toBe('?buy=pack-10');
  });

  test('the balance unknown: no card claims anything, the panel says so and creates nothing', async () => {
    apiStub.on('listStyles', ok('listStyles', { success: true, styles: STYLES }));
    apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1), aPhoto(2)])));
    apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
    await renderApp('/app/create', { userInfo: fail(500, 'SERVER_ERROR', 'Server error') });
    await screen.findAllByTestId('style-card');
    await screen.findByText('Unable to verify token balance');
    expect(screen.queryAllByTestId('style-affordability')).toEqual([]);
    expect(screen.queryAllByTestId('style-buy-pack')).toEqual([]);
    expect(plain(screen.getByTestId('selection-balance').textContent)).toBe('–');
  });

  test('a short balance the server found: its words, then what to do', async () => {
    apiStub.on(
      'createTasksBatch',
      fail(403, 'NOT_ENOUGH_TOKENS', 'Not enough tokens: you need 1 but only have 0 available', {
        needed: 1,
        available: 0,
      }),
    );
    const { user } = await openCreate('/app/create', { photos: 2 });
    await user.click(card(CHEAP));
    await user.click(within(panel()).getByRole('button', { name: 'Create Avatars' }));
    await screen.findAllByText(
      'Not enough tokens: you need 1 but only have 0 available. Please deselect some styles or purchase more tokens.',
    );
    const [call] = apiStub.calls('createTasksBatch');
    expect(call?.body).toEqual({
      styles: [CHEAP.id],
      style_prompts: [CHEAP.prompt],
      use_reference_elements: true,
      lang: 'en',
    });
    expect(call?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('Créez votre avatar (fr)', () => {
  test('tabs, jeton/jetons, the French names, warnings, total and what the balance buys', async () => {
    const { user } = await openCreate('/fr/app/create', { photos: 1 });
    expect(document.title).toBe('Créez votre avatar · Aivatar');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Tous les styles',
      'Professionnel',
      'Entreprise',
      'Fantastique',
    ]);
    expect(card(CHEAP).textContent).toContain('Portrait au bureau');
    // No French words: the English ones.
    expect(card(CHEAP2).textContent).toContain('Corporate Blue');
    expect(plain(within(card(CHEAP)).getByTestId('style-cost').textContent)).toBe('1 jeton');
    expect(plain(within(card(THREE)).getByTestId('style-cost').textContent)).toBe('3 jetons');
    expect(affordability(CHEAP)).toBe('Assez pour 2 avatars');
    expect(affordability(TWO)).toBe('Assez pour 1 avatar');
    expect(affordability(THREE)).toBe('1 jeton manquant');
    expect(plain(buyLinks(THREE)[0]?.textContent)).toBe('Acheter 10 jetons pour 3 €');
    expect(buyLinks(THREE)[0]?.getAttribute('href')).toBe('/fr/pricing?buy=pack-10');
    expect(warnings()).toEqual([
      'Il vous faut au moins 2 photos de référence pour créer des avatars',
      'Veuillez choisir au moins un style',
    ]);
    expect(
      within(panel()).getByRole('link', { name: 'Importer des photos de référence' }).getAttribute('href'),
    ).toBe('/fr/app/upload');
    await user.click(card(CHEAP));
    await user.click(card(THREE));
    expect(total()).toBe('4 jetons');
    expect(warnings()).toContain(
      "Pas assez de jetons : il vous en faut 4 mais vous n'en avez que 2 de disponibles.",
    );
    expect(plain(screen.getByTestId('selection-bar').textContent)).toContain('2 styles · 4 jetons');
    expect(within(panel()).getByRole('button', { name: 'Retirer Portrait studio' })).toBeTruthy();
  });
});

// A screen's first render takes seconds beside the other test files on two shared cores.
describe('the picks kept in the tab (a language switch, a reload)', { timeout: 20_000 }, () => {
  const HEADSHOT = aStyle(5, { name: 'Headshot Pro', accepts_choices: true, token_cost: 1 });
  const pressed = (el: HTMLElement) => el.getAttribute('aria-pressed');
  // The flags and a reload load the page again: nothing of the last page stays but the tab's storage.
  const reload = async (page: Rendered, path: string, user = aUser()) => {
    page.unmount();
    queryClient.clear();
    return openCreate(path, { photos: 2, user, styles: [...STYLES, HEADSHOT] });
  };

  test('styles and backdrops picked in English are still picked in French, and after a reload', async () => {
    let page = await openCreate('/app/create', { photos: 2, styles: [...STYLES, HEADSHOT] });
    await page.user.click(card(CHEAP));
    await page.user.click(card(HEADSHOT));
    const [studio] = screen.getAllByTestId('backdrop-choice');
    await page.user.click(studio as HTMLElement);
    expect(total()).toBe('2 tokens');

    page = await reload(page, '/fr/app/create');
    await waitFor(() => expect(pressed(card(CHEAP))).toBe('true'));
    expect(pressed(card(HEADSHOT))).toBe('true');
    expect(pressed(card(THREE))).toBe('false');
    expect(pressed(screen.getAllByTestId('backdrop-choice')[0] as HTMLElement)).toBe('true');
    expect(total()).toBe('2 jetons');

    // A change in French is kept too: back in English, a reload.
    await page.user.click(card(CHEAP));
    page = await reload(page, '/app/create');
    await waitFor(() => expect(pressed(card(HEADSHOT))).toBe('true'));
    expect(pressed(card(CHEAP))).toBe('false');
    expect(total()).toBe('1 token');

    // Another account in the same tab starts with nothing picked.
    page = await reload(page, '/app/create', aUser({ email: 'other@example.com' }));
    expect(screen.getAllByTestId('style-card').map(pressed)).not.toContain('true');
    expect(total()).toBe('0 tokens');
  });

  test('forgotten once the batch is created', async () => {
    apiStub.on(
      'createTasksBatch',
      ok('createTasksBatch', {
        msg: 'Started 1 avatar',
        batch_id: 'b1',
        task_ids: ['t1'],
        tokens_spent: 1,
        tokens_left: 1,
      }),
    );
    apiStub.on('userTasks', ok('userTasks', { tasks: [] }));
    let page = await openCreate('/app/create', { photos: 2 });
    await page.user.click(card(TWO));
    page = await reload(page, '/app/create');
    await waitFor(() => expect(pressed(card(TWO))).toBe('true'));
    await page.user.click(within(panel()).getByRole('button', { name: 'Create Avatars' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/app/gallery'));
    page = await reload(page, '/app/create');
    expect(screen.getAllByTestId('style-card').map(pressed)).not.toContain('true');
    expect(total()).toBe('0 tokens');
  });
});
