// An edited avatar that fits its card and its panel (docs/product.md, "Editing a finished avatar"): many
// versions fold into "+n" instead of a row of pills wider than the card, and "Fix one region" on a 4:1
// banner opens zoomed on its face rather than as a strip too thin to brush, in English and French. The
// words are written out here, not read from the locales.
import { inflateSync } from 'node:zlib';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
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
  const [card] = await screen.findAllByTestId('task-card', {}, { timeout: 15_000 });
  return { ...page, card: within(card as HTMLElement) };
}

const pills = (card: ReturnType<typeof within>) =>
  Array.from(card.getByTestId('versions').querySelectorAll('button'), (b: HTMLButtonElement) =>
    plain(b.textContent),
  );

// A screen's first render takes seconds beside the other test files on two shared cores.
describe('version pills on a card', { timeout: 20_000 }, () => {
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

/** The mask's pixel (8-bit greyscale PNG, as the panel writes it). */
function maskPixel(dataUrl: string, x: number, y: number): number {
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  const width = png.readUInt32BE(16);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const len = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + len));
    at += 12 + len;
  }
  return inflateSync(Buffer.concat(idat))[y * (width + 1) + 1 + x] as number;
}

describe('Fix one region on a 4:1 banner', { timeout: 20_000 }, () => {
  // A 2048 x 512 banner whose face is at 70-75 % of its width: unzoomed, a 302 px panel shows it 76 px high.
  const banner = aTask('a1', {
    width: 2048,
    height: 512,
    face_box: { x: 0.7, y: 0.25, width: 0.05, height: 0.5 },
  });

  for (const [prefix, words] of [
    ['', { zoom: 'Zoom ×3', pan: 'Move along the picture', prompt: 'a red scarf' }],
    ['/fr', { zoom: 'Zoom ×3', pan: 'Se déplacer dans l’image', prompt: 'une écharpe rouge' }],
  ] as const) {
    test(`opens zoomed ×3 on the face, the whole height in view; a tap there brushes the face (${prefix || 'en'})`, async () => {
      apiStub.on('editTask', () => ({ status: 202, body: { task_id: 'a1-v2', version: 2, tokens_left: 1 } }));
      apiStub.on(
        'resultData',
        ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
      );
      const { card, user } = await openGallery(prefix, [banner]);
      await user.click(card.getByTestId('card-edit'));
      const panel = within(await screen.findByTestId('edit-panel'));
      await user.click(panel.getByTestId('edit-tab-region'));

      const zooms = panel.getAllByTestId('brush-zoom');
      expect(zooms.map((z) => plain(z.textContent))).toEqual(['1×', '2×', '3×', '4×']);
      expect(zooms.find((z) => z.getAttribute('aria-pressed') === 'true')?.getAttribute('aria-label')).toBe(
        words.zoom,
      );
      expect(panel.getByLabelText(words.pan)).toBeTruthy();
      // ×1 is the whole banner in the panel's width (no slider); back to ×3, opened on the face again.
      await user.click(zooms[0] as HTMLElement);
      expect(panel.getByTestId('brush-area').style.width).toBe('');
      expect(panel.queryByTestId('brush-pan')).toBeNull();
      await user.click(zooms[2] as HTMLElement);
      // The window: a third of the width, the whole height (682.67 x 512 avatar pixels).
      expect(panel.getByTestId('brush-window').style.aspectRatio).toMatch(/^682\.66\d* \/ 512$/);
      const area = panel.getByTestId('brush-area');
      expect(area.style.width).toBe('300%');
      // Laid out as these styles say in a 302 px panel: the window's middle is the face's middle.
      const shown = 302 * (Number.parseFloat(area.style.width) / 100);
      const shift = Number.parseFloat(/translateX\((-?[\d.]+)%\)/.exec(area.style.transform)?.[1] ?? '0');
      const left = 10 + (shift / 100) * shown;
      const canvas = panel.getByTestId('brush-canvas');
      canvas.getBoundingClientRect = () =>
        ({ left, top: 20, width: shown, height: shown / 4, x: left, y: 20 }) as DOMRect;
      const tap = {
        pointerId: 1,
        pointerType: 'touch',
        button: 0,
        clientX: 10 + 151,
        clientY: 20 + shown / 8,
      };
      fireEvent.pointerDown(canvas, tap);
      fireEvent.pointerUp(canvas, tap);
      fireEvent.change(panel.getByTestId('region-prompt'), { target: { value: words.prompt } });
      await user.click(panel.getByTestId('edit-send'));
      await waitFor(() => expect(apiStub.calls('editTask')).toHaveLength(1));
      const mask = (apiStub.calls('editTask')[0]?.body as { mask?: string } | undefined)?.mask ?? '';
      // The face's middle (0.725 x 2048, 0.5 x 512) is brushed; the picture's left end is not.
      expect(maskPixel(mask, 1485, 256)).toBe(255);
      expect(maskPixel(mask, 200, 256)).toBe(0);
    });
  }
});
