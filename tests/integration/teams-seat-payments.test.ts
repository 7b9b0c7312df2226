// Team seats' money beyond the card (docs/payments.md, "Team seats"), through the local Stripe stand-in and
// signed webhook deliveries: the team's one customer (made once, kept by a condition on the team's item),
// the company's invoice on the owner's receipt and in the team's purchases, and a bank debit shown pending,
// then credited, or refused with no seats and one email. Replays change nothing; a bad signature is refused.
import { describe, expect, it } from 'vitest';
import type { SeatPurchase } from '#shared/api-schemas.ts';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import { DynamoSeatCheckouts } from '../../functions/billing/dynamodb/seat-checkouts.ts';
import { callRoute, mailsTo, stack } from '../support/api.ts';
import { testDb } from '../support/avatars.ts';
import { asPayload, deliver, eventsOf, newEventId, pay, sessionIdOf, stripeApi } from '../support/stripe.ts';
import { memberOf, ownerWithTeam, teamItem } from '../support/teams.ts';

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

type Owner = Awaited<ReturnType<typeof ownerWithTeam>>;

async function buySeats(token: string, teamId: string, quantity: number): Promise<string> {
  const res = await callRoute('teamSeatCheckout', { token, params: { teamId }, body: { quantity } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sessionIdOf(res.body.url);
}

const purchasesOf = async (owner: Owner): Promise<SeatPurchase[]> => {
  const res = await callRoute('teamPurchases', { token: owner.token, params: { teamId: owner.teamId } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.purchases;
};

const mailsWith = async (email: string, subject: string) =>
  (await mailsTo(email)).filter((m) => m.subject === subject);

describe('the team’s customer at Stripe', () => {
  it('is made once with the owner’s address: an admin’s checkout and two at once all use it', async () => {
    const owner = await ownerWithTeam(1);
    const admin = await memberOf(owner);
    const made = await callRoute('setMemberRole', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId: admin.memberId },
      body: { role: 'admin' },
    });
    expect(made.status).toBe(200);
    const first = await buySeats(admin.token, owner.teamId, 2);
    const [a, b] = await Promise.all([
      buySeats(owner.token, owner.teamId, 1),
      buySeats(admin.token, owner.teamId, 3),
    ]);
    const customers = await Promise.all(
      [first, a, b].map(async (id) => String((await stripeApi().checkout.sessions.retrieve(id)).customer)),
    );
    const kept = (await teamItem(owner.teamId)).stripe_customer_id;
    expect(customers).toEqual([kept, kept, kept]);
    const customer = await stripeApi().customers.retrieve(String(kept));
    expect(customer).toMatchObject({
      email: owner.email,
      name: 'Acme',
      preferred_locales: ['en'],
      metadata: { team_id: owner.teamId },
    });
  }, 60_000);

  it('the team keeps the first customer stored: two links at once both answer it (a DynamoDB condition)', async () => {
    const owner = await ownerWithTeam(0);
    const records = new DynamoSeatCheckouts(testDb(), stack().tableName);
    const kept = await Promise.all([
      records.linkTeamCustomer(owner.teamId, 'cus_first'),
      records.linkTeamCustomer(owner.teamId, 'cus_second'),
    ]);
    const stored = (await teamItem(owner.teamId)).stripe_customer_id;
    expect(['cus_first', 'cus_second']).toContain(stored);
    expect(kept).toEqual([stored, stored]);
    expect(await records.linkTeamCustomer(owner.teamId, 'cus_third')).toBe(stored);
  });
});

describe('a card purchase of seats', () => {
  it('emails the owner a receipt with the invoice, and lists the purchase with it on the team page', async () => {
    const owner = await ownerWithTeam(0);
    const sessionId = await buySeats(owner.token, owner.teamId, 3);
    await pay(sessionId);
    const [purchase] = await waitFor(
      () => purchasesOf(owner),
      (p) => p[0]?.invoice_url != null,
      'purchase with its invoice',
    );
    const session = await stripeApi().checkout.sessions.retrieve(sessionId);
    const invoice = await stripeApi().invoices.retrieve(String(session.invoice));
    expect(invoice.metadata).toEqual({ team_id: owner.teamId });
    expect(purchase).toMatchObject({
      id: sessionId,
      state: 'paid',
      seats: 3,
      amount_cents: 3 * TEAM_SEAT.priceCents,
      invoice_url: invoice.hosted_invoice_url,
      invoice_number: invoice.number,
    });
    const receipts = await mailsWith(owner.email, 'Your Aivatar receipt: 3 team seats');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain(`View the invoice: ${invoice.hosted_invoice_url}`);
    // The invoice's page is there.
    expect((await fetch(String(invoice.hosted_invoice_url))).status).toBe(200);

    // The completed event again, at once and renamed: no second receipt, the seats credited once.
    const [completed] = await eventsOf('checkout.session.completed', String(session.customer));
    const payload = asPayload(completed?.event as Record<string, unknown>);
    for (const r of await Promise.all([deliver(payload), deliver(payload)])) expect(r.status).toBe(200);
    expect(
      (await deliver(asPayload(completed?.event as Record<string, unknown>, { id: newEventId() }))).status,
    ).toBe(200);
    expect((await teamItem(owner.teamId)).seats_total).toBe(3);
    expect(await mailsWith(owner.email, 'Your Aivatar receipt: 3 team seats')).toHaveLength(1);
    expect(await purchasesOf(owner)).toHaveLength(1);
  }, 90_000);
});

describe('seats paid by bank debit', () => {
  it('show as pending, then credited when the bank confirms, with the receipt and its invoice', async () => {
    const owner = await ownerWithTeam(0);
    const sessionId = await buySeats(owner.token, owner.teamId, 2);
    // Held: the stand-in records the events, and the test delivers them (signed) in Stripe's order.
    await pay(sessionId, 'sepa_delayed', true);
    const customer = String((await stripeApi().checkout.sessions.retrieve(sessionId)).customer);
    const eventOf = (type: string) =>
      waitFor(
        () => eventsOf(type, customer),
        (e) => e.length > 0,
        type,
      ).then(([e]) => asPayload(e?.event as Record<string, unknown>));
    expect((await deliver(await eventOf('checkout.session.completed'))).status).toBe(200);
    expect(await purchasesOf(owner)).toEqual([
      expect.objectContaining({ id: sessionId, state: 'pending', seats: 2, invoice_url: null }),
    ]);
    expect((await teamItem(owner.teamId)).seats_total ?? 0).toBe(0);
    expect(await mailsWith(owner.email, 'Your Aivatar receipt: 2 team seats')).toEqual([]);

    expect((await deliver(await eventOf('checkout.session.async_payment_succeeded'))).status).toBe(200);
    const [paid] = await purchasesOf(owner);
    const invoice = await stripeApi().invoices.retrieve(
      String((await stripeApi().checkout.sessions.retrieve(sessionId)).invoice),
    );
    expect(paid).toMatchObject({ state: 'paid', invoice_url: invoice.hosted_invoice_url });
    expect((await teamItem(owner.teamId)).seats_total).toBe(2);
    expect(await mailsWith(owner.email, 'Your Aivatar receipt: 2 team seats')).toHaveLength(1);
    // The "completed, unpaid" again, late: the purchase stays paid.
    expect((await deliver(await eventOf('checkout.session.completed'))).status).toBe(200);
    expect((await purchasesOf(owner)).map((p) => p.state)).toEqual(['paid']);
  }, 90_000);

  it('refused by the bank: no seats, the purchase says so, the owner is told once; replays and a bad signature change nothing', async () => {
    const owner = await ownerWithTeam(0);
    const sessionId = await buySeats(owner.token, owner.teamId, 4);
    await pay(sessionId, 'sepa_failing');
    const [failed] = await waitFor(
      () => purchasesOf(owner),
      (p) => p[0]?.state === 'failed',
      'refused purchase',
    );
    expect(failed).toMatchObject({ id: sessionId, seats: 4, amount_cents: 4 * TEAM_SEAT.priceCents });
    const subject = 'Your Aivatar payment for team seats did not go through';
    const told = await waitFor(
      () => mailsWith(owner.email, subject),
      (m) => m.length > 0,
      'refusal email',
    );
    expect(told[0]?.text).toContain('no seats were added and you have not been charged');
    expect((await teamItem(owner.teamId)).seats_total ?? 0).toBe(0);

    const customer = String((await stripeApi().checkout.sessions.retrieve(sessionId)).customer);
    const [refusal] = await eventsOf('checkout.session.async_payment_failed', customer);
    expect(refusal).toBeDefined();
    const payload = asPayload(refusal?.event as Record<string, unknown>);
    for (const r of await Promise.all([deliver(payload), deliver(payload)])) expect(r.status).toBe(200);
    expect(
      (await deliver(asPayload(refusal?.event as Record<string, unknown>, { id: newEventId() }))).status,
    ).toBe(200);
    // Signed with another secret, or altered after signing: refused, nothing applied.
    expect((await deliver(payload, { secret: 'whsec_not_ours' })).status).toBe(400);
    const [completed] = await eventsOf('checkout.session.completed', customer);
    const forged = asPayload(completed?.event as Record<string, unknown>, {
      type: 'checkout.session.async_payment_succeeded',
    });
    const header = (await import('stripe')).default.webhooks.generateTestHeaderString({
      payload: asPayload(completed?.event as Record<string, unknown>),
      secret: stack().stripe.webhookSecret,
    });
    expect((await deliver(forged, { header })).status).toBe(400);
    expect(await mailsWith(owner.email, subject)).toHaveLength(1);
    expect((await teamItem(owner.teamId)).seats_total ?? 0).toBe(0);
    expect((await purchasesOf(owner)).map((p) => p.state)).toEqual(['failed']);
  }, 90_000);
});
