// Manage Photos (docs/product.md, "Photo manager"): each photo card's name, size and quality hints (every
// hint's text), the count against the 2 photos needed, the consent messages, and the failure messages of the
// list and of a delete, in English and French. Uploading real files through the face check is the
// integration and Chromium tests' (tests/browser/photos-journey.test.ts).
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { PhotoList } from '#shared/api-schemas.ts';
import { QUALITY_HINTS, type QualityHint } from '#shared/photo-rules.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, photoList } from './support/fixtures.ts';
import { aUser, type Rendered, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const COPY = {
  en: {
    prefix: '',
    title: 'Manage Photos · Aivatar',
    heading: 'Manage Photos',
    hints: {
      small: 'Low resolution: use a larger copy of this photo',
      blurry: 'Looks blurry',
      dark: 'Too dark',
      bright: 'Too bright',
      'face-small': 'Face too small: move closer or crop around your face',
      'face-blurry': 'Face looks blurry: use a sharper photo of your face',
      'someone-else': 'This photo may show someone else',
      'turned-upright': 'We turned this photo upright',
    } satisfies Record<QualityHint, string>,
    sizes: ['244.1 KB', '244.1 KB', '250.0 KB'],
    empty: "You haven't uploaded any photos yet.",
    progress: '0 of 2 photos needed to create avatars',
    ready: '3 photos: enough to create avatars',
    listFailed: 'Failed to load your photos. Please try again later.',
    refresh: 'Refresh',
    delete: (name: string) => `Delete ${name}`,
    deleteNow: (name: string) => `Delete ${name} now`,
    deleteFailed: 'Failed to delete the photo. Please try again.',
    consent: {
      neither:
        'Please accept both the data processing consent and the image rights confirmation before uploading photos.',
      processing: 'Please accept the data processing consent before uploading photos.',
      rights: 'Please confirm you have the rights to use these images before uploading photos.',
    },
  },
  fr: {
    prefix: '/fr',
    title: 'Mes photos · Aivatar',
    heading: 'Mes photos',
    hints: {
      small: 'Basse résolution\u00a0: utilisez une version plus grande de cette photo',
      blurry: 'Semble floue',
      dark: 'Trop sombre',
      bright: 'Trop claire',
      'face-small': 'Visage trop petit : rapprochez-vous ou recadrez autour de votre visage',
      'face-blurry': 'Visage flou : utilisez une photo plus nette de votre visage',
      'someone-else': "Cette photo montre peut-être quelqu'un d'autre",
      'turned-upright': 'Nous avons redressé cette photo',
    } satisfies Record<QualityHint, string>,
    sizes: ['244,1 Ko', '244,1 Ko', '250,0 Ko'],
    empty: "Vous n'avez encore importé aucune photo.",
    progress: '0 sur 2 photos nécessaires pour créer des avatars',
    ready: '3 photos : assez pour créer des avatars',
    listFailed: 'Impossible de charger vos photos. Veuillez réessayer plus tard.',
    refresh: 'Actualiser',
    delete: (name: string) => `Supprimer ${name}`,
    deleteNow: (name: string) => `Supprimer ${name} maintenant`,
    deleteFailed: 'La suppression de la photo a échoué. Veuillez réessayer.',
    consent: {
      neither:
        "Veuillez accepter le consentement au traitement des données et confirmer vos droits sur les images avant d'importer des photos.",
      processing: "Veuillez accepter le consentement au traitement des données avant d'importer des photos.",
      rights: "Veuillez confirmer que vous avez le droit d'utiliser ces images avant d'importer des photos.",
    },
  },
} as const;

const LONG_NAME = 'IMG_20240612_181233_portrait_mode.jpg';
// Every hint on one photo or another; a photo without any shows none.
const PHOTOS = [
  aPhoto(1, { original_name: LONG_NAME, hints: ['turned-upright', 'small', 'blurry', 'dark'] }),
  aPhoto(2, {
    original_name: 'beach-selfie.jpg',
    hints: ['bright', 'face-small', 'face-blurry', 'someone-else'],
  }),
  aPhoto(3, { original_name: 'studio.png', hints: [], size: 256_000 }),
];

async function openPhotos(prefix: string, list: PhotoList = photoList(PHOTOS)): Promise<Rendered> {
  apiStub.on('listPhotos', ok('listPhotos', list));
  return renderApp(`${prefix}/app/upload`, { as: aUser() });
}

const cardOf = (name: string) =>
  screen
    .getAllByTestId('photo-card')
    .find(
      (c) => c.querySelector('[data-testid="photo-name"]')?.getAttribute('title') === name,
    ) as HTMLElement;
const hintsOf = (name: string) =>
  Array.from(cardOf(name).querySelectorAll('.photo-hint'), (h) => plain(h.textContent));

for (const lang of ['en', 'fr'] as const) {
  const c = COPY[lang];
  describe(`Manage Photos (${lang})`, () => {
    test("each card: its name (long ones cut), its size, each quality hint's text", async () => {
      await openPhotos(c.prefix);
      await screen.findAllByTestId('photo-card');
      expect(document.title).toBe(c.title);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(c.heading);
      expect(screen.getAllByTestId('photo-name').map((n) => n.textContent)).toEqual([
        'IMG_20240612_181233_po...',
        'beach-selfie.jpg',
        'studio.png',
      ]);
      // KB with one decimal (a round one too), in the page's way of writing numbers.
      expect(screen.getAllByTestId('photo-size').map((s) => plain(s.textContent))).toEqual(c.sizes);
      expect(hintsOf(LONG_NAME)).toEqual(
        ['turned-upright', 'small', 'blurry', 'dark'].map((h) => plain(c.hints[h as QualityHint])),
      );
      expect(hintsOf('beach-selfie.jpg')).toEqual(
        ['bright', 'face-small', 'face-blurry', 'someone-else'].map((h) => plain(c.hints[h as QualityHint])),
      );
      expect(hintsOf('studio.png')).toEqual([]);
      // What the check did (the photo turned upright) is information, not a warning.
      const [turned, small] = cardOf(LONG_NAME).querySelectorAll('.photo-hint');
      expect([turned?.className, small?.className]).toEqual(['photo-hint photo-hint--info', 'photo-hint']);
      // Every hint the server may send has its words here.
      expect(Object.keys(c.hints).sort()).toEqual([...QUALITY_HINTS].sort());
      expect(plain(screen.getByTestId('photo-count').textContent)).toContain(c.ready);
    });

    test('no photos: the empty state and the count of photos needed', async () => {
      await openPhotos(c.prefix, photoList([]));
      await screen.findByText(c.empty);
      expect(plain(screen.getByTestId('photo-count').textContent)).toContain(c.progress);
    });

    test('the list could not be read: its message, then Refresh reads it again', async () => {
      apiStub.on('listPhotos', fail(503, 'SERVICE_UNAVAILABLE', 'Try later'));
      const { user } = await renderApp(`${c.prefix}/app/upload`, { as: aUser() });
      // A 5xx read is tried once more after a second (lib/server-state.tsx), then said.
      await screen.findByText(c.listFailed, undefined, { timeout: 3000 });
      apiStub.on('listPhotos', ok('listPhotos', photoList([])));
      await user.click(screen.getByRole('button', { name: c.refresh }));
      await screen.findByText(c.empty);
    });

    test('a delete the server refuses: the photo comes back, with the message', async () => {
      apiStub.on('deletePhoto', fail(500, 'SERVER_ERROR', 'Server error'));
      const { user } = await openPhotos(c.prefix);
      await screen.findAllByTestId('photo-card');
      await user.click(screen.getByRole('button', { name: c.delete('studio.png') }));
      expect(screen.getAllByTestId('photo-card')).toHaveLength(2);
      // Sent now rather than at the end of the undo window.
      await user.click(screen.getByRole('button', { name: c.deleteNow('studio.png') }));
      await screen.findByText(c.deleteFailed);
      expect(screen.getAllByTestId('photo-card')).toHaveLength(3);
      expect(apiStub.calls('deletePhoto').map((r) => r.params)).toEqual([{ filename: 'photo-3.jpg' }]);
    });

    test('photos chosen before both consents wait, with the message for whichever box is missing', async () => {
      const none = photoList([]);
      none.consent = { processing: false, rights: false, version: null, updated_at: null };
      apiStub.on('photoConsent', (req) => {
        const { processing, rights } = req.body as { processing: boolean; rights: boolean };
        return ok('photoConsent', {
          success: true,
          consent: { processing, rights, version: '2026-11-22', updated_at: 1_790_000_000 },
        });
      });
      const { user } = await openPhotos(c.prefix, none);
      const input = await screen.findByTestId<HTMLInputElement>('photo-input');
      expect(input.accept).toBe('image/jpeg,image/png,image/webp');
      expect(input.multiple).toBe(true);
      await user.upload(
        input,
        new File([new Uint8Array([0xff, 0xd8, 0xff])], 'me.jpg', { type: 'image/jpeg' }),
      );
      expect(plain(screen.getByTestId('consent-message').textContent)).toBe(c.consent.neither);
      await user.click(screen.getByTestId('consent-processing'));
      expect(plain((await screen.findByTestId('consent-message')).textContent)).toBe(c.consent.rights);
      await user.click(screen.getByTestId('consent-processing'));
      await user.click(screen.getByTestId('consent-rights'));
      expect(plain((await screen.findByTestId('consent-message')).textContent)).toBe(c.consent.processing);
      expect(apiStub.calls('photoUploadTargets')).toEqual([]);
      expect(within(document.body).queryAllByTestId('photo-card')).toEqual([]);
    });
  });
}
