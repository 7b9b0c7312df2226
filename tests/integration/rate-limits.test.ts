import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../functions/domain/accounts/rate-limits.ts';
import { activatedUser, call, mailsTo, newClientIp, newEmail } from '../support/api.ts';

describe('rate limits', () => {
  it('a flood of login-link requests for one email sends only a few emails, then 429', async () => {
    const { email } = await activatedUser();
    const before = (await mailsTo(email)).length;
    const results = [];
    for (let i = 0; i < 12; i++)
      results.push(await call('POST', '/send_login_link', { body: { email }, ip: newClientIp() }));
    const limit = DEFAULT_RATE_LIMITS.loginLinkPerEmail.limit;
    expect(results.filter((r) => r.status === 200)).toHaveLength(limit);
    const refused = results.filter((r) => r.status === 429);
    expect(refused).toHaveLength(12 - limit);
    expect(refused[0]?.body.msg).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect((await mailsTo(email)).length - before).toBe(limit);
  });

  it('limits password attempts per email, whatever the client address', async () => {
    const { email } = await activatedUser();
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.loginPerEmail.limit; i++) {
      statuses.push(
        (await call('POST', '/login', { body: { email, password: `guess-${i}` }, ip: newClientIp() })).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits signups per client address', async () => {
    const ip = newClientIp();
    const statuses: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.signupPerClient.limit; i++) {
      statuses.push(
        (await call('POST', '/signup', { body: { email: newEmail('flood'), terms_accepted: true }, ip }))
          .status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
