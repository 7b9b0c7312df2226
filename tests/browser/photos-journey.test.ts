// The photos journey (Manage Photos) in a browser: consent, real files through the bucket with progress,
// the face check's refusals and hints on real images, retention, failures, and Undo's delete surviving a
// closed tab. The cards' words, Undo's rules and each thumbnail's fallback to base64 and its error are the
// component tests' (tests/components/photo-*.test.tsx).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import type { PhotoList } from '#shared/api-schemas.ts';
import { callRoute } from '../support/api.ts';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  FLOW_PAIRS,
  openSignedIn,
  PHONE,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';
import { blurryFacePhoto, groupPhoto, selfie } from '../support/face-fixtures.ts';
import { consentedUser, uploadDirect } from '../support/photos.ts';
import { blurredCopy, darkenedCopy } from '../support/quality-copies.ts';
import { testPhoto } from '../support/test-images.ts';

/** French typography puts no-break spaces before colons: compare plain spaces. */
const plain = (s: string): string => s.replace(/\s+/g, ' ').trim();

// The Manage Photos screen: real image files go from Chromium straight to the S3 stand-in with XHR progress, are confirmed
// and listed; consents, automatic upload, thumbnails, names, sizes, warnings, delete, retention, the count.

describeInBrowser('Manage Photos', () => {
  const LONG_NAME = 'IMG_20240612_181233_portrait_mode.jpg';

  const CONSENT = {
    neither:
      'Please accept both the data processing consent and the image rights confirmation before uploading photos.',
    processing: 'Please accept the data processing consent before uploading photos.',
    rights: 'Please confirm you have the rights to use these images before uploading photos.',
  };

  const dir = mkdtempSync(join(tmpdir(), 'aivatar-photos-'));

  /** Screenshots of the face check, for a person to look at (SCREENSHOT_DIR, or a temporary folder). */
  const screenshotDir = process.env.SCREENSHOT_DIR ?? dir;

  const file = (name: string) => join(dir, name);

  beforeAll(async () => {
    writeFileSync(
      file('beach-selfie.jpg'),
      await testPhoto({ width: 1600, height: 1200, seed: 31, grain: 12 }),
    );
    writeFileSync(file(LONG_NAME), await blurryFacePhoto(0));
    writeFileSync(file('party.jpg'), await groupPhoto());
    writeFileSync(file('me.jpg'), await selfie(0));
    writeFileSync(
      file('studio.png'),
      await testPhoto({ width: 1400, height: 1400, seed: 33, format: 'png' }),
    );
    writeFileSync(
      file('garden.webp'),
      await testPhoto({ width: 1500, height: 1100, seed: 34, format: 'webp' }),
    );
    writeFileSync(file('notes.jpg'), 'Shopping list: bread, milk. Not a photo.');
  });

  async function listOf(token: string): Promise<PhotoList> {
    const res = await fetch(`${stack().apiUrl}/photos`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as PhotoList;
  }

  /** expect.poll with the time a busy machine needs (its default is one second). */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

  /**
   * Ticks both consent boxes and waits until the server has recorded them: files chosen earlier would wait for
   * the saves, which a busy stack can take seconds over (the race itself has its own test).
   */
  async function giveConsent(page: Page, token: string): Promise<void> {
    await page.getByTestId('consent-processing').check();
    await page.getByTestId('consent-rights').check();
    await poll(async () => (await listOf(token)).consent).toMatchObject({ processing: true, rights: true });
  }

  /**
   * What follows an upload waits longer than the page's 10 s: each photo goes through the face model (half a
   * second of CPU on a quiet machine, several times that when the whole suite shares two cores).
   */
  const UPLOADED = { timeout: 30_000 };

  const toast = (page: Page, text: string) => page.getByTestId('toast').getByText(text, { exact: true });

  /** The product's "deleted" message, in the bar that offers Undo for a few seconds. */
  const undoBar = (page: Page, text: string) =>
    page.getByTestId('undo-delete').getByText(text, { exact: true });

  /** The percentages the progress bar shows while an upload runs, sampled every 20 ms. */
  function watchProgress(page: Page): Promise<number[]> {
    return page.evaluate(
      () =>
        new Promise<number[]>((resolve) => {
          const seen: number[] = [];
          let started = false;
          const timer = setInterval(() => {
            const bar = document.querySelector('[role="progressbar"]');
            const text = document.querySelector('[data-testid="upload-percent"]')?.textContent ?? '';
            if (bar) {
              started = true;
              const value = Number(bar.getAttribute('aria-valuenow'));
              if (`${value}%` !== text) seen.push(-1);
              if (seen.at(-1) !== value) seen.push(value);
            } else if (started) {
              clearInterval(timer);
              resolve(seen);
            }
          }, 20);
        }),
    );
  }

  const browser = useBrowser();

  test('English, desktop: consent first, automatic upload with progress, the photos, warnings, delete', async () => {
    const { token } = await createAccount(uniqueEmail('photos'));
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/upload');
    await page.getByRole('heading', { name: 'Manage Photos', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Manage Photos' }).getAttribute('aria-current')).toBe('page');
    await page.getByText("You haven't uploaded any photos yet.", { exact: true }).waitFor();
    expect(await page.getByTestId('photo-count').innerText()).toContain(
      '0 of 2 photos needed to create avatars',
    );
    const input = page.getByTestId('photo-input');
    expect(await input.getAttribute('accept')).toBe('image/jpeg,image/png,image/webp');
    expect(await input.getAttribute('multiple')).not.toBeNull();

    // Files chosen before consenting wait, with the product's messages for whichever box is missing.
    await input.setInputFiles(['beach-selfie.jpg', LONG_NAME, 'studio.png', 'notes.jpg'].map(file));
    expect(await page.getByTestId('consent-message').innerText()).toBe(CONSENT.neither);
    expect(await page.getByTestId('waiting-files').innerText()).toBe(
      '4 photos are waiting: they upload as soon as both boxes are ticked.',
    );
    await page.getByTestId('consent-processing').check();
    await page.getByText(CONSENT.rights, { exact: true }).waitFor();
    await page.getByTestId('consent-processing').uncheck();
    await page.getByTestId('consent-rights').check();
    await page.getByText(CONSENT.processing, { exact: true }).waitFor();
    expect((await listOf(token)).files).toEqual([]);

    // Ticking the second box starts the upload by itself; a slow uplink shows the bar moving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });
    const progress = watchProgress(page);
    await page.getByTestId('consent-processing').check();
    const seen = await progress;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    expect(seen).not.toContain(-1);
    expect(seen.some((p) => p > 0 && p < 90)).toBe(true);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.at(-1)).toBe(100);

    await page.getByTestId('photo-card').nth(2).waitFor(UPLOADED);
    expect(await page.getByTestId('rejected-message').innerText()).toBe(
      'Uploaded: 3. Rejected: 1 (not a valid image: 1).',
    );
    await page.getByText('"notes.jpg" is not a valid image.', { exact: true }).waitFor();
    expect(await input.evaluate((el) => (el as HTMLInputElement).files?.length)).toBe(0);
    expect(await page.getByTestId('photo-count').innerText()).toContain('3 photos: enough to create avatars');
    // Enough photos: the count links to Create Avatar.
    expect(
      await page.getByTestId('photo-count').getByRole('link', { name: 'Create Avatar' }).getAttribute('href'),
    ).toBe('/app/create');

    // Each card: the thumbnail from storage, the name (over 25 characters: 22 and "..."), KB with a decimal.
    const list = await listOf(token);
    expect(list.consent).toMatchObject({ processing: true, rights: true });
    const cards = page.getByTestId('photo-card');
    await poll(() =>
      cards.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth)),
    ).toEqual([320, 320, 320]);
    for (const src of await cards
      .locator('img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src))) {
      expect(src.startsWith(stack().s3Endpoint)).toBe(true);
    }
    const names = await page.getByTestId('photo-name').allInnerTexts();
    expect(names.sort()).toEqual(['IMG_20240612_181233_po...', 'beach-selfie.jpg', 'studio.png']);
    const sizes = await page.getByTestId('photo-size').allInnerTexts();
    expect(sizes).toEqual(list.files.map((f) => `${(f.size / 1024).toFixed(1)} KB`));
    const blurry = cards.filter({ has: page.getByText('IMG_20240612_181233_po...') });
    await blurry.getByText('Face looks blurry: use a sharper photo of your face').waitFor();

    // Delete: the card goes, with the product's message and Undo; sent now, the server has it gone.
    await page.getByRole('button', { name: 'Delete beach-selfie.jpg' }).click();
    await undoBar(page, 'Photo "beach-selfie.jpg" has been deleted.').waitFor();
    await poll(() => cards.count()).toBe(2);
    await page.getByRole('button', { name: 'Delete beach-selfie.jpg now' }).click();
    await poll(async () => (await listOf(token)).files.map((f) => f.original_name).sort()).toEqual([
      LONG_NAME,
      'studio.png',
    ]);

    // A photo dropped onto the drop zone uploads like a chosen one.
    const bytes = (await testPhoto({ seed: 35 })).toString('base64');
    await page.getByTestId('drop-zone').evaluate((zone, b64) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], 'dropped.jpg', { type: 'image/jpeg' }));
      zone.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    }, bytes);
    await toast(page, '1 photo uploaded.').waitFor(UPLOADED);
    await poll(() => page.getByTestId('photo-name').first().innerText()).toBe('dropped.jpg');

    // Refresh shows a photo added elsewhere (another device, the API).
    const form = new FormData();
    form.append(
      'photos',
      new Blob([new Uint8Array(await testPhoto({ seed: 36 }))], { type: 'image/jpeg' }),
      'phone.jpg',
    );
    const added = await fetch(`${stack().apiUrl}/photos/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(added.status).toBe(200);
    expect(await cards.count()).toBe(3);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await poll(() => page.getByTestId('photo-name').first().innerText()).toBe('phone.jpg');
    expect(await cards.count()).toBe(4);
  });

  for (const [lang, viewport, copy] of [
    [
      'en',
      DESKTOP,
      {
        prefix: '',
        note: 'Each photo is checked for one clearly visible face before you spend any tokens.',
        refused: '"party.jpg": This photo shows more than one person. Use a photo of you alone.',
      },
    ],
    [
      'fr',
      PHONE,
      {
        prefix: '/fr',
        note: 'Chaque photo est vérifiée : un seul visage, bien visible, avant que vous ne dépensiez le moindre jeton.',
        refused:
          '« party.jpg » : Cette photo montre plusieurs personnes. Utilisez une photo de vous seul(e).',
      },
    ],
  ] as const) {
    test(`${lang}: a group photo is refused with the reason, the selfie sent with it is kept`, async () => {
      const { token } = await createAccount(uniqueEmail(`photos-faces-${lang}`), { lang });
      const page = await browser.newPage(viewport);
      await openSignedIn(page, token, `${copy.prefix}/app/upload`);
      // French puts a no-break space before a colon: compared with every space plain.
      expect(plain(await page.getByTestId('face-check-note').innerText())).toBe(copy.note);
      await giveConsent(page, token);
      await page.getByTestId('photo-input').setInputFiles([file('party.jpg'), file('me.jpg')]);
      await page.getByText(copy.refused, { exact: true }).waitFor({ timeout: 30_000 });
      await poll(() => page.getByTestId('photo-card').count()).toBe(1);
      expect(await page.getByTestId('photo-name').allInnerTexts()).toEqual(['me.jpg']);
      expect((await listOf(token)).files.map((f) => f.original_name)).toEqual(['me.jpg']);
      await page.screenshot({
        path: join(screenshotDir, `upload-faces-${lang}-${viewport.width}.png`),
        fullPage: true,
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }

  test("quality scores: the set's meter and each card, en and fr at desktop and phone width (screenshots)", async () => {
    const { token } = await consentedUser();
    const me = await selfie(0);
    // A good selfie, a blurred copy of it and a darkened photo of someone else.
    await uploadDirect(token, [
      { name: 'me.jpg', bytes: me },
      { name: 'soft.jpg', bytes: await blurredCopy(me) },
      { name: 'dim.jpg', bytes: await darkenedCopy(await selfie(2)) },
    ]);
    const list = await listOf(token);
    expect(list.files).toHaveLength(3);
    for (const [lang, prefix, title, viewport] of [
      ['en', '', 'Quality of your photo set', DESKTOP],
      ['en', '', 'Quality of your photo set', PHONE],
      ['fr', '/fr', 'Qualité de vos photos', DESKTOP],
      ['fr', '/fr', 'Qualité de vos photos', PHONE],
    ] as const) {
      const page = await browser.newPage(viewport);
      await openSignedIn(page, token, `${prefix}/app/upload`);
      const meter = page.getByTestId('set-quality');
      await meter.waitFor();
      expect(await meter.innerText()).toContain(title);
      expect(await meter.getByTestId('set-quality-score').innerText()).toBe(`${list.set_quality.score}/100`);
      expect(await page.getByTestId('photo-quality').count()).toBe(3);
      await page.screenshot({
        path: join(screenshotDir, `quality-${lang}-${viewport.width}.png`),
        fullPage: true,
      });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await page.close();
    }
  });

  test('consent and the retention setting are kept on the account; withdrawing stops uploads', async () => {
    const { token } = await createAccount(uniqueEmail('photos-consent'));
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/upload');
    expect(await page.getByTestId('retention-text').innerText()).toBe(
      'Photos are deleted automatically 30 days after upload. You can delete them yourself at any time.',
    );
    await page.getByTestId('consent-processing').check();
    await page.getByTestId('consent-rights').check();
    await page.getByTestId('retention-setting').check();
    await poll(async () => (await listOf(token)).delete_after_generation).toBe(true);
    await page.reload();
    // The heading names the count once the list is in ("Your Photos 0"): either state will do.
    await page.getByRole('heading', { name: /^Your Photos/ }).waitFor();
    await poll(() => page.getByTestId('consent-processing').isChecked()).toBe(true);
    expect(await page.getByTestId('consent-rights').isChecked()).toBe(true);
    expect(await page.getByTestId('retention-setting').isChecked()).toBe(true);

    await page.getByTestId('consent-rights').uncheck();
    await poll(async () => (await listOf(token)).consent.rights).toBe(false);
    await page.getByTestId('photo-input').setInputFiles([file('studio.png')]);
    await page.getByText(CONSENT.rights, { exact: true }).waitFor();
    expect((await listOf(token)).files).toEqual([]);
  });

  test('French, phone: consent, the upload and a delete, two photos a row within the screen', async () => {
    const { token } = await createAccount(uniqueEmail('photos-fr'), { lang: 'fr' });
    const page = await browser.newPage(PHONE);
    await openSignedIn(page, token, '/fr/app/upload');
    await page.getByRole('heading', { name: 'Mes photos', level: 1 }).waitFor();
    await page.getByText("Vous n'avez encore importé aucune photo.", { exact: true }).waitFor();
    await page.getByTestId('photo-input').setInputFiles([file('garden.webp'), file('studio.png')]);
    await page.getByTestId('consent-processing').check();
    await page.getByTestId('consent-rights').check();
    await toast(page, '2 photos importées.').waitFor(UPLOADED);
    await poll(async () => plain(await page.getByTestId('photo-count').innerText())).toContain(
      '2 photos : assez pour créer des avatars',
    );
    await page.getByRole('button', { name: 'Supprimer garden.webp' }).click();
    await undoBar(page, 'La photo « garden.webp » a été supprimée.').waitFor();
    await poll(() => page.getByTestId('photo-card').count()).toBe(1);
    // Phone layout: the photos fit the screen, two per row.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('a file chosen between the second consent’s answer and the next render is uploaded at once', async () => {
    const { token } = await createAccount(uniqueEmail('photos-consent-race'));
    const page = await browser.newPage(DESKTOP);
    // The moment a user can hit by choosing a file right after the second tick: the answer that records both
    // consents is in, the screen has not rendered it yet (React renders in a later task; these microtasks run
    // first), and the file input changes. The file must not wait for a save that has already ended.
    await page.addInitScript(() => {
      const fetchBefore = window.fetch;
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        const res = await fetchBefore(...args);
        const body = typeof args[1]?.body === 'string' ? args[1].body : '';
        if (!/"processing":true/.test(body) || !/"rights":true/.test(body)) return res;
        for (const read of ['json', 'text'] as const) {
          const original = res[read].bind(res);
          Object.assign(res, {
            [read]: async () => {
              const value = await original();
              void (async () => {
                for (let i = 0; i < 50; i++) await Promise.resolve();
                const input = document.querySelector<HTMLInputElement>('[data-testid="photo-input"]');
                if (!input) return;
                const chosen = new DataTransfer();
                chosen.items.add(
                  new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }),
                );
                input.files = chosen.files;
                input.dispatchEvent(new Event('change', { bubbles: true }));
              })();
              return value;
            },
          });
        }
        return res;
      };
    });
    await openSignedIn(page, token, '/app/upload');
    const upload = page.waitForRequest('**/photos/upload-targets');
    await page.getByTestId('consent-processing').check();
    await page.getByTestId('consent-rights').check();
    expect(JSON.parse((await upload).postData() ?? '{}').files).toMatchObject([{ name: 'me.jpg' }]);
  });

  // The list's and a delete's failure messages are the component tests' (tests/components/photo-cards.test.tsx).
  test('an upload that fails says so in the product’s words; the next one goes through', async () => {
    const { token } = await createAccount(uniqueEmail('photos-fail'));
    const page = await browser.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/upload');
    await giveConsent(page, token);
    await page.route('**/photos/upload-targets', (route) => route.abort('failed'));
    await page.getByTestId('photo-input').setInputFiles([file('studio.png')]);
    expect(await page.getByTestId('upload-error').innerText()).toBe(
      'Failed to upload photos. Please try again.',
    );
    await page.unroute('**/photos/upload-targets');
    await page.getByTestId('photo-input').setInputFiles([file('studio.png')]);
    await page.getByTestId('photo-card').waitFor(UPLOADED);
    expect(await page.getByTestId('upload-error').count()).toBe(0);
  });
});

// Deleting a photo offers Undo for a few seconds (web/src/features/photos/use-photo-deletes.ts): what only a
// browser shows is that a tab closed within the window still deletes the photo (sent on pagehide with
// keepalive), and that the Undo bar fits the screen. Undo itself, the window's end and an upload sending the
// delete first are the component tests' (tests/components/photo-undo.test.tsx).

describeInBrowser('deleting a photo, with Undo', () => {
  const DELETE_BUTTON = { en: 'Delete garden.jpg', fr: 'Supprimer garden.jpg' } as const;

  async function namesOnServer(token: string): Promise<string[]> {
    const res = await fetch(`${stack().apiUrl}/photos`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as PhotoList).files.map((f) => f.original_name).sort();
  }

  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 10_000 });

  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    test(`${lang} at ${viewport.width} px: a tab closed within the Undo window still deletes the photo; the bar fits`, async () => {
      const { token } = await createAccount(uniqueEmail(`undo-${lang}`), { lang });
      await callRoute('photoConsent', { token, body: { processing: true, rights: true } });
      await uploadDirect(token, [
        { name: 'garden.jpg', bytes: await testPhoto({ width: 900, height: 1100, seed: 61 }) },
        { name: 'studio.jpg', bytes: await testPhoto({ width: 1000, height: 1000, seed: 62 }) },
      ]);
      const page = await browser.newPage(viewport);
      await openSignedIn(page, token, `${lang === 'fr' ? '/fr' : ''}/app/upload`);
      await poll(() => page.getByTestId('photo-card').count()).toBe(2);
      await page.getByRole('button', { name: DELETE_BUTTON[lang], exact: true }).click();
      await page.getByTestId('undo-delete').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      // Within the window nothing is sent yet; the tab closes, and the delete still reaches the server.
      expect(await namesOnServer(token)).toEqual(['garden.jpg', 'studio.jpg']);
      await page.close();
      await poll(() => namesOnServer(token)).toEqual(['studio.jpg']);
    });
  }
});
