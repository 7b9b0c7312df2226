// A paid seat checkout (functions/domain/billing/webhook.ts creditSeats) against FakeWebhookStore: the seats
// come from our record (team, quantity), the amount must be that many seats at the catalogue's price, and a
// replayed or renamed delivery credits nothing more. The stand-in's flow and DynamoDB's transaction:
// tests/integration/teams-seats.test.ts.
import { describe, expect, it } from 'vitest';
import type { BillingEvent } from '../../functions/domain/billing/ports.ts';
import { handleBillingEvent, type WebhookDeps } from '../../functions/domain/billing/webhook.ts';
import { TEAM_SEAT } from '../../shared/team-rules.ts';
import {
  FakeAccountStore,
  FakeClock,
  FakeIds,
  FakeMailer,
  FakePaymentProvider,
  FakeWebhookStore,
  WEB_URL,
} from '../support/fakes/index.ts';

const NOW = 1_800_000_000;

async function world(quantity: number) {
  const clock = new FakeClock(NOW);
  const accounts = new FakeAccountStore(clock);
  const store = new FakeWebhookStore(accounts);
  const warnings: string[] = [];
  const sold: number[] = [];
  const deps: WebhookDeps = {
    provider: new FakePaymentProvider(),
    store,
    clock,
    ids: new FakeIds(),
    priceIds: {},
    warn: (message) => warnings.push(message),
    metrics: { record: (name, value = 1) => void (name === 'SeatsSold' && sold.push(value)) },
    mailer: new FakeMailer(),
    webUrl: WEB_URL,
  };
  accounts.seedActive({ id: 'u1', email: 'owner@acme.test', lang: 'en', tokensLtd: 0 });
  await store.saveCheckout({
    sessionId: 'cs_seats',
    userId: 'u1',
    planId: TEAM_SEAT.id,
    mode: 'payment',
    amountCents: quantity * TEAM_SEAT.priceCents,
    createdAt: NOW,
    teamId: 't1',
    quantity,
  });
  let n = 0;
  const paid = (fields: Partial<BillingEvent> = {}): BillingEvent =>
    ({
      kind: 'checkout-paid',
      eventId: `evt_${++n}`,
      sessionId: 'cs_seats',
      mode: 'payment',
      customerId: 'cus_1',
      subscriptionId: null,
      paymentIntentId: 'pi_1',
      amountTotal: quantity * TEAM_SEAT.priceCents,
      currency: 'eur',
      ...fields,
    }) as BillingEvent;
  return { store, deps, warnings, sold, paid };
}

describe('a paid seat checkout', () => {
  it('credits its seats to its team once: a replay, a renamed event and a concurrent delivery add nothing', async () => {
    const w = await world(3);
    const first = w.paid();
    expect(await handleBillingEvent(w.deps, first)).toBe('credited');
    expect(await handleBillingEvent(w.deps, first)).toBe('duplicate');
    const [a, b] = await Promise.all([
      handleBillingEvent(w.deps, w.paid()),
      handleBillingEvent(w.deps, w.paid()),
    ]);
    expect([a, b]).toEqual(['duplicate', 'duplicate']);
    expect(w.store.teamSeats.get('t1')).toBe(3);
    expect(w.sold).toEqual([3]);
  });

  it('credits nothing when the amount paid is not the seats at the catalogue price', async () => {
    const w = await world(3);
    expect(await handleBillingEvent(w.deps, w.paid({ amountTotal: TEAM_SEAT.priceCents } as never))).toBe(
      'ignored',
    );
    expect(await handleBillingEvent(w.deps, w.paid({ currency: 'usd' } as never))).toBe('ignored');
    expect(w.store.teamSeats.get('t1')).toBeUndefined();
    expect(w.warnings).toHaveLength(2);
  });
});

describe('a refunded seat purchase', () => {
  const refund = (eventId: string, amountRefunded: number): BillingEvent => ({
    kind: 'charge-refunded',
    eventId,
    paymentIntentId: 'pi_1',
    amount: 3 * TEAM_SEAT.priceCents,
    amountRefunded,
  });

  it('takes back only the free seats, never below those members hold, once per refund; the ledger keeps the rest', async () => {
    const w = await world(3);
    expect(await handleBillingEvent(w.deps, w.paid())).toBe('credited');
    w.store.teamSeatsUsed.set('t1', 2);
    const full = refund('evt_refund', 3 * TEAM_SEAT.priceCents);
    expect(await handleBillingEvent(w.deps, full)).toBe('refunded');
    expect(w.store.teamSeats.get('t1')).toBe(2);
    expect(w.store.teamRefunds).toEqual([{ teamId: 't1', seats: -1, seatsAfter: 2, seatsKept: 2 }]);
    // Replayed, and renamed: nothing more.
    expect(await handleBillingEvent(w.deps, full)).toBe('duplicate');
    expect(await handleBillingEvent(w.deps, refund('evt_refund_again', 3 * TEAM_SEAT.priceCents))).toBe(
      'duplicate',
    );
    expect(w.store.teamSeats.get('t1')).toBe(2);
    expect(w.store.teamRefunds).toHaveLength(1);
  });

  it('a partial refund takes back its share of the seats, and a later one the rest', async () => {
    const w = await world(3);
    await handleBillingEvent(w.deps, w.paid());
    expect(await handleBillingEvent(w.deps, refund('evt_r1', TEAM_SEAT.priceCents))).toBe('refunded');
    expect(w.store.teamSeats.get('t1')).toBe(2);
    expect(await handleBillingEvent(w.deps, refund('evt_r2', 3 * TEAM_SEAT.priceCents))).toBe('refunded');
    expect(w.store.teamSeats.get('t1')).toBe(0);
  });
});
