import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '../../functions/adapters/dynamodb/account-store.ts';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { PENDING_ACCOUNT_TTL_SECONDS } from '../../functions/domain/accounts/accounts.ts';
import { UserInfo } from '../../shared/api-schemas.ts';
import {
  activatedUser,
  callRoute,
  linkTokenOf,
  mailsTo,
  newClientIp,
  newEmail,
  stack,
} from '../support/api.ts';

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

  it('normalises the email: case and spaces never make a second account', async () => {
    const email = newEmail('norm');
    expect(
      (await callRoute('signup', { body: { email: `  ${email.toUpperCase()} `, terms_accepted: true } }))
        .status,
    ).toBe(200);
    const again = await callRoute('signup', { body: { email, terms_accepted: true } });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This email is already registered.');
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('sends the activation email in French when the user signed up in French', async () => {
    const email = newEmail('fr');
    await callRoute('signup', { body: { email, terms_accepted: true, lang: 'fr' } });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Activez votre compte Aivatar');
    expect(mail?.html).toContain('lang="fr"');
    expect(mail?.text).toContain('expire dans 15 minutes');
  });

  it('refuses an invalid email, a missing terms acceptance and unknown fields with 400', async () => {
    const bad = await callRoute('signup', { body: { email: 'not-an-email', terms_accepted: true } });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'Please provide a valid email address.' } });
    const noTerms = await callRoute('signup', { body: { email: newEmail(), terms_accepted: false } });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.msg).toBe('You must accept the terms of service.');
    const extra = await callRoute('signup', {
      body: { email: newEmail(), terms_accepted: true, role: 'admin' },
    });
    expect(extra).toMatchObject({ status: 400, body: { msg: 'Unknown field: role.' } });
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
          expiresAt: Math.floor(Date.now() / 1000) + 3600,
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(failures.every((f) => (f.reason as { code?: string }).code === 'EMAIL_TAKEN')).toBe(true);
  });

  it('a pending account expires after 7 days and frees its email; an activated one never does', async () => {
    const db = createDocumentClient(stack().dynamoEndpoint);
    const store = new DynamoAccountStore(db, stack().tableName);
    const email = newEmail('stale');
    const now = Math.floor(Date.now() / 1000);
    // Signed up 8 days ago and never activated (TTL may take days to delete the items).
    await store.createPendingAccount({
      id: randomUUID(),
      email,
      lang: 'en',
      createdAt: now - 8 * 86_400,
      expiresAt: now - 86_400,
    });
    expect((await callRoute('sendLoginLink', { body: { email } })).status).toBe(404);
    const again = await callRoute('signup', { body: { email, terms_accepted: true } });
    expect(again.status).toBe(200);
    const { token } = await loginByLink(email);
    expect((await callRoute('userInfo', { token })).body).toMatchObject({ email, tokens_ltd: 2 });

    // Through the API: a fresh signup holds the email for 7 days, and activation lifts the expiry.
    const fresh = newEmail('fresh');
    await callRoute('signup', { body: { email: fresh, terms_accepted: true } });
    const claim = await db.send(
      new GetCommand({ TableName: stack().tableName, Key: { pk: `EMAIL#${fresh}`, sk: 'EMAIL' } }),
    );
    expect(claim.Item?.expires_at).toBeGreaterThan(now + PENDING_ACCOUNT_TTL_SECONDS - 60);
    expect(claim.Item?.expires_at).toBeLessThan(now + PENDING_ACCOUNT_TTL_SECONDS + 60);
    await loginByLink(fresh);
    const user = await store.findByEmail(fresh);
    const items = await Promise.all(
      [
        { pk: `EMAIL#${fresh}`, sk: 'EMAIL' },
        { pk: `USER#${user?.id}`, sk: 'PROFILE' },
      ].map((Key) => db.send(new GetCommand({ TableName: stack().tableName, Key }))),
    );
    for (const item of items) expect(item.Item?.expires_at).toBeUndefined();
  });

  it('an activated user can sign in again with a fresh link', async () => {
    const { email } = await activatedUser();
    const res = await callRoute('sendLoginLink', { body: { email } });
    expect(res.status).toBe(200);
    const [latest] = await mailsTo(email);
    expect(latest?.subject).toBe('Your Aivatar login link');
  });
});

async function loginByLink(email: string): Promise<{ token: string }> {
  const [mail] = await mailsTo(email);
  const res = await callRoute('loginWithToken', { params: { token: linkTokenOf(mail as never) } });
  return { token: res.body.access_token };
}
