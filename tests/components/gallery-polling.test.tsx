// My Avatars reads its list again every 15 s while a task is pending (web/src/features/gallery/api/tasks.ts),
// and not once none is, nor while the tab is hidden; older avatars come page by page, each task once, and
// the poll reads every page shown again, in English and French. The poll's clock is the test's (only the
// intervals are faked: the screens' own waits run as usual).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import { apiStub, ok } from './support/api-stub.ts';
import { anUnfinishedTask, aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

// Noon UTC, so the day is the same in any time zone within ±11 h.
const MARCH_14 = Date.UTC(2026, 2, 14, 12) / 1000;
const MARCH_12 = Date.UTC(2026, 2, 12, 12) / 1000;

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** Moves the poll's clock on by `ms`, and lets the reads it started land. */
const runFor = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

// Not in StrictMode: its second run of the effects in development reads the list twice on arrival, which the
// production build never does, and the reads are what these tests count.
const openGallery = (path: string) => renderApp(path, { as: aUser(), strict: false });

const taskReads = () => apiStub.calls('userTasks');
const badge = () => plain(screen.queryByTestId('status-badge')?.textContent);
const cards = () => document.querySelectorAll('[data-status]');

beforeEach(() => {
  clearImageCaches();
  // The poll's interval (TanStack Query's refetchInterval), and the gallery's once-a-second clock.
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [aStyle(1)] }));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the gallery polls while a task is pending', { timeout: 20_000 }, () => {
  test('every 15 s while a task is pending, and not once none is', async () => {
    let progress = 30;
    let done = false;
    apiStub.on('userTasks', () =>
      ok('userTasks', {
        tasks: [
          done
            ? aTask('one', { created_at: MARCH_14 - 5, style_name: 'Studio Headshot' })
            : anUnfinishedTask('one', {
                status: 'IN_PROGRESS',
                progress,
                created_at: MARCH_14 - 5,
                style_name: 'Studio Headshot',
              }),
        ],
      }),
    );
    await openGallery('/app/gallery');
    await waitFor(() => expect(badge()).toBe('30%'));
    expect(taskReads()).toHaveLength(1);
    await runFor(14_000);
    expect(taskReads()).toHaveLength(1);
    progress = 80;
    await runFor(1_500);
    await waitFor(() => expect(badge()).toBe('80%'));
    expect(taskReads()).toHaveLength(2);
    done = true;
    await runFor(15_000);
    await waitFor(() => expect(screen.queryByTestId('status-badge')).toBeNull());
    expect(taskReads()).toHaveLength(3);
    // Nothing pending: no more reloads.
    await runFor(120_000);
    expect(taskReads()).toHaveLength(3);
    expect(screen.queryByTestId('pending-note')).toBeNull();
  });

  test('polling pauses while the tab is hidden, and goes on once it is shown again', async () => {
    apiStub.on('userTasks', () =>
      ok('userTasks', {
        tasks: [anUnfinishedTask('one', { status: 'IN_PROGRESS', progress: 30, created_at: MARCH_14 - 5 })],
      }),
    );
    await openGallery('/app/gallery');
    await waitFor(() => expect(badge()).toBe('30%'));
    expect(taskReads()).toHaveLength(1);
    const setHidden = (hidden: boolean) => {
      Object.defineProperty(document, 'visibilityState', {
        value: hidden ? 'hidden' : 'visible',
        configurable: true,
      });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      setHidden(true);
      await runFor(120_000);
      expect(taskReads()).toHaveLength(1);
      setHidden(false);
      await runFor(15_500);
      await waitFor(() => expect(taskReads()).toHaveLength(2));
    } finally {
      // The document's own again, for the next tests of this worker.
      delete (document as { visibilityState?: unknown }).visibilityState;
    }
  });
});

for (const [lang, path, more] of [
  ['en', '/app/gallery', 'Show older avatars'],
  ['fr', '/fr/app/gallery', 'Afficher les avatars plus anciens'],
] as const) {
  describe(`older avatars (${lang})`, { timeout: 20_000 }, () => {
    test('page by page, once each, and the poll goes on over every page shown', async () => {
      const done = (id: string, at: number): AvatarTask =>
        aTask(id, { created_at: at, style_name: 'Knight' });
      let progress = 20;
      apiStub.on('userTasks', (req) => {
        const cursor = req.query.get('cursor');
        if (cursor === 'p2') return ok('userTasks', { tasks: [done('mid', MARCH_12)], next_cursor: 'p3' });
        if (cursor === 'p3')
          return ok('userTasks', { tasks: [done('old', MARCH_12 - 86400)], next_cursor: null });
        return ok('userTasks', {
          tasks: [
            anUnfinishedTask('new', { status: 'IN_PROGRESS', progress, created_at: MARCH_14 - 5 }),
            done('mid', MARCH_12),
          ],
          next_cursor: 'p2',
        });
      });
      const cursors = () => taskReads().map((r) => r.query.get('cursor'));
      const { user } = await openGallery(path);
      await waitFor(() => expect(badge()).toBe('20%'));
      expect(cards()).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: more }));
      // 'mid' came again on the second page: it shows once.
      await waitFor(() => expect(cursors()).toEqual([null, 'p2']));
      expect(cards()).toHaveLength(2);
      await user.click(screen.getByRole('button', { name: more }));
      await waitFor(() => expect(cards()).toHaveLength(3));
      await waitFor(() => expect(screen.queryByRole('button', { name: more })).toBeNull());
      // The poll reads the pages on screen again, newest first, and the pending one moves on.
      progress = 70;
      await runFor(15_500);
      await waitFor(() => expect(badge()).toBe('70%'));
      await waitFor(() => expect(cursors().slice(3)).toEqual([null, 'p2', 'p3']));
      expect(cards()).toHaveLength(3);
    });
  });
}
