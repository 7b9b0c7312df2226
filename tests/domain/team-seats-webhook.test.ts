// A paid seat checkout (functions/billing/domain/webhook.ts creditSeats) against FakeWebhookStore: the seats
// come from our record (team, quantity), the amount must be that many seats at the catalogue's price, and a
// replayed or renamed delivery credits nothing more. The stand-in's flow and DynamoDB's transaction:
// tests/integration/teams-seats.test.ts.
import { describe, expect, it } from 'vitest';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import type { BillingEvent } from '../../functions/billing/domain/ports.ts';
import { handleBillingEvent, type WebhookDeps } from '../../functions/billing/domain/webhook.ts';
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

const INVOICE = { id: 'in_1', url: 'https://invoice.stripe.test/i/in_1', number: 'AB12CD34-0001' };

async function world(quantity: number, o: { lang?: 'en' | 'fr'; invoice?: boolean } = {}) {
  const clock = new FakeClock(NOW);
  const accounts = new FakeAccountStore(clock);
  const store = new FakeWebhookStore(accounts);
  const provider = new FakePaymentProvider();
  const mailer = new FakeMailer();
  const warnings: string[] = [];
  const sold: number[] = [];
  const deps: WebhookDeps = {
    provider,
    store,
    clock,
    ids: new FakeIds(),
    priceIds: {},
    warn: (message) => warnings.push(message),
    metrics: { record: (name, value = 1) => void (name === 'SeatsSold' && sold.push(value)) },
    mailer,
    webUrl: WEB_URL,
  };
  accounts.seedActive({ id: 'u1', email: 'owner@acme.test', lang: o.lang ?? 'en', tokensLtd: 0 });
  store.teams.set('t1', { ownerId: 'u1', name: 'Acme' });
  if (o.invoice !== false) provider.invoices.set('cs_seats', INVOICE);
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
  const withKind = (kind: 'checkout-unpaid' | 'checkout-failed') => (): BillingEvent =>
    ({ ...paid(), kind, paymentIntentId: 'pi_1' }) as BillingEvent;
  const purchase = () => store.teamPurchases.get('t1')?.get('cs_seats');
  return {
    store,
    deps,
    warnings,
    sold,
    paid,
    unpaid: withKind('checkout-unpaid'),
    failed: withKind('checkout-failed'),
    purchase,
    provider,
    mailer,
  };
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

describe('the receipt of a seat purchase', () => {
  it('goes once to the team’s owner with the company’s invoice, which the team’s purchase keeps', async () => {
    const w = await world(3);
    const first = w.paid();
    expect(await handleBillingEvent(w.deps, first)).toBe('credited');
    expect(await handleBillingEvent(w.deps, first)).toBe('duplicate');
    expect(await handleBillingEvent(w.deps, w.paid())).toBe('duplicate');
    const [receipt, ...more] = w.mailer.to('owner@acme.test');
    expect(more).toEqual([]);
    expect(receipt?.subject).toBe('Your Aivatar receipt: 3 team seats');
    expect(receipt?.text).toContain('3 team seats added to Acme.');
    expect(receipt?.text).toContain('Amount paid (tax included): €87');
    expect(receipt?.text).toContain('Invoice: AB12CD34-0001');
    expect(receipt?.text).toContain(`View the invoice: ${INVOICE.url}`);
    expect(receipt?.text).toContain(`Open the team page: ${WEB_URL}/app/team`);
    expect(w.purchase()).toMatchObject({ state: 'paid', seats: 3, invoiceUrl: INVOICE.url });
  });

  it('is in the owner’s language (French), with French typography', async () => {
    const w = await world(1, { lang: 'fr' });
    await handleBillingEvent(w.deps, w.paid());
    const [receipt] = w.mailer.to('owner@acme.test');
    expect(receipt?.subject).toBe('Votre reçu Aivatar\u00a0: 1 place d’équipe');
    expect(receipt?.text).toContain('1 place d’équipe ajoutée à l’équipe Acme.');
    expect(receipt?.text).toContain(`Voir la facture\u00a0: ${INVOICE.url}`);
    expect(receipt?.text).toContain(`${WEB_URL}/fr/app/team`);
  });

  it('waits for the invoice: the delivery fails, the seats stay credited once, and the retry sends it', async () => {
    const w = await world(2, { invoice: false });
    const event = w.paid();
    await expect(handleBillingEvent(w.deps, event)).rejects.toThrow(/invoice is not made yet/);
    expect(w.store.teamSeats.get('t1')).toBe(2);
    expect(w.mailer.sent).toEqual([]);
    w.provider.invoices.set('cs_seats', INVOICE);
    expect(await handleBillingEvent(w.deps, event)).toBe('duplicate');
    expect(w.store.teamSeats.get('t1')).toBe(2);
    expect(w.mailer.to('owner@acme.test')).toHaveLength(1);
    expect(w.purchase()?.invoiceUrl).toBe(INVOICE.url);
  });

  it('still goes for seats credited before purchases were kept (no purchase to add the invoice to)', async () => {
    const w = await world(2, { invoice: false });
    const event = w.paid();
    await expect(handleBillingEvent(w.deps, event)).rejects.toThrow(/invoice is not made yet/);
    w.store.teamPurchases.get('t1')?.delete('cs_seats');
    w.provider.invoices.set('cs_seats', INVOICE);
    expect(await handleBillingEvent(w.deps, event)).toBe('duplicate');
    expect(w.mailer.to('owner@acme.test').map((m) => m.subject)).toEqual([
      'Your Aivatar receipt: 2 team seats',
    ]);
  });
});

describe('seats paid by bank debit', () => {
  it('show as pending, then the bank’s confirmation credits them once and the purchase is paid', async () => {
    const w = await world(3);
    expect(await handleBillingEvent(w.deps, w.unpaid())).toBe('payment-pending');
    expect(await handleBillingEvent(w.deps, w.unpaid())).toBe('duplicate');
    expect(w.purchase()).toMatchObject({ state: 'pending', seats: 3, amountCents: 3 * TEAM_SEAT.priceCents });
    expect(w.store.teamSeats.get('t1')).toBeUndefined();
    expect(w.mailer.sent).toEqual([]);
    expect(await handleBillingEvent(w.deps, w.paid())).toBe('credited');
    expect(w.store.teamSeats.get('t1')).toBe(3);
    expect(w.purchase()).toMatchObject({ state: 'paid', invoiceUrl: INVOICE.url });
    // A late "completed, unpaid" after the credit changes nothing.
    expect(await handleBillingEvent(w.deps, w.unpaid())).toBe('duplicate');
    expect(w.purchase()?.state).toBe('paid');
  });

  it.each([
    {
      lang: 'en' as const,
      subject: 'Your Aivatar payment for team seats did not go through',
      body: 'Your bank did not confirm the debit of €87 for 3 team seats for Acme: no seats were added and you have not been charged.',
    },
    {
      lang: 'fr' as const,
      subject: 'Votre paiement Aivatar pour des places d’équipe n’a pas abouti',
      body: 'Votre banque n’a pas confirmé le prélèvement de 87\u00a0€ pour 3 places d’équipe (équipe Acme)\u00a0: aucune place n’a été ajoutée et rien ne vous a été débité.',
    },
  ])('refused by the bank ($lang): no seats, the purchase shows it, the owner is told once', async (c) => {
    const w = await world(3, { lang: c.lang });
    await handleBillingEvent(w.deps, w.unpaid());
    const refusal = w.failed();
    expect(await handleBillingEvent(w.deps, refusal)).toBe('payment-failed');
    expect(await handleBillingEvent(w.deps, refusal)).toBe('payment-failed');
    expect(await handleBillingEvent(w.deps, w.failed())).toBe('payment-failed');
    expect(w.store.teamSeats.get('t1')).toBeUndefined();
    expect(w.purchase()).toMatchObject({ state: 'failed', seats: 3 });
    const mails = w.mailer.to('owner@acme.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(c.subject);
    expect(mails[0]?.text).toContain(c.body);
    expect(mails[0]?.text).toContain(`${WEB_URL}${c.lang === 'fr' ? '/fr' : ''}/app/team`);
    // A "completed, unpaid" delivered after the refusal does not make it pending again.
    expect(await handleBillingEvent(w.deps, w.unpaid())).toBe('duplicate');
    expect(w.purchase()?.state).toBe('failed');
  });

  it('a refusal after the seats were credited changes nothing and tells no one', async () => {
    const w = await world(3);
    await handleBillingEvent(w.deps, w.paid());
    const sent = w.mailer.sent.length;
    expect(await handleBillingEvent(w.deps, w.failed())).toBe('ignored');
    expect(w.store.teamSeats.get('t1')).toBe(3);
    expect(w.purchase()?.state).toBe('paid');
    expect(w.mailer.sent).toHaveLength(sent);
  });
});
