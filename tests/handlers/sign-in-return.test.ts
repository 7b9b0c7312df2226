// The sign-up and link requests' optional `return_to` and `buy` through the auth group's handler
// (shared/api-schemas.ts SignupRequest, LoginLinkRequest; docs/product.md, "Sign-up and activation on two
// devices"): an app page reaches the emailed link, encoded; anything else, of any type or length the body may
// hold, is dropped and the sign-up still answers the product's 200, never a 400 or a 500. The rule itself is
// tests/unit/sign-in-return.test.ts's, the link's parameters tests/domain/sign-in-return.test.ts's.
import { describe, expect, it } from 'vitest';
import { call, mailsTo, newEmail, WEB_URL } from '../support/handler-events.ts';

const DONE = 'Account created! Please check your email for an activation link.';
const JOIN = '/fr/app/team?code=abc';

/** The link in the newest email to `email`. */
async function newestLink(email: string): Promise<URL> {
  const [mail] = await mailsTo(email);
  const found = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!found) throw new Error(`no link mailed to ${email}`);
  return new URL(found);
}

describe('signing up with the page to return to', () => {
  it('puts an app page into the activation link, in the language of the sign-up', async () => {
    const email = newEmail('join');
    const res = await call('signup', {
      body: { email, terms_accepted: true, lang: 'fr', return_to: JOIN, buy: 'pack-40' },
    });
    expect(res).toMatchObject({ status: 200, body: { msg: DONE } });
    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Activez votre compte Aivatar');
    expect(mail?.text).toContain(`${WEB_URL}/login_with_token?token=`);
    expect(mail?.text).toContain('&lang=fr&return_to=%2Ffr%2Fapp%2Fteam%3Fcode%3Dabc&buy=pack-40');
  });

  it('drops anything else, of any kind, and still signs up with 200', async () => {
    const attempts: unknown[] = [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      '/app/../../x',
      'javascript:alert(1)',
      `/app/team?code=${'a'.repeat(5000)}`,
      '',
      42,
      null,
      { path: '/app' },
      ['/app'],
      true,
    ];
    for (const attempt of attempts) {
      const email = newEmail('evil');
      const res = await call('signup', {
        body: { email, terms_accepted: true, return_to: attempt, buy: attempt },
      });
      expect(res.status, JSON.stringify(attempt)).toBe(200);
      expect(res.body.msg).toBe(DONE);
      const link = await newestLink(email);
      expect([...link.searchParams.keys()], JSON.stringify(attempt)).toEqual(['token', 'lang']);
    }
  });

  it('leaves the product’s contract fields as they were: unknown fields and a bad email are still refused with 400', async () => {
    const extra = await call('signup', {
      body: { email: newEmail(), terms_accepted: true, return_to: JOIN, next: '/app' },
    });
    expect(extra).toMatchObject({ status: 400, body: { msg: 'Unknown field: next.' } });
    const bad = await call('signup', {
      body: { email: 'not-an-email', terms_accepted: true, return_to: JOIN },
    });
    expect(bad).toMatchObject({ status: 400, body: { msg: 'Please provide a valid email address.' } });
  });
});

describe('"Send new activation link" with the page to return to', () => {
  it('puts it into the new activation link, and drops anything else with the same 200', async () => {
    const email = newEmail('again');
    expect((await call('signup', { body: { email, terms_accepted: true, lang: 'fr' } })).status).toBe(200);
    const again = await call('sendLoginLink', { body: { email, lang: 'fr', return_to: JOIN } });
    expect(again).toMatchObject({ status: 200, body: { kind: 'activation', sent: true } });
    const link = await newestLink(email);
    expect(link.searchParams.get('return_to')).toBe(JOIN);
    expect(link.searchParams.get('lang')).toBe('fr');

    const other = newEmail('again');
    expect((await call('signup', { body: { email: other, terms_accepted: true } })).status).toBe(200);
    const evil = await call('sendLoginLink', { body: { email: other, return_to: 7, buy: '//evil.example' } });
    expect(evil).toMatchObject({ status: 200, body: { kind: 'activation', sent: true } });
    expect([...(await newestLink(other)).searchParams.keys()]).toEqual(['token', 'lang']);
  });
});
