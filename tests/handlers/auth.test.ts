// The auth group's handler in-process: sessions, sign-up, password login and login links, each answer's
// status and message as the client expects them (docs/product.md; the web app's messages key on them).
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ledgerPut } from '#platform/dynamodb/ledger-put.ts';
import { cryptoIds } from '#platform/system.ts';
import { type LedgerEntry, UserInfo } from '#shared/api-schemas.ts';
import { DynamoAccountStore } from '../../functions/accounts/dynamodb/account-store.ts';
import {
  call,
  handlerOf,
  invoke,
  linkSecretFor,
  mailsTo,
  newEmail,
  preflightEvent,
  SESSION_ISSUER,
  sessionKey,
  signedInUser,
  testTable,
  WEB_URL,
} from '../support/handler-events.ts';

const PASSWORD = 'correct horse battery staple';
const AUDIENCE = 'aivatar-web';

async function userWithPassword() {
  const u = await signedInUser();
  const set = await call('changePassword', { token: u.token, body: { new_password: PASSWORD } });
  expect(set.status).toBe(200);
  expect(set.body.msg).toBe('Your password has been set.');
  return { ...u, token: set.body.access_token as string };
}

const store = () => {
  const { db, tableName } = testTable();
  return new DynamoAccountStore(db, tableName);
};

describe('sessions', () => {
  it('are taken as a Bearer Authorization header and as a Token header', async () => {
    const { token, email } = await signedInUser();
    expect((await call('userInfo', { token })).body.email).toBe(email);
    expect((await call('userInfo', { token, tokenHeader: true })).body.email).toBe(email);
  });

  it('refuse every forged token with 401', async () => {
    const { token, id } = await signedInUser();
    const { sv } = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
    const now = Math.floor(Date.now() / 1000);
    const sign = (k: Uint8Array, claims: { iss?: string; aud?: string; exp?: number } = {}) => {
      const jwt = new SignJWT({ sv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(id)
        .setIssuedAt(now - 10);
      jwt.setIssuer(claims.iss ?? SESSION_ISSUER).setAudience(claims.aud ?? AUDIENCE);
      if (claims.exp !== undefined) jwt.setExpirationTime(claims.exp);
      return jwt.sign(k);
    };
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const tamperedPayload = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), sub: 'someone-else' }),
    ).toString('base64url');
    const forgeries: Record<string, string> = {
      tampered: `${header}.${tamperedPayload}.${signature}`,
      'bad signature': `${header}.${payload}.${Buffer.from('nope').toString('base64url')}`,
      expired: await sign(sessionKey(), { exp: now - 60 }),
      'no expiry': await sign(sessionKey()),
      'wrong key': await sign(new TextEncoder().encode('an-entirely-different-signing-key-of-32+bytes'), {
        exp: now + 600,
      }),
      'wrong issuer': await sign(sessionKey(), { iss: 'someone-else', exp: now + 600 }),
      'wrong audience': await sign(sessionKey(), { aud: 'other-app', exp: now + 600 }),
      'alg none': new UnsecuredJWT({ sv })
        .setSubject(id)
        .setIssuer(SESSION_ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime(now + 600)
        .encode(),
      garbage: 'not.a.jwt',
    };
    for (const [name, forged] of Object.entries(forgeries)) {
      const res = await call('userInfo', { token: forged });
      expect(res.status, name).toBe(401);
      expect(res.body.code, name).toBe('UNAUTHENTICATED');
    }
    const expired = await call('userInfo', { token: forgeries.expired });
    expect(expired.body.msg).toBe('Your session has expired. Please log in again.');
    // The control: the same construction with the real key is accepted, so the refusals above mean something.
    expect((await call('userInfo', { token: await sign(sessionKey(), { exp: now + 600 }) })).status).toBe(
      200,
    );
  });

  it('of an older version (signed out elsewhere) answer 401 saying the session ended', async () => {
    const { token } = await signedInUser();
    const set = await call('changePassword', { token, body: { new_password: PASSWORD } });
    expect(set.status).toBe(200);
    const old = await call('userInfo', { token });
    expect(old).toMatchObject({
      status: 401,
      body: { code: 'SESSION_REVOKED', msg: 'Your session has ended. Please log in again.' },
    });
    expect((await call('userInfo', { token: set.body.access_token as string })).status).toBe(200);
  });

  it('answer the account page with the UserInfo of the account', async () => {
    const { token, email } = await signedInUser();
    const me = await call('userInfo', { token });
    expect(UserInfo.parse(me.body)).toEqual({
      email,
      tokens_ltd: 2,
      tokens_subscription: 0,
      stripe_customer_id: null,
      has_password: false,
    });
  });
});

describe('the token history', () => {
  it('shows a debit and its refund of the same second in the order they happened, newest first', async () => {
    const { token, id } = await signedInUser();
    const [bonus] = (await call('tokenLedger', { token })).body.entries as LedgerEntry[];
    if (!bonus) throw new Error('no signup bonus entry');
    const { db, tableName } = testTable();
    const at = bonus.created_at + 10;
    // Keyed as the task's transactions key them (LEDGER#<second>#<order>#<entry id>): the debit's id sorts
    // after the refund's, so the key alone would show the debit as the newer.
    const entries = [
      { entryId: `zz-${cryptoIds.newId()}`, reason: 'generation', amount: -bonus.balance_after, after: 0 },
      {
        entryId: `aa-${cryptoIds.newId()}`,
        reason: 'generation_refund',
        amount: bonus.balance_after,
        after: bonus.balance_after,
      },
    ] as const;
    for (const e of entries) {
      const { Put } = ledgerPut(tableName, id, { ...e, pool: 'ltd', balanceAfter: e.after, at, order: 1 });
      await db.send(new PutCommand(Put as NonNullable<typeof Put>));
    }
    const shown = (await call('tokenLedger', { token })).body.entries as LedgerEntry[];
    expect(shown.map((e) => [e.reason, e.amount, e.balance_after])).toEqual([
      ['generation_refund', bonus.balance_after, bonus.balance_after],
      ['generation', -bonus.balance_after, 0],
      ['signup_bonus', bonus.amount, bonus.balance_after],
    ]);
  });
});

describe('passwords', () => {
  it('refuse short, common and guessable passwords and the email itself, each with its own code', async () => {
    const { token, email } = await signedInUser();
    const cases: [string, string][] = [
      ['short', 'PASSWORD_TOO_SHORT'],
      // Seven characters people see, fourteen UTF-16 units.
      ['😀🙂😉😊😇🥰😍', 'PASSWORD_TOO_SHORT'],
      ['x'.repeat(129), 'PASSWORD_TOO_LONG'],
      [email, 'PASSWORD_IS_EMAIL'],
      [` ${email.toUpperCase()}`, 'PASSWORD_IS_EMAIL'],
      ['password', 'PASSWORD_TOO_COMMON'],
      ['aaaaaaaa', 'PASSWORD_TOO_COMMON'],
      ['        ', 'PASSWORD_TOO_COMMON'],
      ['12345678', 'PASSWORD_TOO_COMMON'],
      ['iloveyou2', 'PASSWORD_TOO_COMMON'],
      [`${email.split('@')[0]}1`, 'PASSWORD_TOO_COMMON'],
    ];
    for (const [password, code] of cases) {
      const res = await call('changePassword', { token, body: { new_password: password } });
      expect(res.status, password).toBe(400);
      expect(res.body.code, password).toBe(code);
    }
    expect((await call('userInfo', { token })).body.has_password).toBe(false);
    // Eight characters people see are enough when they are not guessable.
    expect((await call('changePassword', { token, body: { new_password: '🦊🌵🎻🚲🧭🍉🪁🦉' } })).status).toBe(
      200,
    );
  });

  it('once set, are changed only with the current one: 400 with the message otherwise', async () => {
    const { token } = await userWithPassword();
    const wrong = await call('changePassword', {
      token,
      body: { current_password: 'not it', new_password: 'second password 456' },
    });
    expect(wrong).toMatchObject({ status: 400, body: { msg: 'Your current password is incorrect.' } });
    expect(
      (await call('changePassword', { token, body: { new_password: 'second password 456' } })).status,
    ).toBe(400);
    const change = await call('changePassword', {
      token,
      body: { current_password: PASSWORD, new_password: 'second password 456' },
    });
    expect(change).toMatchObject({ status: 200, body: { msg: 'Your password has been changed.' } });
  });
});

describe('password login', () => {
  it('answers each case with the status and message the client expects', async () => {
    const { email } = await userWithPassword();
    const ok = await call('login', { body: { email: email.toUpperCase(), password: PASSWORD } });
    expect(ok.status).toBe(200);
    expect((await call('userInfo', { token: ok.body.access_token as string })).status).toBe(200);

    const wrong = await call('login', { body: { email, password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.msg).not.toContain('No account found');

    const unknown = await call('login', { body: { email: newEmail('ghost'), password: PASSWORD } });
    expect(unknown.status).toBe(401);
    expect(unknown.body.msg).toContain('No account found');

    const empty = await call('login', { body: { email: '', password: '' } });
    expect(empty).toMatchObject({
      status: 400,
      body: { msg: 'Please enter both your email and password to login.' },
    });
    const missing = await call('login', { body: { email } });
    expect(missing).toMatchObject({ status: 400, body: { msg: 'Missing field: password.' } });
  });

  it('refuses an account that was never activated with 403', async () => {
    const email = newEmail('inactive');
    expect((await call('signup', { body: { email, terms_accepted: true } })).status).toBe(200);
    const res = await call('login', { body: { email, password: PASSWORD } });
    expect(res).toMatchObject({ status: 403, body: { code: 'ACCOUNT_NOT_ACTIVATED' } });
  });

  it('refuses a password login for an account that has no password yet with 401', async () => {
    const { email } = await signedInUser();
    const res = await call('login', { body: { email, password: PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.body.msg).not.toContain('No account found');
  });
});

describe('signing up', () => {
  it('answers 200 asking to check the email, and marks the browser that asked with a cookie', async () => {
    const email = newEmail('signup');
    const res = await call('signup', { body: { email, terms_accepted: true } });
    expect(res.status).toBe(200);
    expect(res.body.msg).toBe('Account created! Please check your email for an activation link.');
    expect(res.cookies).toHaveLength(1);
    expect(res.cookies[0]).toMatch(/^aivatar_link=[\w-]+; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Activate your Aivatar account');
    expect(mail?.text).toContain(`${WEB_URL}/login_with_token?token=`);
  });

  it('refuses an invalid email, a missing terms acceptance and unknown fields with 400', async () => {
    const bad = await call('signup', { body: { email: 'not-an-email', terms_accepted: true } });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'Please provide a valid email address.' } });
    const noTerms = await call('signup', { body: { email: newEmail(), terms_accepted: false } });
    expect(noTerms).toMatchObject({ status: 400, body: { msg: 'You must accept the terms of service.' } });
    const extra = await call('signup', { body: { email: newEmail(), terms_accepted: true, role: 'admin' } });
    expect(extra).toMatchObject({ status: 400, body: { msg: 'Unknown field: role.' } });
  });

  it('normalises the email: case and spaces never make a second account (409)', async () => {
    const email = newEmail('norm');
    const first = await call('signup', {
      body: { email: `  ${email.toUpperCase()} `, terms_accepted: true },
    });
    expect(first.status).toBe(200);
    const again = await call('signup', { body: { email, terms_accepted: true } });
    expect(again).toMatchObject({ status: 409, body: { msg: 'This email is already registered.' } });
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('answers each bad request with 400 and a clear message, never a 500', async () => {
    const cases: [string, Parameters<typeof call>[1], string | RegExp][] = [
      ['malformed JSON', { rawBody: '{"email": ' }, 'Request body is not valid JSON.'],
      ['empty body', { rawBody: '' }, 'Request body is not valid JSON.'],
      ['an array', { body: [1, 2] }, /Invalid field body/],
      ['wrong type', { body: { email: 42, terms_accepted: true } }, /Invalid field email/],
      ['missing field', { body: { terms_accepted: true } }, 'Missing field: email.'],
      [
        'unknown field',
        { body: { email: newEmail(), terms_accepted: true, admin: true } },
        'Unknown field: admin.',
      ],
      [
        'oversized',
        { body: { email: `${'a'.repeat(20_000)}@x.io`, terms_accepted: true } },
        'Request body is too large.',
      ],
      [
        'not JSON',
        { rawBody: 'email=a@b.c', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
        /must be JSON/,
      ],
    ];
    for (const [name, options, message] of cases) {
      const res = await call('signup', options);
      expect(res.status, name).toBe(400);
      if (typeof message === 'string') expect(res.body.msg, name).toBe(message);
      else expect(res.body.msg, name).toMatch(message);
    }
  });
});

describe('a failure of ours', () => {
  it('is a 500 saying "Server error" with the correlation id, and nothing else', async () => {
    // A corrupted account record: the store refuses to read it back.
    const email = newEmail('corrupt');
    const { db, tableName } = testTable();
    const id = `broken-${cryptoIds.newId()}`;
    await db.send(
      new PutCommand({ TableName: tableName, Item: { pk: `EMAIL#${email}`, sk: 'EMAIL', user_id: id } }),
    );
    await db.send(new PutCommand({ TableName: tableName, Item: { pk: `USER#${id}`, sk: 'PROFILE', email } }));
    const res = await call('login', {
      body: { email, password: 'some password' },
      requestId: `corrupt-${id}`,
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ msg: 'Server error', code: 'SERVER_ERROR', correlation_id: `corrupt-${id}` });
    expect(res.headers['x-correlation-id']).toBe(`corrupt-${id}`);
    expect(res.headers['access-control-allow-origin']).toBe(WEB_URL);
  });
});

describe('login links', () => {
  it('answer 404 for an address with no account', async () => {
    const res = await call('sendLoginLink', { body: { email: newEmail('nobody') } });
    expect(res.status).toBe(404);
    expect(res.body.msg).toContain('No account found');
  });

  it('are sent to an activated account (200) and work once: a second use answers 401', async () => {
    const { email } = await signedInUser();
    const sent = await call('sendLoginLink', { body: { email } });
    expect(sent.status).toBe(200);
    expect((await mailsTo(email))[0]?.subject).toBe('Your Aivatar login link');
    const token = await linkSecretFor(email);
    expect((await call('loginWithToken', { params: { token } })).status).toBe(200);
    const again = await call('loginWithToken', { params: { token } });
    expect(again).toMatchObject({
      status: 401,
      body: { msg: 'Invalid or expired login link. Please request a new one.' },
    });
  });

  it('refuse unknown, malformed and expired link tokens with 401', async () => {
    for (const token of [cryptoIds.newId(), 'short', '../../etc/passwd']) {
      expect((await call('loginWithToken', { params: { token } })).status, token).toBe(401);
    }
    const { email } = await signedInUser();
    const user = await store().findByEmail(email);
    const now = Math.floor(Date.now() / 1000);
    const expired = `expired-${cryptoIds.newId()}`;
    await store().saveLoginLink({
      tokenHash: cryptoIds.hashSecret(expired),
      userId: user?.id as string,
      expiresAt: now - 60,
    });
    expect((await call('loginWithToken', { params: { token: expired } })).status).toBe(401);
    const fresh = `fresh-${cryptoIds.newId()}`;
    await store().saveLoginLink({
      tokenHash: cryptoIds.hashSecret(fresh),
      userId: user?.id as string,
      expiresAt: now + 60,
    });
    expect((await call('loginWithToken', { params: { token: fresh } })).status).toBe(200);
  });

  it('are built from the configured web URL, never from the Host header', async () => {
    const { email } = await signedInUser();
    await call('sendLoginLink', {
      body: { email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' },
    });
    const [mail] = await mailsTo(email);
    expect(mail?.text).toContain(`${WEB_URL}/login_with_token?token=`);
    expect(mail?.html).not.toContain('evil.example');
  });
});

describe('the API host', () => {
  it('admits only the web origin in CORS, with the Authorization and Token headers', async () => {
    const auth = await handlerOf('auth');
    const preflight = await invoke(
      auth,
      preflightEvent('/user_info', {
        headers: {
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,token',
        },
      }),
    );
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(WEB_URL);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/token/);
    const foreign = await invoke(auth, preflightEvent('/user_info', { origin: 'https://evil.example' }));
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const get = await call('userInfo', { origin: 'https://evil.example' });
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never takes a session from ?token=', async () => {
    const { token } = await signedInUser();
    expect((await call('userInfo', { query: { token } })).status).toBe(401);
    expect((await call('userInfo', { token })).status).toBe(200);
  });
});
