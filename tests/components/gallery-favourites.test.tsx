// Favourites on the gallery (web/src/features/gallery/api/favourites.ts): the star changes at
// once, before the server answers, in every list read so far; a star the server did not keep goes back and
// a toast says so, in English and French.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { AvatarTask } from '#shared/api-schemas.ts';
import { LANGS } from '../browser/copy.ts';
import { apiStub, fail, ok, type Reply } from './support/api-stub.ts';
import { aStyle, aTask } from './support/fixtures.ts';
import { aUser, type Rendered, renderApp } from './support/render.tsx';

const COPY = {
  en: {
    prefix: '',
    star: 'Favourite: Style: Office Headshot',
    failed: 'Your favourite could not be saved. Please try again.',
    filter: 'Favourites',
  },
  fr: {
    prefix: '/fr',
    star: 'Favori : Style : Portrait au bureau',
    failed: "Votre favori n'a pas pu être enregistré. Veuillez réessayer.",
    filter: 'Favoris',
  },
} as const;

const STYLE = aStyle(1, {
  name: 'Office Headshot',
  translations: { fr: { name: 'Portrait au bureau', description: 'Au bureau' } },
});

/** A promise the test settles: the server's answer, held until the test has looked at the screen. */
function held() {
  let settle: (reply: Reply) => void = () => undefined;
  const answer = new Promise<Reply>((resolve) => {
    settle = resolve;
  });
  return { answer, settle };
}

/** The pictures' base64 route, which a card falls back to once its URL was tried (api/image-cache.ts). */
const PIXEL = ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' });

async function openGallery(lang: (typeof LANGS)[number], tasks: AvatarTask[]): Promise<Rendered> {
  apiStub.on('resultData', PIXEL);
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [STYLE] }));
  apiStub.on('userTasks', (req) =>
    ok('userTasks', {
      tasks: req.query.get('favourites') === 'true' ? tasks.filter((t) => t.favourite) : tasks,
      next_cursor: null,
    }),
  );
  const page = await renderApp(`${COPY[lang].prefix}/app/gallery`, { as: aUser() });
  await screen.findAllByTestId('favourite');
  return page;
}

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const star = (lang: (typeof LANGS)[number]) =>
  screen.getAllByTestId('favourite').find((b) => plain(b.getAttribute('aria-label')) === COPY[lang].star);

for (const lang of LANGS) {
  const c = COPY[lang];
  describe(`favourites (${lang})`, () => {
    test('the star shows at once, and stays once the server kept it', async () => {
      const server = held();
      apiStub.on('setFavourite', () => server.answer);
      const { user } = await openGallery(lang, [aTask('t1', { favourite: false })]);
      expect(star(lang)?.getAttribute('aria-pressed')).toBe('false');
      await user.click(star(lang) as HTMLElement);
      // The server has not answered yet.
      expect(star(lang)?.getAttribute('aria-pressed')).toBe('true');
      expect(apiStub.calls('setFavourite').map((r) => [r.params, r.body])).toEqual([
        [{ taskId: 't1' }, { favourite: true }],
      ]);
      await act(async () =>
        server.settle(ok('setFavourite', { success: true, task_id: 't1', favourite: true })),
      );
      await waitFor(() => expect((star(lang) as HTMLButtonElement).disabled).toBe(false));
      expect(star(lang)?.getAttribute('aria-pressed')).toBe('true');
      expect(screen.queryByText(c.failed)).toBeNull();
    });

    test('a server error: the star goes back, and a message says so', async () => {
      const server = held();
      apiStub.on('setFavourite', () => server.answer);
      const { user } = await openGallery(lang, [aTask('t1', { favourite: true })]);
      await user.click(star(lang) as HTMLElement);
      expect(star(lang)?.getAttribute('aria-pressed')).toBe('false');
      await act(async () => server.settle(fail(500, 'SERVER_ERROR', 'Server error')));
      await screen.findByText(c.failed);
      expect(star(lang)?.getAttribute('aria-pressed')).toBe('true');
    });
  });
}

describe('favourites (en), beyond one star', () => {
  test('a failed star goes back alone: another star changed meanwhile keeps its own', async () => {
    const first = held();
    const second = held();
    const answers = [first, second];
    apiStub.on('setFavourite', () => (answers.shift() as ReturnType<typeof held>).answer);
    const other = aStyle(2, { name: 'Studio Headshot' });
    apiStub.on('resultData', PIXEL);
    apiStub.on('listStyles', ok('listStyles', { success: true, styles: [STYLE, other] }));
    apiStub.on('userTasks', ok('userTasks', { tasks: [aTask('t1'), aTask('t2', { style_id: 2 })] }));
    const { user } = await renderApp('/app/gallery', { as: aUser() });
    await screen.findAllByTestId('favourite');
    const byName = (name: string) => screen.getByRole('button', { name: `Favourite: Style: ${name}` });
    await user.click(byName('Office Headshot'));
    await user.click(byName('Studio Headshot'));
    await act(async () => first.settle(fail(500, 'SERVER_ERROR', 'Server error')));
    await screen.findByText(COPY.en.failed);
    expect(byName('Office Headshot').getAttribute('aria-pressed')).toBe('false');
    expect(byName('Studio Headshot').getAttribute('aria-pressed')).toBe('true');
    await act(async () =>
      second.settle(ok('setFavourite', { success: true, task_id: 't1', favourite: true })),
    );
    await waitFor(() => expect((byName('Studio Headshot') as HTMLButtonElement).disabled).toBe(false));
    expect(byName('Studio Headshot').getAttribute('aria-pressed')).toBe('true');
  });

  test('a star given on All shows on Favourites, which is read again', async () => {
    const tasks = [aTask('t1', { favourite: false })];
    apiStub.on('setFavourite', (req) => {
      const { favourite } = req.body as { favourite: boolean };
      (tasks[0] as AvatarTask).favourite = favourite;
      return ok('setFavourite', { success: true, task_id: 't1', favourite });
    });
    const { user } = await openGallery('en', tasks);
    // Favourites read once (empty), then back to All.
    await user.click(screen.getByTestId('filter-favourites'));
    await screen.findByTestId('favourites-empty');
    await user.click(screen.getByTestId('filter-all'));
    await user.click((await screen.findAllByTestId('favourite'))[0] as HTMLElement);
    await waitFor(() => expect(apiStub.calls('setFavourite')).toHaveLength(1));
    await user.click(screen.getByTestId('filter-favourites'));
    const card = await screen.findByRole('button', { name: COPY.en.star });
    expect(card.getAttribute('aria-pressed')).toBe('true');
    expect(within(document.body).queryByTestId('favourites-empty')).toBeNull();
  });
});

test('a read of the list on its way when the star is given does not bring the old star back', async () => {
  const late = held();
  let refreshed = false;
  let reads = 0;
  apiStub.on('resultData', PIXEL);
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [STYLE] }));
  apiStub.on('userTasks', () => {
    // The reads before Refresh answer at once; Refresh's only when the test says, with the old star.
    if (!refreshed) return ok('userTasks', { tasks: [aTask('t1')] });
    reads += 1;
    return late.answer;
  });
  apiStub.on('setFavourite', ok('setFavourite', { success: true, task_id: 't1', favourite: true }));
  const { user } = await renderApp('/app/gallery', { as: aUser() });
  await screen.findAllByTestId('favourite');
  refreshed = true;
  await user.click(screen.getByRole('button', { name: 'Refresh' }));
  await waitFor(() => expect(reads).toBe(1));
  await user.click(screen.getByRole('button', { name: COPY.en.star }));
  await act(async () => late.settle(ok('userTasks', { tasks: [aTask('t1', { favourite: false })] })));
  await waitFor(() => expect(apiStub.calls('setFavourite')).toHaveLength(1));
  expect(screen.getByRole('button', { name: COPY.en.star }).getAttribute('aria-pressed')).toBe('true');
});
