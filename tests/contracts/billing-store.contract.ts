// The BillingStore port's contract (functions/billing/domain/ports.ts, the checkout side), run against the
// DynamoDB adapter (tests/integration/port-contracts.test.ts) and the fake (tests/domain/port-contracts.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountStore } from '../../functions/accounts/domain/ports.ts';
import type { BillingStore } from '../../functions/billing/domain/ports.ts';

export interface BillingStoreSubject {
  billing: BillingStore;
  accounts: AccountStore;
  /** What the webhook writes: the account's subscription status (another port's write). */
  setSubscriptionStatus(userId: string, status: string): Promise<void>;
}

export function billingStoreContract(make: () => BillingStoreSubject | Promise<BillingStoreSubject>) {
  const now = Math.floor(Date.now() / 1000);
  const account = (accounts: AccountStore) =>
    accounts.createPendingAccount({
      id: randomUUID(),
      email: `ada-${randomUUID()}@example.test`,
      lang: 'fr',
      createdAt: now,
      expiresAt: now + 86_400,
    });
  const checkout = (expiresAt = now + 2100) => {
    const sessionId = `cs_${randomUUID()}`;
    return { sessionId, url: `https://checkout.example.test/${sessionId}`, expiresAt };
  };

  describe('BillingStore contract', () => {
    it("reads an account's billing side: no customer, no subscription, its email, language and balance", async () => {
      const { billing, accounts } = await make();
      const user = await account(accounts);
      expect(await billing.getAccount(user.id)).toEqual({
        userId: user.id,
        email: user.email,
        lang: 'fr',
        customerId: null,
        subscription: null,
        openSubscriptionCheckout: null,
        tokensLtd: 0,
        tokensSubscription: 0,
      });
      expect(await billing.getAccount(randomUUID())).toBeNull();
    });

    it('links one customer per account: the first kept, whatever comes after or at the same time', async () => {
      const { billing, accounts } = await make();
      const user = await account(accounts);
      const [a, b] = [`cus_${randomUUID()}`, `cus_${randomUUID()}`];
      const kept = await Promise.all([billing.linkCustomer(user.id, a), billing.linkCustomer(user.id, b)]);
      expect(kept[0]).toBe(kept[1]);
      const winner = kept[0] as string;
      expect(await billing.linkCustomer(user.id, winner === a ? b : a)).toBe(winner);
      expect(await billing.linkCustomer(user.id, winner)).toBe(winner);
      expect((await billing.getAccount(user.id))?.customerId).toBe(winner);
      expect(await billing.userOfCustomer(winner)).toBe(user.id);
      expect(await billing.userOfCustomer(`cus_${randomUUID()}`)).toBeNull();
      // A customer is never another account's.
      const other = await account(accounts);
      await expect(billing.linkCustomer(other.id, winner)).rejects.toThrow();
      expect((await billing.getAccount(other.id))?.customerId).toBeNull();
    });

    it('holds one subscription checkout at a time; an expired one frees the slot', async () => {
      const { billing, accounts } = await make();
      const user = await account(accounts);
      const first = checkout(now + 100);
      const both = await Promise.all([
        billing.holdSubscriptionCheckout(user.id, first, now),
        billing.holdSubscriptionCheckout(user.id, checkout(), now),
      ]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const held = (await billing.getAccount(user.id))?.openSubscriptionCheckout;
      expect(held).not.toBeNull();
      expect(
        await billing.holdSubscriptionCheckout(user.id, checkout(), (held?.expiresAt as number) - 1),
      ).toBe(false);
      const later = checkout(now + 5000);
      expect(await billing.holdSubscriptionCheckout(user.id, later, now + 2200)).toBe(true);
      expect((await billing.getAccount(user.id))?.openSubscriptionCheckout).toEqual(later);
      expect(await billing.holdSubscriptionCheckout(randomUUID(), checkout(), now)).toBe(false);
    });

    it('holds none while a subscription is live (active, trialing, past due); a cancelled one does not stop it', async () => {
      const { billing, accounts, setSubscriptionStatus } = await make();
      for (const status of ['active', 'trialing', 'past_due']) {
        const user = await account(accounts);
        await setSubscriptionStatus(user.id, status);
        expect(await billing.holdSubscriptionCheckout(user.id, checkout(), now), status).toBe(false);
      }
      const ended = await account(accounts);
      await setSubscriptionStatus(ended.id, 'canceled');
      expect(await billing.holdSubscriptionCheckout(ended.id, checkout(), now)).toBe(true);
      expect((await billing.getAccount(ended.id))?.subscription).toMatchObject({ status: 'canceled' });
    });

    it('records a checkout once', async () => {
      const { billing, accounts } = await make();
      const user = await account(accounts);
      const record = {
        sessionId: `cs_${randomUUID()}`,
        userId: user.id,
        planId: 'pack-10',
        mode: 'payment' as const,
        amountCents: 300,
        createdAt: now,
      };
      await billing.saveCheckout(record);
      await expect(billing.saveCheckout({ ...record, planId: 'pack-40' })).rejects.toThrow();
    });
  });
}
