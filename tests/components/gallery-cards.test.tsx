// My Avatars' cards (docs/product.md, "Gallery screen"): the days with their long dates, newest first, each
// card's 'Style: name' (or 'Style {id}'), its badge, the preview render's label, a picture that cannot load
// (its URL, then the base64 route once, then 'Unable to load image'), the 'Generated Avatar' modal, the empty
// state and the list's failure, in English and French. Polling and paging are gallery-polling.test.tsx's,
// downloads gallery-downloads.test.tsx's.
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { anUnfinishedTask, aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

// Noon UTC, so the day is the same in any time zone within ±11 h.
const MARCH_14 = Date.UTC(2026, 2, 14, 12) / 1000;
const MARCH_12 = Date.UTC(2026, 2, 12, 12) / 1000;

const TASKS: AvatarTask[] = [
  aTask('older', { created_at: MARCH_12, style_id: 2, style_name: 'Outdoor Portrait', render_kind: 'ai' }),
  anUnfinishedTask('todo', { status: 'TODO', created_at: MARCH_14 - 30, style_id: 14, style_name: 'Knight' }),
  anUnfinishedTask('running', {
    status: 'IN_PROGRESS',
    progress: 45,
    created_at: MARCH_14,
    style_id: 1,
    style_name: 'Studio Headshot',
  }),
  anUnfinishedTask('no-progress', {
    status: 'IN_PROGRESS',
    created_at: MARCH_14 - 10,
    style_id: 3,
    style_name: 'Creative Professional',
  }),
  anUnfinishedTask('failed', { status: 'ERROR', created_at: MARCH_14 - 40, style_id: 999 }),
  aTask('preview', {
    created_at: MARCH_14 - 50,
    style_id: 23,
    style_name: 'Neon Cyberpunk',
    result_path: 'results/neon_1763900000.png',
    render_kind: 'preview-render',
  }),
  aTask('broken', {
    created_at: MARCH_14 - 60,
    style_id: 5,
    style_name: 'Medical',
    result_path: 'results/broken_1.png',
    render_kind: 'ai',
  }),
];

function serve(tasks: AvatarTask[]): void {
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [aStyle(1), aStyle(2)] }));
  apiStub.on('userTasks', ok('userTasks', { tasks }));
}

// Each picture's tries are counted per page load (api/image-cache.ts): each test is a new load.
beforeEach(() => clearImageCaches());

const cardsOf = (group: HTMLElement) => within(group).getAllByTestId('task-card');

describe('My Avatars (en)', () => {
  test('days with long dates, newest first; labels, badges, the preview label, downloads on finished cards', async () => {
    serve(TASKS);
    apiStub.on('resultData', fail(500, 'INTERNAL', 'Storage unavailable'));
    await renderApp('/app/gallery', { as: aUser() });
    const groups = await screen.findAllByTestId('day-group');
    expect(document.title).toBe('My Avatars · Aivatar');
    expect(groups.map((g) => g.querySelector('h2')?.textContent)).toEqual([
      'Saturday, 14 March 2026',
      'Thursday, 12 March 2026',
    ]);
    const today = cardsOf(groups[0] as HTMLElement);
    expect(today.map((c) => c.dataset.status)).toEqual([
      'IN_PROGRESS',
      'IN_PROGRESS',
      'TODO',
      'ERROR',
      'DONE',
      'DONE',
    ]);
    expect(today.map((c) => within(c).getByTestId('task-style').textContent)).toEqual([
      'Style: Studio Headshot',
      'Style: Creative Professional',
      'Style: Knight',
      'Style 999',
      'Style: Neon Cyberpunk',
      'Style: Medical',
    ]);
    const badge = (i: number) => within(today[i] as HTMLElement).queryByTestId('status-badge');
    expect(plain(badge(0)?.textContent)).toBe('45%');
    expect(plain(badge(1)?.textContent)).toBe('0%');
    expect(plain(badge(2)?.textContent)).toBe('Pending');
    expect(plain(badge(3)?.textContent)).toBe('Error');
    expect(badge(4)).toBeNull();
    expect(plain(screen.getByTestId('pending-note').textContent)).toBe(
      '3 avatars are being created. This page updates by itself.',
    );
    expect(plain(within(today[4] as HTMLElement).getByTestId('preview-render').textContent)).toBe(
      'Preview render',
    );
    expect(within(groups[1] as HTMLElement).queryByTestId('preview-render')).toBeNull();
    expect(within(groups[0] as HTMLElement).getAllByTestId('card-download')).toHaveLength(2);
  });

  test("a picture that does not load: the base64 route once, then 'Unable to load image'; Refresh tries again", async () => {
    serve(TASKS);
    apiStub.on('resultData', fail(500, 'INTERNAL', 'Storage unavailable'));
    // Not in StrictMode: a card's first state takes the picture's first try (components/task-image.tsx), and
    // StrictMode's second call of it in development takes the second, so the URL would never be tried.
    const { user } = await renderApp('/app/gallery', { as: aUser(), strict: false });
    await screen.findAllByTestId('day-group');
    // Looked up each time: Refresh draws the days anew.
    const broken = () => cardsOf(screen.getAllByTestId('day-group')[0] as HTMLElement)[5] as HTMLElement;
    const brokenReads = () => apiStub.calls('resultData').filter((r) => r.params.filename === 'broken_1.png');
    // Its URL fails to load: the base64 route is asked once, and fails.
    await act(async () => fireEvent.error(broken().querySelector('img') as HTMLImageElement));
    await within(broken()).findByText('Unable to load image');
    expect(brokenReads()).toHaveLength(1);
    // Refresh clears the caches: the picture gets its tries again.
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(broken().querySelector('img')).not.toBeNull());
    await act(async () => fireEvent.error(broken().querySelector('img') as HTMLImageElement));
    await within(broken()).findByText('Unable to load image');
    expect(brokenReads()).toHaveLength(2);
  });

  test("the 'Generated Avatar' modal: the style, when, the preview label, the star, Edit, Download and its presets", async () => {
    serve(TASKS);
    apiStub.on(
      'resultData',
      ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
    );
    // Not in StrictMode: its second run of the dialog's effect closes it (close() fires onClose), which the
    // production build never does (components/avatar-modal.tsx).
    const { user } = await renderApp('/app/gallery', { as: aUser(), strict: false });
    await user.click(await screen.findByRole('button', { name: 'Open Style: Neon Cyberpunk' }));
    const modal = await screen.findByRole('dialog', { name: 'Generated Avatar' });
    expect(modal.textContent).toContain('Style: Neon Cyberpunk');
    expect(plain(modal.querySelector('time')?.textContent)).toMatch(/^14 March 2026 · \d{2}:\d{2}$/);
    expect(within(modal).getAllByTestId('preview-render')).toHaveLength(1);
    expect(
      within(modal)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '',
      'Favourite',
      'Edit',
      'Download',
      '400 × 400 for LinkedIn',
      '1080\u00a0×\u00a01080 profile picture',
      '600\u00a0×\u00a0600 ID badge',
      '4K (upscaled)',
    ]);
    // Closed by its button (Escape is the browser's own dialog behaviour: Chromium's to check).
    await user.click(within(modal).getAllByRole('button')[0] as HTMLElement);
    await waitFor(() => expect(screen.queryByTestId('avatar-modal')).toBeNull());
  });
});

for (const [lang, c] of [
  [
    'en',
    {
      path: '/app/gallery',
      empty: "You haven't created any avatars yet.",
      hint: 'Go to "Create Avatar" to generate one!',
      link: 'Create Avatar',
      failed: 'Unable to load your avatars. Please try again later.',
      retry: 'Try again',
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
      retry: 'Réessayer',
    },
  ],
] as const) {
  describe(`My Avatars (${lang}): nothing to show`, () => {
    test("the empty state, and the list's failure message with Try again", async () => {
      apiStub.on('listStyles', ok('listStyles', { success: true, styles: [] }));
      apiStub.on('userTasks', fail(403, 'FORBIDDEN', 'No'));
      const { user } = await renderApp(c.path, { as: aUser() });
      await screen.findByText(c.failed);
      apiStub.on('userTasks', ok('userTasks', { tasks: [] }));
      await user.click(screen.getByRole('button', { name: c.retry }));
      const empty = await screen.findByTestId('gallery-empty');
      expect(plain(within(empty).getByText(c.empty).textContent)).toBe(plain(c.empty));
      expect(
        within(empty).getByText((_, el) => plain(el?.textContent) === plain(c.hint) && el?.tagName === 'P'),
      ).toBeTruthy();
      expect(within(empty).getByRole('link', { name: c.link }).getAttribute('href')).toBe(
        lang === 'fr' ? '/fr/app/create' : '/app/create',
      );
      expect(screen.queryByText(c.failed)).toBeNull();
    });
  });
}
