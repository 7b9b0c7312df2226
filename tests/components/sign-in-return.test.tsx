// What a browser kept for after the sign-in (an invitation's join page, a plan chosen first) goes along with
// sign-up and the link requests, and comes back from the emailed link opened on another device
// (docs/product.md, "Sign-up and activation on two devices"; features/auth/after-login.ts). The server's
// side, what the link carries and what it drops, is tests/domain/sign-in-return.test.ts's and
// tests/handlers/sign-in-return.test.ts's.
import { cleanup, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, test } from 'vitest';
import { TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { pendingPurchase } from '../../web/src/lib/purchase-intent.ts';
import { keptReturn, rememberReturn } from '../../web/src/lib/return-to.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aUser, currentLocation, renderApp } from './support/render.tsx';

const EMAIL = 'camille@acme.test';
const JOIN = '/fr/app/team?code=abc';
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();
const where = () => currentLocation().pathname + currentLocation().search;
/** The join code's preview the sign-in pages' note and the join screen read (GET /teams/join/{code}). */
const PREVIEW = ok('joinPreview', {
  team_name: 'Acme',
  lang: 'fr',
  kind: 'link',
  domains: ['acme.test'],
  email: null,
  status: 'valid',
});
beforeEach(() => apiStub.byDefault('joinPreview', PREVIEW));

describe('what this browser kept goes along with the request for an email', () => {
  test('sign-up sends the kept join page and the plan chosen first', async () => {
    rememberReturn(JOIN);
    apiStub.on(
      'signup',
      ok('signup', { msg: 'Account created! Please check your email for an activation link.' }),
    );
    const { user } = await renderApp('/fr/signup?buy=pack-40');
    await user.type(await screen.findByLabelText('Adresse e-mail'), EMAIL);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: "Recevoir l'e-mail d'activation" }));
    await screen.findByText('Consultez votre boîte mail');
    expect(apiStub.calls('signup').map((c) => c.body)).toEqual([
      { email: EMAIL, terms_accepted: true, lang: 'fr', return_to: JOIN, buy: 'pack-40' },
    ]);
  }, 15_000);

  test('"Send new activation link" (the link button of the login page) sends the kept join page', async () => {
    rememberReturn(JOIN);
    apiStub.on(
      'sendLoginLink',
      ok('sendLoginLink', { msg: 'An activation link has been sent.', kind: 'activation', sent: true }),
    );
    const { user } = await renderApp('/fr/login');
    await user.type(await screen.findByLabelText('Adresse e-mail'), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Recevoir un lien de connexion' }));
    await waitFor(() => expect(apiStub.calls('sendLoginLink')).toHaveLength(1));
    expect(apiStub.calls('sendLoginLink')[0]?.body).toEqual({ email: EMAIL, lang: 'fr', return_to: JOIN });
  }, 15_000);
});

describe('the activation link opened on another device', () => {
  /** The phone: nothing kept, the link not asked for here ("Sign in as …?" then Continue). */
  async function openOnPhone(link: string) {
    apiStub.byDefault('joinPreview', PREVIEW);
    apiStub.on('loginLinkPreview', ok('loginLinkPreview', { email: 'c•••@acme.test', same_browser: false }));
    apiStub.on(
      'loginWithToken',
      ok('loginWithToken', { access_token: 'session-token', activated: true, signup_bonus: 2 }),
    );
    apiStub.on('userInfo', ok('userInfo', aUser({ email: EMAIL })));
    const { user } = await renderApp(link);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
  }

  test('lands on the French invitation it carries; the join screen does its own checks', async () => {
    expect(keptReturn()).toBeNull();
    await openOnPhone(`/login_with_token?token=link-secret&lang=fr&return_to=${encodeURIComponent(JOIN)}`);
    await waitFor(() => expect(where()).toBe(JOIN), { timeout: 5000 });
    expect(plain((await screen.findByTestId('join-visibility')).textContent)).toBe(
      plain(TEAM_VISIBILITY_NOTICE.fr),
    );
    expect(apiStub.calls('joinTeam')).toEqual([]);
    // Taken once: the next sign-in in this browser goes to the app's first page.
    expect(keptReturn()).toBeNull();
  }, 20_000);

  test('lands on the pricing page that opens the checkout of the plan it carries, the plan kept here', async () => {
    apiStub.byDefault('checkSubscription', ok('checkSubscription', { hasActiveSubscription: false }));
    await openOnPhone('/login_with_token?token=link-secret&lang=fr&buy=pack-40');
    // The pricing page opens the checkout only for a plan this browser asked for (lib/purchase-intent.ts).
    await waitFor(() => expect(where()).toBe('/fr/pricing?buy=pack-40'), { timeout: 5000 });
    expect(pendingPurchase()?.id).toBe('pack-40');
  }, 20_000);

  test('a link carries only an app page: anything else lands on the app first page, in the link language', async () => {
    const attempts: [string, string][] = [
      [JOIN, JOIN],
      ...[
        '//evil.example',
        '/\\evil.example',
        'https://evil.example',
        '/app/../../x',
        'javascript:alert(1)',
        '/fr/app//evil.example',
        '/fr/app/team?code=abc#x',
        `/fr/app/team?code=${'a'.repeat(300)}`,
      ].map((evil): [string, string] => [evil, '/fr/app/create']),
    ];
    for (const [carried, landing] of attempts) {
      await openOnPhone(
        `/login_with_token?token=link-secret&lang=fr&return_to=${encodeURIComponent(carried)}`,
      );
      await waitFor(
        () => expect(where().split(/(?=\?code)/)[0], carried).toBe(landing.split(/(?=\?code)/)[0]),
        {
          timeout: 5000,
        },
      );
      if (carried === JOIN) expect(where()).toBe(JOIN);
      expect(keptReturn(), carried).toBeNull();
      cleanup();
      apiStub.reset();
      localStorage.clear();
    }
  }, 60_000);

  // A crafted link with a bad token must not plant a join page or a checkout for the next sign-in here.
  test('a link whose token is refused before use keeps nothing, and the French login page names no team', async () => {
    apiStub.on(
      'loginLinkPreview',
      fail(401, 'INVALID_LINK', 'Invalid or expired login link. Please request a new one.'),
    );
    await renderApp(
      `/login_with_token?token=forged&lang=fr&return_to=${encodeURIComponent(JOIN)}&buy=pack-40`,
    );
    await waitFor(() => expect(currentLocation().pathname).toBe('/fr/login'));
    await screen.findByRole('button', { name: 'Se connecter' });
    expect(keptReturn()).toBeNull();
    expect(pendingPurchase()).toBeNull();
    expect(screen.queryByTestId('join-note')).toBeNull();
  });

  test('a link refused when redeemed (used meanwhile) keeps nothing either', async () => {
    apiStub.on('loginLinkPreview', ok('loginLinkPreview', { email: 'c•••@acme.test', same_browser: true }));
    apiStub.on(
      'loginWithToken',
      fail(401, 'INVALID_LINK', 'Invalid or expired login link. Please request a new one.'),
    );
    await renderApp(`/login_with_token?token=used&lang=en&return_to=${encodeURIComponent(JOIN)}&buy=pack-40`);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(apiStub.calls('loginWithToken')).toHaveLength(1);
    expect(keptReturn()).toBeNull();
    expect(pendingPurchase()).toBeNull();
  });

  test('a link redeemed keeps both what it carries: the plan decides the landing, the page stays kept', async () => {
    apiStub.byDefault('checkSubscription', ok('checkSubscription', { hasActiveSubscription: false }));
    await openOnPhone(
      `/login_with_token?token=link-secret&lang=fr&return_to=${encodeURIComponent(JOIN)}&buy=pack-40`,
    );
    await waitFor(() => expect(where()).toBe('/fr/pricing?buy=pack-40'), { timeout: 5000 });
    expect(pendingPurchase()?.id).toBe('pack-40');
    expect(keptReturn()).toBe(JOIN);
  }, 20_000);
});
