// A download on My Avatars (web/src/features/gallery/api/download.ts): the diagnostic call first, then the
// base64 route, then the file route if that fails; the file named after the stored name before its first
// underscore, a preset's after the style (avatar-knight-linkedin.jpg); a failure of both routes in a toast.
// The file the app saves is the one a browser downloads: its anchor's `download` name. Real downloads
// against the real API (a card's, "Download all", the per-user limit) are tests/browser/gallery-journey.test.ts's.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The files the app saved, by name, in order (lib/save-file.ts: a blob's anchor, clicked). */
let saved: string[] = [];

beforeEach(() => {
  clearImageCaches();
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (this.href.startsWith('blob:')) saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The calls a download makes, as `diagnose`, `data:<preset>` and `file:<preset>`. */
const order = () =>
  apiStub
    .calls('diagnoseDirectories', 'resultData', 'resultFile')
    .map((c) =>
      c.id === 'diagnoseDirectories'
        ? 'diagnose'
        : `${c.id === 'resultData' ? 'data' : 'file'}:${c.query.get('preset')}`,
    );

describe('downloads', { timeout: 20_000 }, () => {
  test('diagnose first, the base64 route, then the file route; the name before the underscore', async () => {
    const { download_name: _d, ...task } = aTask('a', {
      style_name: 'Knight',
      result_path: 'results/knight_1763900000.png',
    });
    apiStub.on('listStyles', ok('listStyles', { success: true, styles: [aStyle(1)] }));
    apiStub.on('userTasks', ok('userTasks', { tasks: [task] }));
    apiStub.on('diagnoseDirectories', ok('diagnoseDirectories', { success: true }));
    apiStub.on('resultData', (req) =>
      // The 4K preset's base64 answer fails: the file route is the fallback.
      req.query.get('preset') === '4k'
        ? fail(500, 'INTERNAL', 'Too big')
        : ok('resultData', { success: true, data: PNG.toString('base64'), content_type: 'image/png' }),
    );
    apiStub.on('resultFile', { status: 200, body: PNG, headers: { 'content-type': 'image/png' } });
    // Not in StrictMode: its second run of the dialog's effect closes the modal (components/avatar-modal.tsx).
    const { user } = await renderApp('/app/gallery', { as: aUser(), strict: false });
    expect(apiStub.calls('resultData')).toEqual([]);

    await user.click(await screen.findByTestId('card-download'));
    await waitFor(() => expect(saved).toEqual(['knight.png']));
    expect(order()).toEqual(['diagnose', 'data:original']);

    // The card's menu has the presets too.
    await user.click(screen.getByRole('button', { name: 'Download options' }));
    await user.click(document.querySelector('[data-preset="linkedin"]') as HTMLElement);
    await waitFor(() => expect(saved).toEqual(['knight.png', 'avatar-knight-linkedin.jpg']));
    await user.click(screen.getByRole('button', { name: 'Open Style: Knight' }));
    const modal = await screen.findByRole('dialog', { name: 'Generated Avatar' });
    await user.click(within(modal).getByRole('button', { name: '4K (upscaled)' }));
    await waitFor(() =>
      expect(saved).toEqual(['knight.png', 'avatar-knight-linkedin.jpg', 'avatar-knight-4k.jpg']),
    );
    expect(order()).toEqual([
      'diagnose',
      'data:original',
      'diagnose',
      'data:linkedin',
      'diagnose',
      'data:4k',
      'file:4k',
    ]);

    // Both routes failing: the product's toast.
    apiStub.on('resultFile', fail(500, 'INTERNAL', 'x'));
    await user.click(within(modal).getByRole('button', { name: '4K (upscaled)' }));
    const toast = await screen.findByText(
      'An error occurred while downloading the image. Check console for details.',
    );
    expect(toast.closest('[data-testid="toast"]')).not.toBeNull();
    expect(saved).toHaveLength(3);
  });
});
