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
