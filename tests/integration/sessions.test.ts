// The sessions' happy paths through the whole stack. The headers a session is taken from, forged tokens,
// the password rules and a wrong current password are the auth handler's (tests/handlers/auth.test.ts) and
// the domain's (tests/domain/sessions.test.ts, tests/domain/accounts.test.ts).
import { describe, expect, it } from 'vitest';
import { LedgerPage } from '#shared/api-schemas.ts';
import { activatedUser, callRoute } from '../support/api.ts';

describe('sessions', () => {
  it('changing the password signs out the other sessions and keeps this one', async () => {
    const { token: first, email } = await activatedUser();
    const set = await callRoute('changePassword', {
      token: first,
      body: { new_password: 'first password 123' },
    });
    expect(set.status).toBe(200);
    expect(set.body.msg).toBe('Your password has been set.');
    expect((await callRoute('userInfo', { token: first })).status).toBe(401);

    const current = set.body.access_token;
    const other = await callRoute('login', {
      body: { email, password: 'first password 123' },
    });
    expect(other.status).toBe(200);

    const change = await callRoute('changePassword', {
      token: current,
      body: { current_password: 'first password 123', new_password: 'second password 456' },
    });
    expect(change.status).toBe(200);
    expect(change.body.msg).toBe('Your password has been changed.');
    expect((await callRoute('userInfo', { token: current })).status).toBe(401);
    expect((await callRoute('userInfo', { token: other.body.access_token })).status).toBe(401);
    expect((await callRoute('userInfo', { token: change.body.access_token })).status).toBe(200);
    expect((await callRoute('login', { body: { email, password: 'first password 123' } })).status).toBe(401);
    expect((await callRoute('login', { body: { email, password: 'second password 456' } })).status).toBe(200);
  });

  it('shows the token balance with the ledger entry that explains it', async () => {
    const { token } = await activatedUser();
    const ledger = LedgerPage.parse((await callRoute('tokenLedger', { token })).body);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({
      reason: 'signup_bonus',
      pool: 'ltd',
      amount: 2,
      balance_after: 2,
    });
  });
});
