// The sign-in limits keep attackers out without locking the owner out (issue: lock-out). The attacker and
// the owner connect from two real source addresses (127.0.0.2 and 127.0.0.3 are this machine too).
import { describe, expect, it } from 'vitest';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { RateLimitedError } from '#platform/domain/errors.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { buildAccountDeps } from '../../functions/accounts/account-wiring.ts';
import { logIn } from '../../functions/accounts/domain/accounts.ts';
import {
  PASSWORD_CHECK_FAILURES,
  PASSWORD_CHECKS_PAUSED,
} from '../../functions/accounts/domain/password-check.ts';
import { countTowards, DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import {
  activatedUser,
  callRoute,
  linkTokenOf,
  mailsTo,
  newClientIp,
  newEmail,
  stack,
} from '../support/api.ts';

/** The auth function's own dependencies on the local stack, at a clock the test sets. */
async function accountDepsAt(t: number) {
  const s = stack();
  const config = readConfig(GROUP_CONFIG.auth, {
    STAGE: 'local',
    TABLE_NAME: s.tableName,
    DYNAMODB_ENDPOINT: s.dynamoEndpoint,
    JWT_SECRET: s.jwtSecret,
    WEB_URL: s.webUrl,
    MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
    MAIL_TRANSPORT: 'outbox',
    OUTBOX_DIR: s.outboxDir,
  });
  const db = createDocumentClient(config.dynamodbEndpoint);
  const clock = { t, now: () => clock.t };
  const deps = {
    ...(await buildAccountDeps(config, db)),
    clock,
    limiter: new DynamoRateLimiter(db, s.tableName, clock),
  };
  return { deps, clock };
}

const PASSWORD = 'correct horse battery staple';

async function ownerWithPassword(): Promise<string> {
  const { email, token } = await activatedUser();
  const set = await callRoute('changePassword', { token, body: { new_password: PASSWORD } });
  expect(set.status).toBe(200);
  return email;
}

/** A distinct loopback address per test run, so counters from earlier runs on the same stack never mix. */
const loopback = (() => {
  let next = 2 + Math.floor(Math.random() * 200) * 250;
  return () => {
    next += 1;
    return `127.${Math.floor(next / 62500) % 250}.${Math.floor(next / 250) % 250}.${(next % 250) + 2}`;
  };
})();

describe('lock-out: an attacker flooding one address cannot keep the owner out', () => {
  it('password login: the attacker is refused; the owner gets in with a login link from another address', async () => {
    const email = await ownerWithPassword();
    const attacker = loopback();
    const owner = loopback();
    const rule = DEFAULT_RATE_LIMITS.loginPerEmailClient;
    const attempts = [];
    for (let i = 0; i < rule.limit + 5; i++) {
      attempts.push(
        await callRoute('login', { body: { email, password: `guess-${i}` }, sourceAddress: attacker }),
      );
    }
    expect(attempts.slice(0, rule.limit).every((r) => r.status === 401)).toBe(true);
    const refused = attempts.slice(rule.limit);
    expect(refused.every((r) => r.status === 429)).toBe(true);
    const retryAfter = Number(refused[0]?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(rule.windowSeconds);

    // Those 10 wrong passwords also filled the account's one count (functions/accounts/domain/
    // password-check.ts): password login is paused for everyone, the owner included, for one window...
    const paused = await callRoute('login', { body: { email, password: PASSWORD }, sourceAddress: owner });
    expect(paused.status).toBe(429);
    expect(paused.body.msg).toBe(PASSWORD_CHECKS_PAUSED);
    // ...but the owner still gets in, with a login link asked for from their own address.
    const asked = await callRoute('sendLoginLink', { body: { email }, sourceAddress: owner });
    expect(asked.body).toMatchObject({ kind: 'login', sent: true });
    const [mail] = (await mailsTo(email)).filter((m) => m.text.includes('/login_with_token?token='));
    const ok = await callRoute('loginWithToken', { params: { token: linkTokenOf(mail as never) } });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toBeTruthy();
  });

  it('login links: the owner still gets in while an attacker floods the address with requests', async () => {
    const { email } = await activatedUser();
    const before = (await mailsTo(email)).length;
    const attacker = loopback();
    const results = [];
    for (let i = 0; i < 12; i++) {
      results.push(await callRoute('sendLoginLink', { body: { email }, sourceAddress: attacker }));
    }
    const pairLimit = DEFAULT_RATE_LIMITS.loginLinkPerEmailClient.limit;
    expect(results.slice(0, pairLimit).every((r) => r.status === 200 && r.body.sent)).toBe(true);
    expect(results.slice(pairLimit).every((r) => r.status === 429)).toBe(true);

    // The owner, from elsewhere: never a 429. The mailbox already holds a link that works, so it is told so.
    const owner = await callRoute('sendLoginLink', { body: { email }, sourceAddress: loopback() });
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ kind: 'login', sent: false });
    const mails = await mailsTo(email);
    expect(mails.length - before).toBe(DEFAULT_RATE_LIMITS.loginLinkPerEmail.limit);
  });

  it('a request refused by its address limit never counts against the email', async () => {
    const { email: victim } = await activatedUser();
    const attacker = loopback();
    const { limit } = DEFAULT_RATE_LIMITS.loginLinkPerClient;
    // Use up the attacker address's own allowance on other emails first.
    for (let i = 0; i < limit; i++) {
      const r = await callRoute('sendLoginLink', {
        body: { email: newEmail('nobody') },
        sourceAddress: attacker,
      });
      expect(r.status).toBe(404);
    }
    for (let i = 0; i < 5; i++) {
      const r = await callRoute('sendLoginLink', { body: { email: victim }, sourceAddress: attacker });
      expect(r.status).toBe(429);
    }
    // None of those counted against the victim's mailbox: the owner's request sends a fresh email.
    const owner = await callRoute('sendLoginLink', { body: { email: victim }, sourceAddress: loopback() });
    expect(owner.body).toMatchObject({ sent: true });
  });

  it('the per-email ceiling on wrong passwords takes at least 20 addresses to reach, and lasts a minute', () => {
    const { loginPerEmailClient: pair, loginFailuresPerEmail: ceiling } = DEFAULT_RATE_LIMITS;
    expect(Math.ceil(ceiling.limit / pair.limit)).toBeGreaterThanOrEqual(20);
    expect(ceiling.windowSeconds).toBeLessThanOrEqual(60);
  });

  it('past the per-email ceiling, a correct password is only slowed, with Retry-After, never locked', async () => {
    const email = await ownerWithPassword();
    const { deps, clock } = await accountDepsAt(1_900_000_040);
    const { loginFailuresPerEmail: ceiling } = DEFAULT_RATE_LIMITS;
    // The ceiling filled by wrong passwords from many addresses (counted as the login does).
    for (let i = 0; i < ceiling.limit; i++) {
      await countTowards(deps.limiter, 'login', { scope: 'email-failures', key: email, rule: ceiling });
    }
    const owner = { clientAddress: '192.0.2.10' };
    const slowed = await logIn(deps, owner, { email, password: PASSWORD }).catch((e: unknown) => e);
    expect(slowed).toBeInstanceOf(RateLimitedError);
    // The window started at the first wrong password, not at a clock boundary: it ends a window later.
    expect((slowed as RateLimitedError).retryAfterSeconds).toBe(ceiling.windowSeconds);
    clock.t += ceiling.windowSeconds - 1;
    const stillSlowed = await logIn(deps, owner, { email, password: PASSWORD }).catch((e: unknown) => e);
    expect((stillSlowed as RateLimitedError).retryAfterSeconds).toBe(1);
    clock.t += 1;
    expect((await logIn(deps, owner, { email, password: PASSWORD })).access_token).toBeTruthy();
  });
});

describe("the pause of an account's password checks", () => {
  it('refuses even the right password until a window after the first wrong one, then lifts by itself', async () => {
    const email = await ownerWithPassword();
    const start = 1_900_000_500;
    const { deps, clock } = await accountDepsAt(start);
    const { limit, windowSeconds } = PASSWORD_CHECK_FAILURES;
    // Each attempt from its own address: only the account's count is at work.
    const from = () => ({ clientAddress: loopback() });
    for (let i = 0; i < limit; i++) {
      clock.t = start + i;
      await expect(logIn(deps, from(), { email, password: `guess-${i}` })).rejects.toMatchObject({
        code: 'WRONG_PASSWORD',
      });
    }
    clock.t = start + windowSeconds - 1;
    const paused = await logIn(deps, from(), { email, password: PASSWORD }).catch((e: unknown) => e);
    expect(paused).toBeInstanceOf(RateLimitedError);
    expect((paused as RateLimitedError).retryAfterSeconds).toBe(1);
    // Refused attempts do not make the pause longer: it ends a window after the first wrong password.
    clock.t = start + windowSeconds;
    expect((await logIn(deps, from(), { email, password: PASSWORD })).access_token).toBeTruthy();
  }, 120_000);
});

describe('rate limits', () => {
  it('count from the first attempt: a limit is never doubled across a clock boundary, and ends a window later', async () => {
    const s = stack();
    const db = createDocumentClient(s.dynamoEndpoint);
    // One second before a round minute: a window aligned to the clock would end right after these attempts.
    const clock = { t: 1_900_000_019, now: () => clock.t };
    const limiter = new DynamoRateLimiter(db, s.tableName, clock);
    const key = newEmail('window');
    const hit = () => limiter.hit('test', key, 3, 60);
    for (let i = 0; i < 3; i++) expect((await hit()).allowed).toBe(true);
    expect(await hit()).toEqual({ allowed: false, retryAfterSeconds: 60 });
    clock.t += 2; // past the round minute
    expect(await hit()).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect(await limiter.peek('test', key, 3, 60)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    // A count given back makes room in the same window.
    await limiter.release('test', key, 60);
    expect((await hit()).allowed).toBe(true);
    clock.t += 58; // a window after the first attempt: a new one starts
    expect(await limiter.peek('test', key, 3, 60)).toEqual({ allowed: true, retryAfterSeconds: 60 });
    for (let i = 0; i < 3; i++) expect((await hit()).allowed).toBe(true);
    expect((await hit()).allowed).toBe(false);
    db.destroy();
  });

  it('count exactly under concurrency, the start of a window included', async () => {
    const s = stack();
    const db = createDocumentClient(s.dynamoEndpoint);
    const clock = { t: 1_900_000_100, now: () => clock.t };
    const limiter = new DynamoRateLimiter(db, s.tableName, clock);
    const key = newEmail('race');
    const verdicts = await Promise.all(Array.from({ length: 30 }, () => limiter.hit('test', key, 10, 60)));
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(10);
    db.destroy();
  });

  it('limit signups per client address, with Retry-After', async () => {
    const ip = newClientIp();
    const statuses: number[] = [];
    let last = null;
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.signupPerClient.limit; i++) {
      last = await callRoute('signup', { body: { email: newEmail('flood'), terms_accepted: true }, ip });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect(last?.body.msg).toBe('Too many attempts. Please wait a few minutes and try again.');
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
