// The gallery journey (My Avatars) in a browser: pictures that load, another account's sign-in from another
// tab, downloads against the real API and their limit, favourites and the 1080 px square, likeness screenshots
// and layout, and the stages of avatars being made. The cards' words are the component tests'
// (tests/components/gallery-cards.test.tsx); polling and paging (gallery-polling), the download routes'
// order and names (gallery-downloads) and the likeness cards' words and states (gallery-likeness) too.

import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Download, Locator, Page, Route } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { DURATION_SLOTS } from '../../functions/generation/domain/task-progress.ts';
import { encodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { DynamoTaskDurations } from '../../functions/generation/dynamodb/task-durations.ts';
import { SharpResultImages } from '../../functions/generation/images/result-images.ts';
import { callRoute } from '../support/api.ts';
import {
  activeStyles,
  createBody,
  creator,
  setBalance,
  stylesCosting,
  testDb,
  waitForTasks,
} from '../support/avatars.ts';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  type Lang,
  openSignedIn,
  PHONE,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';
import { samePersonAgain, selfie } from '../support/face-fixtures.ts';
import { consentedUser, uploadDirect } from '../support/photos.ts';
import { startWorkerHarness, type WorkerHarness } from '../support/worker-harness.ts';

// My Avatars where only a browser shows it: pictures that load, at most 2 fetches for a broken one (again
// after Refresh), Escape on the 'Generated Avatar' modal, and another account signed in from another tab. The
// task lists here are answered at the HTTP edge (page.route) because these states do not hold still on a real
// worker; tests/browser/create-journey.test.ts runs the same screen against the real API.

describeInBrowser('My Avatars', () => {
  type TaskFields = Record<string, unknown> & { id: string; status: string; created_at: number };

  // Noon UTC, so the day is the same in any time zone within ±11 h.
  const MARCH_14 = Date.UTC(2026, 2, 14, 12) / 1000;

  const MARCH_12 = Date.UTC(2026, 2, 12, 12) / 1000;

  const task = (fields: Partial<TaskFields> & { id: string; status: string; created_at: number }) => ({
    progress: undefined,
    result_path: null,
    reference_path: null,
    style_id: 1,
    updated_at: fields.created_at,
    ...fields,
  });

  function tasksFixture(webUrl: string) {
    return [
      task({
        id: 'older',
        status: 'DONE',
        created_at: MARCH_12,
        style_id: 2,
        style_name: 'Outdoor Portrait',
        result_path: 'results/older_1.png',
        thumbnail_url: `${webUrl}/styles/outdoor-portrait.webp`,
        image_url: `${webUrl}/styles/outdoor-portrait.webp`,
        render_kind: 'ai',
      }),
      task({ id: 'todo', status: 'TODO', created_at: MARCH_14 - 30, style_id: 14, style_name: 'Knight' }),
      task({
        id: 'running',
        status: 'IN_PROGRESS',
        progress: 45,
        created_at: MARCH_14,
        style_id: 1,
        style_name: 'Studio Headshot',
      }),
      task({
        id: 'no-progress',
        status: 'IN_PROGRESS',
        created_at: MARCH_14 - 10,
        style_id: 3,
        style_name: 'Creative Professional',
      }),
      task({ id: 'failed', status: 'ERROR', created_at: MARCH_14 - 40, style_id: 999 }),
      task({
        id: 'preview',
        status: 'DONE',
        created_at: MARCH_14 - 50,
        style_id: 23,
        style_name: 'Neon Cyberpunk',
        result_path: 'results/neon_1763900000.png',
        thumbnail_url: `${webUrl}/styles/neon-cyberpunk.webp`,
        image_url: `${webUrl}/styles/neon-cyberpunk.webp`,
        render_kind: 'preview-render',
      }),
      task({
        id: 'broken',
        status: 'DONE',
        created_at: MARCH_14 - 60,
        style_id: 5,
        style_name: 'Medical',
        result_path: 'results/broken_1.png',
        thumbnail_url: `${webUrl}/no-such-image.png`,
        render_kind: 'ai',
      }),
    ];
  }

  /** Answers GET /aivatar/user-tasks with `tasks()` and counts the calls. */
  async function serveTasks(page: Page, tasks: () => unknown[]): Promise<{ calls: () => number }> {
    let calls = 0;
    await page.route('**/aivatar/user-tasks*', (route: Route) => {
      calls += 1;
      return route.fulfill({ json: { tasks: tasks() } });
    });
    return { calls: () => calls };
  }

  const countRequests = (page: Page, part: string) => {
    const seen: string[] = [];
    page.on('request', (r) => r.url().includes(part) && seen.push(r.url()));
    return () => seen.length;
  };

  const browser = useBrowser();

  test('English: the pictures load, a broken one is fetched twice at most (again after Refresh), Escape closes the modal', async () => {
    const { token } = await createAccount(uniqueEmail('gallery'));
    const page = await browser.newPage(DESKTOP);
    await serveTasks(page, () => tasksFixture(stack().webUrl));
    const brokenThumb = countRequests(page, '/no-such-image.png');
    const brokenData = countRequests(page, '/aivatar/user-file/data/results/broken_1.png');
    await page.route('**/aivatar/user-file/data/results/broken_1.png*', (r) =>
      r.fulfill({ status: 500, json: { msg: 'Storage unavailable', code: 'INTERNAL' } }),
    );
    await openSignedIn(page, token, '/app/gallery');
    await page.getByRole('heading', { name: 'My Avatars', level: 1 }).waitFor();

    // The cards' days, labels, badges, preview label and downloads, and the modal's words, are the
    // component tests' (tests/components/gallery-cards.test.tsx); here what only a browser shows: pictures
    // that load, the requests a broken one makes, and Escape on the native dialog.
    const today = page.getByTestId('day-group').first().getByTestId('task-card');
    await today.first().waitFor();
    // A broken image: its URL once, the base64 route once, then 'Unable to load image', and no more tries.
    await today.nth(5).getByText('Unable to load image', { exact: true }).waitFor();
    expect([brokenThumb(), brokenData()]).toEqual([1, 1]);
    const good = today.nth(4).locator('img');
    await expect.poll(() => good.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Refresh clears the caches: the broken image gets its 2 fetches again.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => [brokenThumb(), brokenData()]).toEqual([2, 2]);
    await today.nth(5).getByText('Unable to load image', { exact: true }).waitFor();

    // The modal's picture loads; Escape closes it.
    await today.nth(4).getByRole('button', { name: 'Open Style: Neon Cyberpunk' }).click();
    const modal = page.getByRole('dialog', { name: 'Generated Avatar' });
    await modal.waitFor();
    await expect
      .poll(() =>
        modal.locator('.avatar-modal__image img').evaluate((i) => (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
  });

  test("another account signed in from another tab: the first account's avatars leave the screen", async () => {
    const [first, second] = await Promise.all([
      createAccount(uniqueEmail('tab-first')),
      createAccount(uniqueEmail('tab-second')),
    ]);
    const page = await browser.newPage(DESKTOP);
    // Each account's own list, told apart by the session the request carries.
    await page.context().route('**/aivatar/user-tasks*', (route: Route) => {
      const auth = route.request().headers().authorization ?? '';
      const tasks = auth.endsWith(first.token)
        ? [task({ id: 'firsts', status: 'ERROR', created_at: MARCH_14, style_name: 'Knight' })]
        : [];
      return route.fulfill({ json: { tasks } });
    });
    await openSignedIn(page, first.token, '/app/gallery');
    await page.locator('[data-status="ERROR"]').waitFor();
    const other = await page.context().newPage();
    await other.goto('/favicon.svg');
    await other.evaluate((t) => localStorage.setItem('token', t), second.token);
    await page.getByTestId('gallery-empty').waitFor();
    expect(await page.locator('[data-status]').count()).toBe(0);
  });
});

// The gallery's downloads against the real local API, in English and French, at desktop and phone
// sizes. A card's download and "Download all" still save their files; no URL the app requests carries the
// session; past a per-user limit the screen says so in the user's language.

describeInBrowser('gallery downloads', () => {
  const COPY = {
    en: {
      path: '/app/gallery',
      options: 'Download options',
      throttled:
        'You have asked for many downloads in a short time. Please wait a few minutes and try again.',
    },
    fr: {
      path: '/fr/app/gallery',
      options: 'Options de téléchargement',
      throttled:
        'Vous avez demandé beaucoup de téléchargements en peu de temps. Patientez quelques minutes avant de réessayer.',
    },
  } as const;

  async function userWithAvatar(lang: Lang) {
    const user = await creator({ ltd: 5 }, lang);
    const res = await callRoute('createTasksBatch', {
      token: user.token,
      body: createBody(await stylesCosting(1)),
    });
    const [task] = await waitForTasks(user.token, res.body.task_ids);
    return { ...user, task: task as AvatarTask };
  }

  /** Every URL the page asks for, the navigations and the file downloads included. */
  function requestedUrls(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (r) => urls.push(r.url()));
    page.on('download', (d) => urls.push(d.url()));
    return urls;
  }

  const browser = useBrowser();

  for (const [lang, size] of [
    ['en', { ...DESKTOP, width: 1440 }],
    ['fr', PHONE],
  ] as const) {
    const c = COPY[lang];
    test(`${lang}: a card's download and "Download all" save their files; no URL carries the session`, async () => {
      const user = await userWithAvatar(lang);
      const page = await browser.newPage(size);
      const urls = requestedUrls(page);
      await openSignedIn(page, user.token, c.path);
      const card = page.getByTestId('card-download');
      await card.waitFor({ timeout: 30_000 });
      const [one] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), card.click()]);
      expect(one.suggestedFilename()).toBe(user.task.download_name);

      const [zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId('download-all').click(),
      ]);
      expect(zip.suggestedFilename()).toBe('aivatar-avatars.zip');
      const saved = join(tmpdir(), `gallery-${lang}-${Date.now()}.zip`);
      await zip.saveAs(saved);
      expect(readFileSync(saved).subarray(0, 2).toString()).toBe('PK');
      await page.screenshot({ path: join(tmpdir(), `gallery-downloads-${lang}-${size.width}.png`) });
      // The ZIP was opened by URL, with a download link and not the session.
      expect(urls.some((u) => /\/aivatar\/user-file\/results\.zip\?token=/.test(u))).toBe(true);
      const signature = user.token.split('.')[2] as string;
      expect(urls.filter((u) => u.includes(signature))).toEqual([]);
      await page.close();
    });

    test(`${lang}: past the per-user limit, the screen says to wait, in the user's language`, async () => {
      const user = await userWithAvatar(lang);
      // Use up the "Download all" requests and the resized downloads of this account.
      let zipRefused = false;
      while (!zipRefused) {
        const res = await callRoute('createDownloadLink', {
          token: user.token,
          body: { route: 'resultsZip' },
        });
        zipRefused = res.status === 429;
      }
      const filename = (user.task.result_path as string).replace(/^results\//, '');
      let presetRefused = false;
      while (!presetRefused) {
        const res = await callRoute('resultData', {
          token: user.token,
          params: { filename },
          query: { preset: 'linkedin' },
        });
        presetRefused = res.status === 429;
      }
      const page = await browser.newPage(size);
      await openSignedIn(page, user.token, c.path);
      const toast = page.getByTestId('toast').getByText(c.throttled, { exact: true });
      await page.getByTestId('download-all').click();
      await toast.waitFor();
      await page.screenshot({ path: join(tmpdir(), `gallery-throttled-${lang}.png`) });
      await page.reload();
      await page.getByRole('button', { name: c.options }).click();
      await page.locator('[data-preset="linkedin"]').click();
      await toast.waitFor();
      // The original is not limited.
      const [original] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByTestId('card-download').click(),
      ]);
      expect(original.suggestedFilename()).toBe(user.task.download_name);
      await page.close();
    });
  }
});

// In the gallery, against the real local API, in English and French, at 1440x900 and 390x844 (one page
// load each): the star on a card (a toggle button, kept by the server, so the phone finds it starred), the
// favourites filter and its ZIP, the download menu's profile bubble and the 1080 px profile square, the modal's
// before/after (side by side on a desktop, stacked on a phone). Screenshots go to .local/screenshots/issue-20.

describeInBrowser('keepers in the gallery', () => {
  const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots', 'issue-20');

  const DESKTOP = { width: 1440, height: 900 };

  const COPY = {
    en: {
      path: '/app/gallery',
      favourite: 'Favourite',
      favouriteOf: 'Favourite: ',
      favourites: 'Favourites',
      downloadFavourites: 'Download favourites',
      options: 'Download options',
      // (no break inside the size)
      profile: '1080\u00a0×\u00a01080 profile picture',
      bubble: 'How it looks in a profile bubble',
      compare: 'Compare with my photo',
      yourPhoto: 'Your photo',
      modal: 'Generated Avatar',
    },
    fr: {
      path: '/fr/app/gallery',
      favourite: 'Favori',
      // French puts a no-break space before the colon (web/src/features/gallery/locales/fr.json).
      favouriteOf: 'Favori\u00a0: ',
      favourites: 'Favoris',
      downloadFavourites: 'Télécharger les favoris',
      options: 'Options de téléchargement',
      profile: 'Photo de profil 1080\u00a0×\u00a01080',
      bubble: 'Aperçu dans une bulle de profil',
      compare: 'Comparer avec ma photo',
      yourPhoto: 'Votre photo',
      modal: 'Avatar généré',
    },
  } as const;

  type User = Awaited<ReturnType<typeof creator>> & { tasks: AvatarTask[] };

  const users = {} as Record<Lang, User>;

  /** The image has arrived and is decoded (a screenshot then shows it). */
  async function loaded(img: Locator): Promise<void> {
    await expect
      .poll(() => img.evaluate((i) => (i as HTMLImageElement).naturalWidth), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await img.evaluate((i) => (i as HTMLImageElement).decode());
  }

  /** A face-centred square cuts the picture around the face (an inline size and place), not the middle. */
  const cutAroundFace = async (img: Locator) => expect(await img.getAttribute('style')).toMatch(/^width: \d/);

  async function savedSquare(
    download: Download,
  ): Promise<{ width?: number; height?: number; format?: string }> {
    const path = join(SHOTS, download.suggestedFilename());
    await download.saveAs(path);
    return sharp(readFileSync(path)).metadata();
  }

  const shot = (page: Page, name: string) => page.screenshot({ path: join(SHOTS, `${name}.png`) });

  const browser = useBrowser();
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    await Promise.all(
      (['en', 'fr'] as const).map(async (lang) => {
        const user = await creator({ ltd: 10 }, lang);
        const res = await callRoute('createTasksBatch', {
          token: user.token,
          body: createBody(await stylesCosting(2)),
        });
        users[lang] = { ...user, tasks: await waitForTasks(user.token, res.body.task_ids, 180_000) };
      }),
    );
  }, 300_000);

  for (const lang of ['en', 'fr'] as const) {
    const c = COPY[lang];

    test(`${lang} at 1440x900: star, the favourites filter and ZIP, the bubble preview and the 1080 px square`, async () => {
      const user = users[lang];
      const page = await browser.newPage(DESKTOP);
      await openSignedIn(page, user.token, c.path);
      const cards = page.getByTestId('task-card');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
      const first = cards.first();
      const star = first.getByTestId('favourite');
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      expect(await star.getAttribute('aria-label')).toMatch(new RegExp(`^${c.favouriteOf}`));
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
      // Kept by the server, not only on screen.
      const starredNow = async () =>
        (await callRoute('userTasks', { token: user.token, query: { favourites: 'true' } })).body.tasks.map(
          (t) => t.id,
        );
      await expect.poll(starredNow).toHaveLength(1);
      const [starredId] = await starredNow();
      await loaded(cards.nth(1).locator('.task-image img'));
      await shot(page, `gallery-${lang}-1440`);

      // The card's menu: five sizes, the profile square with its round preview.
      await first.getByRole('button', { name: c.options }).click();
      const profile = first.locator('[data-preset="profile"]');
      expect(await profile.innerText()).toContain(c.profile);
      await loaded(profile.locator('.profile-bubble img'));
      await cutAroundFace(profile.locator('.profile-bubble img'));
      expect(await first.locator('.card-download__menu [data-preset]').count()).toBe(5);
      await profile.scrollIntoViewIfNeeded();
      await shot(page, `menu-${lang}-1440`);
      const [square] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        profile.click(),
      ]);
      const starredTask = user.tasks.find((t) => t.id === starredId) as AvatarTask;
      // The modal of the phone test below (another device) opens this one.
      const stem = (starredTask.download_name as string).replace(/\.[a-z]+$/, '');
      expect(square.suggestedFilename()).toBe(`avatar-${stem}-profile-1080.jpg`);
      expect(await savedSquare(square)).toMatchObject({ width: 1080, height: 1080, format: 'jpeg' });

      // The filter shows the starred one only, and downloads them as one ZIP.
      const filter = page.getByRole('button', { name: c.favourites, exact: true });
      await filter.click();
      expect(await filter.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => cards.count()).toBe(1);
      const [zip] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        page.getByRole('button', { name: c.downloadFavourites }).click(),
      ]);
      expect(zip.suggestedFilename()).toBe('aivatar-favourites.zip');
      const zipPath = join(SHOTS, `favourites-${lang}.zip`);
      await zip.saveAs(zipPath);
      expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK');

      // The modal: before/after side by side.
      await cards.first().locator('.task-card__open').click();
      const modal = page.getByRole('dialog', { name: c.modal });
      await modal.getByRole('button', { name: c.compare }).click();
      const before = modal.getByTestId('before');
      const after = modal.getByTestId('after');
      await loaded(before.locator('img'));
      await loaded(after.locator('img'));
      expect(await before.locator('img').getAttribute('alt')).toBe(c.yourPhoto);
      await cutAroundFace(before.locator('img'));
      await cutAroundFace(after.locator('img'));
      const [b, a] = [await before.boundingBox(), await after.boundingBox()];
      expect(Math.abs((b?.y ?? 0) - (a?.y ?? 1))).toBeLessThan(2);
      expect(a?.x ?? 0).toBeGreaterThan((b?.x ?? 0) + (b?.width ?? 0) - 1);
      await shot(page, `modal-compare-${lang}-1440`);
    });

    test(`${lang} at 390x844, another device: the star is kept; the modal's before/after stacks and downloads the 1080 px square`, async () => {
      const user = users[lang];
      const page = await browser.newPage(PHONE);
      await openSignedIn(page, user.token, c.path);
      const cards = page.getByTestId('task-card');
      await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(2);
      const pressed = await page
        .getByTestId('favourite')
        .evaluateAll((stars) => stars.map((s) => s.getAttribute('aria-pressed')));
      expect(pressed.sort()).toEqual(['false', 'true']);
      await loaded(cards.first().locator('.task-image img'));
      await shot(page, `gallery-${lang}-390`);

      const starred = cards.filter({ has: page.locator('[data-testid="favourite"][aria-pressed="true"]') });
      await starred.getByRole('button', { name: c.options }).click();
      await loaded(starred.locator('.card-download__menu .profile-bubble img'));
      await shot(page, `menu-${lang}-390`);
      await page.keyboard.press('Escape');

      await starred.locator('.task-card__open').click();
      const modal = page.getByRole('dialog', { name: c.modal });
      const favourite = modal.getByRole('button', { name: c.favourite, exact: true });
      expect(await favourite.getAttribute('aria-pressed')).toBe('true');
      const compare = modal.getByRole('button', { name: c.compare });
      await compare.click();
      expect(await compare.getAttribute('aria-pressed')).toBe('true');
      const before = modal.getByTestId('before');
      const after = modal.getByTestId('after');
      await loaded(before.locator('img'));
      await loaded(after.locator('img'));
      const [b, a] = [await before.boundingBox(), await after.boundingBox()];
      expect(a?.y ?? 0).toBeGreaterThanOrEqual((b?.y ?? 0) + (b?.height ?? 0) - 1);
      await shot(page, `modal-compare-${lang}-390`);

      const preview = modal.getByTestId('profile-preview');
      expect(await preview.innerText()).toContain(c.bubble);
      await loaded(preview.locator('img'));
      await preview.scrollIntoViewIfNeeded();
      await shot(page, `modal-presets-${lang}-390`);
      const [square] = await Promise.all([
        page.waitForEvent('download', { timeout: 30_000 }),
        modal.getByRole('button', { name: c.profile }).click(),
      ]);
      expect(square.suggestedFilename()).toMatch(/^avatar-[a-z0-9-]+-profile-1080\.jpg$/);
      expect(await savedSquare(square)).toMatchObject({ width: 1080, height: 1080, format: 'jpeg' });
    });
  }
});

// Likeness on the screens, where only a browser shows it (docs/faces.md, "The guarantee"): the gallery with
// its scores and a withheld card (the server's blurred copy, made by its own code), the modal and the Try
// again dialog, each closed by Escape; the phone layout; the pricing and landing pages' guarantee; in English
// and French, as screenshots (.local/screenshots/likeness-*). One test runs the real API, worker, renderer and
// face model end to end. The cards' words and states, "Keep it anyway", the sort and the guarantee's text are
// tests/components/gallery-likeness.test.tsx's and marketing-pages.test.tsx's.

describeInBrowser('likeness on the gallery', () => {
  const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots');

  const WIDE = { width: 1440, height: 900 };

  const MARCH_14 = Date.UTC(2026, 2, 14, 12) / 1000;

  const COPY = {
    en: {
      path: '',
      again: 'Try again',
      sort: 'Sort',
      best: 'Best likeness',
      bestHeading: 'Best likeness first',
    },
    fr: {
      path: '/fr',
      again: 'Réessayer',
      sort: 'Trier',
      best: 'Meilleure ressemblance',
      bestHeading: "Meilleure ressemblance d'abord",
    },
  } as const;

  const styleFile = (name: string) => `${name.toLowerCase().replace(/ /g, '-')}.webp`;

  function tasks(webUrl: string): Partial<AvatarTask>[] {
    const done = (id: string, at: number, style: [number, string], likeness: number | null | undefined) => {
      const refunded = likeness !== undefined && (likeness === null || likeness < 50);
      return {
        id,
        status: 'DONE' as const,
        progress: 100,
        created_at: at,
        updated_at: at,
        style_id: style[0],
        style_name: style[1],
        result_path: `results/${id}_1.jpg`,
        reference_path: null,
        render_kind: 'ai' as const,
        token_cost: 1,
        // A refunded avatar is withheld: the server's blurred copy only (served below, as the server makes it).
        ...(refunded
          ? { withheld: true, preview_url: `${webUrl}/withheld-preview/${styleFile(style[1])}` }
          : {
              thumbnail_url: `${webUrl}/styles/${styleFile(style[1])}`,
              image_url: `${webUrl}/styles/${styleFile(style[1])}`,
            }),
        ...(likeness === undefined ? {} : { likeness, likeness_refunded: refunded, withheld: refunded }),
      };
    };
    return [
      done('newest', MARCH_14, [2, 'Outdoor Portrait'], 72),
      done('stranger', MARCH_14 - 60, [23, 'Neon Cyberpunk'], 31),
      done('best', MARCH_14 - 120, [1, 'Studio Headshot'], 94),
      done('faceless', MARCH_14 - 180, [5, 'Medical Professional'], null),
      {
        ...done('charged', MARCH_14 - 200, [2, 'Outdoor Portrait'], 22),
        likeness_refunded: false,
        withheld: false,
        likeness_not_refunded: 'daily-limit' as const,
        thumbnail_url: `${webUrl}/styles/outdoor-portrait.webp`,
        image_url: `${webUrl}/styles/outdoor-portrait.webp`,
      },
      done('unmeasured', MARCH_14 - 240, [3, 'Creative Professional'], undefined),
    ];
  }

  const STYLES_DIR = join(import.meta.dirname, '..', '..', 'web', 'public', 'styles');

  /** The list, and each withheld card's preview made from the style's picture by the server's own code. */
  async function serveTasks(page: Page): Promise<void> {
    await page.route('**/aivatar/user-tasks*', (route) =>
      route.fulfill({ json: { tasks: tasks(stack().webUrl) } }),
    );
    await page.route('**/withheld-preview/*', async (route) => {
      const name = new URL(route.request().url()).pathname.split('/').pop() as string;
      const body = await new SharpResultImages().blurredPreview(readFileSync(join(STYLES_DIR, name)));
      await route.fulfill({ body: Buffer.from(body), contentType: 'image/webp' });
    });
  }

  /** Every card's image drawn (they fade in once loaded): for the screenshots. */
  async function imagesLoaded(page: Page): Promise<void> {
    for (const img of await page.locator('.task-card img').all()) await img.scrollIntoViewIfNeeded();
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.task-image')].every((i) => i.classList.contains('task-image--loaded')),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
  }

  const plain = (s: string) => s.replace(/\s+/g, ' ').trim();

  const browser = useBrowser();
  mkdirSync(SHOTS, { recursive: true });

  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: the gallery, its withheld card, the modal and Try again, seen; Escape closes both dialogs`, async () => {
      const copy = COPY[lang];
      const { token } = await createAccount(uniqueEmail(`likeness-${lang}`), { lang });
      const page = await browser.newPage(WIDE);
      await serveTasks(page);
      await openSignedIn(page, token, `${copy.path}/app/gallery`);
      await page.getByTestId('task-card').nth(5).waitFor();
      const stranger = page.getByTestId('task-card').nth(1);
      // (Offered once the styles are read.)
      await stranger.getByTestId('likeness-refund').getByRole('button', { name: copy.again }).waitFor();
      await imagesLoaded(page);
      await page.screenshot({ path: join(SHOTS, `likeness-gallery-${lang}-1440.png`), fullPage: true });
      await stranger.screenshot({ path: join(SHOTS, `likeness-withheld-card-${lang}-1440.png`) });

      // Best likeness first: the modal of the best one.
      await page.getByLabel(copy.sort).selectOption({ label: copy.best });
      await page.getByRole('heading', { name: copy.bestHeading, level: 2 }).waitFor();
      await page.getByTestId('task-card').first().locator('.task-card__open').click();
      const modal = page.getByTestId('avatar-modal');
      await modal.waitFor();
      await page.screenshot({ path: join(SHOTS, `likeness-modal-${lang}-1440.png`) });
      await page.keyboard.press('Escape');
      await modal.waitFor({ state: 'detached' });

      // "Try again" on the refunded card asks first; Escape closes the question.
      await page
        .getByTestId('task-card')
        .nth(2)
        .getByTestId('likeness-refund')
        .getByRole('button', { name: copy.again })
        .click();
      const dialog = page.getByTestId('try-again-dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await page.close();
    });

    test(`${lang}: the phone layout keeps the score and the refund readable`, async () => {
      const { token } = await createAccount(uniqueEmail(`likeness-phone-${lang}`), { lang });
      const page = await browser.newPage(PHONE);
      await serveTasks(page);
      await openSignedIn(page, token, `${COPY[lang].path}/app/gallery`);
      await page.getByTestId('task-card').nth(5).waitFor();
      const refund = page.getByTestId('likeness-refund').first();
      const box = await refund.boundingBox();
      expect(box?.width).toBeLessThanOrEqual(PHONE.width);
      const keep = await refund.getByTestId('keep-anyway').boundingBox();
      expect((keep?.x ?? 0) + (keep?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      await imagesLoaded(page);
      await page.screenshot({ path: join(SHOTS, `likeness-gallery-${lang}-390.png`), fullPage: true });
      await page
        .getByTestId('task-card')
        .nth(1)
        .screenshot({ path: join(SHOTS, `likeness-withheld-card-${lang}-390.png`) });
      await page.close();
    });

    test(`${lang}: the pricing and landing pages' guarantee, seen at 1440 and 390 px`, async () => {
      const copy = COPY[lang];
      const page = await browser.newPage(WIDE);
      await page.goto(copy.path || '/');
      await page.getByTestId('likeness-guarantee').waitFor();
      // The landing page's pricing section, where the guarantee sits under the three prices.
      await page.locator('#pricing').screenshot({ path: join(SHOTS, `likeness-landing-${lang}-1440.png`) });
      await page.goto(`${copy.path}/pricing`);
      await page.getByTestId('likeness-guarantee').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, `likeness-pricing-${lang}-1440.png`) });
      const phone = await browser.newPage(PHONE);
      await phone.goto(`${copy.path}/pricing`);
      await phone.getByTestId('likeness-guarantee').scrollIntoViewIfNeeded();
      await phone.screenshot({ path: join(SHOTS, `likeness-pricing-${lang}-390.png`) });
      await phone.goto(copy.path || '/');
      await phone.locator('#pricing').screenshot({ path: join(SHOTS, `likeness-landing-${lang}-390.png`) });
      await page.close();
      await phone.close();
    });
  }

  test('end to end: the real worker measures a render of the user, and the gallery shows that score', async () => {
    const { token } = await consentedUser();
    await setBalance(token, { ltd: 3 });
    const { confirmed } = await uploadDirect(token, [
      { name: 'me-1.jpg', bytes: await selfie(1) },
      { name: 'me-2.jpg', bytes: await samePersonAgain(1) },
    ]);
    expect(confirmed[0]?.body.files).toHaveLength(2);
    const style = (await activeStyles()).find((s) => s.token_cost === 1);
    const created = await callRoute('createTasksBatch', { token, body: createBody([style as never]) });
    expect(created.status).toBe(200);
    const [task] = await waitForTasks(token, created.body.task_ids, 90_000);
    expect(task?.status).toBe('DONE');
    expect(task?.likeness).toBeGreaterThanOrEqual(80);
    expect(task?.likeness_refunded).toBe(false);
    const page = await browser.newPage(WIDE);
    await openSignedIn(page, token, '/app/gallery');
    const score = page.getByTestId('likeness');
    await score.waitFor();
    expect(plain(await score.innerText())).toBe(`Likeness ${task?.likeness}%`);
    expect(await page.getByTestId('likeness-refund').count()).toBe(0);
    await page.close();
  }, 120_000);
});

// While avatars are being made, My Avatars shows each task's real stage (queued,
// generating, finishing) with the time left, and each batch "Generating 1 of 2", in English and French, on
// a desktop and on a phone. Real tasks on the real table, made by the real worker (its own queue, the OpenAI
// adapter against the fake provider, slowed to 15 s for the image being watched: under the 20 s the worker
// gives a call here), read through the real API.

describeInBrowser('My Avatars while avatars are being made', () => {
  const DESKTOP = { width: 1440, height: 900 };

  const WORDS = {
    en: {
      queued: 'Queued',
      generating: 'Generating',
      eta: /^(about \d+ (seconds?|minutes?) left|almost done|taking longer than usual)$/,
      about: /^about (45|50) seconds left$/,
      batchGenerating: 'Generating 1 of 2',
      refresh: 'Refresh',
    },
    fr: {
      queued: "En file d'attente",
      generating: 'Génération',
      eta: /^(encore \d+ (secondes?|minutes?) environ|presque terminé|plus long que d'habitude)$/,
      about: /^encore (45|50) secondes environ$/,
      batchGenerating: 'Génération 1 sur 2',
      refresh: 'Actualiser',
    },
  } as const;

  let h: WorkerHarness;

  let styleIds: number[];

  beforeAll(async () => {
    h = await startWorkerHarness();
    styleIds = (await stylesCosting(2)).map((s) => s.id);
  });

  /**
   * Recent tasks as a real provider makes them (5 s queued, 40 s generating, 5 s finishing): the local
   * renderer's tasks, which the shared stack also records, take a second or two.
   */
  async function recentTasksTook(queued: number, generating: number, finishing: number) {
    const durations = new DynamoTaskDurations(testDb(), stack().tableName);
    const at = Math.floor(Date.now() / 1000);
    for (let slot = 0; slot < DURATION_SLOTS; slot++)
      await durations.record(slot, { queued, generating, finishing, at });
  }

  afterAll(() => h?.stop());

  /** The card of a task: its stage's name and its time left, as the line under it says them. */
  async function stageOf(page: Page, index: number): Promise<{ stage: string; name: string; eta: string }> {
    const line = page.getByTestId('task-card').nth(index).getByTestId('task-stage');
    const [name, , eta] = await line.locator('span').allInnerTexts();
    return {
      stage: (await line.getAttribute('data-stage')) as string,
      name: name as string,
      eta: eta as string,
    };
  }

  /** expect.poll with the time a busy machine needs (its default is one second). */
  const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: 15_000 });

  async function batchLine(page: Page): Promise<{ what: string; eta: string }> {
    const text = await page.getByTestId('batch-progress').innerText();
    const [what, eta] = text.split(' · ');
    return { what: what as string, eta: eta as string };
  }

  const browser = useBrowser();

  for (const lang of ['en', 'fr'] as const) {
    // Longer than the project's minute: the provider is slowed on purpose so the stages can be watched.
    test(`${lang}: each card's stage and time left, the batch's "1 of 2", on a desktop then a phone`, {
      timeout: 120_000,
    }, async () => {
      const w = WORDS[lang];
      // An account of its own (two photos, the face model's time): what another test left pending never
      // shows here.
      const user = await creator({ ltd: 5 }, lang);
      await recentTasksTook(5, 40, 5);
      // Created onto a queue no worker reads: both wait, queued, until a message is sent on below.
      const parked = await h.sqs.newQueue({});
      const { task_ids } = await h.create(user.userId, styleIds, { queue: parked });
      const gallery = `${lang === 'fr' ? '/fr' : ''}/app/gallery`;

      const desktop = await browser.newPage(DESKTOP);
      await openSignedIn(desktop, user.token, gallery);
      await poll(() => desktop.getByTestId('task-stage').count()).toBe(2);
      for (const i of [0, 1]) {
        const card = await stageOf(desktop, i);
        expect(card).toMatchObject({ stage: 'queued', name: w.queued });
        expect(card.eta).toMatch(w.about);
      }
      expect((await batchLine(desktop)).what).toBe(w.queued);
      expect((await batchLine(desktop)).eta).toMatch(w.about);

      // The first one starts on the worker; the provider holds its answer (18 s at most, within the harness's
      // 20 s provider timeout) until the screens below have been seen during it.
      h.provider.script({ kind: 'ok', delayMs: 18_000 });
      await h.send(encodeTaskMessage({ taskId: task_ids[0] as string, userId: user.userId }));
      await expect
        .poll(
          async () =>
            (await callRoute('userTasks', { token: user.token })).body.tasks.find((t) => t.id === task_ids[0])
              ?.stage,
          { timeout: 20_000 },
        )
        .toBe('generating');
      await desktop.getByRole('button', { name: w.refresh }).click();
      // Cards are newest first: a batch reads in the order its styles were picked.
      await poll(() => stageOf(desktop, 0).then((s) => s.stage)).toBe('generating');
      expect((await stageOf(desktop, 0)).name).toBe(w.generating);
      expect((await stageOf(desktop, 0)).eta).toMatch(w.eta);
      expect((await stageOf(desktop, 1)).stage).toBe('queued');
      expect((await batchLine(desktop)).what).toBe(w.batchGenerating);
      // Three steps on a card: the first done, the second under way.
      const steps = desktop.getByTestId('task-card').first().locator('.stage-track__step');
      expect(await steps.evaluateAll((s) => s.map((e) => e.className.split('--')[1]))).toEqual([
        'done',
        'current',
        'next',
      ]);
      // The percent moves with the estimate during the provider's one long step (not stuck at 25).
      const percent = desktop.getByTestId('task-card').first().getByTestId('progress-percent');
      const first = Number.parseInt(await percent.innerText(), 10);
      await expect
        .poll(async () => Number.parseInt(await percent.innerText(), 10), { timeout: 8000 })
        .toBeGreaterThan(first);

      // The same, on a phone, opened while the first one is still being made.
      const phone = await browser.newPage(PHONE);
      await openSignedIn(phone, user.token, gallery);
      await poll(() => phone.getByTestId('task-stage').count()).toBe(2);
      expect(['generating', 'finishing']).toContain((await stageOf(phone, 0)).stage);
      expect((await stageOf(phone, 1)).name).toBe(w.queued);
      expect(await phone.getByTestId('batch-progress').isVisible()).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // The first one's answer comes; the second one goes too; once both are done, no stage and no estimate
      // are left on screen.
      h.provider.release();
      await h.send(encodeTaskMessage({ taskId: task_ids[1] as string, userId: user.userId }));
      await waitForTasks(user.token, task_ids, 60_000);
      await phone.getByRole('button', { name: w.refresh }).click();
      await poll(() => phone.getByTestId('task-stage').count()).toBe(0);
      expect(await phone.getByTestId('batch-progress').count()).toBe(0);
      expect(
        await phone
          .getByTestId('task-card')
          .evaluateAll((c) => c.slice(0, 2).map((e) => e.getAttribute('data-status'))),
      ).toEqual(['DONE', 'DONE']);
    });
  }
});
