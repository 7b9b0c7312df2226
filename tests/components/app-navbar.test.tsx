// The app's navbar and session on screen (web/src/components/layout/app-navbar.tsx, lib/session.tsx): the
// built pages only, the email and the token balance; the billing dashboard's failure in a toast that closes;
// a session the API refuses (401) cleared, on to /login. The route table's redirects through the host and
// page loads are tests/browser/navigation.test.ts's.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { getToken } from '../../web/src/lib/session-store.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aUser, currentLocation, renderApp } from './support/render.tsx';

/** The account screen's reads, answered with nothing to show. */
function accountReads(): void {
  apiStub.on(
    'notificationSettings',
    ok('notificationSettings', { success: true, batch_finished_email: true }),
  );
  apiStub.on('latestAccountExport', ok('latestAccountExport', { export: null }));
  apiStub.on('tokenLedger', ok('tokenLedger', { entries: [], delayed_payments: [] }));
}

describe('the app navbar and the session', { timeout: 20_000 }, () => {
  test('the app navbar: built pages only, email, token balance; no Subscription without a customer id', async () => {
    accountReads();
    const email = 'navbar-someone@example.test';
    await renderApp('/app/account', { as: aUser({ email }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Account' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Create Avatar', 'Manage Photos', 'My Avatars', 'Team', 'Account']);
    await waitFor(() => expect(screen.getAllByText(email, { exact: true }).length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByTestId('token-balance').textContent).toBe('2 tokens'));
    expect(screen.queryByRole('button', { name: 'Subscription' })).toBeNull();
  });

  test('Billing (with a customer id, no subscription): shown; a failure shows a toast, which closes', async () => {
    accountReads();
    // The payment provider refuses the customer: the API's answer to anything it did not expect.
    apiStub.on('billingDashboard', fail(500, 'SERVER_ERROR', 'Server error'));
    const { user } = await renderApp('/app/account', { as: aUser({ stripe_customer_id: 'cus_test' }) });
    // A customer id without a subscription: the dashboard's button says Billing, not Subscription.
    await user.click(await screen.findByRole('button', { name: 'Billing' }));
    const message = await screen.findByText('Failed to open subscription management dashboard.');
    const toast = message.closest('[data-testid="toast"]') as HTMLElement;
    expect(toast).not.toBeNull();
    await user.click(within(toast).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('toast')).toBeNull());
    expect(apiStub.calls('billingDashboard')).toHaveLength(1);
    expect(currentLocation().pathname).toBe('/app/account');
  });

  test('a session the API refuses (401) is cleared and the browser goes to /login', async () => {
    accountReads();
    await renderApp('/app/account', { userInfo: fail(401, 'UNAUTHENTICATED', 'Please log in to continue.') });
    await screen.findByRole('heading', { name: 'Log in to Aivatar' });
    expect(currentLocation().pathname).toBe('/login');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
