// Every check of an account's password (logging in, and the current password asked again behind a session
// to change it or delete the account) fills one count of wrong passwords per account: a guesser cannot stop
// on one route and go on on the other. After 10 in 15 minutes every check pauses with 429 and Retry-After
// and the owner gets one email; login links still sign in, and guessing cannot make sign-in queue behind it.
import { describe, expect, it } from 'vitest';
import {
  PASSWORD_CHECK_FAILURES,
  PASSWORD_CHECKS_PAUSED,
} from '../../functions/domain/accounts/password-check.ts';
import { callRoute, linkTokenOf, mailsTo, newClientIp, newEmail, stack } from '../support/api.ts';
import { createLocalAccount } from '../support/local-account.ts';

const PASSWORD = 'a quiet river at dawn';
const { limit, windowSeconds } = PASSWORD_CHECK_FAILURES;

async function ownerWithPassword(lang: 'en' | 'fr' = 'en') {
  const email = newEmail('recheck');
  const token = await createLocalAccount(stack(), email, { password: PASSWORD, lang });
  return { email, token };
}

const wrongChange = (token: string, i: number) =>
  callRoute('changePassword', {
    token,
    body: { current_password: `not it ${i}`, new_password: 'a brand new passphrase 42' },
  });

const pausedMails = async (email: string, subject: string) =>
  (await mailsTo(email)).filter((m) => m.subject === subject);

// Each test waits for 10 or more scrypt checks one after the other: tens of seconds on a busy 2-core machine.
const SLOW = 120_000;

const EN_SUBJECT = 'Password checks on your Aivatar account are paused';
const FR_SUBJECT = 'Vérification du mot de passe suspendue sur votre compte Aivatar';

describe('wrong current passwords behind a session', () => {
  it(
    'pause the checks after 10 with 429 and Retry-After, and tell the owner once',
    async () => {
      const { email, token } = await ownerWithPassword();
      for (let i = 0; i < limit; i++) {
        const res = await wrongChange(token, i);
        expect(res.status, `guess ${i + 1}`).toBe(400);
        expect(res.body.code).toBe('CURRENT_PASSWORD_WRONG');
      }
      const refused = await wrongChange(token, limit);
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'RATE_LIMITED', msg: PASSWORD_CHECKS_PAUSED });
      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
      // Paused means paused: the right password is not checked either (the guesser would learn it).
      const right = await callRoute('changePassword', {
        token,
        body: { current_password: PASSWORD, new_password: 'a brand new passphrase 42' },
      });
      expect(right.status).toBe(429);
      // The same count guards deleting the account with the password.
      const deletion = await callRoute('deleteAccount', { token, body: { password: PASSWORD } });
      expect(deletion.status).toBe(429);
      expect((await callRoute('userInfo', { token })).status).toBe(200);

      const told = await pausedMails(email, EN_SUBJECT);
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain('entered an incorrect password 10 times');
      expect(told[0]?.text).toContain(`${stack().webUrl}/app/account`);
    },
    SLOW,
  );

  it(
    'count deletion attempts too, and tell a French owner in French',
    async () => {
      const { email, token } = await ownerWithPassword('fr');
      for (let i = 0; i < limit; i++) {
        const res = await callRoute('deleteAccount', { token, body: { password: `not it ${i}` } });
        expect(res.status, `guess ${i + 1}`).toBe(400);
      }
      expect((await wrongChange(token, 0)).status).toBe(429);
      expect((await callRoute('deleteAccount', { token, body: { password: PASSWORD } })).status).toBe(429);
      const told = await pausedMails(email, FR_SUBJECT);
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain('saisi 10 fois un mot de passe incorrect');
      expect(told[0]?.text).toContain(`${stack().webUrl}/fr/app/account`);
      // The account is still there.
      expect((await callRoute('userInfo', { token })).status).toBe(200);
    },
    SLOW,
  );

  it(
    'count failures only: a right password does not use up the owner’s tries',
    async () => {
      const { email, token } = await ownerWithPassword();
      for (let i = 0; i < limit - 1; i++) expect((await wrongChange(token, i)).status).toBe(400);
      const changed = await callRoute('changePassword', {
        token,
        body: { current_password: PASSWORD, new_password: 'another quiet river 7' },
      });
      expect(changed.status).toBe(200);
      const fresh = changed.body.access_token;
      // 9 failures so far: one more is still checked (and is the 10th), the next is refused.
      expect((await wrongChange(fresh, 100)).status).toBe(400);
      expect((await wrongChange(fresh, 101)).status).toBe(429);
      expect(await pausedMails(email, EN_SUBJECT)).toHaveLength(1);
    },
    SLOW,
  );

  it(
    'hold under concurrency: 30 guesses at once get 10 checks, the rest 429 without a check',
    async () => {
      const { email, token } = await ownerWithPassword();
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => wrongChange(token, i)));
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 400)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
      expect(await pausedMails(email, EN_SUBJECT)).toHaveLength(1);
    },
    SLOW,
  );
});

const login = (email: string, password: string) =>
  callRoute('login', { body: { email, password }, ip: newClientIp() });

/** Asks for a login link and opens it: the way in the pause must leave open. */
async function signInWithLink(email: string): Promise<number> {
  const asked = await callRoute('sendLoginLink', { body: { email }, ip: newClientIp() });
  expect(asked.status).toBe(200);
  const [mail] = (await mailsTo(email)).filter((m) => m.text.includes('/login_with_token?token='));
  const opened = await callRoute('loginWithToken', { params: { token: linkTokenOf(mail as never) } });
  if (opened.status === 200)
    expect((await callRoute('userInfo', { token: opened.body.access_token })).status).toBe(200);
  return opened.status;
}

const expectPaused = (res: { status: number; body: { code?: string; msg?: string }; headers: Headers }) => {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ code: 'RATE_LIMITED', msg: PASSWORD_CHECKS_PAUSED });
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
};

describe('login and the checks behind a session share one count per account', () => {
  it(
    'after 10 wrong current passwords, login refuses even the right password; a login link still signs in',
    async () => {
      const { email, token } = await ownerWithPassword();
      for (let i = 0; i < limit; i++) expect((await wrongChange(token, i)).status).toBe(400);
      // From a fresh address each time: no address limit is involved, only the account's count.
      expectPaused(await login(email, PASSWORD));
      expectPaused(await login(email, 'another guess'));
      expect(await pausedMails(email, EN_SUBJECT)).toHaveLength(1);
      expect(await signInWithLink(email)).toBe(200);
    },
    SLOW,
  );

  it(
    'after 10 wrong passwords at login, the checks behind a session pause too; a login link still signs in',
    async () => {
      const { email, token } = await ownerWithPassword();
      for (let i = 0; i < limit; i++) {
        const res = await login(email, `not it ${i}`);
        expect(res.status, `guess ${i + 1}`).toBe(401);
        expect(res.body.code).toBe('WRONG_PASSWORD');
      }
      expectPaused(await login(email, PASSWORD));
      const change = await callRoute('changePassword', {
        token,
        body: { current_password: PASSWORD, new_password: 'a brand new passphrase 42' },
      });
      expectPaused(change);
      expectPaused(await callRoute('deleteAccount', { token, body: { password: PASSWORD } }));
      const told = await pausedMails(email, EN_SUBJECT);
      expect(told).toHaveLength(1);
      expect(told[0]?.text).toContain('while logging in');
      expect(await signInWithLink(email)).toBe(200);
      // The open session is untouched.
      expect((await callRoute('userInfo', { token })).status).toBe(200);
    },
    SLOW,
  );

  it(
    'hold under concurrency across both routes: 30 guesses at once get 10 checks in all',
    async () => {
      const { email, token } = await ownerWithPassword();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => (i % 2 ? wrongChange(token, i) : login(email, `guess ${i}`))),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 400 || s === 401)).toHaveLength(limit);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30 - limit);
    },
    SLOW,
  );
});

describe('password checks and sign-in share the hashing work', () => {
  it(
    'a login during 30 wrong guesses from three sessions does not wait for them',
    async () => {
      const owner = await ownerWithPassword();
      const guessers = await Promise.all([1, 2, 3].map(() => ownerWithPassword()));
      const login = async () => {
        const started = performance.now();
        const res = await callRoute('login', {
          body: { email: owner.email, password: PASSWORD },
          ip: newClientIp(),
        });
        expect(res.status).toBe(200);
        return performance.now() - started;
      };
      const alone = Math.max(await login(), await login());

      const guesses = guessers.flatMap((g) =>
        Array.from({ length: limit }, (_, i) => wrongChange(g.token, i)),
      );
      // Let every guess reach its password check.
      await new Promise((r) => setTimeout(r, 300));
      const underLoad = await login();
      const answers = await Promise.all(guesses);
      expect(answers.every((r) => r.status === 400)).toBe(true);
      // Without a bound on hashing this login queued behind the 30 guesses: 11.5 s against 0.6 s alone on
      // a busy 2-core machine; with it, 2.5 s against 0.9 s.
      expect(underLoad, `alone ${alone.toFixed(0)} ms`).toBeLessThan(alone * 5 + 1000);
    },
    3 * SLOW,
  );
});
