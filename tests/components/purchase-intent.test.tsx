// A plan chosen before signing in (web/src/lib/purchase-intent.ts) opens its checkout only when this browser
// asked for it: "Not now" on the log-in page drops it, and a /pricing?buy= this browser did not ask for opens
// nothing. The checkouts themselves, through the local Stripe stand-in, are tests/browser/payments.test.ts's.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { pendingPurchase } from '../../web/src/lib/purchase-intent.ts';
import { apiStub, ok } from './support/api-stub.ts';
import { aUser, currentLocation, renderApp, renderPrerendered } from './support/render.tsx';

const checkouts = () => apiStub.calls('checkoutOneTime', 'checkoutSubscription');

describe('purchase intent', { timeout: 20_000 }, () => {
  test('Not now drops the plan: the login goes to the app', async () => {
    apiStub.on('login', ok('login', { access_token: 'new-session' }));
    apiStub.on('userInfo', ok('userInfo', aUser()));
    // Where the app goes next; what it shows there is another test's.
    apiStub.on('listStyles', () => new Promise(() => {}));
    apiStub.on('listPhotos', () => new Promise(() => {}));
    const { user } = await renderApp('/fr/login?buy=pack-40');
    const note = await screen.findByTestId('purchase-note');
    await user.click(within(note).getByRole('button', { name: 'Pas maintenant' }));
    await waitFor(() => expect(screen.queryByTestId('purchase-note')).toBeNull());
    await user.type(screen.getByLabelText('Adresse e-mail'), 'someone@example.test');
    await user.type(screen.getByLabelText('Mot de passe', { exact: true }), 'a-long-enough-password-42');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await waitFor(() => expect(currentLocation().pathname).toBe('/fr/app/create'));
    expect(pendingPurchase()).toBeNull();
    expect(checkouts()).toEqual([]);
  });

  test('a /pricing?buy= this browser did not ask for opens no checkout', async () => {
    apiStub.on('checkSubscription', ok('checkSubscription', { hasActiveSubscription: false }));
    await renderPrerendered('/pricing?buy=pack-500', { as: aUser() });
    await screen.findByRole('button', { name: 'Buy 10 tokens' });
    await waitFor(() => expect(currentLocation().search).toBe(''));
    expect(currentLocation().pathname).toBe('/pricing');
    expect(apiStub.calls('checkSubscription')).toHaveLength(1);
    expect(checkouts()).toEqual([]);
  });
});
