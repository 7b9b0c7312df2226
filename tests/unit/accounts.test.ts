import { describe, expect, it } from 'vitest';
import { DomainError } from '#platform/domain/errors.ts';
import { errorResponse } from '#platform/http/error-mapper.ts';
import { normaliseEmail } from '../../functions/accounts/domain/email-address.ts';
import { linkEmail } from '../../functions/accounts/domain/emails.ts';
import { JwtSessionTokens } from '../../functions/accounts/jose/jwt-sessions.ts';
import { ScryptPasswordHasher } from '../../functions/accounts/passwords/scrypt-hasher.ts';

describe('email addresses', () => {
  it('are trimmed and lower-cased, and nonsense is refused', () => {
    expect(normaliseEmail('  Ada@Example.COM ')).toBe('ada@example.com');
    for (const bad of [
      '',
      'ada',
      'ada@',
      '@example.com',
      'ada@example',
      'a da@example.com',
      `${'a'.repeat(250)}@x.io`,
    ]) {
      expect(() => normaliseEmail(bad), bad).toThrow('Please provide a valid email address.');
    }
  });
});

describe('link emails', () => {
  it('carry the link in both parts, escaped in the HTML, in the user language', () => {
    const link = 'https://app.example.com/login_with_token?token=abc&x="<b>"';
    const en = linkEmail('ada@example.com', 'en', 'login', link);
    expect(en.subject).toBe('Your Aivatar login link');
    expect(en.text).toContain(link);
    expect(en.html).not.toContain('"<b>"');
    expect(en.html).toContain('&#38;x=&#34;&#60;b&#62;&#34;');
    const fr = linkEmail('ada@example.com', 'fr', 'activation', link);
    expect(fr.subject).toBe('Activez votre compte Aivatar');
    expect(fr.html).toContain('<html lang="fr">');
  });
});

describe('password hashes', () => {
  it('use scrypt at OWASP parameters with a salt, and verify only the right password', async () => {
    const hasher = new ScryptPasswordHasher();
    const a = await hasher.hash('correct horse');
    const b = await hasher.hash('correct horse');
    expect(a).toMatch(/^scrypt\$17\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await hasher.verify('correct horse', a, 'sign-in')).toBe(true);
    expect(await hasher.verify('correct horsE', a, 'sign-in')).toBe(false);
    expect(await hasher.verify('correct horse', 'plain$text', 'sign-in')).toBe(false);
    // Four hashes of 128 MiB each: seconds of CPU on a busy 2-core machine.
  }, 60_000);
});

describe('session tokens', () => {
  const settings = { secret: 'x'.repeat(48), issuer: 'aivatar-test', ttlSeconds: 60 };

  it('round-trip their claims and refuse another issuer', async () => {
    const tokens = new JwtSessionTokens(settings);
    const t = await tokens.issue({ userId: 'u1', sessionVersion: 3 });
    expect(await tokens.verify(t)).toEqual({ userId: 'u1', sessionVersion: 3 });
    const other = new JwtSessionTokens({ ...settings, issuer: 'aivatar-prod' });
    await expect(other.verify(t)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuse a short signing key', () => {
    expect(() => new JwtSessionTokens({ ...settings, secret: 'short' })).toThrow(/at least 32 bytes/);
  });
});

describe('error responses', () => {
  it('give domain errors their status and message, as `msg` and as `error`', () => {
    const res = errorResponse(new DomainError('EMAIL_TAKEN', 'This email is already registered.'), 'c1');
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body as string)).toEqual({
      msg: 'This email is already registered.',
      code: 'EMAIL_TAKEN',
      error: 'This email is already registered.',
    });
  });

  it('hide unexpected errors behind "Server error" and the correlation id', () => {
    const res = errorResponse(new Error('connect ECONNREFUSED 10.0.0.1:5432'), 'corr-123');
    expect(res.statusCode).toBe(500);
    expect(JSON.parse(res.body as string)).toEqual({
      msg: 'Server error',
      code: 'SERVER_ERROR',
      correlation_id: 'corr-123',
    });
  });
});
