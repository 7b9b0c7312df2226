// The admin styles screen at /admin/styles, in French: the page a
// non-admin gets, the form's rules, search, sort, count, faded inactive styles, the two-step delete, the
// picture preview, Import/Export, the audit log; and how it looks at 1440 and 390 px.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { STYLE_MESSAGES } from '#shared/admin-style-rules.ts';
import { adminUser, styleBody } from '../support/admin.ts';
import { callRoute } from '../support/api.ts';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';
import { testPhoto } from '../support/test-images.ts';

const WIDE = { width: 1440, height: 1000 };
const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots');
const dir = mkdtempSync(join(tmpdir(), 'aivatar-admin-'));
let admin: { email: string; token: string };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  admin = await adminUser();
  writeFileSync(
    join(dir, 'preview.png'),
    await testPhoto({ width: 900, height: 900, seed: 7, format: 'png' }),
  );
  writeFileSync(
    join(dir, 'mixed.json'),
    JSON.stringify([styleBody({ name: `Importé ${Date.now()}` }), { name: 'Sans prompt', category: 'X' }]),
  );
  writeFileSync(join(dir, 'notes.txt'), 'pas du JSON');
});

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });
const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });
const row = (page: Page, name: string) => page.locator('tr', { has: page.getByText(name, { exact: true }) });

describeInBrowser('the admin styles screen', () => {
  const browser = useBrowser();

  test('is reached from the account page by an admin; a user’s account page has no way there', async () => {
    const page = await browser.newPage();
    await openSignedIn(page, admin.token, '/fr/app/account');
    const open = page.getByRole('link', { name: 'Ouvrir la gestion des styles' });
    await poll(() => open.isVisible()).toBe(true);
    await open.click();
    await poll(() => page.getByRole('table').first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/admin/styles');

    const user = await createAccount(uniqueEmail('notadmin'));
    await openSignedIn(page, user.token, '/app/account');
    await poll(() => page.getByTestId('account-email').isVisible()).toBe(true);
    expect(await page.getByTestId('admin-card').count()).toBe(0);
  });

  test('tells a signed-in user, and a visitor, that the page is for admins only', async () => {
    const page = await browser.newPage();
    const user = await createAccount(uniqueEmail('notadmin'));
    await openSignedIn(page, user.token, '/admin/styles');
    await poll(() =>
      page.getByRole('heading', { name: 'Page réservée aux administrateurs' }).isVisible(),
    ).toBe(true);
    expect(await page.getByText(/réservée aux administrateurs\. Votre compte/).isVisible()).toBe(true);
    expect(await page.getByRole('table').count()).toBe(0);
    await page.screenshot({ path: join(SHOTS, 'admin-styles-user-1440.png'), fullPage: true });

    const visitor = await browser.newPage(PHONE);
    await visitor.goto('/admin/styles');
    await poll(() => visitor.getByRole('link', { name: 'Se connecter' }).isVisible()).toBe(true);
    await visitor.screenshot({ path: join(SHOTS, 'admin-styles-visitor-390.png'), fullPage: true });
  });

  test('checks the form as the product’s contract says, clears an error on edit, and adds the style', async () => {
    const page = await browser.newPage(WIDE);
    await openSignedIn(page, admin.token, '/admin/styles');
    await page.getByRole('button', { name: 'Ajouter un style' }).click();
    await page.getByLabel('Nom', { exact: true }).fill('   ');
    await page.getByLabel('Coût (jetons)').fill('0');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    for (const message of [
      STYLE_MESSAGES.nameRequired,
      STYLE_MESSAGES.categoryRequired,
      STYLE_MESSAGES.promptRequired,
      STYLE_MESSAGES.tokenCostMin,
    ])
      expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'admin-styles-form-errors-1440.png'), fullPage: true });

    await page.getByLabel('Nom', { exact: true }).fill('Néon');
    expect(await page.getByText(STYLE_MESSAGES.nameRequired).count()).toBe(0);
    expect(await page.getByText(STYLE_MESSAGES.categoryRequired).isVisible()).toBe(true);

    const name = `Néon ${Date.now()}`;
    await page.getByLabel('Nom', { exact: true }).fill(`  ${name}  `);
    await page.getByLabel('Catégorie').fill('Rétro');
    await page.getByLabel('Prompt').fill('A neon-lit portrait');
    await page.getByLabel('Coût (jetons)').fill('3');
    await page.getByLabel('Format').selectOption('portrait');
    await page.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await poll(() => toast(page, `Style « ${name} » ajouté.`).isVisible()).toBe(true);
    const added = row(page, name);
    expect(await added.locator('td').nth(3).textContent()).toBe('3');
    expect(await added.locator('td').nth(4).textContent()).toBe('portrait');
    const saved = (await callRoute('adminListStyles', { token: admin.token })).body.find(
      (s) => s.name === name,
    );
    expect(saved).toMatchObject({ category: 'Rétro', token_cost: 3, format: 'portrait', is_active: true });
  });

  test('searches, sorts, counts, fades inactive styles, and deletes only on Confirmer', async () => {
    const inactive = (
      await callRoute('adminCreateStyle', {
        token: admin.token,
        body: styleBody({ name: `Zzz inactif ${Date.now()}`, is_active: false, description: 'caché' }),
      })
    ).body;
    const total = (await callRoute('adminListStyles', { token: admin.token })).body.length;
    const page = await browser.newPage(WIDE);
    await openSignedIn(page, admin.token, '/admin/styles');
    await poll(() => page.getByText(`${total} styles au total`).isVisible()).toBe(true);
    const faded = row(page, inactive.name);
    expect(
      await faded
        .locator('td')
        .first()
        .evaluate((td) => getComputedStyle(td).opacity),
    ).toBe('0.5');
    await page.screenshot({ path: join(SHOTS, 'admin-styles-list-1440.png'), fullPage: true });

    await page.getByLabel('Rechercher').fill('portrait');
    const formats = await page.locator('tbody tr td:nth-child(5)').allTextContents();
    const names = await page.locator('tbody tr .admin-table__name').allTextContents();
    expect(formats.length).toBeGreaterThan(0);
    expect(formats.every((f, i) => f === 'portrait' || /portrait/i.test(names[i] ?? ''))).toBe(true);
    await page.getByLabel('Rechercher').fill('caché');
    expect(await page.locator('tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(await page.getByText(new RegExp(`sur ${total} styles affichés`)).isVisible()).toBe(true);
    await page.getByLabel('Rechercher').fill('');

    await page.getByRole('button', { name: 'Coût' }).click();
    await page.getByRole('button', { name: 'Coût' }).click();
    const costs = (await page.locator('tbody tr td:nth-child(4)').allTextContents()).map(Number);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    await page.getByRole('button', { name: 'ID' }).click();
    const ids = (await page.locator('tbody tr td:nth-child(1)').allTextContents()).map(Number);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    await faded.getByRole('button', { name: 'Supprimer' }).click();
    expect(await faded.getByRole('button', { name: 'Confirmer' }).isVisible()).toBe(true);
    expect(await row(page, inactive.name).count()).toBe(1);
    await faded.getByRole('button', { name: 'Confirmer' }).click();
    await poll(() => row(page, inactive.name).count()).toBe(0);
    await poll(() => page.locator('.admin-audit').getByText('Suppression').first().isVisible()).toBe(true);
    expect((await callRoute('adminListStyles', { token: admin.token })).body.map((s) => s.id)).not.toContain(
      inactive.id,
    );
  });

  test('edits a style with an uploaded picture, and hides the preview of a picture that fails', async () => {
    const style = (await callRoute('adminCreateStyle', { token: admin.token, body: styleBody() })).body;
    const page = await browser.newPage(WIDE);
    await openSignedIn(page, admin.token, '/admin/styles');
    await row(page, style.name).getByRole('button', { name: 'Modifier' }).click();
    const url = page.getByLabel("URL de l'image");
    await url.fill(`${stack().apiUrl}/style-images/missing_0123456789abcdef.jpg`);
    await poll(() => page.getByText("L'image ne peut pas être affichée.").isVisible()).toBe(true);
    expect(await page.locator('.admin-form__preview img').count()).toBe(0);

    await page.locator('.admin-form__upload input[type=file]').setInputFiles(join(dir, 'preview.png'));
    await poll(() => url.inputValue()).toMatch(/\/style-images\/style_[0-9a-f]{16}\.jpg$/);
    const img = page.locator('.admin-form__preview img');
    await poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(900);
    await page.screenshot({ path: join(SHOTS, 'admin-styles-form-1440.png'), fullPage: true });
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await poll(() => toast(page, `Style « ${style.name} » enregistré.`).isVisible()).toBe(true);
    const saved = (await callRoute('adminListStyles', { token: admin.token })).body.find(
      (s) => s.id === style.id,
    );
    expect(saved?.image_url).toMatch(/\/style-images\/style_[0-9a-f]{16}\.jpg$/);
  });

  test('imports a file with the product’s message and the reasons, asks for a file, and saves the export', async () => {
    const page = await browser.newPage(PHONE);
    await openSignedIn(page, admin.token, '/admin/styles');
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    expect(await page.getByText('Choisissez un fichier .json.').isVisible()).toBe(true);
    await page.getByLabel('Fichier JSON à importer').setInputFiles(join(dir, 'mixed.json'));
    await page.getByRole('button', { name: 'Importer', exact: true }).click();
    await poll(() => toast(page, 'Import réussi ! Ajoutés: 1, Ignorés: 1.').isVisible()).toBe(true);
    expect(await page.getByText('Entrée 2 (Sans prompt) : Le prompt est requis.').isVisible()).toBe(true);
    // Nothing is wider than the phone: wide tables scroll inside their cards.
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
        .filter((el) => !el.closest('.admin-table__scroll') || el.classList.contains('admin-table__scroll'))
        .map((el) => `${el.tagName}.${el.className}`)
        .slice(0, 5),
    );
    expect(overflowing).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    await page.screenshot({ path: join(SHOTS, 'admin-styles-390.png'), fullPage: true });

    // The export is fetched with the session in a header and saved as styles.json: no tab, no token in
    // its URL.
    const answered = page
      .context()
      .waitForEvent('response', (r) => r.url().includes('/api/admin/styles/export'));
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exporter en JSON' }).click(),
    ]);
    expect(saved.suggestedFilename()).toBe('styles.json');
    const response = await answered;
    expect(new URL(response.url()).search).toBe('');
    expect(response.status()).toBe(200);
    const entries = JSON.parse(readFileSync((await saved.path()) as string, 'utf8')) as { name: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(response.headers()['content-disposition']).toBe('attachment; filename="styles.json"');
  });
});
