// Refunds on My Avatars (docs/faces.md, "The guarantee"; docs/product.md, step 5): the navbar's balance once
// the worker gave tokens back, Try again on a refunded edit (the edit again, at an edit's price), "Keep it
// anyway" and its confirmation, and a likeness with no face found, in English and French. The words are written out here, not read from the locales.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import { queryClient } from '../../web/src/lib/server-state.tsx';
import { apiStub, ok } from './support/api-stub.ts';
import { anUnfinishedTask, aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const STYLE = aStyle(1, {
  name: 'Office Headshot',
  token_cost: 3,
  translations: { fr: { name: 'Portrait au bureau', description: 'Au bureau' } },
});

/** Being made: no result yet (the progress aTask gives, 100). */
const making = (id: string): AvatarTask =>
  anUnfinishedTask(id, { status: 'IN_PROGRESS', progress: 100, token_cost: 3 });

/** Made, but the likeness guarantee gave its tokens back: withheld, only a blurred copy. */
const withheld = (id: string, over: Partial<AvatarTask> = {}): AvatarTask => {
  const {
    thumbnail_url: _t,
    image_url: _i,
    ...rest
  } = aTask(id, {
    token_cost: 3,
    likeness: 41,
    likeness_refunded: true,
    withheld: true,
    preview_url: `http://files.test/results/${id}-blur.webp`,
    ...over,
  });
  return rest;
};

let tasks: AvatarTask[] = [];
let balance = 2;

beforeEach(() => {
  clearImageCaches();
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [STYLE] }));
  apiStub.on('userTasks', () => ok('userTasks', { tasks: [...tasks], next_cursor: null }));
});

async function openGallery(prefix: '' | '/fr', shown: AvatarTask[], tokens = 2) {
  tasks = shown;
  balance = tokens;
  const page = await renderApp(`${prefix}/app/gallery`, { as: aUser({ tokens_ltd: tokens }), strict: false });
  // The account as the server has it at each read (the worker's refunds change it).
  apiStub.on('userInfo', () => ok('userInfo', aUser({ tokens_ltd: balance })));
  await screen.findAllByTestId('task-card', {}, { timeout: 15_000 });
  return page;
}

/** The gallery's poll (every 15 s while a task is being made) reads the list again. */
const poll = () => act(() => queryClient.refetchQueries({ queryKey: ['userTasks'] }));
const navbarBalance = () => plain(screen.getByTestId('token-balance').textContent);

// A screen's first render takes seconds beside the other test files on two shared cores.
describe('the navbar balance after a refund', { timeout: 20_000 }, () => {
  test('a task being made that comes back refunded reads the balance again, once', async () => {
    // An avatar refunded before the page was opened: the balance read with the page has its tokens.
    await openGallery('', [making('t1'), withheld('old', { created_at: 1_789_000_000 })]);
    await waitFor(() => expect(navbarBalance()).toBe('2 tokens'));
    const reads = apiStub.calls('userInfo').length;

    // The worker refunded it (the likeness guarantee): 3 tokens back.
    tasks = [withheld('t1'), ...tasks.slice(1)];
    balance = 5;
    await poll();
    await waitFor(() => expect(navbarBalance()).toBe('5 tokens'));
    expect(apiStub.calls('userInfo')).toHaveLength(reads + 1);

    // Read again with nothing new: the balance is not asked again.
    await poll();
    expect(apiStub.calls('userInfo')).toHaveLength(reads + 1);
  });

  test('a failure refunded, in French: the balance follows', async () => {
    await openGallery('/fr', [making('t2')]);
    await waitFor(() => expect(navbarBalance()).toBe('2 jetons'));
    const { result_path: _r, ...failed } = making('t2');
    tasks = [{ ...failed, status: 'ERROR', result_path: null, refunded: true, error: 'failed' }];
    balance = 5;
    await poll();
    await waitFor(() => expect(navbarBalance()).toBe('5 jetons'));
  });
});

describe('Try again on a refunded edit', { timeout: 20_000 }, () => {
  // Version 2 of an avatar (a 3-token style), made by a plain backdrop edit (1 token) and refunded.
  const original = aTask('v1', { token_cost: 3, edit_count: 1 });
  const edited = withheld('v2', {
    token_cost: 1,
    version: 2,
    edit_of: 'v1',
    root_id: 'v1',
    edit: { kind: 'backdrop', backdrop: 'plain-colour', colour: '#2b5c8a' },
    created_at: original.created_at + 60,
  });
  const COPY = {
    en: {
      prefix: '' as const,
      text: 'The same edit again, of the same version: a new version of this avatar.',
      edit: 'Plain backdrop #2b5c8a',
      cost: 'It costs 1 token.',
      confirm: 'Try again for 1 token',
      started: 'Version 3 is being made. It will appear in your gallery in about 30 seconds.',
    },
    fr: {
      prefix: '/fr' as const,
      text: 'La même modification, à nouveau, de la même version\u00a0: une nouvelle version de cet avatar.',
      edit: 'Arrière-plan uni #2b5c8a',
      cost: 'Il coûte 1 jeton.',
      confirm: 'Réessayer pour 1 jeton',
      started: 'La modification est relancée.',
    },
  };

  for (const lang of ['en', 'fr'] as const) {
    test(`offers the edit again at an edit's price, not a new avatar at the style's (${lang})`, async () => {
      const words = COPY[lang];
      apiStub.on(
        'tryTaskAgain',
        ok('tryTaskAgain', {
          msg: COPY.en.started,
          batch_id: 'b3',
          task_ids: ['v3'],
          tokens_spent: 1,
          tokens_left: 1,
        }),
      );
      const { user } = await openGallery(words.prefix, [edited, original]);
      const refund = screen.getByTestId('likeness-refund');
      await user.click(within(refund).getByTestId('try-again'));
      const dialog = await screen.findByTestId('try-again-dialog');
      expect(dialog.textContent).toContain(words.text);
      expect(plain(within(dialog).getByTestId('try-again-edit').textContent)).toBe(words.edit);
      expect(plain(within(dialog).getByTestId('try-again-cost').textContent)).toBe(words.cost);
      const confirm = within(dialog).getByTestId('try-again-confirm');
      expect(plain(confirm.textContent)).toBe(words.confirm);
      await user.click(confirm);
      await waitFor(() => expect(apiStub.calls('tryTaskAgain')).toHaveLength(1));
      const [call] = apiStub.calls('tryTaskAgain');
      expect(call?.params).toEqual({ taskId: 'v2' });
      expect(call?.body).toEqual({ expected_cost: 1 });
      await screen.findByText(lang === 'en' ? words.started : COPY.fr.started);
    });
  }
});

describe('"Keep it anyway" asks first', { timeout: 20_000 }, () => {
  const COPY = {
    en: {
      prefix: '' as const,
      keep: 'Keep it anyway',
      ask: 'Keep it for 3 tokens? They are taken from your balance again, then the avatar is yours to download.',
      confirm: 'Keep for 3 tokens',
      cancel: 'Cancel',
    },
    fr: {
      prefix: '/fr' as const,
      keep: 'Le garder quand même',
      ask: 'Le garder pour 3 jetons\u00a0? Ces jetons sont repris sur votre solde, puis vous pouvez le télécharger.',
      confirm: 'Garder pour 3 jetons',
      cancel: 'Annuler',
    },
  };

  for (const lang of ['en', 'fr'] as const) {
    test(`the cost is stated and nothing is taken until confirmed; Cancel takes nothing (${lang})`, async () => {
      const words = COPY[lang];
      apiStub.on(
        'keepTask',
        ok('keepTask', { success: true, task_id: 'w1', tokens_spent: 3, tokens_left: 2 }),
      );
      const { user } = await openGallery(words.prefix, [withheld('w1')], 5);
      const refund = within(screen.getByTestId('likeness-refund'));
      // Its label is short enough for one line: the cost is the confirmation's.
      expect(plain(refund.getByTestId('keep-anyway').textContent)).toBe(words.keep);

      await user.click(refund.getByTestId('keep-anyway'));
      const ask = within(refund.getByTestId('keep-confirm'));
      expect(refund.getByTestId('keep-confirm').querySelector('p')?.textContent).toBe(words.ask);
      expect(refund.getByRole('group', { name: words.ask })).toBeTruthy();
      expect(apiStub.calls('keepTask')).toHaveLength(0);
      await user.click(ask.getByRole('button', { name: words.cancel }));
      expect(refund.queryByTestId('keep-confirm')).toBeNull();
      expect(apiStub.calls('keepTask')).toHaveLength(0);

      await user.click(refund.getByTestId('keep-anyway'));
      const confirm = refund.getByTestId('keep-anyway-confirm');
      expect(plain(confirm.textContent)).toBe(words.confirm);
      await user.click(confirm);
      await waitFor(() => expect(apiStub.calls('keepTask')).toHaveLength(1));
      expect(apiStub.calls('keepTask')[0]?.params).toEqual({ taskId: 'w1' });
    });
  }
});

describe('a likeness with no face found', { timeout: 20_000 }, () => {
  test('is said in the warning colour, a score in the usual one (en, fr)', async () => {
    const css = readFileSync(join(import.meta.dirname, '../../web/src/features/gallery/gallery.css'), 'utf8');
    expect(css).toMatch(/\.task-card__likeness\.likeness--no-face[^{]*\{\s*color: var\(--amber-700\);/);
    apiStub.on(
      'resultData',
      ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
    );
    for (const [prefix, noFace, score] of [
      ['', 'Likeness: no face found', 'Likeness 88%'],
      ['/fr', 'Ressemblance : aucun visage détecté', 'Ressemblance 88 %'],
    ] as const) {
      const page = await openGallery(prefix, [
        aTask('faceless', { likeness: null }),
        aTask('scored', { likeness: 88, created_at: 1_789_000_000 }),
      ]);
      const [faceless, scored] = screen.getAllByTestId('likeness');
      expect(plain(faceless?.textContent)).toBe(noFace);
      expect(faceless?.classList.contains('likeness--no-face')).toBe(true);
      expect(plain(scored?.textContent)).toBe(score);
      expect(scored?.classList.contains('likeness--no-face')).toBe(false);
      page.unmount();
      queryClient.clear();
    }
  });
});
