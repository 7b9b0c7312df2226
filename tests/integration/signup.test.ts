import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '../../functions/adapters/dynamodb/account-store.ts';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { UserInfo } from '../../shared/api-schemas.ts';
import { activatedUser, call, linkTokenOf, mailsTo, newClientIp, newEmail, stack } from '../support/api.ts';

describe('signing up', () => {
  it('creates an inactive account with 2 free tokens and emails a single-use activation link', async () => {
    const email = newEmail('signup');
    const res = await call('POST', '/signup', { body: { email, terms_accepted: true } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toMatch(/check your email/i);

    const [mail, ...others] = await mailsTo(email);
    expect(others).toHaveLength(0);
    expect(mail?.subject).toBe('Activate your Aivatar account');
    expect(mail?.html).toContain('<a href=');
    expect(mail?.text).toContain(`${stack().webUrl}/login_with_token?token=`);

    // Not active yet: password login is refused with 403.
    const login = await call('POST', '/login', { body: { email, password: 'whatever-password' } });
    expect(login.status).toBe(403);

    const open = await call<{ access_token: string }>(
      'GET',
      `/login_with_token/${linkTokenOf(mail as never)}`,
    );
    expect(open.status).toBe(200);
    const me = await call('GET', '/user_info', { token: open.body.access_token });
    expect(me.status).toBe(200);
    expect(UserInfo.parse(me.body)).toEqual({
      email,
      tokens_ltd: 2,
      tokens_subscription: 0,
      stripe_customer_id: null,
      has_password: false,
    });
  });

  it('normalises the email: case and spaces never make a second account', async () => {
    const email = newEmail('norm');
    expect(
      (await call('POST', '/signup', { body: { email: `  ${email.toUpperCase()} `, terms_accepted: true } }))
        .status,
    ).toBe(200);
    const again = await call('POST', '/signup', { body: { email, terms_accepted: true } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This email is already registered.');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends the activation email in French when the user signed up in French', async () => {
    const email = newEmail('fr');
    await call('POST', '/signup', { body: { email, terms_accepted: true, lang: 'fr' } });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Activez votre compte Aivatar');
    expect(mail?.html).toContain('lang="fr"');
    expect(mail?.text).toContain('expire dans 15 minutes');
  });

  it('refuses an invalid email, a missing terms acceptance and unknown fields with 400', async () => {
    const bad = await call('POST', '/signup', { body: { email: 'not-an-email', terms_accepted: true } });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'Please provide a valid email address.' } });
    const noTerms = await call('POST', '/signup', { body: { email: newEmail(), terms_accepted: false } });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.msg).toBe('You must accept the terms of service.');
    const extra = await call('POST', '/signup', {
      body: { email: newEmail(), terms_accepted: true, role: 'admin' },
    });
    expect(extra).toMatchObject({ status: 400, body: { msg: 'Unknown field: role.' } });
  });

  it('of 20 concurrent signups with one email, exactly one creates the account', async () => {
    const email = newEmail('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call('POST', '/signup', {
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
    const ledger = await call<{ entries: unknown[] }>('GET', '/account/ledger', { token });
    expect(ledger.body.entries).toHaveLength(1);
  });

  it('the database itself lets only one of 20 concurrent account creations for an email through', async () => {
    const store = new DynamoAccountStore(createDocumentClient(stack().dynamoEndpoint), stack().tableName);
    const email = newEmail('dbrace');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        store.createPendingAccount({
          id: randomUUID(),
          email,
          lang: 'en',
          createdAt: Math.floor(Date.now() / 1000),
          signupBonus: 2,
          ledgerEntryId: randomUUID(),
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failures.every((f) => (f.reason as { code?: string }).code === 'EMAIL_TAKEN')).toBe(true);
  });

  it('an activated user can sign in again with a fresh link', async () => {
    const { email } = await activatedUser();
    const res = await call('POST', '/send_login_link', { body: { email } });
    expect(res.status).toBe(200);
    const [latest] = await mailsTo(email);
    expect(latest?.subject).toBe('Your Aivatar login link');
  });
});

async function loginByLink(email: string): Promise<{ token: string }> {
  const [mail] = await mailsTo(email);
  const res = await call<{ access_token: string }>('GET', `/login_with_token/${linkTokenOf(mail as never)}`);
  return { token: res.body.access_token };
}
