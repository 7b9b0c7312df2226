// Issue 9, My Avatars (spec section 2 "Gallery screen", sections 4, 7 and 8): tasks grouped by day with a
// long date, the badges, 'Style: name' or 'Style {id}', at most 2 fetches per image and 'Unable to load
// image', the 'Generated Avatar' modal, the empty state, Refresh, polling only while a task is pending, and
// downloads (diagnose, then base64, then the file route). The task lists here are answered at the HTTP edge
// (page.route) because these states do not hold still on a real worker; tests/browser/avatar-journey.test.ts
// runs the same screen against the real API.
import type { Page, Route } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  createAccount,
  DESKTOP,
  describeInBrowser,
  openSignedIn,
  PHONE,
  stack,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';

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

describeInBrowser('My Avatars', () => {
  const browser = useBrowser();

  test('English: days with long dates, badges, style labels, at most 2 fetches per image, the modal', async () => {
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

    const groups = page.getByTestId('day-group');
    await groups.first().waitFor();
    expect(await groups.locator('h2').allInnerTexts()).toEqual([
      'Saturday, 14 March 2026',
      'Thursday, 12 March 2026',
    ]);
    // Newest first within the day; each card with 'Style: name', or 'Style {id}' without one.
    const today = groups.first().getByTestId('task-card');
    expect(await today.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-status')))).toEqual([
      'IN_PROGRESS',
      'IN_PROGRESS',
      'TODO',
      'ERROR',
      'DONE',
      'DONE',
    ]);
    expect(await today.getByTestId('task-style').allInnerTexts()).toEqual([
      'Style: Studio Headshot',
      'Style: Creative Professional',
      'Style: Knight',
      'Style 999',
      'Style: Neon Cyberpunk',
      'Style: Medical',
    ]);
    // Badges: the percent (0 when missing), Pending, Error; finished cards have none.
    expect(await today.nth(0).getByTestId('status-badge').innerText()).toBe('45%');
    expect(await today.nth(1).getByTestId('status-badge').innerText()).toBe('0%');
    expect(await today.nth(2).getByTestId('status-badge').innerText()).toBe('Pending');
    expect(await today.nth(3).getByTestId('status-badge').innerText()).toBe('Error');
    expect(await today.nth(4).getByTestId('status-badge').count()).toBe(0);
    expect(await page.getByTestId('pending-note').innerText()).toBe(
      '3 avatars are being created. This page updates by itself.',
    );
    // A preview render says so; an AI result does not.
    expect(await today.nth(4).getByTestId('preview-render').innerText()).toBe('Preview render');
    expect(await groups.nth(1).getByTestId('preview-render').count()).toBe(0);
    // Downloads on finished cards only.
    expect(await today.getByTestId('card-download').count()).toBe(2);

    // A broken image: its URL once, the base64 route once, then 'Unable to load image', and no more tries.
    await today.nth(5).getByText('Unable to load image', { exact: true }).waitFor();
    expect([brokenThumb(), brokenData()]).toEqual([1, 1]);
    const good = today.nth(4).locator('img');
    await expect.poll(() => good.evaluate((i) => (i as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Refresh clears the caches: the broken image gets its 2 fetches again.
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => [brokenThumb(), brokenData()]).toEqual([2, 2]);
    await today.nth(5).getByText('Unable to load image', { exact: true }).waitFor();

    // The modal: title, image, style, created time, Download and the presets; Escape closes it.
    await today.nth(4).getByRole('button', { name: 'Open Style: Neon Cyberpunk' }).click();
    const modal = page.getByRole('dialog', { name: 'Generated Avatar' });
    await modal.waitFor();
    await expect
      .poll(() =>
        modal.locator('.avatar-modal__image img').evaluate((i) => (i as HTMLImageElement).naturalWidth),
      )
      .toBeGreaterThan(0);
    expect(await modal.innerText()).toContain('Style: Neon Cyberpunk');
    expect(await modal.locator('time').innerText()).toMatch(/^14 March 2026 · \d{2}:\d{2}$/);
    expect(await modal.getByTestId('preview-render').count()).toBe(1);
    expect(await modal.getByRole('button').allInnerTexts()).toEqual([
      '',
      'Favourite',
      'Download',
      '400 × 400 for LinkedIn',
      '1080\u00a0×\u00a01080 profile picture',
      '600\u00a0×\u00a0600 ID badge',
      '4K (upscaled)',
    ]);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
  });

  test('polling: every 15 s while a task is pending, and not once none is', async () => {
    const { token } = await createAccount(uniqueEmail('polling'));
    const page = await browser.newPage(DESKTOP);
    await page.clock.install({ time: new Date(MARCH_14 * 1000) });
    let progress = 30;
    let done = false;
    const served = await serveTasks(page, () => [
      task({
        id: 'one',
        status: done ? 'DONE' : 'IN_PROGRESS',
        progress,
        created_at: MARCH_14 - 5,
        style_name: 'Studio Headshot',
        ...(done
          ? {
              result_path: 'results/one_1.png',
              thumbnail_url: `${stack().webUrl}/styles/studio-headshot.webp`,
            }
          : {}),
      }),
    ]);
    await openSignedIn(page, token, '/app/gallery');
    const badge = page.getByTestId('status-badge');
    await badge.getByText('30%').waitFor();
    expect(served.calls()).toBe(1);
    await page.clock.runFor(14_000);
    expect(served.calls()).toBe(1);
    progress = 80;
    await page.clock.runFor(1_500);
    await badge.getByText('80%').waitFor();
    expect(served.calls()).toBe(2);
    done = true;
    await page.clock.runFor(15_000);
    await badge.waitFor({ state: 'detached' });
    expect(served.calls()).toBe(3);
    // Nothing pending: no more reloads.
    await page.clock.runFor(120_000);
    expect(served.calls()).toBe(3);
    expect(await page.getByTestId('pending-note').count()).toBe(0);
  });

  test('polling pauses while the tab is hidden, and goes on once it is shown again', async () => {
    const { token } = await createAccount(uniqueEmail('polling-hidden'));
    const page = await browser.newPage(DESKTOP);
    await page.clock.install({ time: new Date(MARCH_14 * 1000) });
    const served = await serveTasks(page, () => [
      task({ id: 'one', status: 'IN_PROGRESS', progress: 30, created_at: MARCH_14 - 5 }),
    ]);
    await openSignedIn(page, token, '/app/gallery');
    await page.getByTestId('status-badge').getByText('30%').waitFor();
    expect(served.calls()).toBe(1);
    const setHidden = (hidden: boolean) =>
      page.evaluate((h) => {
        Object.defineProperty(document, 'visibilityState', {
          value: h ? 'hidden' : 'visible',
          configurable: true,
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await page.clock.runFor(120_000);
    expect(served.calls()).toBe(1);
    await setHidden(false);
    await page.clock.runFor(15_500);
    await expect.poll(() => served.calls()).toBe(2);
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

  for (const [lang, path, more] of [
    ['en', '/app/gallery', 'Show older avatars'],
    ['fr', '/fr/app/gallery', 'Afficher les avatars plus anciens'],
  ] as const) {
    test(`${lang}: older avatars page by page, once each, and the poll goes on over every page shown`, async () => {
      const { token } = await createAccount(uniqueEmail(`pages-${lang}`));
      const page = await browser.newPage(DESKTOP);
      await page.clock.install({ time: new Date(MARCH_14 * 1000) });
      const webUrl = stack().webUrl;
      const done = (id: string, at: number) =>
        task({
          id,
          status: 'DONE',
          created_at: at,
          style_name: 'Knight',
          result_path: `results/${id}_1.png`,
          thumbnail_url: `${webUrl}/styles/medieval-knight.webp`,
          image_url: `${webUrl}/styles/medieval-knight.webp`,
        });
      let progress = 20;
      const cursors: (string | null)[] = [];
      await page.route('**/aivatar/user-tasks*', (route: Route) => {
        const cursor = new URL(route.request().url()).searchParams.get('cursor');
        cursors.push(cursor);
        if (cursor === 'p2')
          return route.fulfill({ json: { tasks: [done('mid', MARCH_12)], next_cursor: 'p3' } });
        if (cursor === 'p3')
          return route.fulfill({ json: { tasks: [done('old', MARCH_12 - 86400)], next_cursor: null } });
        return route.fulfill({
          json: {
            tasks: [
              task({ id: 'new', status: 'IN_PROGRESS', progress, created_at: MARCH_14 - 5 }),
              done('mid', MARCH_12),
            ],
            next_cursor: 'p2',
          },
        });
      });
      await openSignedIn(page, token, path);
      const cards = page.locator('[data-status]');
      await page.getByTestId('status-badge').getByText('20%').waitFor();
      expect(await cards.count()).toBe(2);
      const button = page.getByRole('button', { name: more, exact: true });
      await button.click();
      // 'mid' came again on the second page: it shows once.
      await expect.poll(() => cursors).toEqual([null, 'p2']);
      expect(await cards.count()).toBe(2);
      await button.click();
      await expect.poll(() => cards.count()).toBe(3);
      await button.waitFor({ state: 'detached' });
      // The poll reads the pages on screen again, newest first, and the pending one moves on.
      progress = 70;
      await page.clock.runFor(15_500);
      await page.getByTestId('status-badge').getByText('70%').waitFor();
      await expect.poll(() => cursors.slice(3)).toEqual([null, 'p2', 'p3']);
      expect(await cards.count()).toBe(3);
    });
  }

  for (const [lang, c] of [
    [
      'en',
      {
        path: '/app/gallery',
        empty: "You haven't created any avatars yet.",
        hint: 'Go to "Create Avatar" to generate one!',
        link: 'Create Avatar',
        failed: 'Unable to load your avatars. Please try again later.',
      },
    ],
    [
      'fr',
      {
        path: '/fr/app/gallery',
        empty: "Vous n'avez encore créé aucun avatar.",
        hint: 'Allez dans « Créer un avatar » pour en générer un !',
        link: 'Créer un avatar',
        failed: 'Impossible de charger vos avatars. Veuillez réessayer plus tard.',
      },
    ],
  ] as const) {
    test(`${lang}, phone: the empty state, and the list's failure message`, async () => {
      const { token } = await createAccount(uniqueEmail(`empty-${lang}`));
      const page = await browser.newPage(PHONE);
      let fail = false;
      // The real API first (a new account has no avatars), then a failing one.
      await page.route('**/aivatar/user-tasks*', (r) =>
        fail ? r.fulfill({ status: 500, json: { msg: 'Internal error', code: 'INTERNAL' } }) : r.continue(),
      );
      await openSignedIn(page, token, c.path);
      const empty = page.getByTestId('gallery-empty');
      await empty.getByText(c.empty, { exact: true }).waitFor();
      await empty.getByText(c.hint, { exact: true }).waitFor();
      expect(await empty.getByRole('link', { name: c.link }).getAttribute('href')).toBe(
        lang === 'fr' ? '/fr/app/create' : '/app/create',
      );
      fail = true;
      await page.reload();
      await page.getByText(c.failed, { exact: true }).waitFor();
      // Retry asks again: once the list answers, the failure gives way to the list.
      fail = false;
      await page
        .getByRole('button', { name: lang === 'fr' ? 'Réessayer' : 'Try again', exact: true })
        .click();
      await empty.getByText(c.empty, { exact: true }).waitFor();
      expect(await page.getByText(c.failed, { exact: true }).count()).toBe(0);
    });
  }

  test('downloads: diagnose first, the base64 route, then the file route; the name before the underscore', async () => {
    const { token } = await createAccount(uniqueEmail('download'));
    const page = await browser.newPage(DESKTOP);
    const webUrl = stack().webUrl;
    await serveTasks(page, () => [
      task({
        id: 'a',
        status: 'DONE',
        created_at: MARCH_14,
        style_name: 'Knight',
        result_path: 'results/knight_1763900000.png',
        thumbnail_url: `${webUrl}/styles/medieval-knight.webp`,
        image_url: `${webUrl}/styles/medieval-knight.webp`,
      }),
    ]);
    const order: string[] = [];
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page.route('**/aivatar/diagnose/directories', (r) => {
      order.push('diagnose');
      return r.fulfill({ json: { success: true } });
    });
    await page.route('**/aivatar/user-file/data/results/**', (r) => {
      const preset = new URL(r.request().url()).searchParams.get('preset');
      order.push(`data:${preset}`);
      // The 4K preset's base64 answer fails: the file route is the fallback.
      if (preset === '4k') return r.fulfill({ status: 500, json: { msg: 'Too big', code: 'INTERNAL' } });
      return r.fulfill({ json: { success: true, data: png.toString('base64'), content_type: 'image/png' } });
    });
    await page.route('**/aivatar/user-file/results/**', (r) => {
      order.push(`file:${new URL(r.request().url()).searchParams.get('preset')}`);
      return r.fulfill({ body: png, contentType: 'image/png' });
    });
    await openSignedIn(page, token, '/app/gallery');
    const cardDownload = page.getByTestId('card-download');
    await cardDownload.waitFor();
    const [first] = await Promise.all([page.waitForEvent('download'), cardDownload.click()]);
    expect(first.suggestedFilename()).toBe('knight.png');
    expect(order).toEqual(['diagnose', 'data:original']);

    // The card's menu has the presets too.
    await page.getByRole('button', { name: 'Download options' }).click();
    const [linkedin] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('[data-preset="linkedin"]').click(),
    ]);
    expect(linkedin.suggestedFilename()).toBe('avatar-knight-linkedin.jpg');
    await page.getByRole('button', { name: 'Open Style: Knight' }).click();
    const modal = page.getByRole('dialog', { name: 'Generated Avatar' });
    const [upscaled] = await Promise.all([
      page.waitForEvent('download'),
      modal.getByRole('button', { name: '4K (upscaled)' }).click(),
    ]);
    expect(upscaled.suggestedFilename()).toBe('avatar-knight-4k.jpg');
    expect(order).toEqual([
      'diagnose',
      'data:original',
      'diagnose',
      'data:linkedin',
      'diagnose',
      'data:4k',
      'file:4k',
    ]);

    // Both routes failing: the spec's toast.
    await page.unroute('**/aivatar/user-file/results/**');
    await page.route('**/aivatar/user-file/results/**', (r) =>
      r.fulfill({ status: 500, json: { msg: 'x', code: 'INTERNAL' } }),
    );
    await modal.getByRole('button', { name: '4K (upscaled)' }).click();
    await page
      .getByTestId('toast')
      .getByText('An error occurred while downloading the image. Check console for details.', { exact: true })
      .waitFor();
  });
});
