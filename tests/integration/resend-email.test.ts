// "Check your inbox" offers Resend (POST /send_login_link: a pending account gets its
// activation link again). Pressed too often from one address it is refused with 429, Retry-After (also in
// the body, which a page on another origin can read) and a message in the asker's language; the owner
// asking from another address is never locked out by it, and the link already in the mailbox still works.
import { describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import { callRoute, linkTokenOf, mailsTo, newClientIp, newEmail } from '../support/api.ts';

const { loginLinkPerEmailClient: pairRule, loginLinkPerEmail: mailboxRule } = DEFAULT_RATE_LIMITS;

async function signUp(lang: 'en' | 'fr'): Promise<string> {
  const email = newEmail(`resend-${lang}`);
  const res = await callRoute('signup', { body: { email, terms_accepted: true, lang } });
  expect(res.status).toBe(200);
  return email;
}

describe('Resend on "Check your inbox"', () => {
  it('sends the activation link again, then answers 429 with Retry-After and a French message', async () => {
    const email = await signUp('fr');
    const ip = newClientIp();
    for (let i = 0; i < pairRule.limit; i++) {
      const again = await callRoute('sendLoginLink', { body: { email, lang: 'fr' }, ip });
      expect(again.status).toBe(200);
      expect(again.body).toMatchObject({ kind: 'activation', sent: true });
    }
    expect(await mailsTo(email)).toHaveLength(1 + pairRule.limit);
    const refused = await callRoute('sendLoginLink', { body: { email, lang: 'fr' }, ip });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(pairRule.windowSeconds);
    expect(refused.body.retry_after).toBe(retryAfter);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.body.msg).toMatch(
      /^Trop d'e-mails demandés en peu de temps pour cette adresse\. Vous pourrez en redemander un dans \d+ (s|min)\.$/,
    );
    expect(await mailsTo(email)).toHaveLength(1 + pairRule.limit);

    // The owner, from another address: not refused. The mailbox already holds links that work, and says so.
    const owner = await callRoute('sendLoginLink', { body: { email, lang: 'fr' }, ip: newClientIp() });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ kind: 'activation', sent: mailboxRule.limit > pairRule.limit });
    const [newest] = await mailsTo(email);
    const opened = await callRoute('loginWithToken', { params: { token: linkTokenOf(newest as never) } });
    expect(opened.status).toBe(200);
    expect(opened.body.activated).toBe(true);
  });

  it('words the same refusal in English for an English page', async () => {
    const email = await signUp('en');
    const ip = newClientIp();
    for (let i = 0; i < pairRule.limit; i++)
      await callRoute('sendLoginLink', { body: { email, lang: 'en' }, ip });
    const refused = await callRoute('sendLoginLink', { body: { email, lang: 'en' }, ip });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toMatch(
      /^Too many emails asked for this address in a short time\. You can ask for another in \d+ (seconds|minutes?)\.$/,
    );
  });
});
