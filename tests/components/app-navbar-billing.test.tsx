// The app navbar's billing dashboard button (components/layout/app-navbar.tsx): shown with a payment customer
// id only, as before; it says "Subscription" to a subscriber and "Billing" to anyone else (a pack bought),
// never "Subscription" to someone without one. English and French.
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { apiStub, ok } from './support/api-stub.ts';
import { aUser, renderApp } from './support/render.tsx';

/** The account screen's reads, answered with nothing to show. */
function accountReads(): void {
  apiStub.on(
    'notificationSettings',
    ok('notificationSettings', { success: true, batch_finished_email: true }),
  );
  apiStub.on('latestAccountExport', ok('latestAccountExport', { export: null }));
  apiStub.on('tokenLedger', ok('tokenLedger', { entries: [], delayed_payments: [] }));
}

const CASES = [
  { lang: 'en', prefix: '', active: false, label: 'Billing', not: 'Subscription' },
  { lang: 'en', prefix: '', active: true, label: 'Subscription', not: 'Billing' },
  { lang: 'fr', prefix: '/fr', active: false, label: 'Facturation', not: 'Abonnement' },
  { lang: 'fr', prefix: '/fr', active: true, label: 'Abonnement', not: 'Facturation' },
] as const;

describe('the billing dashboard button says what it opens', { timeout: 15_000 }, () => {
  test.each(CASES)('$lang, subscribed: $active, the button says $label', async (c) => {
    accountReads();
    apiStub.on('checkSubscription', ok('checkSubscription', { hasActiveSubscription: c.active }));
    await renderApp(`${c.prefix}/app/account`, { as: aUser({ stripe_customer_id: 'cus_1' }) });
    await screen.findByTestId('account-email');
    expect(await screen.findByRole('button', { name: c.label })).toBeTruthy();
    expect(screen.queryByRole('button', { name: c.not })).toBeNull();
  });

  test('no customer id: no button, and nothing asked about a subscription', async () => {
    accountReads();
    await renderApp('/app/account', { as: aUser() });
    await screen.findByTestId('account-email');
    expect(screen.queryByRole('button', { name: /Subscription|Billing/ })).toBeNull();
    expect(apiStub.calls('checkSubscription')).toEqual([]);
  });
});
