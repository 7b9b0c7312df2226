// An invitation's link opened without a session (docs/product.md, "Teams"): the login page keeps the join
// and says so; whichever way the person then signs in through an emailed link or Google (both land on
// /login_with_token, features/auth/login-with-token-page.tsx), the app opens the invitation again, in the
// link's language. The journey itself, through sign-up and the activation email, is
// tests/browser/teams-invite-journey.test.ts's.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { rememberReturn } from '../../web/src/lib/return-to.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aUser, currentLocation, renderApp } from './support/render.tsx';

const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const NOTE = {
  en: 'Log in or create an account to join your team: you come back to the invitation afterwards.',
  fr: 'Connectez-vous ou créez un compte pour rejoindre votre équipe : vous reviendrez ensuite à son invitation.',
} as const;

// The made-up code is none (404): the note names no team (team-join-preview.test.tsx has the ones that do).
beforeEach(() =>
  apiStub.byDefault('joinPreview', fail(404, 'NOT_FOUND', 'This invitation link does not exist')),
);

describe('an invitation opened signed out', () => {
  for (const lang of ['en', 'fr'] as const) {
    const prefix = lang === 'fr' ? '/fr' : '';
    test(`${lang}: the login page says the sign-in comes back to it`, async () => {
      // The guard keeps the address the browser opened (app/route-guards.tsx).
      window.history.replaceState(null, '', `${prefix}/app/team?code=abc`);
      try {
        await renderApp(`${prefix}/app/team?code=abc`);
        await waitFor(() => expect(currentLocation().pathname).toBe(`${prefix}/login`));
        expect(plain((await screen.findByTestId('join-note')).textContent)).toBe(NOTE[lang]);
      } finally {
        window.history.replaceState(null, '', '/');
      }
    });
  }

  test('another app page kept for after the sign-in says nothing of a team', async () => {
    window.history.replaceState(null, '', '/fr/app/account?delete=xyz');
    try {
      await renderApp('/fr/app/account?delete=xyz');
      await waitFor(() => expect(currentLocation().pathname).toBe('/fr/login'));
      await screen.findByRole('button', { name: 'Se connecter' });
      expect(screen.queryByTestId('join-note')).toBeNull();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  test("an emailed login link (or Google's return) opens the French invitation again", async () => {
    rememberReturn('/fr/app/team?code=abc');
    apiStub.on('loginLinkPreview', ok('loginLinkPreview', { email: 'c•••@acme.test', same_browser: true }));
    apiStub.on('loginWithToken', ok('loginWithToken', { access_token: 'session-token', activated: false }));
    apiStub.on('userInfo', ok('userInfo', aUser({ email: 'camille@acme.test' })));
    apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You are not in a team.'));
    await renderApp('/login_with_token?token=link-secret&lang=fr');
    await waitFor(
      () => expect(currentLocation().pathname + currentLocation().search).toBe('/fr/app/team?code=abc'),
      {
        timeout: 5000,
      },
    );
    expect(plain((await screen.findByTestId('join-visibility')).textContent)).toBe(
      plain(TEAM_VISIBILITY_NOTICE.fr),
    );
    expect(apiStub.calls('joinTeam')).toEqual([]);
  });
});
