// Likeness on My Avatars (docs/faces.md, "The guarantee"), in English and French: each finished avatar's score
// ("Likeness 87%" / "Ressemblance 87 %") with its explanation, a card refunded by the guarantee withheld (only
// the server's blurred copy: no modal, download or star) with "Keep it anyway" and Try again (a confirmation
// with the style's cost), a card charged under the threshold saying why, the sort by best likeness, and the
// modal's score. The screenshots, Escape on the dialogs, the phone layout and the real worker's score are
// tests/browser/gallery-journey.test.ts's.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import { apiStub, ok } from './support/api-stub.ts';
import { aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const MARCH_14 = Date.UTC(2026, 2, 14, 12) / 1000;

const COPY = {
  en: {
    path: '',
    likeness: (n: number) => `Likeness ${n}%`,
    noFace: 'Likeness: no face found',
    hint: /How closely the face in this avatar matches the face in your reference photos/,
    refunded: 'Refunded: it did not look enough like you',
    keep: 'Keep it anyway',
    dailyLimit: /^Not refunded: the likeness guarantee refunds at most 10 avatars a day/,
    again: 'Try again',
    cost: (n: number) => `It costs ${n === 1 ? '1 token' : `${n} tokens`}.`,
    sort: 'Sort',
    best: 'Best likeness',
    bestHeading: 'Best likeness first',
  },
  fr: {
    path: '/fr',
    likeness: (n: number) => `Ressemblance ${n} %`,
    noFace: 'Ressemblance : aucun visage détecté',
    hint: /À quel point le visage de cet avatar correspond à celui de vos photos de référence/,
    refunded: 'Remboursé : il ne vous ressemblait pas assez',
    keep: 'Le garder quand même',
    dailyLimit: /^Non remboursé : la garantie de ressemblance rembourse au plus 10 avatars par jour/,
    again: 'Réessayer',
    cost: (n: number) => `Il coûte ${n === 1 ? '1 jeton' : `${n} jetons`}.`,
    sort: 'Trier',
    best: 'Meilleure ressemblance',
    bestHeading: "Meilleure ressemblance d'abord",
  },
} as const;

/** The catalogue's styles; Neon Cyberpunk's price is what Try again states. */
const STYLES = [
  aStyle(1, { name: 'Studio Headshot' }),
  aStyle(2, { name: 'Outdoor Portrait' }),
  aStyle(3, { name: 'Creative Professional' }),
  aStyle(5, { name: 'Medical Professional' }),
  aStyle(23, { name: 'Neon Cyberpunk', token_cost: 2 }),
];
const NEON_COST = 2;

const styleFile = (name: string) => `${name.toLowerCase().replace(/ /g, '-')}.webp`;

/** A finished avatar with its likeness (undefined: not measured; null: no face found; under 50: refunded). */
function done(
  id: string,
  at: number,
  style: [number, string],
  likeness: number | null | undefined,
): AvatarTask {
  const refunded = likeness !== undefined && (likeness === null || likeness < 50);
  const { thumbnail_url, image_url, ...rest } = aTask(id, {
    created_at: at,
    updated_at: at,
    style_id: style[0],
    style_name: style[1],
    result_path: `results/${id}_1.jpg`,
    render_kind: 'ai',
    token_cost: 1,
    ...(likeness === undefined ? {} : { likeness, likeness_refunded: refunded, withheld: refunded }),
  });
  // A refunded avatar is withheld: the server's blurred copy only.
  return refunded
    ? { ...rest, preview_url: `http://files.test/withheld-preview/${styleFile(style[1])}` }
    : { ...rest, thumbnail_url, image_url };
}

const TASKS: AvatarTask[] = [
  done('newest', MARCH_14, [2, 'Outdoor Portrait'], 72),
  done('stranger', MARCH_14 - 60, [23, 'Neon Cyberpunk'], 31),
  done('best', MARCH_14 - 120, [1, 'Studio Headshot'], 94),
  done('faceless', MARCH_14 - 180, [5, 'Medical Professional'], null),
  {
    ...done('charged', MARCH_14 - 200, [2, 'Outdoor Portrait'], 22),
    likeness_refunded: false,
    withheld: false,
    likeness_not_refunded: 'daily-limit',
  },
  done('unmeasured', MARCH_14 - 240, [3, 'Creative Professional'], undefined),
];

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const cards = () => screen.getAllByTestId('task-card');
const likenesses = () =>
  cards().map((c) => {
    const score = within(c).queryByTestId('likeness');
    return score && plain(score.textContent);
  });

beforeEach(() => {
  clearImageCaches();
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: STYLES }));
  apiStub.on('userTasks', ok('userTasks', { tasks: TASKS, next_cursor: null }));
  apiStub.on(
    'resultData',
    ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
  );
  apiStub.on(
    'keepTask',
    ok('keepTask', { success: true, task_id: 'stranger', tokens_spent: 1, tokens_left: 4 }),
  );
});

for (const lang of ['en', 'fr'] as const) {
  const copy = COPY[lang];
  describe(`likeness on the gallery (${lang})`, { timeout: 20_000 }, () => {
    test("each card's likeness, the refunded card and its way back to the style, sorted by best likeness", async () => {
      // Not in StrictMode: its second run of the dialog's effect closes the modal (components/avatar-modal.tsx).
      const { user } = await renderApp(`${copy.path}/app/gallery`, { as: aUser(), strict: false });
      await waitFor(() => expect(cards()).toHaveLength(6));

      expect(likenesses()).toEqual([
        copy.likeness(72),
        copy.likeness(31),
        copy.likeness(94),
        copy.noFace,
        copy.likeness(22),
        null,
      ]);
      // The explanation, as the score's tooltip.
      expect(screen.getAllByTestId('likeness')[0]?.getAttribute('title')).toMatch(copy.hint);
      // Refunded by the guarantee: withheld. The card says so and shows the server's blurred copy only: no
      // modal, no download, no star; "Keep it anyway" and the style again are offered.
      const stranger = cards()[1] as HTMLElement;
      const refund = within(stranger).getByTestId('likeness-refund');
      expect(plain(refund.querySelector('p')?.textContent)).toBe(copy.refunded);
      const pictures = stranger.querySelectorAll('img');
      expect(pictures).toHaveLength(1);
      expect(pictures[0]?.getAttribute('src')).toMatch(/\/withheld-preview\//);
      expect(stranger.querySelector('.task-card__open')).toBeNull();
      expect(within(stranger).queryByTestId('card-download')).toBeNull();
      expect(within(stranger).queryByTestId('favourite')).toBeNull();
      expect(screen.getAllByTestId('card-download')).toHaveLength(4);
      const keep = within(stranger).getByTestId('keep-anyway');
      expect(plain(keep.textContent)).toBe(copy.keep);
      expect(screen.getAllByTestId('likeness-refund')).toHaveLength(2);
      // Charged under the threshold: the card says why.
      expect(plain(screen.getByTestId('likeness-not-refunded').textContent)).toMatch(copy.dailyLimit);
      // (Offered once the styles are read: the confirmation states the style's current price.)
      await within(refund).findByRole('button', { name: copy.again });

      // "Keep it anyway", confirmed, asks the server once.
      await user.click(keep);
      await user.click(within(stranger).getByTestId('keep-anyway-confirm'));
      await waitFor(() => expect(apiStub.calls('keepTask')).toHaveLength(1));
      expect(apiStub.calls('keepTask')[0]?.method).toBe('POST');
      expect(apiStub.calls('keepTask')[0]?.params).toEqual({ taskId: 'stranger' });

      // Best likeness first: scored ones high to low, then no face, then unmeasured.
      await user.selectOptions(screen.getByLabelText(copy.sort), copy.best);
      await screen.findByRole('heading', { name: copy.bestHeading, level: 2 });
      expect(likenesses()).toEqual([
        copy.likeness(94),
        copy.likeness(72),
        copy.likeness(31),
        copy.likeness(22),
        copy.noFace,
        null,
      ]);

      // The modal shows the score and its explanation in words.
      await user.click(cards()[0]?.querySelector('.task-card__open') as HTMLElement);
      const modal = await screen.findByTestId('avatar-modal');
      expect(plain(within(modal).getByTestId('likeness').textContent)).toBe(copy.likeness(94));
      expect(modal.textContent).toMatch(copy.hint);
      // Closed by its button (Escape is the browser's own dialog behaviour: Chromium's to check).
      await user.click(within(modal).getAllByRole('button')[0] as HTMLElement);
      await waitFor(() => expect(screen.queryByTestId('avatar-modal')).toBeNull());

      // "Try again" on the refunded card asks first, stating what the style costs now.
      const again = within(within(cards()[2] as HTMLElement).getByTestId('likeness-refund')).getByRole(
        'button',
        { name: copy.again },
      );
      await user.click(again);
      const dialog = await screen.findByTestId('try-again-dialog');
      expect(plain(within(dialog).getByTestId('try-again-cost').textContent)).toBe(copy.cost(NEON_COST));
    });
  });
}
