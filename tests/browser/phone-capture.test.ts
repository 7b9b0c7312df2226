// Selfies from the phone, started on the desktop (docs/product.md, "Selfies from the phone"): an English
// desktop gives consent and shows a capture link; a French phone (its own Chromium, whose fake camera
// plays a real fixture face) opens it, takes the five prompted shots, each checked with its score; the
// desktop's list fills in without a reload. The panel's and the page's states and words are the component
// tests' (tests/components/phone-capture.test.tsx); the link's limits are the handler and integration tests'.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { PhotoList } from '#shared/api-schemas.ts';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  openSignedIn,
  PHONE,
  pathOf,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from '../support/chromium.ts';
import { selfie } from '../support/face-fixtures.ts';
import { writeY4m } from '../support/fake-camera.ts';

describeInBrowser('Selfies from the phone', () => {
  const dir = mkdtempSync(join(tmpdir(), 'aivatar-phone-'));
  /** Screenshots for a person to look at (SCREENSHOT_DIR, or a temporary folder). */
  const screenshotDir = process.env.SCREENSHOT_DIR ?? dir;
  const video = join(dir, 'face.y4m');
  const desktop = useBrowser();
  // The fake camera's flags hold for a whole browser: the phone gets one of its own.
  let phoneBrowser: Browser | undefined;

  beforeAll(async () => {
    // A phone's front camera at 1080 x 1440: over the 1024 px below which photos get "Low resolution".
    await writeY4m(video, await selfie(0), { width: 1080, height: 1440 });
    phoneBrowser = await chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: [
        ...CHROMIUM_ARGS,
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-video-capture=${video}`,
      ],
    });
  });
  afterAll(async () => {
    await phoneBrowser?.close();
  });

  /** What follows a shot waits for the face check: seconds each when the suite shares two cores. */
  const CHECKED = { timeout: 60_000 };

  /** A full-page screenshot from the top (the sticky navbar otherwise lands mid-page). */
  async function shoot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(screenshotDir, `phone-capture-${name}.png`), fullPage: true });
  }

  async function listOf(token: string): Promise<PhotoList> {
    const res = await fetch(`${stack().apiUrl}/photos`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as PhotoList;
  }

  test('an English desktop makes a link, a French phone takes five shots, the desktop shows them', async () => {
    const { token } = await createAccount(uniqueEmail('phone'));
    const page = await desktop.newPage(DESKTOP);
    await openSignedIn(page, token, '/app/upload');
    await page.getByRole('heading', { name: 'Manage Photos', level: 1 }).waitFor();
    const panel = page.getByTestId('phone-capture');
    await panel.getByRole('heading', { name: 'Use your phone' }).waitFor();
    const make = panel.getByRole('button', { name: 'Show a code for my phone' });
    expect(await make.isDisabled()).toBe(true);
    await page.getByTestId('consent-processing').check();
    await page.getByTestId('consent-rights').check();
    await expect
      .poll(async () => (await listOf(token)).consent, { timeout: 10_000 })
      .toMatchObject({ processing: true, rights: true });
    await make.click();
    await panel.getByTestId('phone-qr').waitFor();
    const url = (await panel.getByTestId('phone-link').getAttribute('href')) as string;
    const code = /\/capture\/([0-9A-Z]{12})$/.exec(url)?.[1] as string;
    expect(url).toBe(`${stack().webUrl}/capture/${code}`);
    expect(await panel.getByTestId('phone-link').innerText()).toBe(url.replace(/^http:\/\//, ''));
    expect(await panel.getByTestId('phone-time-left').innerText()).toMatch(/^1[45]:\d\d$/);
    expect(await panel.getByTestId('phone-status').innerText()).toBe('Waiting for your phone…');
    await shoot(page, 'desktop-en');

    // The phone: the link as the QR code gives it (English), then in French: a reload keeps the link.
    const phoneContext = await (phoneBrowser as Browser).newContext({
      baseURL: stack().webUrl,
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      locale: 'fr-FR',
    });
    const phoneErrors: string[] = [];
    try {
      const phone = await phoneContext.newPage();
      phone.setDefaultTimeout(15_000);
      phone.on('pageerror', (e) => phoneErrors.push(e.message));
      await phone.goto(pathOf(url));
      await phone.getByRole('heading', { name: 'Take your selfies', level: 1 }).waitFor();
      await phone.getByRole('button', { name: 'Open the camera' }).waitFor();
      await shoot(phone, 'phone-en-intro');
      await phone.goto(`/fr/capture/${code}`);
      await phone.getByRole('heading', { name: 'Prenez vos selfies', level: 1 }).waitFor();
      expect(await phone.getByTestId('capture-purpose').innerText()).toContain(
        'Elles servent uniquement à créer vos avatars',
      );
      await shoot(phone, 'phone-fr-intro');
      await panel.getByText('Your phone is connected.').waitFor();

      await phone.getByRole('button', { name: "Ouvrir l'appareil photo" }).click();
      await phone.getByTestId('camera-guide').waitFor();
      const prompts = [
        "Regardez droit vers l'objectif",
        'Tournez un peu la tête vers la gauche',
        'Tournez un peu la tête vers la droite',
        'Et maintenant, un grand sourire\u00a0!',
        'Placez-vous face à une fenêtre, à la lumière du jour',
      ];
      for (const [i, prompt] of prompts.entries()) {
        expect(await phone.getByTestId('capture-prompt').innerText()).toBe(prompt);
        await phone.getByRole('button', { name: 'Prendre la photo' }).click();
        await phone.locator('[data-testid="shot-result"][data-status="kept"]').waitFor(CHECKED);
        expect(await phone.getByTestId('shot-score').innerText()).toMatch(/^Qualité \d{1,3}\/100$/);
        if (i === 0) await shoot(phone, 'phone-fr-1-result');
        if (i === prompts.length - 1) await shoot(phone, 'phone-fr-5-result');
        await phone.getByTestId('shot-next').click();
        if (i < prompts.length - 1) {
          await phone.getByTestId('camera-guide').waitFor();
          if (i === 0) await shoot(phone, 'phone-fr-2-camera');
        }
      }
      expect(await phone.getByTestId('capture-done-text').innerText()).toBe(
        'Vos 5 photos sont sur votre ordinateur\u00a0: retournez-y pour les voir et créer vos avatars.',
      );
      await shoot(phone, 'phone-fr-done');
    } finally {
      await phoneContext.close();
    }
    expect(phoneErrors, 'uncaught errors on the phone').toEqual([]);

    // The desktop, never reloaded: the five shots with their scores.
    await expect.poll(async () => page.getByTestId('photo-card').count(), { timeout: 15_000 }).toBe(5);
    // The link's count and the photo list are two reads, polled apart: the count may follow a few seconds later.
    await expect
      .poll(async () => panel.getByTestId('phone-arrived').innerText(), { timeout: 15_000 })
      .toBe('5');
    const names = await page.getByTestId('photo-name').allInnerTexts();
    // Named on the phone, in the phone page's language (French here), numbered by the photos kept.
    expect(names.sort()).toEqual([
      'selfie-1-face.jpg',
      'selfie-2-gauche.jpg',
      'selfie-3-droite.jpg',
      'selfie-4-sourire.jpg',
      'selfie-5-fenetre.jpg',
    ]);
    // Each card with its score, as the list gives it; none of them "Low resolution".
    const list = await listOf(token);
    for (const photo of list.files) {
      const card = page.locator(`[data-testid="photo-card"][data-filename="${photo.filename}"]`);
      expect(await card.innerText()).toContain(`Quality ${photo.quality.score}/100`);
      expect(photo.hints).not.toContain('small');
    }
    await shoot(page, 'desktop-en-after');

    // The French desktop, once.
    await page.getByRole('button', { name: 'Close' }).click();
    await page.goto('/fr/app/upload');
    const fr = page.getByTestId('phone-capture');
    await fr.getByRole('heading', { name: 'Utiliser votre téléphone' }).waitFor();
    await fr.getByRole('button', { name: 'Afficher un code pour mon téléphone' }).click();
    await fr.getByTestId('phone-qr').waitFor();
    expect(await fr.getByTestId('phone-link').getAttribute('href')).toMatch(/\/fr\/capture\/[0-9A-Z]{12}$/);
    await shoot(page, 'desktop-fr');
  }, 240_000);
});
