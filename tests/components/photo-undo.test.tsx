// Deleting a photo offers Undo for a few seconds (web/src/features/photos/use-photo-deletes.ts): the photo
// leaves the screen and the count at once, the server is told only when the window is over, Undo sends
// nothing, and an upload started in the window sends the delete first. English and French. A tab closed in
// the window (the delete sent on the way out) is Chromium's to check (tests/browser/photo-undo.test.ts).
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { UNDO_WINDOW_MS } from '../../web/src/features/photos/use-photo-deletes.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, photoList } from './support/fixtures.ts';
import { aUser, type Rendered, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const WORDS = {
  en: {
    prefix: '',
    deleteButton: (name: string) => `Delete ${name}`,
    deleted: (name: string) => `Photo "${name}" has been deleted.`,
    undo: 'Undo',
    count: '1 of 2 photos needed to create avatars',
  },
  fr: {
    prefix: '/fr',
    deleteButton: (name: string) => `Supprimer ${name}`,
    deleted: (name: string) => `La photo « ${name} » a été supprimée.`,
    undo: 'Annuler',
    count: '1 sur 2 photos nécessaires pour créer des avatars',
  },
} as const;

const PHOTOS = [aPhoto(1, { original_name: 'garden.jpg' }), aPhoto(2, { original_name: 'studio.jpg' })];

beforeEach(() => {
  // Real time goes on (the screens' own waits), and the test can jump over the undo window.
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openPhotos(prefix: string): Promise<Rendered> {
  apiStub.on('listPhotos', ok('listPhotos', photoList(PHOTOS)));
  apiStub.on('deletePhoto', ok('deletePhoto', { success: true }));
  const page = await renderApp(`${prefix}/app/upload`, { as: aUser() });
  await screen.findAllByTestId('photo-card');
  return page;
}

for (const lang of ['en', 'fr'] as const) {
  const w = WORDS[lang];
  describe(`deleting a photo, with Undo (${lang})`, () => {
    test('it leaves at once, with its message; Undo brings it back and nothing is sent', async () => {
      const { user } = await openPhotos(w.prefix);
      await user.click(screen.getByRole('button', { name: w.deleteButton('garden.jpg') }));
      const bar = screen.getByTestId('undo-delete');
      expect(plain(bar.querySelector('.undo-delete__text')?.textContent)).toBe(w.deleted('garden.jpg'));
      expect(screen.getAllByTestId('photo-card')).toHaveLength(1);
      expect(plain(document.querySelector('.photo-count__status')?.textContent)).toBe(w.count);
      await user.click(screen.getByRole('button', { name: w.undo }));
      expect(screen.getAllByTestId('photo-card')).toHaveLength(2);
      expect(screen.queryByTestId('undo-delete')).toBeNull();
      await act(async () => vi.advanceTimersByTime(UNDO_WINDOW_MS + 1000));
      expect(apiStub.calls('deletePhoto')).toEqual([]);
    });

    test('the window over, the delete is sent', async () => {
      const { user } = await openPhotos(w.prefix);
      await user.click(screen.getByRole('button', { name: w.deleteButton('garden.jpg') }));
      await act(async () => vi.advanceTimersByTime(UNDO_WINDOW_MS - 1000));
      expect(apiStub.calls('deletePhoto')).toEqual([]);
      await act(async () => vi.advanceTimersByTime(2000));
      await waitFor(() =>
        expect(apiStub.calls('deletePhoto').map((r) => r.params)).toEqual([{ filename: 'photo-1.jpg' }]),
      );
      expect(screen.getAllByTestId('photo-card')).toHaveLength(1);
    });

    test('an upload in the window sends the delete first', async () => {
      apiStub.on('photoUploadTargets', fail(500, 'SERVER_ERROR', 'Server error'));
      const { user } = await openPhotos(w.prefix);
      await user.click(screen.getByRole('button', { name: w.deleteButton('studio.jpg') }));
      await user.upload(
        screen.getByTestId('photo-input'),
        new File([new Uint8Array([0xff, 0xd8, 0xff])], 'new.jpg', { type: 'image/jpeg' }),
      );
      await waitFor(() => expect(apiStub.calls('photoUploadTargets')).toHaveLength(1));
      expect(apiStub.calls('deletePhoto', 'photoUploadTargets').map((r) => r.id)).toEqual([
        'deletePhoto',
        'photoUploadTargets',
      ]);
    });
  });
}
