// Every page's title names the brand once ("Log in to Aivatar", never "... · Aivatar" after it), and its
// words use the straight apostrophe only, the one of the French strings ("Erreur lors de l'import."), in
// each language a page has (web/src/lib/document-title.ts). The prerendered pages (home, pricing, legal, ...)
// carry their copy in their HTML, not in the JavaScript: theirs are the prerender's and Chromium's to check.
import { screen, waitFor } from '@testing-library/react';
import { expect, test } from 'vitest';
import { pagePath, webPages } from '#shared/web-routes.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aPhoto, aStyle, aTask, photoList } from './support/fixtures.ts';
import { aUser, renderApp } from './support/render.tsx';

const pages = webPages
  .filter((page) => !page.indexable)
  .flatMap((page) =>
    (page.localized ? (['en', 'fr'] as const) : (['en'] as const)).map((lang) => ({
      path: pagePath(page.id, lang),
      signedIn: page.access === 'user',
    })),
  );

/** What each signed-in screen reads, with something to show. */
function appReads(): void {
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [aStyle(1)] }));
  apiStub.on('listPhotos', ok('listPhotos', photoList([aPhoto(1, { hints: ['dark'] })])));
  apiStub.on('userTasks', ok('userTasks', { tasks: [aTask('t1')] }));
  apiStub.on(
    'resultData',
    ok('resultData', { success: true, data: 'iVBORw0KGgo=', content_type: 'image/png' }),
  );
  apiStub.on('tokenLedger', ok('tokenLedger', { entries: [], delayed_payments: [] }));
  apiStub.on(
    'notificationSettings',
    ok('notificationSettings', { success: true, batch_finished_email: true }),
  );
  apiStub.on('latestAccountExport', ok('latestAccountExport', { export: null }));
  // Not in a team: the Team screen offers to create one; Create spends personal tokens.
  apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
}

/** The words a reader gets: the title, the description, and the page's text (not its scripts). */
function wordsOf(): string {
  const body = document.body.cloneNode(true) as HTMLElement;
  for (const s of body.querySelectorAll('script, style')) s.remove();
  return [
    document.title,
    document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
    body.textContent,
  ].join('\n');
}

test.each(pages)(
  '$path: the brand once in the title, straight apostrophes only',
  async ({ path, signedIn }) => {
    appReads();
    await renderApp(path, signedIn ? { as: aUser() } : {});
    await screen.findAllByRole('heading', { level: 1 });
    await waitFor(() => expect(document.title).not.toBe(''));
    // What the screen read is on it: no skeleton left (pictures never load here: their spinners stay).
    await waitFor(() => expect(document.querySelector('[data-testid="skeleton"]')).toBeNull());
    expect(document.title.match(/Aivatar/g), `"${document.title}"`).toHaveLength(1);
    expect(wordsOf().match(/[\u2018\u2019]/g) ?? [], 'curly apostrophes').toEqual([]);
  },
);
