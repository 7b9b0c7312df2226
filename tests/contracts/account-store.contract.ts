// The AccountStore port's contract (functions/accounts/domain/ports.ts), run against the DynamoDB adapter
// (tests/integration/port-contracts.test.ts) and the fake (tests/domain/port-contracts.test.ts). Times are
// near the real clock: the adapter's findByEmail reads it.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { mailboxOf } from '#shared/email-address.ts';
import type { AccountStore, Activation, VerifiedIdentity } from '../../functions/accounts/domain/ports.ts';

export function accountStoreContract(make: () => AccountStore | Promise<AccountStore>) {
  const DAY = 86_400;
  const now = () => Math.floor(Date.now() / 1000);
  const email = (tag = '') => `ada${tag}-${randomUUID()}@example.test`;
  const pending = (store: AccountStore, address = email(), at = now()) =>
    store.createPendingAccount({
      id: randomUUID(),
      email: address,
      lang: 'fr',
      createdAt: at,
      expiresAt: at + 7 * DAY,
    });
  const bonus = (address: string, tokens = 2): Activation => ({
    mailbox: mailboxOf(address),
    bonusTokens: tokens,
    ledgerEntryId: randomUUID(),
  });
  const link = async (store: AccountStore, owner: User, expiresAt = now() + 900) => {
    const tokenHash = `hash-${randomUUID()}`;
    await store.saveLoginLink({
      tokenHash,
      userId: owner.id,
      expiresAt,
      browser: { hash: 'b-1', from: 'link-request' },
    });
    return tokenHash;
  };
  const identity = (address: string | null): VerifiedIdentity => ({
    issuer: 'https://accounts.example.test',
    subject: randomUUID(),
    email: address,
    emailVerified: true,
  });

  describe('AccountStore contract', () => {
    it('creates a pending account with nothing yet, found by id and by email', async () => {
      const store = await make();
      const address = email();
      const user = await pending(store, address);
      expect(user).toMatchObject({
        email: address,
        status: 'PENDING',
        role: 'user',
        lang: 'fr',
        tokensLtd: 0,
        tokensSubscription: 0,
        stripeCustomerId: null,
        passwordHash: null,
        sessionVersion: 1,
        photoConsent: null,
        deletePhotosAfterGeneration: false,
        batchFinishedEmail: true,
        googleSignIn: null,
      });
      expect(await store.getById(user.id)).toEqual(user);
      expect(await store.findByEmail(address)).toEqual(user);
      expect(await store.getById(randomUUID())).toBeNull();
      expect(await store.findByEmail(email())).toBeNull();
    });

    it('gives an email to one account, of any number of concurrent signups', async () => {
      const store = await make();
      const address = email();
      const results = await Promise.allSettled([1, 2, 3, 4].map(() => pending(store, address)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r) => r.status === 'rejected')) {
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          code: 'EMAIL_TAKEN',
          message: 'This email is already registered.',
        });
      }
    });

    it('frees the email of a pending account past its expiry', async () => {
      const store = await make();
      const address = email();
      const old = await store.createPendingAccount({
        id: randomUUID(),
        email: address,
        lang: 'en',
        createdAt: now() - 8 * DAY,
        expiresAt: now() - DAY,
      });
      expect(await store.findByEmail(address)).toBeNull();
      const again = await pending(store, address);
      expect(again.id).not.toBe(old.id);
      expect((await store.findByEmail(address))?.id).toBe(again.id);
    });

    it('finds a link while it works, with its browser and activation', async () => {
      const store = await make();
      const owner = await pending(store);
      const hash = await link(store, owner);
      expect(await store.findLink(hash, now())).toEqual({
        owner,
        activation: null,
        browser: { hash: 'b-1', from: 'link-request' },
      });
      expect(await store.findLinkOwner(hash, now())).toEqual(owner);
      const google = `hash-${randomUUID()}`;
      await store.saveLoginLink({
        tokenHash: google,
        userId: owner.id,
        expiresAt: now() + 60,
        activation: { signupBonus: 2 },
      });
      expect(await store.findLink(google, now())).toMatchObject({
        activation: { signupBonus: 2 },
        browser: null,
      });
      expect(await store.findLink(google, now() + 60)).toBeNull();
      expect(await store.findLinkOwner(`hash-${randomUUID()}`, now())).toBeNull();
      await expect(
        store.saveLoginLink({ tokenHash: hash, userId: owner.id, expiresAt: now() }),
      ).rejects.toThrow();
    });

    it('activates a pending account once with its link, the bonus and its ledger entry', async () => {
      const store = await make();
      const address = email();
      const owner = await pending(store, address);
      const hash = await link(store, owner);
      const activation = bonus(address);
      const results = await Promise.all(
        [1, 2, 3].map(() => store.redeemLoginLink(hash, owner, now(), activation)),
      );
      const signedIn = results.filter((r) => r.outcome === 'signed-in');
      expect(signedIn).toHaveLength(1);
      expect(results.filter((r) => r.outcome === 'invalid')).toHaveLength(2);
      expect(signedIn[0]).toMatchObject({ user: { id: owner.id, status: 'ACTIVE', tokensLtd: 2 } });
      expect(await store.findLink(hash, now())).toBeNull();
      expect(await store.listLedger(owner.id, 10)).toEqual([
        {
          id: activation.ledgerEntryId,
          reason: 'signup_bonus',
          pool: 'ltd',
          amount: 2,
          balance_after: 2,
          created_at: expect.any(Number),
        },
      ]);
    });

    it('keeps the email of an activated account past the pending expiry', async () => {
      const store = await make();
      const address = email();
      const owner = await store.createPendingAccount({
        id: randomUUID(),
        email: address,
        lang: 'en',
        createdAt: now() - 2 * DAY,
        expiresAt: now() + 60,
      });
      const hash = await link(store, owner);
      expect((await store.redeemLoginLink(hash, owner, now(), bonus(address))).outcome).toBe('signed-in');
      // Signing up again once the pending expiry has passed still finds the address taken.
      await expect(
        store.createPendingAccount({
          id: randomUUID(),
          email: address,
          lang: 'en',
          createdAt: now() + 120,
          expiresAt: now() + DAY,
        }),
      ).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    });

    it('pays the signup bonus once per mailbox; a second activation writes nothing until it takes none', async () => {
      const store = await make();
      const base = email();
      const first = await pending(store, base);
      await store.redeemLoginLink(await link(store, first), first, now(), bonus(base));
      const tagged = base.replace('@', '+again@');
      const second = await pending(store, tagged);
      const hash = await link(store, second);
      expect(await store.redeemLoginLink(hash, second, now(), bonus(tagged))).toEqual({
        outcome: 'bonus-already-claimed',
      });
      expect(await store.getById(second.id)).toMatchObject({ status: 'PENDING', tokensLtd: 0 });
      expect(await store.findLink(hash, now())).not.toBeNull();
      const none = bonus(tagged, 0);
      expect(await store.redeemLoginLink(hash, second, now(), none)).toMatchObject({
        outcome: 'signed-in',
        user: { status: 'ACTIVE', tokensLtd: 0 },
      });
      expect(await store.listLedger(second.id, 10)).toEqual([
        expect.objectContaining({ reason: 'signup_bonus_already_claimed', amount: 0, balance_after: 0 }),
      ]);
    });

    it('refuses a link of another account, an expired link, and a plain sign-in of a pending account', async () => {
      const store = await make();
      const owner = await pending(store);
      const other = await pending(store);
      const hash = await link(store, owner);
      expect(await store.redeemLoginLink(hash, other, now(), null)).toEqual({ outcome: 'invalid' });
      expect(await store.redeemLoginLink(hash, owner, now(), null)).toEqual({ outcome: 'invalid' });
      const expired = await link(store, owner, now() + 5);
      expect(await store.redeemLoginLink(expired, owner, now() + 5, bonus(owner.email))).toEqual({
        outcome: 'invalid',
      });
      // The refused attempts used nothing up.
      expect((await store.redeemLoginLink(hash, owner, now(), bonus(owner.email))).outcome).toBe('signed-in');
      const active = (await store.getById(owner.id)) as User;
      const again = await link(store, active);
      expect(await store.redeemLoginLink(again, active, now(), null)).toMatchObject({
        outcome: 'signed-in',
        user: { id: owner.id, tokensLtd: 2 },
      });
    });

    it('creates an account for a provider subject once, active with its bonus and linked', async () => {
      const store = await make();
      const address = email();
      const who = identity(address);
      const account = { id: randomUUID(), email: address, lang: 'en' as const, createdAt: now() };
      const result = await store.createGoogleAccount(account, who, bonus(address));
      expect(result).toMatchObject({
        outcome: 'signed-in',
        user: {
          status: 'ACTIVE',
          tokensLtd: 2,
          googleSignIn: { email: address, linkedAt: account.createdAt },
        },
      });
      expect((await store.findByGoogleSubject(who.issuer, who.subject))?.id).toBe(account.id);
      expect(await store.findByGoogleSubject(who.issuer, randomUUID())).toBeNull();
      // The email and the subject are taken now.
      const again = { ...account, id: randomUUID() };
      expect(await store.createGoogleAccount(again, identity(address), bonus(address))).toEqual({
        outcome: 'invalid',
      });
      expect(await store.createGoogleAccount({ ...again, email: email() }, who, bonus(email()))).toEqual({
        outcome: 'invalid',
      });
      await expect(pending(store, address)).rejects.toMatchObject({ code: 'EMAIL_TAKEN' });
    });

    it('links an active account to a subject once, and activates a pending one in the same write', async () => {
      const store = await make();
      const address = email();
      const owner = await pending(store, address);
      const who = identity('other@example.test');
      const linked = await store.linkGoogleSignIn(owner, who, now(), bonus(address));
      expect(linked).toMatchObject({
        outcome: 'signed-in',
        user: { status: 'ACTIVE', tokensLtd: 2, googleSignIn: { email: 'other@example.test' } },
      });
      const active = (await store.getById(owner.id)) as User;
      // A second subject for the same account, or the same subject for another: refused.
      expect(await store.linkGoogleSignIn(active, identity(null), now(), null)).toEqual({
        outcome: 'invalid',
      });
      const second = await pending(store);
      await store.redeemLoginLink(await link(store, second), second, now(), bonus(second.email));
      const secondActive = (await store.getById(second.id)) as User;
      expect(await store.linkGoogleSignIn(secondActive, who, now(), null)).toEqual({ outcome: 'invalid' });
      expect(await store.linkGoogleSignIn(secondActive, identity(null), now(), null)).toMatchObject({
        outcome: 'signed-in',
        user: { googleSignIn: { email: second.email } },
      });
      // A pending account is not linked without being activated.
      const third = await pending(store);
      expect(await store.linkGoogleSignIn(third, identity(null), now(), null)).toEqual({
        outcome: 'invalid',
      });
    });

    it('sets a password only at the session version it was read at, and bumps it', async () => {
      const store = await make();
      const owner = await pending(store);
      const updated = await store.setPassword(owner.id, 'hash-1', 1);
      expect(updated).toMatchObject({ passwordHash: 'hash-1', sessionVersion: 2 });
      await expect(store.setPassword(owner.id, 'hash-2', 1)).rejects.toMatchObject({
        code: 'SESSION_REVOKED',
        message: 'Your session has ended. Please log in again.',
      });
      const both = await Promise.allSettled([
        store.setPassword(owner.id, 'a', 2),
        store.setPassword(owner.id, 'b', 2),
      ]);
      expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await store.getById(owner.id))?.sessionVersion).toBe(3);
    });

    it('grants and revokes the admin role by email', async () => {
      const store = await make();
      const owner = await pending(store);
      expect(await store.setRole(owner.email, 'admin')).toBe(true);
      expect((await store.getById(owner.id))?.role).toBe('admin');
      expect(await store.setRole(owner.email, 'user')).toBe(true);
      expect((await store.getById(owner.id))?.role).toBe('user');
      expect(await store.setRole(email(), 'admin')).toBe(false);
    });

    it('lists a new account with no delayed payments and the ledger newest first, up to a limit', async () => {
      const store = await make();
      const owner = await pending(store);
      expect(await store.listDelayedPayments(owner.id, now())).toEqual([]);
      expect(await store.listLedger(owner.id, 10)).toEqual([]);
      await store.redeemLoginLink(await link(store, owner), owner, now(), bonus(owner.email));
      expect(await store.listLedger(owner.id, 0 + 1)).toHaveLength(1);
    });
  });
}
