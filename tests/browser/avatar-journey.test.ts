// Issue 9 end to end, against the real local API, queue, worker and renderer: upload 2 photos, pick 3 styles,
// create, land on the gallery with the server's message, watch the tasks finish, open 'Generated Avatar',
// download each preset and the ZIP of all. Also the server's 403 'Not enough tokens' when the balance fell
// after the screen loaded.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test } from 'vitest';
import type { Style } from '../../shared/api-schemas.ts';
import { activeStyles, setBalance, userWithPhotos } from '../support/avatars.ts';
import { DESKTOP, describeInBrowser, openSignedIn, useBrowser, waitForPath } from '../support/browser.ts';
import { consentedUser } from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

const dir = mkdtempSync(join(tmpdir(), 'aivatar-journey-'));

describeInBrowser('avatars, end to end', () => {
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
