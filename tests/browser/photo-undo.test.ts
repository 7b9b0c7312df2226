// Issue 23, item 14: deleting a photo offers Undo for a few seconds. The photo leaves the screen (and the
// count) at once; the server deletes it only once the window is over, so Undo loses nothing; a tab closed
// in the window still deletes it; an upload started in the window sends the delete first, so the server
// counts against the limit the photos the screen shows. English and French, desktop and phone.
import type { Page, Request } from 'playwright-core';
import { expect, test } from 'vitest';
import type { PhotoList } from '../../shared/api-schemas.ts';
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
import { uploadDirect } from '../support/photos.ts';
import { testPhoto } from '../support/test-images.ts';

const DESKTOP = { width: 1440, height: 900 };
/** web/src/features/photos/use-photo-deletes.ts */
const UNDO_WINDOW_MS = 8000;

const WORDS = {
  en: {
    deleteButton: (name: string) => `Delete ${name}`,
    deleted: (name: string) => `Photo "${name}" has been deleted.`,
    undo: 'Undo',
    count: '1 of 2 photos needed to create avatars',
  },
  fr: {
    deleteButton: (name: string) => `Supprimer ${name}`,
    deleted: (name: string) => `La photo « ${name} » a été supprimée.`,
    undo: 'Annuler',
    count: '1 sur 2 photos nécessaires pour créer des avatars',
  },
} as const;

async function namesOnServer(token: string): Promise<string[]> {
  const res = await fetch(`${stack().apiUrl}/photos`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as PhotoList).files.map((f) => f.original_name).sort();
}

/** Every DELETE and upload-targets request the page makes, in order. */
function photoCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r: Request) => {
    const url = new URL(r.url());
    if (r.method() === 'DELETE' && url.pathname.startsWith('/photos/')) calls.push('delete');
    if (url.pathname === '/photos/upload-targets' && r.method() === 'POST') calls.push('upload-targets');
  });
  return calls;
}

const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

describeInBrowser('deleting a photo, with Undo', () => {
  const browser = useBrowser();

  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: Undo keeps it, the window's end or a closed tab deletes it, an upload sends it first`, async () => {
      const w = WORDS[lang];
      const { token } = await createAccount(uniqueEmail(`undo-${lang}`), { lang });
      await callRoute('photoConsent', { token, body: { processing: true, rights: true } });
      await uploadDirect(token, [
        { name: 'garden.jpg', bytes: await testPhoto({ width: 900, height: 1100, seed: 61 }) },
        { name: 'studio.jpg', bytes: await testPhoto({ width: 1000, height: 1000, seed: 62 }) },
      ]);
      const path = `${lang === 'fr' ? '/fr' : ''}/app/upload`;

      // Desktop: delete, then Undo; the window passes and nothing was sent.
      const desktop = await browser.newPage(DESKTOP);
      await desktop.clock.install();
      const calls = photoCalls(desktop);
      await openSignedIn(desktop, token, path);
      const cards = desktop.getByTestId('photo-card');
      await poll(() => cards.count()).toBe(2);
      await desktop.getByRole('button', { name: w.deleteButton('garden.jpg'), exact: true }).click();
      const bar = desktop.getByTestId('undo-delete');
      expect(await bar.locator('.undo-delete__text').innerText()).toBe(w.deleted('garden.jpg'));
      await poll(() => cards.count()).toBe(1);
      expect(await desktop.locator('.photo-count__status').innerText()).toBe(w.count);
      await bar.getByRole('button', { name: w.undo }).click();
      await poll(() => cards.count()).toBe(2);
      expect(await bar.count()).toBe(0);
      await desktop.clock.fastForward(UNDO_WINDOW_MS + 1000);
      expect(calls).toEqual([]);
      expect(await namesOnServer(token)).toEqual(['garden.jpg', 'studio.jpg']);

      // Deleted again, and the tab closed within the window: the delete still reaches the server.
      await desktop.getByRole('button', { name: w.deleteButton('garden.jpg'), exact: true }).click();
      await bar.waitFor();
      expect(await namesOnServer(token)).toEqual(['garden.jpg', 'studio.jpg']);
      await desktop.close();
      await poll(() => namesOnServer(token)).toEqual(['studio.jpg']);

      // Phone: a delete in its window, then an upload: the delete goes first (the server counts what the
      // screen shows); the window's end is not waited for.
      const phone = await browser.newPage(PHONE);
      const phoneCalls = photoCalls(phone);
      await openSignedIn(phone, token, path);
      await poll(() => phone.getByTestId('photo-card').count()).toBe(1);
      await phone.getByRole('button', { name: w.deleteButton('studio.jpg'), exact: true }).click();
      await phone.getByTestId('undo-delete').waitFor();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await phone.route('**/photos/upload-targets', (route) => route.abort('failed'));
      await phone.getByTestId('photo-input').setInputFiles({
        name: 'new.jpg',
        mimeType: 'image/jpeg',
        buffer: await testPhoto({ width: 800, height: 800, seed: 63 }),
      });
      await poll(() => phoneCalls).toEqual(['delete', 'upload-targets']);
      expect(await namesOnServer(token)).toEqual([]);
    });
  }
});
