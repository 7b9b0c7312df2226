import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { LedgerPage } from '../../shared/api-schemas.ts';
import { activatedUser, callRoute, stack } from '../support/api.ts';

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
    expect((await callRoute('userInfo', { token })).body.email).toBe(email);
    expect((await callRoute('userInfo', { token, tokenHeader: true })).body.email).toBe(email);
  });

  it('refuse a missing token with 401', async () => {
    const res = await callRoute('userInfo');
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
      const res = await callRoute('userInfo', { token: forged });
      expect(res.status, name).toBe(401);
    }
    // The control: the same construction with the real key is accepted, so the refusals above mean something.
    expect((await callRoute('userInfo', { token: await sign(key(), { exp: now + 600 }) })).status).toBe(200);
  });

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

    const wrongCurrent = await callRoute('changePassword', {
      token: current,
      body: { current_password: 'not it', new_password: 'second password 456' },
    });
    expect(wrongCurrent).toMatchObject({ status: 400, body: { msg: 'Your current password is incorrect.' } });
    const noCurrent = await callRoute('changePassword', {
      token: current,
      body: { new_password: 'second password 456' },
    });
    expect(noCurrent.status).toBe(400);

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

  it('refuses short, common and guessable passwords and the email itself, each with its own code', async () => {
    const { token, email } = await activatedUser();
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
      const res = await callRoute('changePassword', { token, body: { new_password: password } });
      expect(res.status, password).toBe(400);
      expect(res.body.code, password).toBe(code);
    }
    expect((await callRoute('userInfo', { token })).body.has_password).toBe(false);
    // Eight characters people see are enough when they are not guessable.
    const emoji = await callRoute('changePassword', { token, body: { new_password: '🦊🌵🎻🚲🧭🍉🪁🦉' } });
    expect(emoji.status).toBe(200);
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
