import { describe, expect, it } from 'vitest';
import { DynamoAccountStore } from '../../functions/adapters/dynamodb/account-store.ts';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { cryptoIds } from '../../functions/adapters/system.ts';
import {
  activatedUser,
  callRoute,
  linkTokenOf,
  mailsTo,
  newEmail,
  randomSecret,
  stack,
} from '../support/api.ts';

const PASSWORD = 'correct horse battery staple';

async function userWithPassword(): Promise<{ email: string; token: string }> {
  const u = await activatedUser();
  const set = await callRoute('changePassword', {
    token: u.token,
    body: { new_password: PASSWORD },
  });
  expect(set.status).toBe(200);
  return { email: u.email, token: set.body.access_token };
}

describe('password login', () => {
  it('answers each case with the status and message the client expects', async () => {
    const { email } = await userWithPassword();

    const ok = await callRoute('login', {
      body: { email: email.toUpperCase(), password: PASSWORD },
    });
    expect(ok.status).toBe(200);
    expect((await callRoute('userInfo', { token: ok.body.access_token })).status).toBe(200);

    const wrong = await callRoute('login', { body: { email, password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).not.toContain('No account found');

    const unknown = await callRoute('login', { body: { email: newEmail('ghost'), password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toContain('No account found');

    const empty = await callRoute('login', { body: { email: '', password: '' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { msg: 'Please enter both your email and password to login.' },
    });

    const missing = await callRoute('login', { body: { email } });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'Missing field: password.' } });
  });

  it('refuses an account that was never activated with 403', async () => {
    const email = newEmail('inactive');
    await callRoute('signup', { body: { email, terms_accepted: true } });
    const res = await callRoute('login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(403);
  });

  it('refuses a password login for an account that has no password yet', async () => {
    const { email } = await activatedUser();
    const res = await callRoute('login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.body.msg).not.toContain('No account found');
  });
});

describe('login links', () => {
  it('answers 404 for an address with no account', async () => {
    const res = await callRoute('sendLoginLink', { body: { email: newEmail('nobody') } });
    expect(res.status).toBe(404);
    expect(res.body.msg).toContain('No account found');
  });

  it('works once: a second use of the same link is refused with 401', async () => {
    const { email } = await activatedUser();
    await callRoute('sendLoginLink', { body: { email } });
    const [mail] = await mailsTo(email);
    const token = linkTokenOf(mail as never);
    const uses = await Promise.all([1, 2, 3].map(() => callRoute('loginWithToken', { params: { token } })));
    expect(uses.map((u) => u.status).sort()).toEqual([200, 401, 401]);
    const again = await callRoute('loginWithToken', { params: { token } });
    expect(again).toMatchObject({
      status: 401,
      body: { msg: 'Invalid or expired login link. Please request a new one.' },
    });
  });

  it('works once even when two clicks both found it unused: the database decides, every time', async () => {
    const { email } = await activatedUser();
    const store = new DynamoAccountStore(createDocumentClient(stack().dynamoEndpoint), stack().tableName);
    const secret = randomSecret();
    const hash = cryptoIds.hashSecret(secret);
    const now = Math.floor(Date.now() / 1000);
    const user = await store.findByEmail(email);
    await store.saveLoginLink({ tokenHash: hash, userId: user?.id as string, expiresAt: now + 600 });
    // Both clicks read the link before either redeems it: the race, made certain.
    const [first, second] = await Promise.all([
      store.findLinkOwner(hash, now),
      store.findLinkOwner(hash, now),
    ]);
    expect(first?.id).toBe(user?.id);
    expect(second?.id).toBe(user?.id);
    const outcomes = await Promise.all([
      store.redeemLoginLink(hash, first as never, now, null),
      store.redeemLoginLink(hash, second as never, now, null),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['invalid', 'signed-in']);
    expect((await callRoute('loginWithToken', { params: { token: secret } })).status).toBe(401);
  });

  it('expires after 15 minutes', async () => {
    const { email } = await activatedUser();
    const store = new DynamoAccountStore(createDocumentClient(stack().dynamoEndpoint), stack().tableName);
    const user = await store.findByEmail(email);
    const secret = randomSecret();
    const now = Math.floor(Date.now() / 1000);
    // A link issued 16 minutes ago, stored exactly as the product stores it.
    await store.saveLoginLink({
      tokenHash: cryptoIds.hashSecret(secret),
      userId: user?.id as string,
      expiresAt: now - 60,
    });
    expect((await callRoute('loginWithToken', { params: { token: secret } })).status).toBe(401);

    const fresh = randomSecret();
    await store.saveLoginLink({
      tokenHash: cryptoIds.hashSecret(fresh),
      userId: user?.id as string,
      expiresAt: now + 60,
    });
    expect((await callRoute('loginWithToken', { params: { token: fresh } })).status).toBe(200);
  });

  it('refuses unknown and malformed link tokens with 401', async () => {
    expect((await callRoute('loginWithToken', { params: { token: randomSecret() } })).status).toBe(401);
    expect((await callRoute('loginWithToken', { params: { token: 'short' } })).status).toBe(401);
    expect((await callRoute('loginWithToken', { params: { token: '../../etc/passwd' } })).status).toBe(401);
  });

  it('builds links from the configured web URL, never from the Host header', async () => {
    const { email } = await activatedUser();
    await callRoute('sendLoginLink', {
      body: { email },
      headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' },
    });
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain(`${stack().webUrl}/login_with_token?token=`);
    expect(mail?.html).not.toContain('evil.example');
  });

  it('stores link tokens only as a hash', async () => {
    const email = newEmail('hash');
    await callRoute('signup', { body: { email, terms_accepted: true } });
    const [mail] = await mailsTo(email);
    const secret = linkTokenOf(mail as never);
    const { DynamoDBClient, ScanCommand } = await import('@aws-sdk/client-dynamodb');
    const raw = new DynamoDBClient({
      endpoint: stack().dynamoEndpoint,
      region: 'eu-west-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    });
    // The whole table, every page of it (a Scan answers at most 1 MB at a time; the other files' items are
    // many by the time this runs). A test's own look at the table, not a path of the product.
    const pages: unknown[] = [];
    let ExclusiveStartKey: Record<string, never> | undefined;
    do {
      const page = await raw.send(new ScanCommand({ TableName: stack().tableName, ExclusiveStartKey }));
      pages.push(page.Items);
      ExclusiveStartKey = page.LastEvaluatedKey as typeof ExclusiveStartKey;
    } while (ExclusiveStartKey);
    raw.destroy();
    const dump = JSON.stringify(pages);
    expect(dump).not.toContain(secret);
    expect(dump).toContain(cryptoIds.hashSecret(secret));
  });
});
