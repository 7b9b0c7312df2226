// An edited avatar that fits its card and its panel (docs/product.md, "Editing a finished avatar"): many
// versions fold into "+n" instead of a row of pills wider than the card, in English and French. The words
// are written out here, not read from the locales.
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AvatarTask } from '../../shared/api-schemas.ts';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import { apiStub, ok } from './support/api-stub.ts';
import { aStyle, aTask } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => clearImageCaches());

/** The original and `edits` versions of it, each an edit of the one before, newest first as listed. */
function avatarWithEdits(edits: number): AvatarTask[] {
  const versions = [aTask('a1', { edit_count: edits })];
  for (let n = 2; n <= edits + 1; n++)
    versions.push(
      aTask(`a1-v${n}`, {
        version: n,
        edit_of: n === 2 ? 'a1' : `a1-v${n - 1}`,
        root_id: 'a1',
        edit: { kind: 'retouch', level: 'light' },
        created_at: (versions[0]?.created_at ?? 0) + n,
      }),
    );
  return versions.reverse();
}

async function openGallery(prefix: '' | '/fr', tasks: AvatarTask[]) {
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [aStyle(1)] }));
  apiStub.on('userTasks', ok('userTasks', { tasks, next_cursor: null }));
  const page = await renderApp(`${prefix}/app/gallery`, { as: aUser(), strict: false });
  const [card] = await screen.findAllByTestId('task-card');
  return { ...page, card: within(card as HTMLElement) };
}

const pills = (card: ReturnType<typeof within>) =>
  Array.from(card.getByTestId('versions').querySelectorAll('button'), (b) => plain(b.textContent));

describe('version pills on a card', () => {
  for (const [prefix, more] of [
    ['', 'Show 4 more versions'],
    ['/fr', 'Afficher 4 autres versions'],
  ] as const) {
    test(`eight versions: v1, "+4" and the newest three; "+4" unfolds them all (${prefix || 'en'})`, async () => {
      const { card, user } = await openGallery(prefix, avatarWithEdits(7));
      expect(pills(card)).toEqual(['v1', '+4', 'v6', 'v7', 'v8']);
      const fold = card.getByTestId('versions-more');
      expect(fold.getAttribute('aria-label')).toBe(more);
      await user.click(fold);
      expect(pills(card)).toEqual(['v1', 'v2', 'v3', 'v4', 'v5', 'v6', 'v7', 'v8']);
      expect(
        card
          .getAllByTestId('version')
          .find((v) => v.dataset.version === '8')
          ?.getAttribute('aria-pressed'),
      ).toBe('true');
    });
  }

  test('the version shown stays in view among the folded ones (the large view)', async () => {
    const { card, user } = await openGallery('', avatarWithEdits(7));
    await user.click(card.getByTestId('versions-more'));
    await user.click(card.getAllByTestId('version').find((v) => v.dataset.version === '3') as HTMLElement);
    await user.click(card.getByRole('button', { name: /^Open/ }));
    const modal = within(await screen.findByTestId('avatar-modal'));
    expect(pills(modal)).toEqual(['v1', '+3', 'v3', 'v6', 'v7', 'v8']);
    expect(
      modal
        .getAllByTestId('version')
        .find((v) => v.dataset.version === '3')
        ?.getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
