// The one count of wrong passwords per account (functions/accounts/domain/password-check.ts), seen from the
// three checks that fill it: logging in, changing the password and deleting the account with it, against the
// in-memory ports (one limiter, hasher and mailer shared by the account and privacy use cases, as in the
// deployed stack). The concurrent guesses (DynamoDB's conditional counts) and the hashing queue stay in
// tests/integration/password-checks.test.ts; 429 with Retry-After is the error mapper's
// (tests/handlers/middleware/error-responses.test.ts).
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { changePassword, logIn, requestLoginLink } from '../../functions/accounts/domain/accounts.ts';
import { redeemLoginLink } from '../../functions/accounts/domain/link-sign-in.ts';
import {
  PASSWORD_CHECK_FAILURES,
  PASSWORD_CHECKS_PAUSED,
} from '../../functions/accounts/domain/password-check.ts';
import { requestAccountDeletion } from '../../functions/privacy/domain/account-deletion.ts';
import { fakePrivacy } from '../support/fakes/generation.ts';
import { fakeAccounts, WEB_URL } from '../support/fakes/index.ts';

const PASSWORD = 'a quiet river at dawn';
const NEW_PASSWORD = 'a brand new passphrase 42';
const { limit, windowSeconds } = PASSWORD_CHECK_FAILURES;
const EN_SUBJECT = 'Password checks on your Aivatar account are paused';
const FR_SUBJECT = 'Vérification du mot de passe suspendue sur votre compte Aivatar';
const EMAIL = 'owner@example.com';

async function world(lang: 'en' | 'fr' = 'en') {
  const w = fakeAccounts();
  const privacy = fakePrivacy();
  // The deletion request checks the password with the same limiter, hasher and mailer as login.
  const requests = {
    ...privacy.requests,
    limiter: w.limiter,
    hasher: w.hasher,
    mailer: w.mailer,
    clock: w.clock,
  };
  w.store.seedActive({ id: 'u1', email: EMAIL, lang, passwordHash: await w.hasher.hash(PASSWORD) });
  const user = async () => (await w.store.findByEmail(EMAIL)) as User;
  const caller = (i: number) => ({ clientAddress: `198.51.100.${i % 250}` });
  return {
    ...w,
    user,
    change: async (current: string) =>
      changePassword(w.deps, await user(), { current_password: current, new_password: NEW_PASSWORD }),
    deletion: async (password: string) => requestAccountDeletion(requests, await user(), { password }),
    // From a fresh address each time: no address limit is involved, only the account's count.
    login: (password: string, i = 0) => logIn(w.deps, caller(i), { email: EMAIL, password }),
    paused: () =>
      w.mailer.sent.filter((m) => m.to === EMAIL && (m.subject === EN_SUBJECT || m.subject === FR_SUBJECT)),
    signInWithLink: async () => {
      await requestLoginLink(w.deps, caller(251), { email: EMAIL });
      const mail = w.mailer.sent
        .filter((m) => m.to === EMAIL && m.text.includes('/login_with_token?token='))
        .at(-1);
      const token = new URL(mail?.text.match(/https?:\/\/\S+/)?.[0] as string).searchParams.get(
        'token',
      ) as string;
      return (await redeemLoginLink(w.deps, token)).login;
    },
  };
}

async function refusal(
  p: Promise<unknown>,
): Promise<{ code?: string; message: string; retryAfterSeconds?: number }> {
  try {
    await p;
  } catch (e) {
    return e as { code?: string; message: string };
  }
  throw new Error('expected a refusal');
}

async function expectPaused(p: Promise<unknown>) {
  const e = await refusal(p);
  expect(e).toMatchObject({ code: 'RATE_LIMITED', message: PASSWORD_CHECKS_PAUSED });
  expect(e.retryAfterSeconds).toBeGreaterThan(0);
  expect(e.retryAfterSeconds).toBeLessThanOrEqual(windowSeconds);
}

describe('wrong current passwords behind a session', () => {
  it('pause the checks after 10 (the right password and deletion included), and tell the owner once', async () => {
    const w = await world();
    const before = (await w.user()).sessionVersion;
    for (let i = 0; i < limit; i++)
      expect(await refusal(w.change(`not it ${i}`)), `guess ${i + 1}`).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
        message: 'Your current password is incorrect.',
      });
    await expectPaused(w.change(`not it ${limit}`));
    // Paused means paused: the right password is not checked either (the guesser would learn it).
    await expectPaused(w.change(PASSWORD));
    await expectPaused(w.deletion(PASSWORD));
    // The open sessions are untouched, and the password too.
    expect((await w.user()).sessionVersion).toBe(before);
    expect(await w.hasher.verify(PASSWORD, (await w.user()).passwordHash as string, 'sign-in')).toBe(true);
    const told = w.paused();
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(EN_SUBJECT);
    expect(told[0]?.text).toContain('entered an incorrect password 10 times');
    expect(told[0]?.text).toContain(`${WEB_URL}/app/account`);
  });

  it('count deletion attempts too, and tell a French owner in French', async () => {
    const w = await world('fr');
    for (let i = 0; i < limit; i++)
      expect(await refusal(w.deletion(`not it ${i}`)), `guess ${i + 1}`).toMatchObject({
        code: 'CURRENT_PASSWORD_WRONG',
      });
    await expectPaused(w.change('not it'));
    await expectPaused(w.deletion(PASSWORD));
    const told = w.paused();
    expect(told).toHaveLength(1);
    expect(told[0]?.subject).toBe(FR_SUBJECT);
    expect(told[0]?.text).toContain('saisi 10 fois un mot de passe incorrect');
    expect(told[0]?.text).toContain(`${WEB_URL}/fr/app/account`);
    // The account is still there.
    expect(await w.user()).toMatchObject({ id: 'u1' });
  });

  it('count failures only: a right password does not use up the owner’s tries', async () => {
    const w = await world();
    for (let i = 0; i < limit - 1; i++)
      expect(await refusal(w.change(`not it ${i}`))).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    expect((await w.change(PASSWORD)).access_token).toEqual(expect.any(String));
    // 9 failures so far: one more is still checked (and is the 10th), the next is refused.
    const again = async (current: string) =>
      changePassword(w.deps, await w.user(), {
        current_password: current,
        new_password: 'another quiet river 7',
      });
    expect(await refusal(again('not it 100'))).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    await expectPaused(again('not it 101'));
    expect(w.paused()).toHaveLength(1);
  });
});

describe('login and the checks behind a session share one count per account', () => {
  it('after 10 wrong current passwords, login refuses even the right password; a login link still signs in', async () => {
    const w = await world();
    for (let i = 0; i < limit; i++)
      expect(await refusal(w.change(`not it ${i}`))).toMatchObject({ code: 'CURRENT_PASSWORD_WRONG' });
    await expectPaused(w.login(PASSWORD, 1));
    await expectPaused(w.login('another guess', 2));
    expect(w.paused()).toHaveLength(1);
    const signedIn = await w.signInWithLink();
    expect(await w.sessions.verify(signedIn.access_token)).toMatchObject({ userId: 'u1' });
  });

  it('after 10 wrong passwords at login, the checks behind a session pause too; a login link still signs in', async () => {
    const w = await world();
    const before = (await w.user()).sessionVersion;
    for (let i = 0; i < limit; i++)
      expect(await refusal(w.login(`not it ${i}`, i)), `guess ${i + 1}`).toMatchObject({
        code: 'WRONG_PASSWORD',
        message: 'Incorrect password.',
      });
    await expectPaused(w.login(PASSWORD, 20));
    await expectPaused(w.change(PASSWORD));
    await expectPaused(w.deletion(PASSWORD));
    const told = w.paused();
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('while logging in');
    const signedIn = await w.signInWithLink();
    expect(await w.sessions.verify(signedIn.access_token)).toMatchObject({ userId: 'u1' });
    // The open session is untouched.
    expect((await w.user()).sessionVersion).toBe(before);
  });

  it('end a window after the first wrong password: the right password then works everywhere', async () => {
    const w = await world();
    for (let i = 0; i < limit; i++) await refusal(w.login(`not it ${i}`, i));
    await expectPaused(w.login(PASSWORD, 30));
    w.clock.advance(windowSeconds + 1);
    expect((await w.login(PASSWORD, 31)).access_token).toEqual(expect.any(String));
  });
});
