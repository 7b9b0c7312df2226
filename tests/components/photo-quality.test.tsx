// The quality score on the screens (docs/faces.md, "Quality score"): Manage Photos shows the set's score as a
// meter with the one thing that would raise it most, and each card its score and instructions; the Create
// screen shows the same meter and, under 60, what the user risks while Create Avatars still works. English
// and French, every reason code with its words; the set's tip as one sentence (no capital after its colon).
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { PhotoList } from '#shared/api-schemas.ts';
import {
  QUALITY_REASONS,
  type QualityReason,
  SET_QUALITY_REASONS,
  type SetQualityReason,
} from '#shared/photo-rules.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, aStyle, photoList } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const COPY = {
  en: {
    prefix: '',
    title: 'Quality of your photo set',
    good: 'Good set: your avatars have what they need.',
    risk: 'Under 60, your avatars may not look much like you. You can still create them, but better photos give better likeness.',
    photo: (score: number) => `Quality ${score}/100`,
    create: 'Create Avatars',
    // The meter's whole tip for each set reason.
    tip: {
      'someone-else': 'To raise it most: remove photos of anyone else',
      'more-photos': 'To raise it most: add more photos, up to 5',
      'better-photos': 'To raise it most: replace your lowest-scoring photos',
      'more-angles': 'To raise it most: add photos with your head turned a little left and right',
      'more-expressions':
        'To raise it most: add photos with other expressions, such as a smile or a neutral face',
      'more-lighting':
        'To raise it most: add photos in other light, such as by a window, indoors or outdoors',
    } satisfies Record<SetQualityReason, string>,
    reasons: {
      'face-small': 'Move closer',
      'face-blurry': 'Hold still, or use a sharper photo',
      'face-dark': 'Face a window or a lamp',
      'face-bright': 'Move out of direct sunlight',
      backlit: 'Face the window, not away from it',
      'head-turned': 'Look towards the camera: a slight turn is fine',
      'head-tilted': 'Keep your head level',
      'eyes-closed': 'Keep your eyes open',
      'dark-glasses': 'Take off sunglasses',
      'face-cut': 'Keep your whole face in the frame',
    } satisfies Record<QualityReason, string>,
  },
  fr: {
    prefix: '/fr',
    title: 'Qualité de vos photos',
    good: "Bonne série : vos avatars ont ce qu'il leur faut.",
    risk: 'Sous 60, vos avatars risquent de peu vous ressembler. Vous pouvez quand même les créer, mais de meilleures photos donnent plus de ressemblance.',
    photo: (score: number) => `Qualité ${score}/100`,
    create: 'Créer les avatars',
    // The meter's whole tip for each set reason.
    tip: {
      'someone-else': "Pour l'améliorer le plus : retirez les photos d'autres personnes",
      'more-photos': "Pour l'améliorer le plus : ajoutez des photos, jusqu'à 5",
      'better-photos': "Pour l'améliorer le plus : remplacez vos photos les moins bien notées",
      'more-angles':
        "Pour l'améliorer le plus : ajoutez des photos la tête un peu tournée à gauche et à droite",
      'more-expressions':
        "Pour l'améliorer le plus : ajoutez des photos avec d'autres expressions, comme un sourire ou un visage neutre",
      'more-lighting':
        "Pour l'améliorer le plus : ajoutez des photos sous d'autres lumières, comme près d'une fenêtre, à l'intérieur ou dehors",
    } satisfies Record<SetQualityReason, string>,
    reasons: {
      'face-small': 'Rapprochez-vous',
      'face-blurry': 'Ne bougez pas, ou utilisez une photo plus nette',
      'face-dark': 'Tournez-vous vers une fenêtre ou une lampe',
      'face-bright': 'Évitez le plein soleil',
      backlit: 'Mettez-vous face à la fenêtre, pas dos à elle',
      'head-turned': "Regardez vers l'objectif : une légère rotation convient",
      'head-tilted': 'Gardez la tête droite',
      'eyes-closed': 'Gardez les yeux ouverts',
      'dark-glasses': 'Enlevez vos lunettes de soleil',
      'face-cut': 'Gardez tout votre visage dans le cadre',
    } satisfies Record<QualityReason, string>,
  },
} as const;

const half = Math.ceil(QUALITY_REASONS.length / 2);
// Every reason on one card or the other; the small face's also a hint on its card, so said once.
const PHOTOS = [
  aPhoto(1, {
    original_name: 'dim.jpg',
    hints: ['face-small'],
    quality: { score: 41, reasons: [...QUALITY_REASONS.slice(0, half)] },
  }),
  aPhoto(2, {
    original_name: 'turned.jpg',
    quality: { score: 55, reasons: [...QUALITY_REASONS.slice(half)] },
  }),
  aPhoto(3, { original_name: 'good.jpg', quality: { score: 96, reasons: [] } }),
];

const list = (score: number, reasons: SetQualityReason[]): PhotoList => ({
  ...photoList(PHOTOS),
  set_quality: { score, reasons },
});

const cardOf = (name: string) =>
  screen
    .getAllByTestId('photo-card')
    .find(
      (c) => c.querySelector('[data-testid="photo-name"]')?.getAttribute('title') === name,
    ) as HTMLElement;
const tipsOf = (name: string) =>
  Array.from(cardOf(name).querySelectorAll('[data-testid="photo-quality"] li'), (li) =>
    plain(li.textContent),
  );

for (const lang of ['en', 'fr'] as const) {
  const c = COPY[lang];
  describe(`quality score on Manage Photos (${lang})`, () => {
    test('the set’s meter with the one thing that would raise it most; each card its score and instructions', async () => {
      apiStub.on('listPhotos', ok('listPhotos', list(72, ['more-angles', 'more-lighting'])));
      await renderApp(`${c.prefix}/app/upload`, { as: aUser() });
      const meter = await screen.findByTestId('set-quality');
      expect(within(meter).getByRole('meter', { name: c.title }).getAttribute('value')).toBe('72');
      expect(plain(within(meter).getByTestId('set-quality-score').textContent)).toBe('72/100');
      expect(plain(within(meter).getByTestId('set-quality-tip').textContent)).toBe(c.tip['more-angles']);
      expect(within(meter).queryByTestId('set-quality-risk')).toBeNull();
      expect(plain(cardOf('dim.jpg').querySelector('.photo-quality__score')?.textContent)).toBe(c.photo(41));
      expect(tipsOf('dim.jpg')).toEqual(
        QUALITY_REASONS.slice(0, half)
          .filter((r) => r !== 'face-small')
          .map((r) => c.reasons[r]),
      );
      expect(tipsOf('turned.jpg')).toEqual(QUALITY_REASONS.slice(half).map((r) => c.reasons[r]));
      expect(plain(cardOf('good.jpg').querySelector('.photo-quality__score')?.textContent)).toBe(c.photo(96));
      expect(tipsOf('good.jpg')).toEqual([]);
    });

    test.each(SET_QUALITY_REASONS)(
      'the set reason %s in words, and under 60 what the user risks',
      async (reason) => {
        apiStub.on('listPhotos', ok('listPhotos', list(50, [reason])));
        await renderApp(`${c.prefix}/app/upload`, { as: aUser() });
        const meter = await screen.findByTestId('set-quality');
        expect(plain(within(meter).getByTestId('set-quality-tip').textContent)).toBe(c.tip[reason]);
        expect(plain(within(meter).getByTestId('set-quality-risk').textContent)).toBe(c.risk);
      },
    );

    test('a set with nothing to raise says it is good', async () => {
      apiStub.on('listPhotos', ok('listPhotos', list(91, [])));
      await renderApp(`${c.prefix}/app/upload`, { as: aUser() });
      expect(plain((await screen.findByTestId('set-quality-tip')).textContent)).toBe(c.good);
    });

    test('no photos: no meter', async () => {
      apiStub.on(
        'listPhotos',
        ok('listPhotos', { ...photoList([]), set_quality: { score: 0, reasons: ['more-photos'] } }),
      );
      await renderApp(`${c.prefix}/app/upload`, { as: aUser() });
      await screen.findByTestId('photo-count');
      expect(screen.queryByTestId('set-quality')).toBeNull();
    });
  });

  describe(`quality score on Create (${lang})`, () => {
    test('the meter and, under 60, what the user risks; Create Avatars still works', async () => {
      const style = aStyle(1, { token_cost: 1 });
      apiStub.on('listStyles', ok('listStyles', { success: true, styles: [style] }));
      apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
      apiStub.on('listPhotos', ok('listPhotos', list(48, ['someone-else', 'more-photos'])));
      const { user } = await renderApp(`${c.prefix}/app/create`, { as: aUser() });
      const meter = await screen.findByTestId('set-quality');
      expect(plain(within(meter).getByTestId('set-quality-score').textContent)).toBe('48/100');
      expect(plain(within(meter).getByTestId('set-quality-tip').textContent)).toBe(c.tip['someone-else']);
      expect(plain(within(meter).getByTestId('set-quality-risk').textContent)).toBe(c.risk);
      await user.click((await screen.findAllByTestId('style-card'))[0] as HTMLElement);
      const create = within(screen.getByTestId('selection-panel')).getByRole<HTMLButtonElement>('button', {
        name: c.create,
      });
      expect(create.disabled).toBe(false);
    });
  });
}
