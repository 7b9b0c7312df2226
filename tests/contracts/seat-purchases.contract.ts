// The webhook's writes of a team's seat purchases (WebhookStore in functions/billing/domain/ports.ts: the
// seats' credit, a bank debit pending or refused, the invoice, the team's owner) and the team page's read of
// them, the same for the fake (tests/support/fakes/webhook-store.ts) and the DynamoDB adapters
// (functions/billing/dynamodb/seat-purchases.ts, seat-purchase-list.ts, billing-credits.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import type { SeatPurchaseRecord, WebhookStore } from '../../functions/billing/domain/ports.ts';
import type { SeatCheckoutRecords, SeatPurchaseView } from '../../functions/teams/domain/ports.ts';

export interface SeatPurchasesSubject {
  store: WebhookStore;
  /** The seat checkout's record, as the billing function writes it (SeatCheckoutRecords). */
  recordSeatCheckout: SeatCheckoutRecords['recordSeatCheckout'];
  /** A team of `ownerId` named `name`, with no seats. */
  addTeam(teamId: string, ownerId: string, name: string): Promise<void>;
  /** The team page's list (newest first). */
  purchases(teamId: string, now: number): Promise<SeatPurchaseView[]>;
}

export function seatPurchasesContract(make: () => SeatPurchasesSubject | Promise<SeatPurchasesSubject>) {
  const now = Math.floor(Date.now() / 1000);
  const id = (prefix: string) => `${prefix}_${randomUUID().replace(/-/g, '')}`;

  async function seatCheckout(s: SeatPurchasesSubject, teamId: string, userId: string, at: number) {
    const sessionId = id('cs');
    await s.recordSeatCheckout({
      sessionId,
      teamId,
      userId,
      quantity: 2,
      amountCents: 2 * TEAM_SEAT.priceCents,
      now: at,
    });
    const purchase: SeatPurchaseRecord = {
      sessionId,
      teamId,
      userId,
      seats: 2,
      amountCents: 2 * TEAM_SEAT.priceCents,
      checkoutAt: at,
      now,
    };
    const credit = () => ({
      eventId: id('evt'),
      sessionId,
      teamId,
      userId,
      seats: 2,
      amountCents: 2 * TEAM_SEAT.priceCents,
      paymentIntentId: id('pi'),
      ledgerEntryId: randomUUID(),
      checkoutAt: at,
      now: now + 30,
    });
    return { purchase, credit };
  }

  describe('WebhookStore contract: team seat purchases', () => {
    it('a bank debit shows pending, then refused, never over a credit; the credit makes it paid, with its invoice', async () => {
      const s = await make();
      const teamId = randomUUID();
      const owner = randomUUID();
      await s.addTeam(teamId, owner, 'Acme');
      expect(await s.store.teamOfPurchase(teamId)).toEqual({ ownerId: owner, name: 'Acme' });
      expect(await s.store.teamOfPurchase(randomUUID())).toBeNull();

      const refused = await seatCheckout(s, teamId, owner, now - 100);
      expect(await s.store.recordSeatsPending(refused.purchase)).toBe(true);
      expect(await s.store.recordSeatsPending({ ...refused.purchase, now: now + 5 })).toBe(false);
      expect(await s.store.recordSeatsFailed({ ...refused.purchase, now: now + 60 })).toBe(true);
      // A pending event that comes after the refusal does not hide it.
      expect(await s.store.recordSeatsPending({ ...refused.purchase, now: now + 70 })).toBe(false);

      const paid = await seatCheckout(s, teamId, owner, now);
      expect(await s.store.recordSeatsPending(paid.purchase)).toBe(true);
      const [a, b] = await Promise.all([
        s.store.creditSeats(paid.credit()),
        s.store.creditSeats(paid.credit()),
      ]);
      expect([a, b].sort()).toEqual(['credited', 'duplicate']);
      expect(await s.store.recordSeatsFailed(paid.purchase)).toBe(false);
      expect(await s.store.recordSeatsPending(paid.purchase)).toBe(false);
      await s.store.saveSeatInvoice(paid.purchase, {
        id: 'in_1',
        url: 'https://stripe.test/i/in_1',
        number: 'N-1',
      });
      // Not paid: no invoice to add (and no error).
      await s.store.saveSeatInvoice(refused.purchase, {
        id: 'in_2',
        url: 'https://stripe.test/i/in_2',
        number: null,
      });

      expect(await s.purchases(teamId, now + 100)).toEqual([
        {
          sessionId: paid.purchase.sessionId,
          state: 'paid',
          seats: 2,
          amountCents: 2 * TEAM_SEAT.priceCents,
          createdAt: now,
          updatedAt: now + 30,
          invoiceUrl: 'https://stripe.test/i/in_1',
          invoiceNumber: 'N-1',
        },
        {
          sessionId: refused.purchase.sessionId,
          state: 'failed',
          seats: 2,
          amountCents: 2 * TEAM_SEAT.priceCents,
          createdAt: now - 100,
          updatedAt: now + 60,
          invoiceUrl: null,
          invoiceNumber: null,
        },
      ]);
      // A refusal is shown for 30 days; a paid purchase stays.
      expect((await s.purchases(teamId, now + 31 * 86_400)).map((p) => p.state)).toEqual(['paid']);
    });

    it('writes nothing for another team’s or another buyer’s checkout', async () => {
      const s = await make();
      const teamId = randomUUID();
      const owner = randomUUID();
      await s.addTeam(teamId, owner, 'Acme');
      const { purchase } = await seatCheckout(s, teamId, owner, now);
      expect(await s.store.recordSeatsPending({ ...purchase, teamId: randomUUID() })).toBe(false);
      expect(await s.store.recordSeatsFailed({ ...purchase, userId: randomUUID() })).toBe(false);
      expect(await s.purchases(teamId, now)).toEqual([]);
    });
  });
}
