import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LedgerPage } from '../../shared/api-schemas.ts';
import { activatedUser, call, stack } from '../support/api.ts';

const key = () => new TextEncoder().encode(stack().jwtSecret);
const ISSUER = 'aivatar-local';
const AUDIENCE = 'aivatar-web';

async function subjectOf(token: string): Promise<{ sub: string; sv: number }> {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString());
  return { sub: payload.sub, sv: payload.sv };
}

describe('sessions', () => {
  it('accept the token as a Bearer Authorization header and as a Token header', async () => {
    const { token, email } = await activatedUser();
    expect((await call('GET', '/user_info', { token })).body.email).toBe(email);
    expect((await call('GET', '/user_info', { token, tokenHeader: true })).body.email).toBe(email);
  });

  it('refuse a missing token with 401', async () => {
    const res = await call('GET', '/user_info');
    expect(res.status).toBe(401);
    expect(res.body.msg).toBeTruthy();
  });

  it('refuse every forged token with 401', async () => {
    const { token } = await activatedUser();
    const { sub, sv } = await subjectOf(token);
    const now = Math.floor(Date.now() / 1000);
    const sign = (k: Uint8Array, claims: { iss?: string; aud?: string; exp?: number } = {}) => {
      const jwt = new SignJWT({ sv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(now - 10);
      jwt.setIssuer(claims.iss ?? ISSUER).setAudience(claims.aud ?? AUDIENCE);
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
      expired: await sign(key(), { exp: now - 60 }),
      'no expiry': await sign(key()),
      'wrong key': await sign(new TextEncoder().encode('an-entirely-different-signing-key-of-32+bytes'), {
        exp: now + 600,
      }),
      'wrong issuer': await sign(key(), { iss: 'someone-else', exp: now + 600 }),
      'wrong audience': await sign(key(), { aud: 'other-app', exp: now + 600 }),
      'alg none': new UnsecuredJWT({ sv })
        .setSubject(sub)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setExpirationTime(now + 600)
        .encode(),
      garbage: 'not.a.jwt',
    };
    for (const [name, forged] of Object.entries(forgeries)) {
      const res = await call('GET', '/user_info', { token: forged });
      expect(res.status, name).toBe(401);
    }
    // The control: the same construction with the real key is accepted, so the refusals above mean something.
    expect((await call('GET', '/user_info', { token: await sign(key(), { exp: now + 600 }) })).status).toBe(
      200,
    );
  });

  it('changing the password signs out the other sessions and keeps this one', async () => {
    const { token: first, email } = await activatedUser();
    const set = await call<{ access_token: string; msg: string }>('POST', '/account/password', {
      token: first,
      body: { new_password: 'first password 123' },
    });
    expect(set.status).toBe(200);
    expect(set.body.msg).toBe('Your password has been set.');
    expect((await call('GET', '/user_info', { token: first })).status).toBe(401);

    const current = set.body.access_token;
    const other = await call<{ access_token: string }>('POST', '/login', {
      body: { email, password: 'first password 123' },
    });
    expect(other.status).toBe(200);

    const wrongCurrent = await call('POST', '/account/password', {
      token: current,
      body: { current_password: 'not it', new_password: 'second password 456' },
    });
    expect(wrongCurrent).toMatchObject({ status: 400, body: { msg: 'Your current password is incorrect.' } });
    const noCurrent = await call('POST', '/account/password', {
      token: current,
      body: { new_password: 'second password 456' },
    });
    expect(noCurrent.status).toBe(400);

    const change = await call<{ access_token: string; msg: string }>('POST', '/account/password', {
      token: current,
      body: { current_password: 'first password 123', new_password: 'second password 456' },
    });
    expect(change.status).toBe(200);
    expect(change.body.msg).toBe('Your password has been changed.');
    expect((await call('GET', '/user_info', { token: current })).status).toBe(401);
    expect((await call('GET', '/user_info', { token: other.body.access_token })).status).toBe(401);
    expect((await call('GET', '/user_info', { token: change.body.access_token })).status).toBe(200);
    expect((await call('POST', '/login', { body: { email, password: 'first password 123' } })).status).toBe(
      401,
    );
    expect((await call('POST', '/login', { body: { email, password: 'second password 456' } })).status).toBe(
      200,
    );
  });

  it('refuses passwords that are too short or equal to the email', async () => {
    const { token, email } = await activatedUser();
    const short = await call('POST', '/account/password', { token, body: { new_password: 'short' } });
    expect(short).toMatchObject({ status: 400, body: { code: 'WEAK_PASSWORD' } });
    const same = await call('POST', '/account/password', { token, body: { new_password: email } });
    expect(same).toMatchObject({ status: 400, body: { code: 'WEAK_PASSWORD' } });
    expect((await call('GET', '/user_info', { token })).body.has_password).toBe(false);
  });

  it('shows the token balance with the ledger entry that explains it', async () => {
    const { token } = await activatedUser();
    const ledger = LedgerPage.parse((await call('GET', '/account/ledger', { token })).body);
    expect(ledger.entries).toHaveLength(1);
    expect(ledger.entries[0]).toMatchObject({
      reason: 'signup_bonus',
      pool: 'ltd',
      amount: 2,
      balance_after: 2,
    });
  });
});
