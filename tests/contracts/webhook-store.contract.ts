// The WebhookStore port's contract (functions/billing/domain/ports.ts: what the payment webhook writes), run
// against the DynamoDB adapter (tests/integration/port-contracts.test.ts) and the fake
// (tests/domain/port-contracts.test.ts). The account's balance, ledger and delayed payments are read back
// through the AccountStore, as the account page reads them.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { AccountStore } from '../../functions/accounts/domain/ports.ts';
import type { SubscriptionSnapshot, WebhookStore } from '../../functions/billing/domain/ports.ts';

export interface WebhookStoreSubject {
  store: WebhookStore;
  accounts: AccountStore;
  /** What spending does to the account's pack tokens (the create's debit: another port's write). */
  setTokensLtd(userId: string, tokens: number): Promise<void>;
}

export function webhookStoreContract(make: () => WebhookStoreSubject | Promise<WebhookStoreSubject>) {
  const now = Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

  async function paidPack(s: WebhookStoreSubject, tokens = 40, amountCents = 900) {
    const user = await s.accounts.createPendingAccount({
      id: randomUUID(),
      email: `ada-${randomUUID()}@example.test`,
      lang: 'en',
      createdAt: now,
      expiresAt: now + 86_400,
    });
    const sessionId = id('cs');
    await s.store.saveCheckout({
      sessionId,
      userId: user.id,
      planId: 'pack-40',
      mode: 'payment',
      amountCents,
      createdAt: now,
    });
    const credit = (fields: Partial<Parameters<WebhookStore['creditPack']>[0]> = {}) => ({
      eventId: id('evt'),
      sessionId,
      userId: user.id,
      tokens,
      amountCents,
      paymentIntentId: null as string | null,
      ledgerEntryId: randomUUID(),
      now,
      ...fields,
    });
    const delayed = { sessionId, userId: user.id, planId: 'pack-40', tokens, amountCents, now };
    return { user, sessionId, credit, delayed };
  }
  const balance = async (s: WebhookStoreSubject, userId: string) => {
    const u = await s.accounts.getById(userId);
    return { ltd: u?.tokensLtd, subscription: u?.tokensSubscription };
  };
  const snapshot = (subscriptionId: string, status: string, fields: Partial<SubscriptionSnapshot> = {}) => ({
    id: subscriptionId,
    customerId: 'cus_1',
    status,
    cancelAtPeriodEnd: false,
    currentPeriodEnd: now + 30 * 86_400,
    endedAt: null,
    ...fields,
  });

  describe('WebhookStore contract', () => {
    it('credits a checkout once, whatever the deliveries, with its ledger entry', async () => {
      const s = await make();
      const { user, sessionId, credit } = await paidPack(s);
      expect(await s.store.getCheckout(sessionId)).toMatchObject({
        userId: user.id,
        credited: false,
        amountCents: 900,
      });
      const results = await Promise.all([credit(), credit(), credit()].map((c) => s.store.creditPack(c)));
      expect(results.sort()).toEqual(['credited', 'duplicate', 'duplicate']);
      expect(await s.store.creditPack(credit())).toBe('duplicate');
      expect(await balance(s, user.id)).toEqual({ ltd: 40, subscription: 0 });
      expect(await s.accounts.listLedger(user.id, 10)).toEqual([
        expect.objectContaining({ reason: 'purchase', pool: 'ltd', amount: 40, balance_after: 40 }),
      ]);
      expect((await s.store.getCheckout(sessionId))?.credited).toBe(true);
      expect(await s.store.getCheckout(id('cs'))).toBeNull();
    });

    it("credits nothing for another account's checkout, nor for an event applied already", async () => {
      const s = await make();
      const a = await paidPack(s);
      const b = await paidPack(s);
      expect(await s.store.creditPack(a.credit({ userId: b.user.id }))).toBe('duplicate');
      const event = a.credit();
      expect(await s.store.creditPack(event)).toBe('credited');
      expect(await s.store.creditPack(b.credit({ eventId: event.eventId }))).toBe('duplicate');
      expect(await balance(s, b.user.id)).toEqual({ ltd: 0, subscription: 0 });
    });

    it('shows a bank debit pending, then refused (kept from when it started), until the credit ends it', async () => {
      const s = await make();
      const { user, credit, delayed } = await paidPack(s);
      expect(await s.store.recordPendingPayment(delayed)).toBe(true);
      expect(await s.store.recordPendingPayment({ ...delayed, now: now + 5 })).toBe(false);
      expect(await s.accounts.listDelayedPayments(user.id, now)).toEqual([
        {
          sessionId: delayed.sessionId,
          planId: 'pack-40',
          tokens: 40,
          amountCents: 900,
          state: 'pending',
          createdAt: now,
          updatedAt: now,
        },
      ]);
      expect(await s.store.recordFailedPayment({ ...delayed, now: now + 60 })).toBe(true);
      expect(await s.accounts.listDelayedPayments(user.id, now + 60)).toEqual([
        expect.objectContaining({ state: 'failed', createdAt: now, updatedAt: now + 60 }),
      ]);
      // A pending event that comes after the refusal does not hide it.
      expect(await s.store.recordPendingPayment({ ...delayed, now: now + 70 })).toBe(false);
      expect(await s.store.creditPack(credit())).toBe('credited');
      expect(await s.accounts.listDelayedPayments(user.id, now + 80)).toEqual([]);
      expect(await s.store.recordPendingPayment(delayed)).toBe(false);
      expect(await s.store.recordFailedPayment(delayed)).toBe(false);
    });

    it('lets one sender claim each payment email, only when it is due, until it is sent', async () => {
      const s = await make();
      const { sessionId, credit } = await paidPack(s);
      const of = { checkout: sessionId };
      expect(await s.store.claimEmail(of, 'receipt', now)).toBe(false);
      expect(await s.store.claimEmail(of, 'payment_failed', now)).toBe(true);
      expect(await s.store.claimEmail(of, 'payment_failed', now + 1)).toBe(false);
      await s.store.releaseEmail(of, 'payment_failed');
      expect(await s.store.claimEmail(of, 'payment_failed', now + 2)).toBe(true);
      // The credit claims the receipt for the delivery that credits.
      expect(await s.store.creditPack(credit())).toBe('credited');
      expect(await s.store.claimEmail(of, 'receipt', now + 1)).toBe(false);
      expect(await s.store.claimEmail(of, 'payment_failed', now + 100)).toBe(false);
      // A claim never marked sent is free again after a minute.
      expect(await s.store.claimEmail(of, 'receipt', now + 61)).toBe(true);
      await s.store.emailSent(of, 'receipt', now + 62);
      expect(await s.store.claimEmail(of, 'receipt', now + 500)).toBe(false);
      await s.store.releaseEmail(of, 'receipt');
      expect(await s.store.claimEmail(of, 'receipt', now + 501)).toBe(false);
      expect(await s.store.claimEmail({ checkout: id('cs') }, 'payment_failed', now)).toBe(false);
      expect(await s.store.claimEmail({ invoice: id('in') }, 'receipt', now)).toBe(false);
    });

    it("grants a month once per invoice, never an older period, and the month's receipt once granted", async () => {
      const s = await make();
      const { user } = await paidPack(s);
      const sub = id('sub');
      const grant = (periodEnd: number, fields = {}) => ({
        eventId: id('evt'),
        invoiceId: id('in'),
        userId: user.id,
        subscriptionId: sub,
        tokens: 100,
        periodEnd,
        expiryEntryId: randomUUID(),
        renewalEntryId: randomUUID(),
        now,
        ...fields,
      });
      const first = grant(now + 1000);
      expect(await s.store.grantPeriod(first)).toBe('credited');
      expect(await s.store.grantPeriod({ ...first, eventId: id('evt') })).toBe('duplicate');
      expect(await s.store.grantPeriod(grant(now + 1000))).toBe('stale');
      expect(await s.store.grantPeriod(grant(now + 500))).toBe('stale');
      expect(await balance(s, user.id)).toEqual({ ltd: 0, subscription: 100 });
      expect(await s.store.claimEmail({ invoice: first.invoiceId }, 'receipt', now)).toBe(true);
      const second = grant(now + 2000, { now: now + 1 });
      expect(await s.store.grantPeriod(second)).toBe('credited');
      expect(
        (await s.accounts.listLedger(user.id, 2)).map((e) => [e.reason, e.amount, e.balance_after]),
      ).toEqual([
        ['subscription_renewal', 100, 100],
        ['subscription_expiry', -100, 0],
      ]);
      // One second's entries, as the account page's history completes a page that ends inside a second.
      const all = await s.accounts.listLedger(user.id, 10);
      expect(await s.accounts.listLedgerSecond(user.id, now + 1)).toEqual(all.slice(0, 2));
      const earlier = all.filter((e) => e.created_at === now);
      expect(earlier.map((e) => e.reason)).toContain('subscription_renewal');
      expect(await s.accounts.listLedgerSecond(user.id, now)).toEqual(earlier);
      expect(await s.accounts.listLedgerSecond(user.id, now + 2)).toEqual([]);
      // Another account cannot be granted this subscription's months.
      const other = await paidPack(s);
      expect(await s.store.grantPeriod(grant(now + 3000, { userId: other.user.id }))).toBe('stale');
    });

    it("keeps the provider's state; an ended subscription zeroes the month's tokens once, and stays ended", async () => {
      const s = await make();
      const { user } = await paidPack(s);
      const sub = id('sub');
      const expiry = () => ({ ledgerEntryId: randomUUID(), now });
      await s.store.applySubscription(user.id, snapshot(sub, 'active'), expiry());
      expect((await s.store.getAccount(user.id))?.subscription).toEqual({
        id: sub,
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodEnd: now + 30 * 86_400,
      });
      await s.store.grantPeriod({
        eventId: id('evt'),
        invoiceId: id('in'),
        userId: user.id,
        subscriptionId: sub,
        tokens: 100,
        periodEnd: now + 1000,
        expiryEntryId: randomUUID(),
        renewalEntryId: randomUUID(),
        now,
      });
      await s.store.applySubscription(
        user.id,
        snapshot(sub, 'active', { cancelAtPeriodEnd: true }),
        expiry(),
      );
      expect((await s.store.getAccount(user.id))?.subscription?.cancelAtPeriodEnd).toBe(true);
      await s.store.applySubscription(user.id, snapshot(sub, 'canceled'), expiry());
      await s.store.applySubscription(user.id, snapshot(sub, 'canceled'), expiry());
      expect(await balance(s, user.id)).toEqual({ ltd: 0, subscription: 0 });
      expect(
        (await s.accounts.listLedger(user.id, 10)).filter((e) => e.reason === 'subscription_expiry'),
      ).toEqual([expect.objectContaining({ amount: -100, balance_after: 0 })]);
      // A late event that still says active changes nothing; nor is an ended subscription granted a month.
      await s.store.applySubscription(user.id, snapshot(sub, 'active'), expiry());
      expect((await s.store.getAccount(user.id))?.subscription?.status).toBe('canceled');
      expect(
        await s.store.grantPeriod({
          eventId: id('evt'),
          invoiceId: id('in'),
          userId: user.id,
          subscriptionId: sub,
          tokens: 100,
          periodEnd: now + 5000,
          expiryEntryId: randomUUID(),
          renewalEntryId: randomUUID(),
          now,
        }),
      ).toBe('stale');
    });

    it("keeps the account's live subscription when another one's state arrives; a new one follows an ended one", async () => {
      const s = await make();
      const { user } = await paidPack(s);
      const [first, second] = [id('sub'), id('sub')];
      const expiry = () => ({ ledgerEntryId: randomUUID(), now });
      await s.store.applySubscription(user.id, snapshot(first, 'active'), expiry());
      await s.store.applySubscription(user.id, snapshot(second, 'active'), expiry());
      expect((await s.store.getAccount(user.id))?.subscription?.id).toBe(first);
      await s.store.applySubscription(user.id, snapshot(first, 'canceled'), expiry());
      await s.store.applySubscription(user.id, snapshot(second, 'active'), expiry());
      expect((await s.store.getAccount(user.id))?.subscription).toMatchObject({
        id: second,
        status: 'active',
      });
    });

    it("takes back a refund's share of the pack once per amount refunded; an unknown payment is not ours", async () => {
      const s = await make();
      const { user, credit } = await paidPack(s, 40, 900);
      const paymentIntentId = id('pi');
      await s.store.creditPack(credit({ paymentIntentId }));
      const refund = (amountRefunded: number) => ({
        eventId: id('evt'),
        paymentIntentId,
        amountRefunded,
        ledgerEntryId: randomUUID(),
        now,
      });
      expect(await s.store.clawBackRefund({ ...refund(900), paymentIntentId: id('pi') })).toBe(
        'unknown-payment',
      );
      expect(await s.store.clawBackRefund(refund(450))).toBe('credited');
      expect(await balance(s, user.id)).toEqual({ ltd: 20, subscription: 0 });
      expect(await s.store.clawBackRefund(refund(450))).toBe('duplicate');
      expect(await s.store.clawBackRefund(refund(300))).toBe('duplicate');
      expect(await s.store.clawBackRefund(refund(5000))).toBe('credited');
      expect(await balance(s, user.id)).toEqual({ ltd: 0, subscription: 0 });
      expect(
        (await s.accounts.listLedger(user.id, 10))
          .filter((e) => e.reason === 'refund')
          .map((e) => e.amount)
          .sort(),
      ).toEqual([-20, -20]);
    });

    it('never takes a refund below a balance of 0: what was spent stays spent, and the ledger says so', async () => {
      const s = await make();
      const { user, credit } = await paidPack(s, 40, 900);
      const paymentIntentId = id('pi');
      await s.store.creditPack(credit({ paymentIntentId }));
      await s.setTokensLtd(user.id, 5);
      const refund = {
        eventId: id('evt'),
        paymentIntentId,
        amountRefunded: 900,
        ledgerEntryId: randomUUID(),
        now,
      };
      expect(await s.store.clawBackRefund(refund)).toBe('credited');
      expect(await balance(s, user.id)).toEqual({ ltd: 0, subscription: 0 });
      expect((await s.accounts.listLedger(user.id, 10)).find((e) => e.amount < 0)).toMatchObject({
        reason: 'refund_partly_spent',
        amount: -5,
        balance_after: 0,
      });
    });
  });
}
