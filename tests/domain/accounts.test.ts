// Signup, login links, activation and its bonus, password login and password rules
// (functions/accounts/domain), against the in-memory ports of tests/support/fakes. What needs the real pieces
// together (the HTTP statuses, DynamoDB's races) stays in tests/integration/signup.test.ts, login.test.ts
// and email-addresses.test.ts; the port's own rules are checked by tests/contracts/account-store.contract.ts.
import { describe, expect, it } from 'vitest';
import type { OutgoingEmail } from '#platform/domain/ports.ts';
import type { LedgerEntry } from '#shared/api-schemas.ts';
import {
  changePassword,
  describeUser,
  HISTORY_ENTRIES,
  LOGIN_LINK_TTL_SECONDS,
  logIn,
  PENDING_ACCOUNT_TTL_SECONDS,
  requestLoginLink,
  signUp,
  tokenHistory,
} from '../../functions/accounts/domain/accounts.ts';
import { maskEmail, normaliseEmail } from '../../functions/accounts/domain/email-address.ts';
import { previewLoginLink, redeemLoginLink } from '../../functions/accounts/domain/link-sign-in.ts';
import { ZxcvbnPasswordStrength } from '../../functions/accounts/passwords/zxcvbn-strength.ts';
import { fakeAccounts, WEB_URL } from '../support/fakes/index.ts';

const caller = { clientAddress: '203.0.113.7' };
const INVALID_LINK = 'Invalid or expired login link. Please request a new one.';

/** The token and language of the link in an email. */
function linkIn(mail: OutgoingEmail | undefined): { token: string; lang: string | null; url: URL } {
  const found = mail?.text.match(/https?:\/\/\S+/)?.[0];
  if (!found) throw new Error(`no link in ${mail?.subject}`);
  const url = new URL(found);
  return { token: url.searchParams.get('token') as string, lang: url.searchParams.get('lang'), url };
}

/** Signs up and opens the activation link: the account's session, as the welcome screen gets it. */
async function activate(w: ReturnType<typeof fakeAccounts>, email: string) {
  await signUp(w.deps, caller, { email });
  const { token } = linkIn(w.mailer.to(normaliseEmail(email))[0]);
  return (await redeemLoginLink(w.deps, token)).login;
}

describe('email addresses at signup', () => {
  it('refuse anything but a plain local@domain with the signup message, creating nothing', async () => {
    const w = fakeAccounts();
    const attempts = {
      empty: '',
      'no at': 'ada',
      'no domain': 'ada@',
      'no local part': '@example.com',
      'no dot in the domain': 'nd@localhost',
      space: 'a da@example.com',
      'too long': `${'a'.repeat(250)}@x.io`,
      'display name': '"x"<dn@example.test>',
      'angle brackets': '<ab@example.test>',
      NUL: 'nul\u0000@example.test',
      'zero-width space': 'zw\u200b@example.test',
      'zero-width joiner in the domain': 'zwj@exam\u200dple.test',
      'soft hyphen': 'shy@exam\u00adple.test',
      'right-to-left override': 'rtl\u202e@example.test',
      'lone surrogate': 'ls\ud800@example.test',
      'Cyrillic a in the local part': 'p\u0430ypal@example.test',
      'quoted local part': '"q x"@example.test',
      'two dots': 'a..b@example.test',
      comment: 'c(comment)@example.test',
      'IP literal': 'ip@[127.0.0.1]',
      'two addresses': 'a@example.test,b@example.test',
    };
    for (const [name, email] of Object.entries(attempts)) {
      await expect(signUp(w.deps, caller, { email }), name).rejects.toMatchObject({
        code: 'INVALID_EMAIL',
        message: 'Please provide a valid email address.',
      });
    }
    expect(w.mailer.sent).toEqual([]);
  });

  it('are trimmed and lower-cased: case and spaces never make a second account', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: '  Ada@Example.COM ' });
    expect(await w.store.findByEmail('ada@example.com')).toMatchObject({ status: 'PENDING' });
    await expect(signUp(w.deps, caller, { email: 'ADA@example.com' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
      message: 'This email is already registered.',
    });
  });

  it('accept an international domain, stored as punycode', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'idn@bücher.example' });
    expect(w.mailer.to('idn@xn--bcher-kva.example')).toHaveLength(1);
    await expect(signUp(w.deps, caller, { email: 'idn@xn--bcher-kva.example' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
  });

  it('are shown masked to whoever holds a link: first character and domain', () => {
    expect(maskEmail('jane@example.com')).toBe('j•••@example.com');
    expect(maskEmail('😀x@example.com')).toBe('😀•••@example.com');
  });
});

describe('signing up', () => {
  it('creates a pending account for 7 days and emails a link built from the web URL, in the asked language', async () => {
    const w = fakeAccounts();
    const res = await signUp(w.deps, caller, { email: 'ada@example.com', lang: 'fr' });
    expect(res.msg).toBe('Account created! Please check your email for an activation link.');
    const user = await w.store.findByEmail('ada@example.com');
    expect(user).toMatchObject({ status: 'PENDING', lang: 'fr', tokensLtd: 0 });
    const [mail, ...others] = w.mailer.to('ada@example.com');
    expect(others).toEqual([]);
    expect(mail?.subject).toBe('Activez votre compte Aivatar');
    expect(mail?.html).toContain('<html lang="fr">');
    expect(mail?.text).toContain('expire dans 15 minutes');
    const link = linkIn(mail);
    expect(link.url.origin + link.url.pathname).toBe(`${WEB_URL}/login_with_token`);
    expect(link.lang).toBe('fr');
    // The link is stored by its hash only, and belongs to the browser that asked.
    const found = await w.store.findLink(w.ids.hashSecret(link.token), w.clock.now());
    expect(found?.browser).toEqual({ hash: w.ids.hashSecret(res.browser), from: 'link-request' });
    expect(await w.store.findLink(link.token, w.clock.now())).toBeNull();
    // Expires with the pending account.
    w.clock.advance(PENDING_ACCOUNT_TTL_SECONDS + 1);
    expect(await w.store.findByEmail('ada@example.com')).toBeNull();
    await signUp(w.deps, caller, { email: 'ada@example.com' });
  });

  it('keeps the browser secret its cookie already holds, and makes one otherwise', async () => {
    const w = fakeAccounts();
    const cookie = 'c'.repeat(43);
    expect((await signUp(w.deps, caller, { email: 'a@example.com' }, cookie)).browser).toBe(cookie);
    const made = await signUp(w.deps, caller, { email: 'b@example.com' }, 'not a secret');
    expect(made.browser).not.toBe('not a secret');
    expect(made.browser).toMatch(/^[A-Za-z0-9_-]{22,128}$/);
  });
});

describe('activation and the signup bonus', () => {
  it('activates once with 2 free tokens, and says so to the welcome screen', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'ada@example.com' });
    const { token } = linkIn(w.mailer.to('ada@example.com')[0]);
    const { login } = await redeemLoginLink(w.deps, token);
    expect(login).toMatchObject({ activated: true, signup_bonus: 2 });
    const user = await w.store.findByEmail('ada@example.com');
    expect(user).toMatchObject({ status: 'ACTIVE', tokensLtd: 2 });
    expect(await w.sessions.verify(login.access_token)).toEqual({ userId: user?.id, sessionVersion: 1 });
    await expect(redeemLoginLink(w.deps, token)).rejects.toMatchObject({
      code: 'INVALID_LOGIN_LINK',
      message: INVALID_LINK,
    });
    expect((await tokenHistory(w.deps, user as never)).entries).toEqual([
      expect.objectContaining({ reason: 'signup_bonus', amount: 2, balance_after: 2 }),
    ]);
  });

  it('goes once per mailbox: a +tag variant gets 0 tokens and the ledger says why', async () => {
    const w = fakeAccounts();
    expect(await activate(w, 'ada@example.com')).toMatchObject({ signup_bonus: 2 });
    expect(await activate(w, 'ada+again@example.com')).toMatchObject({ activated: true, signup_bonus: 0 });
    const tagged = await w.store.findByEmail('ada+again@example.com');
    expect(tagged).toMatchObject({ status: 'ACTIVE', tokensLtd: 0 });
    expect((await tokenHistory(w.deps, tagged as never)).entries).toEqual([
      expect.objectContaining({ reason: 'signup_bonus_already_claimed', amount: 0, balance_after: 0 }),
    ]);
  });

  it('ignores dots in Gmail addresses (googlemail.com is gmail.com), not elsewhere', async () => {
    const w = fakeAccounts();
    expect(await activate(w, 'adalovelace@gmail.com')).toMatchObject({ signup_bonus: 2 });
    expect(await activate(w, 'ada.love.lace@googlemail.com')).toMatchObject({ signup_bonus: 0 });
    expect(await activate(w, 'ada.lovelace@example.test')).toMatchObject({ signup_bonus: 2 });
    expect(await activate(w, 'adalovelace@example.test')).toMatchObject({ signup_bonus: 2 });
  });

  it('is credited when the mailbox is proven: a stranger signing up a +tag first does not take it', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'owner+x@example.com' });
    expect(await activate(w, 'owner@example.com')).toMatchObject({ signup_bonus: 2 });
  });

  it('an activated account keeps its email for good and signs in again with a login link', async () => {
    const w = fakeAccounts();
    await activate(w, 'ada@example.com');
    w.clock.advance(PENDING_ACCOUNT_TTL_SECONDS * 2);
    await expect(signUp(w.deps, caller, { email: 'ada@example.com' })).rejects.toMatchObject({
      code: 'EMAIL_TAKEN',
    });
    const sent = await requestLoginLink(w.deps, caller, { email: 'ada@example.com', lang: 'fr' });
    expect(sent).toMatchObject({
      kind: 'login',
      sent: true,
      msg: 'A login link has been sent to ada@example.com.',
    });
    const [mail] = w.mailer.to('ada@example.com');
    expect(mail?.subject).toBe('Votre lien de connexion Aivatar');
    expect(linkIn(mail).lang).toBe('fr');
    // Without a language, the account's (English here).
    await requestLoginLink(w.deps, caller, { email: 'ada@example.com' });
    expect(w.mailer.to('ada@example.com')[0]?.subject).toBe('Your Aivatar login link');
    const { login } = await redeemLoginLink(w.deps, linkIn(mail).token);
    expect(login).toEqual({ access_token: expect.any(String), activated: false });
  });
});

describe('login links', () => {
  it('answer "No account found" for an address with no account, sending nothing', async () => {
    const w = fakeAccounts();
    await expect(requestLoginLink(w.deps, caller, { email: 'ghost@example.com' })).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_FOUND',
      message: 'No account found with this email.',
    });
    expect(w.mailer.sent).toEqual([]);
  });

  it('send a pending account its activation email again, in the language asked', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'ada@example.com', lang: 'fr' });
    const res = await requestLoginLink(w.deps, caller, { email: 'ada@example.com', lang: 'en' });
    expect(res).toMatchObject({ kind: 'activation', sent: true });
    const [latest] = w.mailer.to('ada@example.com');
    expect(latest?.subject).toBe('Activate your Aivatar account');
    expect(linkIn(latest).lang).toBe('en');
  });

  it('past the mailbox limit, say a link went out a few minutes ago instead of mailing again', async () => {
    const w = fakeAccounts();
    await activate(w, 'ada@example.com');
    const before = w.mailer.sent.length;
    const { limit } = w.limits.loginLinkPerEmail;
    for (let i = 0; i < limit; i++) {
      await requestLoginLink(w.deps, { clientAddress: `198.51.100.${i}` }, { email: 'ada@example.com' });
    }
    const past = await requestLoginLink(
      w.deps,
      { clientAddress: '198.51.100.99' },
      { email: 'ada@example.com' },
    );
    expect(past).toEqual({
      msg: 'A login link was sent to ada@example.com a few minutes ago.',
      kind: 'login',
      sent: false,
    });
    expect(w.mailer.sent.length - before).toBe(limit);
  });

  it('expire after 15 minutes; unknown and malformed tokens are refused alike', async () => {
    const w = fakeAccounts();
    await activate(w, 'ada@example.com');
    await requestLoginLink(w.deps, caller, { email: 'ada@example.com' });
    const { token } = linkIn(w.mailer.to('ada@example.com')[0]);
    w.clock.advance(LOGIN_LINK_TTL_SECONDS);
    for (const t of [token, 'short', '../../etc/passwd', 'x'.repeat(43)]) {
      await expect(redeemLoginLink(w.deps, t), t).rejects.toMatchObject({ message: INVALID_LINK });
    }
  });

  it('preview whom they sign in (masked) and whether this browser asked, using nothing', async () => {
    const w = fakeAccounts();
    const { browser } = await signUp(w.deps, caller, { email: 'jane@example.com' });
    const { token } = linkIn(w.mailer.to('jane@example.com')[0]);
    const here = { linkCookie: browser, googleCookie: null };
    const elsewhere = { linkCookie: null, googleCookie: null };
    expect(await previewLoginLink(w.deps, caller, token, here)).toEqual({
      email: 'j•••@example.com',
      same_browser: true,
    });
    expect(await previewLoginLink(w.deps, caller, token, elsewhere)).toEqual({
      email: 'j•••@example.com',
      same_browser: false,
    });
    expect((await redeemLoginLink(w.deps, token, elsewhere)).login.activated).toBe(true);
  });
});

describe('password login', () => {
  const PASSWORD = 'correct horse battery staple';

  async function withPassword(w: ReturnType<typeof fakeAccounts>) {
    w.store.seedActive({ id: 'u1', email: 'ada@example.com', passwordHash: await w.hasher.hash(PASSWORD) });
  }

  it('answers each case with its own code and message', async () => {
    const w = fakeAccounts();
    await withPassword(w);
    const ok = await logIn(w.deps, caller, { email: ' ADA@example.com', password: PASSWORD });
    expect(await w.sessions.verify(ok.access_token)).toEqual({ userId: 'u1', sessionVersion: 1 });
    await expect(
      logIn(w.deps, caller, { email: 'ada@example.com', password: 'not it' }),
    ).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Incorrect password.',
    });
    await expect(
      logIn(w.deps, caller, { email: 'ghost@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'UNKNOWN_LOGIN_EMAIL',
      message: 'No account found with this email.',
    });
    for (const input of [
      { email: '', password: '' },
      { email: '  ', password: PASSWORD },
      { email: 'ada@example.com', password: '' },
    ]) {
      await expect(logIn(w.deps, caller, input)).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Please enter both your email and password to login.',
      });
    }
    await expect(logIn(w.deps, caller, { email: 'not an email', password: PASSWORD })).rejects.toMatchObject({
      code: 'INVALID_EMAIL',
    });
  });

  it('refuses an account never activated, and one with no password yet', async () => {
    const w = fakeAccounts();
    await signUp(w.deps, caller, { email: 'pending@example.com' });
    await expect(
      logIn(w.deps, caller, { email: 'pending@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'ACCOUNT_NOT_ACTIVATED',
      message: 'Your account is not activated.',
    });
    await activate(w, 'nopass@example.com');
    await expect(
      logIn(w.deps, caller, { email: 'nopass@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({
      code: 'PASSWORD_NOT_SET',
      message:
        'This account has no password yet. Use "Send me a login link" to log in, then set a password on your account page.',
    });
  });
});

describe('setting and changing a password', () => {
  it('refuses short, long, common and guessable passwords and the email itself, each with its own code', async () => {
    const w = fakeAccounts();
    const deps = { ...w.deps, strength: new ZxcvbnPasswordStrength() };
    const user = w.store.seedActive({ id: 'u1', email: 'ada.lovelace@example.com' });
    const cases: [string, string, string][] = [
      ['short', 'PASSWORD_TOO_SHORT', 'Your password must be at least 8 characters long.'],
      // Seven characters people see, fourteen UTF-16 units.
      ['😀🙂😉😊😇🥰😍', 'PASSWORD_TOO_SHORT', 'Your password must be at least 8 characters long.'],
      ['x'.repeat(129), 'PASSWORD_TOO_LONG', 'Your password must be at most 128 characters long.'],
      ['ada.lovelace@example.com', 'PASSWORD_IS_EMAIL', 'Your password must not be your email address.'],
      [' ADA.LOVELACE@EXAMPLE.COM', 'PASSWORD_IS_EMAIL', 'Your password must not be your email address.'],
    ];
    const common =
      'This password is too common or too easy to guess. Try a few unrelated words, or a longer password.';
    for (const p of [
      'password',
      'aaaaaaaa',
      '        ',
      '12345678',
      'iloveyou2',
      'ada.lovelace1',
      'aivatar1',
    ]) {
      cases.push([p, 'PASSWORD_TOO_COMMON', common]);
    }
    for (const [password, code, message] of cases) {
      await expect(changePassword(deps, user, { new_password: password }), password).rejects.toMatchObject({
        code,
        message,
      });
    }
    expect((await w.store.getById('u1'))?.passwordHash).toBeNull();
    // Eight characters people see are enough when they are not guessable; 128 is the most.
    expect((await changePassword(deps, user, { new_password: '🦊🌵🎻🚲🧭🍉🪁🦉' })).msg).toBe(
      'Your password has been set.',
    );
  });

  it('set, then changed with the current one: each signs out the other sessions, this one gets a fresh token', async () => {
    const w = fakeAccounts();
    const user = w.store.seedActive({ id: 'u1', email: 'ada@example.com', lang: 'fr' });
    const set = await changePassword(w.deps, user, { new_password: 'first password 123' });
    expect(set.msg).toBe('Your password has been set.');
    expect(await w.sessions.verify(set.access_token)).toEqual({ userId: 'u1', sessionVersion: 2 });
    const afterSet = (await w.store.getById('u1')) as never;
    await expect(
      changePassword(w.deps, afterSet, { current_password: 'not it', new_password: 'second password 456' }),
    ).rejects.toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
      message: 'Your current password is incorrect.',
    });
    await expect(
      changePassword(w.deps, afterSet, { new_password: 'second password 456' }),
    ).rejects.toMatchObject({
      code: 'CURRENT_PASSWORD_WRONG',
    });
    const change = await changePassword(w.deps, afterSet, {
      current_password: 'first password 123',
      new_password: 'second password 456',
    });
    expect(change.msg).toBe('Your password has been changed.');
    expect(await w.sessions.verify(change.access_token)).toEqual({ userId: 'u1', sessionVersion: 3 });
    await expect(
      logIn(w.deps, caller, { email: 'ada@example.com', password: 'first password 123' }),
    ).rejects.toMatchObject({
      code: 'WRONG_PASSWORD',
    });
    await logIn(w.deps, caller, { email: 'ada@example.com', password: 'second password 456' });
    // A security notice each time, in the account's language, pointing at the account page.
    const notices = w.mailer.to('ada@example.com');
    expect(notices).toHaveLength(2);
    for (const n of notices) expect(n.text).toContain(`${WEB_URL}/fr/`);
  });

  it('a change made from a stale session (another change happened meanwhile) ends it', async () => {
    const w = fakeAccounts();
    const user = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    await changePassword(w.deps, user, { new_password: 'first password 123' });
    // `user` is the account as read before that change: session version 1.
    await expect(changePassword(w.deps, user, { new_password: 'other password 789' })).rejects.toMatchObject({
      code: 'SESSION_REVOKED',
    });
  });

  it('keeps the new password when the notice cannot be sent, and logs it', async () => {
    const w = fakeAccounts();
    const user = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    w.mailer.failNext();
    expect((await changePassword(w.deps, user, { new_password: 'first password 123' })).msg).toBe(
      'Your password has been set.',
    );
    expect(w.log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        message: 'password notice not sent',
        fields: expect.objectContaining({ userId: 'u1' }),
      }),
    ]);
  });
});

describe('the account as the screens see it', () => {
  it('describes the user without the hash, with Google and the admin role only when there', () => {
    const w = fakeAccounts();
    const user = w.store.seedActive({ id: 'u1', email: 'ada@example.com', tokensLtd: 5, passwordHash: 'h' });
    expect(describeUser(user)).toEqual({
      email: 'ada@example.com',
      tokens_ltd: 5,
      tokens_subscription: 0,
      stripe_customer_id: null,
      has_password: true,
    });
    expect(
      describeUser({
        ...user,
        role: 'admin',
        passwordHash: null,
        googleSignIn: { email: 'g@x.test', linkedAt: 7 },
      }),
    ).toMatchObject({
      has_password: false,
      is_admin: true,
      google_sign_in: { email: 'g@x.test', linked_at: 7 },
    });
  });

  it('lists the ledger and the packs paid by bank debit, newest first', async () => {
    const w = fakeAccounts();
    const user = w.store.seedActive({ id: 'u1', email: 'ada@example.com' });
    const payment = { planId: 'pack-10', tokens: 10, amountCents: 900, updatedAt: 2 };
    w.store.addDelayedPayment('u1', { ...payment, sessionId: 'cs_old', state: 'failed', createdAt: 1 });
    w.store.addDelayedPayment('u1', { ...payment, sessionId: 'cs_new', state: 'pending', createdAt: 5 });
    const history = await tokenHistory(w.deps, user);
    expect(history.entries).toEqual([]);
    expect(history.delayed_payments.map((p) => [p.id, p.state, p.plan_id, p.amount_cents])).toEqual([
      ['cs_new', 'pending', 'pack-10', 900],
      ['cs_old', 'failed', 'pack-10', 900],
    ]);
  });

  it('shows the 100 newest entries, reading all of the second a full page ends in', async () => {
    const w = fakeAccounts();
    const user = w.store.seedActive({ id: 'u1', email: 'ada@example.com', tokensLtd: 104 });
    const entry = (id: string, reason: LedgerEntry['reason'], amount: number, after: number, at: number) =>
      w.store.appendLedger('u1', { id, reason, pool: 'ltd', amount, balance_after: after, created_at: at });
    // Second 100: a debit and its refund (5 -> 3 -> 5), the debit's id sorting as the newer; then 99 packs.
    entry('z-debit', 'generation', -2, 3, 100);
    entry('a-refund', 'generation_refund', 2, 5, 100);
    for (let i = 1; i <= 99; i++) entry(`pack-${i}`, 'purchase', 1, 5 + i, 100 + i);
    const { entries } = await tokenHistory(w.deps, user);
    expect(entries).toHaveLength(HISTORY_ENTRIES);
    expect(entries[0]).toMatchObject({ id: 'pack-99', balance_after: 104 });
    // The refund is the newer of the two, so the page holds it; the debit is the 101st.
    expect(entries.at(-1)).toMatchObject({ id: 'a-refund', balance_after: 5 });
  });
});
