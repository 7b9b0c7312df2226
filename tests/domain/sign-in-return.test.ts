// Where an emailed link's sign-in lands (functions/accounts/domain/accounts.ts, shared/sign-in-return.ts;
// docs/product.md, "Sign-up and activation on two devices"): sign-up and the link requests may send the app
// page and the plan the asking browser kept; the link carries them, encoded, beside its language, so that the
// link opened on another device lands there too. Anything else is dropped without a word: never an error,
// never another origin in the link, never words of its own in the email. Against the in-memory ports of
// tests/support/fakes.
import { describe, expect, it } from 'vitest';
import type { OutgoingEmail } from '#platform/domain/ports.ts';
import { requestLoginLink, signUp } from '../../functions/accounts/domain/accounts.ts';
import { redeemLoginLink } from '../../functions/accounts/domain/link-sign-in.ts';
import { fakeAccounts, WEB_URL } from '../support/fakes/index.ts';

const caller = { clientAddress: '203.0.113.7' };
const JOIN = '/fr/app/team?code=AbC-9_x';

/** The one link an email holds, as its text part shows it. */
function linkIn(mail: OutgoingEmail | undefined): URL {
  const found = mail?.text.match(/https?:\/\/\S+/g) ?? [];
  expect(found, mail?.subject).toHaveLength(1);
  return new URL(found[0] as string);
}

const ATTACKS = [
  '//evil.example',
  '/\\evil.example',
  'https://evil.example',
  'https://evil.example/app/team?code=x',
  '/app/../../x',
  'javascript:alert(1)',
  '/app//evil.example',
  '/app/team?code=x#frag',
  '/app/team?code=x\r\nCall +33 1 23 45 67 89 now',
  '/app/team?code="><a href="https://evil.example">Click</a>',
  `/app/team?code=${'x'.repeat(300)}`,
  '/pricing?buy=pack-10',
];

describe('the activation link of a sign-up', () => {
  it('carries the app page the browser kept, encoded, in the language of the sign-up', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'camille@example.com', lang: 'fr', return_to: JOIN });
    const [mail] = w.mailer.to('camille@example.com');
    expect(mail?.subject).toBe('Activez votre compte Aivatar');
    const link = linkIn(mail);
    expect(link.origin + link.pathname).toBe(`${WEB_URL}/login_with_token`);
    expect([...link.searchParams.keys()]).toEqual(['token', 'lang', 'return_to']);
    expect(link.searchParams.get('lang')).toBe('fr');
    expect(link.searchParams.get('return_to')).toBe(JOIN);
    // Encoded: the page's `/`, `?` and `=` cannot be read as the link's own.
    expect(mail?.text).toContain('&return_to=%2Ffr%2Fapp%2Fteam%3Fcode%3DAbC-9_x');
    expect(mail?.html).toContain('&#38;return_to=%2Ffr%2Fapp%2Fteam%3Fcode%3DAbC-9_x');
    // Still the link that activates the account and signs it in.
    const { login } = await redeemLoginLink(w.deps, link.searchParams.get('token') as string);
    expect(login).toMatchObject({ activated: true, signup_bonus: 2 });
  });

  it('carries the plan chosen first, when it is one of the catalogue', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'a@example.com', buy: 'pack-40', return_to: '/app/gallery' });
    await signUp(w.deps, caller, { email: 'b@example.com', buy: 'monthly-100' });
    await signUp(w.deps, caller, { email: 'c@example.com', buy: 'pack-1000000' });
    const [a, b, c] = ['a', 'b', 'c'].map((n) => linkIn(w.mailer.to(`${n}@example.com`)[0]).searchParams);
    expect([a?.get('buy'), a?.get('return_to'), a?.get('lang')]).toEqual(['pack-40', '/app/gallery', 'en']);
    expect(b?.get('buy')).toBe('monthly-100');
    expect(c?.has('buy')).toBe(false);
  });

  it('drops anything else without a word: the account is made, the link is the plain one', async () => {
    const w = fakeAccounts();
    // Beside an app page, which it carries:
    await signUp(w.deps, caller, {
      email: 'good@example.com',
      return_to: '/app/team?code=x',
      buy: 'pack-10',
    });
    expect(linkIn(w.mailer.to('good@example.com')[0]).search).toContain('&return_to=');
    for (const [i, attempt] of ATTACKS.entries()) {
      const email = `evil${i}@example.com`;
      const res = await signUp(w.deps, caller, { email, lang: 'fr', return_to: attempt, buy: attempt });
      expect(res.msg, attempt).toBe('Account created! Please check your email for an activation link.');
      const [mail] = w.mailer.to(email);
      const link = linkIn(mail);
      expect([...link.searchParams.keys()], attempt).toEqual(['token', 'lang']);
      expect(link.origin, attempt).toBe(WEB_URL);
      expect(`${mail?.text}${mail?.html}`, attempt).not.toMatch(/evil|Call|Click|xxxx/);
    }
  });
});

describe('"Send new activation link" and "Send me a login link"', () => {
  it('carry the app page too, whichever email goes out', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'pending@example.com', lang: 'fr' });
    const again = await requestLoginLink(w.deps, caller, {
      email: 'pending@example.com',
      lang: 'fr',
      return_to: JOIN,
    });
    expect(again).toMatchObject({ kind: 'activation', sent: true });
    const [activation] = w.mailer.to('pending@example.com');
    expect(activation?.subject).toBe('Activez votre compte Aivatar');
    expect(linkIn(activation).searchParams.get('return_to')).toBe(JOIN);
    expect(linkIn(activation).searchParams.get('lang')).toBe('fr');

    const token = linkIn(activation).searchParams.get('token') as string;
    await redeemLoginLink(w.deps, token);
    const link = await requestLoginLink(w.deps, caller, {
      email: 'pending@example.com',
      return_to: '/app/account?delete=abc',
    });
    expect(link).toMatchObject({ kind: 'login', sent: true });
    const [login] = w.mailer.to('pending@example.com');
    expect(login?.subject).toBe('Votre lien de connexion Aivatar');
    expect(linkIn(login).searchParams.get('return_to')).toBe('/app/account?delete=abc');
  });

  it('drop anything else without a word', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'good@example.com' });
    await requestLoginLink(w.deps, caller, { email: 'good@example.com', return_to: '/app/team?code=x' });
    expect(linkIn(w.mailer.to('good@example.com')[0]).search).toContain('&return_to=');
    for (const [i, attempt] of ATTACKS.entries()) {
      const email = `pending${i}@example.com`;
      await signUp(w.deps, caller, { email });
      const res = await requestLoginLink(w.deps, caller, { email, return_to: attempt, buy: attempt });
      expect(res, attempt).toMatchObject({ kind: 'activation', sent: true });
      const [mail] = w.mailer.to(email);
      expect([...linkIn(mail).searchParams.keys()], attempt).toEqual(['token', 'lang']);
      expect(`${mail?.text}${mail?.html}`, attempt).not.toMatch(/evil|Call|Click|xxxx/);
    }
  });
});
