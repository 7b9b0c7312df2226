// Edits of a finished avatar on the gallery (docs/product.md, "Editing a finished avatar";
// web/src/features/gallery/edits): the panel says the cost and the balance after it before anything is
// sent, a plain colour is typed as #rrggbb, the brush makes a mask of the avatar's own size (undo and eraser
// included), the region's words have a limit, the versions of one avatar share one card with a switcher, and
// refusals are said in the page's language. The words are written out here, not read from the locales.
import { inflateSync } from 'node:zlib';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import type { AvatarTask, EditTaskRequest } from '#shared/api-schemas.ts';
import { clearImageCaches } from '../../web/src/features/gallery/api/image-cache.ts';
import '../../web/src/lib/app-routes.ts';
import { LANGS } from '../browser/copy.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aStyle, aTask } from './support/fixtures.ts';
import { aUser, type Rendered, renderApp } from './support/render.tsx';

type Lang = (typeof LANGS)[number];

const COPY = {
  en: {
    prefix: '',
    edit: 'Edit',
    editCard: 'Edit: Style: Office Headshot',
    cost: 'This edit costs 1 token.',
    after: (n: string) => `Your balance after it: ${n}.`,
    tokens: (n: number) => (n === 1 ? '1 token' : `${n} tokens`),
    send: 'Edit for 1 token',
    started: 'Version 2 is being made. This page updates by itself.',
    colourError: 'Write the colour as #rrggbb, for example #2b5c8a.',
    promptLong: 'Say what to change in at most 200 characters.',
    short: 'Not enough tokens: you need 1 but only have 0 available.',
    limit: 'This avatar has had its 10 edits: create a new avatar to change it further.',
    maskEmpty: 'Nothing is brushed: brush over the region to change.',
    tabs: ['Backdrop', 'Outfit', 'Framing', 'Retouch', 'Fix one region'],
    before: 'Before this edit',
    v2line: 'Version 2 · New backdrop: Office',
    likeness: 'Likeness 88%',
  },
  fr: {
    prefix: '/fr',
    edit: 'Modifier',
    editCard: 'Modifier\u00a0: Style\u00a0: Portrait au bureau',
    cost: 'Cette modification coûte 1 jeton.',
    after: (n: string) => `Votre solde ensuite : ${n}.`,
    tokens: (n: number) => (n <= 1 ? `${n} jeton` : `${n} jetons`),
    send: 'Modifier pour 1 jeton',
    started: 'La version 2 est en cours de création. Cette page se met à jour toute seule.',
    colourError: 'Écrivez la couleur sous la forme #rrggbb, par exemple #2b5c8a.',
    promptLong: 'Dites ce qu’il faut changer en 200 caractères au plus.',
    short: "Pas assez de jetons : il vous en faut 1 mais vous n'en avez que 0 de disponibles.",
    limit: 'Cet avatar a eu ses 10 modifications : créez un nouvel avatar pour aller plus loin.',
    maskEmpty: 'Rien n’est peint : peignez la zone à changer.',
    tabs: ['Arrière-plan', 'Tenue', 'Cadrage', 'Retouche', 'Corriger une zone'],
    before: 'Avant cette modification',
    v2line: 'Version 2 · Nouvel arrière-plan : Bureau',
    likeness: 'Ressemblance 88 %',
  },
} as const;

const STYLE = aStyle(1, {
  name: 'Office Headshot',
  translations: { fr: { name: 'Portrait au bureau', description: 'Au bureau' } },
});

const PIXEL = ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' });
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

beforeEach(() => clearImageCaches());

/** The gallery with these tasks; an edit's version joins the list once the server queued it. */
async function openGallery(lang: Lang, tasks: AvatarTask[], tokens = 2): Promise<Rendered> {
  apiStub.on('resultData', PIXEL);
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [STYLE] }));
  apiStub.on('userTasks', () => ok('userTasks', { tasks: [...tasks], next_cursor: null }));
  // Not in StrictMode: its second run of the modal's effect closes the dialog, which the production build
  // never does (tests/components/gallery-cards.test.tsx says the same).
  const page = await renderApp(`${COPY[lang].prefix}/app/gallery`, {
    as: aUser({ tokens_ltd: tokens }),
    strict: false,
  });
  await screen.findAllByTestId('task-card');
  return page;
}

/** Answers an edit as the server does, and puts its version (pending) in the list. */
function acceptEdits(tasks: AvatarTask[], tokensLeft = 1) {
  apiStub.on('editTask', (req) => {
    const source = tasks.find((t) => t.id === req.params.taskId) as AvatarTask;
    const root = source.root_id ?? source.id;
    const version =
      Math.max(...tasks.filter((t) => (t.root_id ?? t.id) === root).map((t) => t.version ?? 1)) + 1;
    const id = `${root}-v${version}`;
    tasks.unshift({
      ...aTask(id, { status: 'IN_PROGRESS', progress: 40, result_path: null }),
      version,
      edit_of: source.id,
      root_id: root,
      edit: req.body as AvatarTask['edit'],
    });
    return { status: 202, body: { task_id: id, version, tokens_left: tokensLeft } };
  });
}

const sent = (): EditTaskRequest[] => apiStub.calls('editTask').map((c) => c.body as EditTaskRequest);

async function openPanel(page: Rendered, lang: Lang) {
  await page.user.click(await screen.findByRole('button', { name: COPY[lang].editCard }));
  return within(await screen.findByTestId('edit-panel'));
}

for (const lang of LANGS) {
  const c = COPY[lang];
  describe(`the edit panel (${lang})`, () => {
    test('its tabs, the cost and the balance after it, then the new version pending on the same card', async () => {
      const tasks = [aTask('a1', { likeness: 91 })];
      acceptEdits(tasks);
      const page = await openGallery(lang, tasks);
      const panel = await openPanel(page, lang);
      expect(panel.getAllByRole('tab').map((tab) => plain(tab.textContent))).toEqual(c.tabs);
      expect(plain(panel.getByTestId('edit-cost').textContent)).toContain(c.cost);
      expect(plain(panel.getByTestId('edit-balance-after').textContent)).toBe(c.after(c.tokens(1)));
      const send = panel.getByRole('button', { name: c.send });
      // Nothing chosen yet: nothing to send.
      expect((send as HTMLButtonElement).disabled).toBe(true);
      await page.user.click(
        panel.getAllByTestId('edit-backdrop').find((b) => b.dataset.choice === 'office') as HTMLElement,
      );
      await page.user.click(send);
      await screen.findByText(c.started);
      expect(sent()).toEqual([{ kind: 'backdrop', backdrop: 'office' }]);
      expect(apiStub.calls('editTask')[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
      // One card, now on version 2, being made.
      await waitFor(() => expect(screen.queryByTestId('avatar-modal')).toBeNull());
      const cards = screen.getAllByTestId('task-card');
      expect(cards).toHaveLength(1);
      const card = within(cards[0] as HTMLElement);
      expect(
        card.getAllByTestId('version').map((v) => [v.textContent, v.getAttribute('aria-pressed')]),
      ).toEqual([
        ['v1', 'false'],
        ['v2', 'true'],
      ]);
      expect(card.getByTestId('status-badge')).toBeTruthy();
    });

    test('a plain colour: a palette, or typed as #rrggbb, refused in the page language until it is one', async () => {
      const tasks = [aTask('a1')];
      acceptEdits(tasks);
      const page = await openGallery(lang, tasks);
      const panel = await openPanel(page, lang);
      await page.user.click(
        panel.getAllByTestId('edit-backdrop').find((b) => b.dataset.choice === 'plain-colour') as HTMLElement,
      );
      const field = panel.getByTestId('edit-colour') as HTMLInputElement;
      // The plain backdrop's own blue to start with.
      expect(field.value).toBe('#2b5c8a');
      await page.user.clear(field);
      await page.user.type(field, '#12ab3');
      expect(plain(panel.getByTestId('colour-error').textContent)).toBe(c.colourError);
      expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(true);
      await page.user.type(field, 'F');
      expect(panel.queryByTestId('colour-error')).toBeNull();
      await page.user.click(panel.getByTestId('edit-send'));
      await screen.findByText(c.started);
      expect(sent()).toEqual([{ kind: 'backdrop', backdrop: 'plain-colour', colour: '#12ab3f' }]);
    });

    test('the region’s words: a counter, and refused past 200 characters', async () => {
      const page = await openGallery(lang, [aTask('a1')]);
      const panel = await openPanel(page, lang);
      await page.user.click(panel.getByTestId('edit-tab-region'));
      const words = panel.getByTestId('region-prompt');
      fireEvent.change(words, { target: { value: 'x'.repeat(200) } });
      expect(plain(panel.getByTestId('prompt-count').textContent)).toBe('200 / 200');
      expect(panel.queryByTestId('prompt-error')).toBeNull();
      fireEvent.change(words, { target: { value: 'x'.repeat(201) } });
      expect(plain(panel.getByTestId('prompt-count').textContent)).toBe('201 / 200');
      expect(plain(panel.getByTestId('prompt-error').textContent)).toBe(c.promptLong);
      expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(true);
    });

    test('refusals: a short balance before sending, the server’s limit and its bad input after', async () => {
      // 0 tokens: said before anything is sent, with the way to buy more.
      const first = await openGallery(lang, [aTask('a1')], 0);
      let panel = await openPanel(first, lang);
      expect(plain(panel.getByRole('alert').textContent)).toContain(c.short);
      expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(true);
      first.unmount();
      apiStub.reset();

      // The server answers in the account's language (English here): the page says it in its own.
      const answers = [
        fail(409, 'EDIT_LIMIT_REACHED', COPY.en.limit),
        fail(400, 'VALIDATION_FAILED', COPY.en.maskEmpty),
        fail(403, 'NOT_ENOUGH_TOKENS', 'Not enough tokens', { needed: 1, available: 0 }),
      ];
      apiStub.on('editTask', () => answers.shift() ?? fail(500, 'SERVER_ERROR', 'Server error'));
      const page = await openGallery(lang, [aTask('a1')]);
      panel = await openPanel(page, lang);
      await page.user.click(panel.getByTestId('edit-tab-retouch'));
      await page.user.click(panel.getAllByTestId('edit-level')[1] as HTMLElement);
      for (const said of [c.limit, c.maskEmpty, c.short]) {
        await page.user.click(panel.getByTestId('edit-send'));
        await waitFor(() => expect(plain(panel.getByTestId('edit-refusal').textContent)).toContain(said));
      }
      expect(sent()).toEqual([
        { kind: 'retouch', level: 'light' },
        { kind: 'retouch', level: 'light' },
        { kind: 'retouch', level: 'light' },
      ]);
      // The same edit asked again: the same key (a lost answer is charged once).
      const keys = new Set(apiStub.calls('editTask').map((r) => r.headers.get('Idempotency-Key')));
      expect(keys.size).toBe(1);
    });

    test('an avatar with its 10 edits says so and sends nothing', async () => {
      const page = await openGallery(lang, [aTask('a1', { edit_count: 10 })]);
      const panel = await openPanel(page, lang);
      expect(plain(panel.getByRole('status').textContent)).toContain(c.limit);
      await page.user.click(panel.getByTestId('edit-tab-outfit'));
      await page.user.click(panel.getAllByTestId('edit-outfit')[0] as HTMLElement);
      expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(true);
    });

    test('versions on one card: the switcher, each version with its likeness, and before this edit', async () => {
      const tasks = [
        aTask('a1-v3', {
          status: 'IN_PROGRESS',
          progress: 30,
          result_path: null,
          version: 3,
          edit_of: 'a1-v2',
          root_id: 'a1',
          edit: { kind: 'retouch', level: 'light' },
        }),
        aTask('a1-v2', {
          likeness: 88,
          version: 2,
          edit_of: 'a1',
          root_id: 'a1',
          edit: { kind: 'backdrop', backdrop: 'office' },
        }),
        aTask('other', { style_id: 1 }),
        aTask('a1', { likeness: 91, edit_count: 2 }),
      ];
      const page = await openGallery(lang, tasks);
      const cards = screen.getAllByTestId('task-card');
      expect(cards).toHaveLength(2);
      const card = within(cards[0] as HTMLElement);
      // The newest version first, being made like any task.
      expect(card.getAllByTestId('version').map((v) => v.getAttribute('aria-pressed'))).toEqual([
        'false',
        'false',
        'true',
      ]);
      expect(card.getByTestId('status-badge').getAttribute('aria-valuenow')).toBe('30');
      await page.user.click(card.getAllByTestId('version')[1] as HTMLElement);
      expect(plain(card.getByTestId('version-line').textContent)).toBe(c.v2line);
      // The version's own picture (not the one shown before the switch).
      const picture = () =>
        (cards[0] as HTMLElement).querySelector('.task-card__open img')?.getAttribute('src');
      expect(picture()).toBe('http://files.test/results/a1-v2-thumb.webp');
      await page.user.click(card.getAllByTestId('version')[0] as HTMLElement);
      expect(picture()).toBe('http://files.test/results/a1-thumb.webp');
      await page.user.click(card.getAllByTestId('version')[1] as HTMLElement);
      expect(plain(card.getByTestId('likeness').textContent)).toBe(c.likeness);
      expect(card.queryByTestId('status-badge')?.getAttribute('role')).not.toBe('progressbar');
      // Its own downloads, star and modal.
      expect(card.getByTestId('card-download')).toBeTruthy();
      await page.user.click(
        card.getByRole('button', { name: new RegExp(lang === 'en' ? '^Open' : '^Ouvrir') }),
      );
      const modal = within(await screen.findByTestId('avatar-modal'));
      await page.user.click(modal.getByRole('button', { name: c.before }));
      const panes = within(modal.getByTestId('before-edit'));
      expect((panes.getByTestId('before-edit-source').querySelector('img') as HTMLImageElement).src).toBe(
        'http://files.test/results/a1.png',
      );
      expect((panes.getByTestId('before-edit-version').querySelector('img') as HTMLImageElement).src).toBe(
        'http://files.test/results/a1-v2.png',
      );
      // v1 in the modal: the original has nothing before it; v3 is not finished.
      const v = modal.getAllByTestId('version');
      expect((v[2] as HTMLButtonElement).disabled).toBe(true);
      await page.user.click(v[0] as HTMLElement);
      await waitFor(() => expect(modal.queryByRole('button', { name: c.before })).toBeNull());
      expect(modal.getAllByTestId('version')[0]?.getAttribute('aria-pressed')).toBe('true');
    });
  });
}

/** The PNG's size and pixels (8-bit greyscale, as the panel writes it). */
function readPng(dataUrl: string): { width: number; height: number; px: (x: number, y: number) => number } {
  expect(dataUrl.startsWith('data:image/png;base64,')).toBe(true);
  const png = Buffer.from(dataUrl.slice('data:image/png;base64,'.length), 'base64');
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (at < png.length) {
    const len = png.readUInt32BE(at);
    const type = png.subarray(at + 4, at + 8).toString('ascii');
    const data = png.subarray(at + 8, at + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    at += 12 + len;
  }
  const raw = inflateSync(Buffer.concat(idat));
  return { width, height, px: (x, y) => raw[y * (width + 1) + 1 + x] as number };
}

describe('the brush (en)', () => {
  test('brush, eraser and undo make a mask of the avatar’s own size, white where to change', async () => {
    // A 640 x 480 avatar shown at 320 x 240: the mask is still 640 x 480.
    const tasks = [aTask('a1', { width: 640, height: 480 })];
    acceptEdits(tasks);
    const page = await openGallery('en', tasks);
    const panel = await openPanel(page, 'en');
    await page.user.click(panel.getByTestId('edit-tab-region'));
    const canvas = panel.getByTestId('brush-canvas');
    canvas.getBoundingClientRect = () =>
      ({ left: 10, top: 20, width: 320, height: 240, right: 330, bottom: 260, x: 10, y: 20 }) as DOMRect;
    const stroke = (from: [number, number], to: [number, number]) => {
      const ev = (x: number, y: number) => ({
        pointerId: 1,
        pointerType: 'pen',
        button: 0,
        clientX: 10 + x,
        clientY: 20 + y,
      });
      fireEvent.pointerDown(canvas, ev(...from));
      fireEvent.pointerMove(canvas, ev((from[0] + to[0]) / 2, (from[1] + to[1]) / 2));
      fireEvent.pointerMove(canvas, ev(...to));
      fireEvent.pointerUp(canvas, ev(...to));
    };
    fireEvent.change(panel.getByTestId('brush-size'), { target: { value: '20' } });
    // A horizontal band across the middle (screen 40..280 px = avatar 80..560 px, y 240).
    stroke([40, 120], [280, 120]);
    await page.user.click(panel.getByTestId('brush-eraser'));
    // Erased again on the left part (avatar x 80..200).
    stroke([30, 120], [100, 120]);
    await page.user.click(panel.getByTestId('brush-brush'));
    // A stroke that is then undone (avatar 100, 60).
    stroke([50, 30], [50, 30]);
    await page.user.click(panel.getByTestId('brush-undo'));
    fireEvent.change(panel.getByTestId('region-prompt'), {
      target: { value: 'remove the glare on my glasses' },
    });
    await page.user.click(panel.getByTestId('edit-send'));
    await screen.findByText('Version 2 is being made. This page updates by itself.');
    const [body] = sent();
    expect(body?.kind).toBe('region');
    expect(body?.prompt).toBe('remove the glare on my glasses');
    const mask = readPng(body?.mask ?? '');
    expect([mask.width, mask.height]).toEqual([640, 480]);
    expect(mask.px(400, 240)).toBe(255); // brushed
    expect(mask.px(400, 245)).toBe(255); // within the brush's 20 px
    expect(mask.px(150, 240)).toBe(0); // erased
    expect(mask.px(100, 60)).toBe(0); // undone
    expect(mask.px(400, 300)).toBe(0); // never brushed
    expect(mask.px(0, 0)).toBe(0);
  });

  test('nothing brushed: the words alone are not sent', async () => {
    const page = await openGallery('en', [aTask('a1')]);
    const panel = await openPanel(page, 'en');
    await page.user.click(panel.getByTestId('edit-tab-region'));
    fireEvent.change(panel.getByTestId('region-prompt'), { target: { value: 'a tie' } });
    expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(true);
    const canvas = panel.getByTestId('brush-canvas');
    // A stroke, then erased whole: the mask would be empty.
    fireEvent.pointerDown(canvas, {
      pointerId: 1,
      pointerType: 'mouse',
      button: 0,
      clientX: 50,
      clientY: 50,
    });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 50, clientY: 50 });
    await page.user.click(panel.getByTestId('brush-eraser'));
    fireEvent.change(panel.getByTestId('brush-size'), { target: { value: '200' } });
    fireEvent.pointerDown(canvas, {
      pointerId: 1,
      pointerType: 'mouse',
      button: 0,
      clientX: 50,
      clientY: 50,
    });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: 'mouse', button: 0, clientX: 50, clientY: 50 });
    await page.user.click(panel.getByTestId('edit-send'));
    await waitFor(() => expect(plain(panel.getByTestId('edit-refusal').textContent)).toBe(COPY.en.maskEmpty));
    expect(sent()).toEqual([]);
  });
});

describe.each(LANGS)('a brush over too much of the picture (%s)', (lang) => {
  const TOO_MUCH = {
    en: 'The brush covers more than 50% of the picture: brush only the region to change.',
    fr: 'Le pinceau couvre plus de 50\u00a0% de l’image\u00a0: ne peignez que la zone à changer.',
  };
  test('is said while brushing, and nothing can be sent until some is taken back', async () => {
    // A 640 x 480 avatar shown at 320 x 240, brushed with the widest brush (96 px of the avatar).
    const page = await openGallery(lang, [aTask('a1', { width: 640, height: 480 })]);
    const panel = await openPanel(page, lang);
    await page.user.click(panel.getByTestId('edit-tab-region'));
    const canvas = panel.getByTestId('brush-canvas');
    canvas.getBoundingClientRect = () =>
      ({ left: 0, top: 0, width: 320, height: 240, right: 320, bottom: 240, x: 0, y: 0 }) as DOMRect;
    fireEvent.change(panel.getByTestId('brush-size'), { target: { value: '96' } });
    fireEvent.change(panel.getByTestId('region-prompt'), { target: { value: 'a new sky' } });
    const band = (y: number) => {
      const ev = (x: number) => ({ pointerId: 1, pointerType: 'mouse', button: 0, clientX: x, clientY: y });
      fireEvent.pointerDown(canvas, ev(0));
      fireEvent.pointerMove(canvas, ev(160));
      fireEvent.pointerMove(canvas, ev(320));
      fireEvent.pointerUp(canvas, ev(320));
    };
    // Bands across the whole width at avatar y 48 and 144: 0..192 of 480 px, 40 %.
    band(24);
    band(72);
    expect(panel.queryByTestId('brush-too-much')).toBeNull();
    expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(false);
    // A third at avatar y 240: 0..288 of 480 px, 60 %.
    band(120);
    expect(plain((await panel.findByTestId('brush-too-much')).textContent)).toBe(plain(TOO_MUCH[lang]));
    expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(true);
    await page.user.click(panel.getByTestId('brush-undo'));
    expect(panel.queryByTestId('brush-too-much')).toBeNull();
    expect((panel.getByTestId('edit-send') as HTMLButtonElement).disabled).toBe(false);
    expect(sent()).toEqual([]);
  }, 30_000);
});

describe('where Edit is offered', () => {
  test('on a finished avatar: not on a withheld one, nor on one being made', async () => {
    await openGallery('en', [
      aTask('kept'),
      aTask('withheld', { withheld: true, preview_url: 'http://files.test/blur.webp' }),
      aTask('making', { status: 'IN_PROGRESS', result_path: null }),
    ]);
    expect(screen.getAllByTestId('task-card')).toHaveLength(3);
    expect(screen.getAllByTestId('card-edit')).toHaveLength(1);
  });
});
