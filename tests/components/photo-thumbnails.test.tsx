// Manage Photos: each photo's thumbnail has its own loading and its own error
// (web/src/features/photos/components/photo-thumbnail.tsx). The short-lived URL comes first; when the browser
// cannot load it (expired, blocked), the image is read once as base64 (GET /photos/data/{filename}); when that
// fails too, the card says so, with the server's message (or the screen's own) as the tooltip. The browser's
// part (an <img> whose URL fails fires "error") is the browser's; what the screen does next is seen here.
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, photoList } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const COPY = {
  en: {
    prefix: '',
    failed: 'Failed to load image',
    dataFailed: 'Failed to load image data',
    dataError: 'Error loading image data',
    loading: 'Loading',
    // An English page may show the server's English words; a French page its own (web/src/lib/api-messages.ts).
    serverError: 'Server error',
  },
  fr: {
    prefix: '/fr',
    failed: "Impossible de charger l'image",
    dataFailed: "Impossible de charger les données de l'image",
    dataError: "Erreur lors du chargement de l'image",
    loading: 'Chargement',
    serverError: "Impossible de charger les données de l'image",
  },
} as const;

/** A JPEG's first bytes, as the server sends them: enough for a data URL. */
const BASE64 = '/9j/4AAQSkZJRg==';

const cardOf = (filename: string): HTMLElement => {
  const card = screen.getAllByTestId('photo-card').find((c) => c.getAttribute('data-filename') === filename);
  if (!card) throw new Error(`no card for ${filename}`);
  return card;
};
const imageOf = (filename: string) => cardOf(filename).querySelector('img');
const errorOf = (filename: string) => within(cardOf(filename)).queryByTestId('photo-error');

async function openWithPhotos(prefix: string) {
  apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1), aPhoto(2), aPhoto(3)])));
  const rendered = await renderApp(`${prefix}/app/upload`, { as: aUser() });
  await screen.findAllByTestId('photo-card');
  return rendered;
}

for (const lang of ['en', 'fr'] as const) {
  const c = COPY[lang];
  describe(`Photo thumbnails (${lang})`, () => {
    test('each thumbnail loads on its own: a spinner until its image has loaded, then the image alone', async () => {
      await openWithPhotos(c.prefix);
      expect(imageOf('photo-1.jpg')?.getAttribute('src')).toBe('http://files.test/thumbs/photo-1.jpg');
      expect(within(cardOf('photo-1.jpg')).getByRole('status').textContent).toContain(c.loading);
      fireEvent.load(imageOf('photo-1.jpg') as HTMLImageElement);
      expect(within(cardOf('photo-1.jpg')).queryByRole('status')).toBeNull();
      // The others still wait for theirs.
      expect(within(cardOf('photo-2.jpg')).getByRole('status')).toBeTruthy();
      expect(apiStub.calls('photoData')).toEqual([]);
    });

    test('a URL that fails: the image is read once as base64; when that fails too, its own error and the server’s message', async () => {
      apiStub.on('photoData', (req) =>
        req.params.filename === 'photo-2.jpg'
          ? fail(500, 'SERVER_ERROR', 'Server error')
          : ok('photoData', { success: true, data: BASE64, content_type: 'image/jpeg' }),
      );
      await openWithPhotos(c.prefix);
      fireEvent.error(imageOf('photo-1.jpg') as HTMLImageElement);
      fireEvent.error(imageOf('photo-2.jpg') as HTMLImageElement);

      // The first comes back as a data URL and loads; the second says it failed, with the server's message.
      await expect
        .poll(() => imageOf('photo-1.jpg')?.getAttribute('src'))
        .toBe(`data:image/jpeg;base64,${BASE64}`);
      fireEvent.load(imageOf('photo-1.jpg') as HTMLImageElement);
      const error = await within(cardOf('photo-2.jpg')).findByTestId('photo-error');
      expect(imageOf('photo-2.jpg')).toBeNull();
      expect(error.textContent).toContain(c.failed);
      expect(within(error).getByRole('tooltip', { hidden: true }).textContent).toBe(c.serverError);
      // The tooltip describes the error's button, for a screen reader too.
      const tooltip = within(error).getByRole('tooltip', { hidden: true });
      expect(within(error).getByRole('button').getAttribute('aria-describedby')).toBe(tooltip.id);
      // One read per failed image; the untouched third one is not read.
      expect(apiStub.calls('photoData').map((r) => r.params.filename)).toEqual([
        'photo-1.jpg',
        'photo-2.jpg',
      ]);
      expect(errorOf('photo-1.jpg')).toBeNull();
      expect(errorOf('photo-3.jpg')).toBeNull();
      expect(imageOf('photo-3.jpg')?.getAttribute('src')).toBe('http://files.test/thumbs/photo-3.jpg');
    });

    test('base64 that does not load either: the error without a second read', async () => {
      apiStub.on('photoData', ok('photoData', { success: true, data: BASE64, content_type: 'image/jpeg' }));
      await openWithPhotos(c.prefix);
      fireEvent.error(imageOf('photo-3.jpg') as HTMLImageElement);
      await expect.poll(() => imageOf('photo-3.jpg')?.getAttribute('src')).toMatch(/^data:image\/jpeg/);
      fireEvent.error(imageOf('photo-3.jpg') as HTMLImageElement);
      const error = await within(cardOf('photo-3.jpg')).findByTestId('photo-error');
      expect(within(error).getByRole('tooltip', { hidden: true }).textContent).toBe(c.dataError);
      expect(apiStub.calls('photoData')).toHaveLength(1);
    });

    test('no answer at all to the read: the screen’s own words as the tooltip', async () => {
      apiStub.on('photoData', () => {
        throw new TypeError('Failed to fetch');
      });
      await openWithPhotos(c.prefix);
      fireEvent.error(imageOf('photo-1.jpg') as HTMLImageElement);
      const error = await within(cardOf('photo-1.jpg')).findByTestId('photo-error');
      expect(within(error).getByRole('tooltip', { hidden: true }).textContent).toBe(c.dataFailed);
    });
  });
}
