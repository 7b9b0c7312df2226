// The cases of the welcome after activation (components/welcome/welcome-notice.tsx), one language per test
// file (welcome-notice*.test.tsx): a page load takes the welcome for its first screen only (lib/welcome.ts),
// and /app/create and /fr/app/create are two screens.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { UserInfo } from '#shared/api-schemas.ts';
import { apiStub, fail, ok } from './api-stub.ts';
import { aPhoto, aStyle, photoList } from './fixtures.ts';
import { aUser, renderApp } from './render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const WORDS = {
  en: {
    prefix: '',
    tokens: 'Your 2 free tokens are ready to use.',
    next: 'Next step: upload 2 to 5 selfies, then pick your styles.',
  },
  fr: {
    prefix: '/fr',
    tokens: 'Vos 2 jetons offerts vous attendent.',
    next: 'Prochaine étape : importez 2 à 5 selfies, puis choisissez vos styles.',
  },
} as const;

/** Create Your Avatar, the first screen after activation, with the welcome marked by the emailed link's page. */
async function openCreate(prefix: string, user: UserInfo, photos: number): Promise<void> {
  localStorage.setItem('aivatar.welcome', JSON.stringify({ bonus: 2 }));
  apiStub.on('listStyles', ok('listStyles', { success: true, styles: [aStyle(1)] }));
  apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
  apiStub.on(
    'listPhotos',
    ok('listPhotos', photoList(Array.from({ length: photos }, (_, i) => aPhoto(i + 1)))),
  );
  await renderApp(`${prefix}/app/create`, { as: user });
  await screen.findAllByTestId('style-card');
}

const welcomeLines = (): string[] => {
  const welcome = screen.queryByTestId('welcome');
  return welcome ? Array.from(welcome.querySelectorAll('p'), (p) => plain(p.textContent)) : [];
};

/** The photo list arrives after the first render: the lines settle on `expected` once it has. */
const linesSettleOn = (expected: string[]) =>
  waitFor(() => {
    expect(apiStub.calls('listPhotos').length).toBeGreaterThan(0);
    expect(welcomeLines()).toEqual(expected);
  });

export function describeWelcome(lang: 'en' | 'fr'): void {
  const w = WORDS[lang];
  describe(`the welcome says only what still holds (${lang})`, () => {
    test('a new account with no photos: the free tokens and the next step', async () => {
      await openCreate(w.prefix, aUser(), 0);
      await linesSettleOn([w.tokens, w.next]);
    });

    test('tokens bought: no "free tokens are ready", the next step stays', async () => {
      await openCreate(w.prefix, aUser({ tokens_ltd: 42, stripe_customer_id: 'cus_1' }), 0);
      await linesSettleOn([w.next]);
    });

    test('photos uploaded: no next step, the free tokens stay', async () => {
      await openCreate(w.prefix, aUser(), 3);
      await linesSettleOn([w.tokens]);
    });

    test('tokens bought and photos uploaded: no welcome at all', async () => {
      await openCreate(w.prefix, aUser({ tokens_ltd: 42, stripe_customer_id: 'cus_1' }), 3);
      await linesSettleOn([]);
      expect(screen.queryByTestId('welcome')).toBeNull();
    });
  });
}
