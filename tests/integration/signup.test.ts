// Signing up through the whole stack: the happy path and the race of one email signed up 20 times at once.
// The refusals and the normalised email are the auth handler's (tests/handlers/auth.test.ts); the French
// email, the pending account's expiry and signing in again are the domain's (tests/domain/accounts.test.ts),
// the one-account-per-email race on the table the AccountStore contract's (tests/contracts).
import { describe, expect, it } from 'vitest';
import { UserInfo } from '#shared/api-schemas.ts';
import { callRoute, linkTokenOf, mailsTo, newClientIp, newEmail, stack } from '../support/api.ts';

describe('signing up', () => {
  it('creates an inactive account with 2 free tokens and emails a single-use activation link', async () => {
    const email = newEmail('signup');
    const res = await callRoute('signup', { body: { email, terms_accepted: true } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/check your email/i);

    const [mail, ...others] = await mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Activate your Aivatar account');
    expect(mail?.html).toContain('<a href=');
    expect(mail?.text).toContain(`${stack().webUrl}/login_with_token?token=`);

    // Not active yet: password login is refused with 403.
    const login = await callRoute('login', { body: { email, password: 'whatever-password' } });
    expect(login.status).toBe(403);

    const open = await callRoute('loginWithToken', { params: { token: linkTokenOf(mail as never) } });
    expect(open.status).toBe(200);
    const me = await callRoute('userInfo', { token: open.body.access_token });
    expect(me.status).toBe(200);
    expect(UserInfo.parse(me.body)).toEqual({
      email,
      tokens_ltd: 2,
      tokens_subscription: 0,
      stripe_customer_id: null,
      has_password: false,
    });
  });

  it('of 20 concurrent signups with one email, exactly one creates the account', async () => {
    const email = newEmail('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callRoute('signup', {
          body: { email: i % 2 ? email : email.toUpperCase(), terms_accepted: true },
          ip: newClientIp(),
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    // The per-email rate limit answers some of the losers before they reach the database.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409 || s === 429)).toBe(true);
    expect(await mailsTo(email)).toHaveLength(1);

    const { token } = await loginByLink(email);
    const ledger = await callRoute('tokenLedger', { token });
    expect(ledger.body.entries).toHaveLength(1);
  });
});

async function loginByLink(email: string): Promise<{ token: string }> {
  const [mail] = await mailsTo(email);
  const res = await callRoute('loginWithToken', { params: { token: linkTokenOf(mail as never) } });
  return { token: res.body.access_token };
}
