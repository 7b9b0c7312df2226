// Teams, seats (docs/payments.md, "Team seats"): the owner buys seats through Stripe Checkout (the local
// stand-in): one price per seat times the quantity, EUR, an invoice once paid; the signed webhook credits the
// seats to the team and its ledger once, whatever replays or concurrent deliveries come.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { TEAM_SEAT } from '#shared/team-rules.ts';
import { callRoute, stack } from '../support/api.ts';
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

const ledgerOfTeam = async (teamId: string) =>
  (
    await testDb().send(
      new QueryCommand({
        TableName: stack().tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :l)',
        ExpressionAttributeValues: { ':pk': `TEAM#${teamId}`, ':l': 'LEDGER#' },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('buying seats', () => {
  it('3 seats: one checkout at 3 x the seat price with an invoice, credited once to the team and its ledger', async () => {
    const owner = await ownerWithTeam(0);
    const res = await callRoute('teamSeatCheckout', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { quantity: 3 },
    });
    expect(res.status).toBe(200);
    const sessionId = sessionIdOf(res.body.url);
    const session = await stripeApi().checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({
      mode: 'payment',
      amount_total: 3 * TEAM_SEAT.priceCents,
      currency: 'eur',
      metadata: { team_id: owner.teamId, plan_id: TEAM_SEAT.id, quantity: '3' },
    });
    expect(session.invoice_creation?.enabled).toBe(true);
    const lines = await stripeApi().checkout.sessions.listLineItems(sessionId);
    expect(lines.data[0]).toMatchObject({ quantity: 3, amount_total: 3 * TEAM_SEAT.priceCents });

    await pay(sessionId);
    const team = await waitFor(
      () => teamItem(owner.teamId),
      (t) => t.seats_total === 3,
      'seats credited',
    );
    expect(team.seats_used).toBe(0);
    const ledger = await ledgerOfTeam(owner.teamId);
    expect(ledger).toEqual([
      expect.objectContaining({ reason: 'seats_purchase', seats: 3, seats_after: 3, session_id: sessionId }),
    ]);
    // The company's invoice: paid, for 3 seats.
    const paid = await stripeApi().checkout.sessions.retrieve(sessionId);
    const invoice = await stripeApi().invoices.retrieve(String(paid.invoice));
    expect(invoice).toMatchObject({ status: 'paid', amount_paid: 3 * TEAM_SEAT.priceCents });
    expect(invoice.lines.data[0]?.quantity).toBe(3);

    // Replays: the same delivery again, the same event twice at once, and the same checkout under a new
    // event id change nothing.
    const [completed] = await eventsOf('checkout.session.completed', String(paid.customer));
    expect(completed).toBeDefined();
    const payload = asPayload(completed?.event as Record<string, unknown>);
    const again = await Promise.all([deliver(payload), deliver(payload)]);
    for (const r of again) expect(r.status).toBe(200);
    const renamed = await deliver(
      asPayload(completed?.event as Record<string, unknown>, { id: newEventId() }),
    );
    expect(renamed.status).toBe(200);
    expect((await teamItem(owner.teamId)).seats_total).toBe(3);
    expect(await ledgerOfTeam(owner.teamId)).toHaveLength(1);
    const mine = await callRoute('myTeam', { token: owner.token });
    expect(mine.body).toMatchObject({ seats_total: 3, seats_used: 0 });
  }, 90_000);

  it('a refund takes back the free seats once, never those members hold: the ledger records the rest', async () => {
    const owner = await ownerWithTeam(0);
    const res = await callRoute('teamSeatCheckout', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { quantity: 3 },
    });
    const sessionId = sessionIdOf(res.body.url);
    await pay(sessionId);
    await waitFor(
      () => teamItem(owner.teamId),
      (t) => t.seats_total === 3,
      'seats credited',
    );
    await memberOf(owner);
    const pi = String((await stripeApi().checkout.sessions.retrieve(sessionId)).payment_intent);
    await stripeApi().refunds.create({ payment_intent: pi });
    // 3 seats refunded, 2 free (the owner and the member hold 1 seat: the member's): 2 taken back.
    const team = await waitFor(
      () => teamItem(owner.teamId),
      (t) => t.seats_total !== 3,
      'seats taken back',
    );
    expect(team).toMatchObject({ seats_total: 1, seats_used: 1 });
    const refunded = (await ledgerOfTeam(owner.teamId)).filter((e) => e.reason === 'seats_refund');
    expect(refunded).toEqual([
      expect.objectContaining({ seats: -2, seats_after: 1, seats_kept: 1, payment_intent_id: pi }),
    ]);
    // The same refund event replayed twice (at once), and under a new id: seats went down once.
    const [event] = await eventsOf('charge.refunded', pi);
    expect(event).toBeDefined();
    const payload = asPayload(event?.event as Record<string, unknown>);
    for (const r of await Promise.all([deliver(payload), deliver(payload)])) expect(r.status).toBe(200);
    expect(
      (await deliver(asPayload(event?.event as Record<string, unknown>, { id: newEventId() }))).status,
    ).toBe(200);
    expect(await teamItem(owner.teamId)).toMatchObject({ seats_total: 1, seats_used: 1 });
    expect((await ledgerOfTeam(owner.teamId)).filter((e) => e.reason === 'seats_refund')).toHaveLength(1);
    // The member keeps their seat.
    const page = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
    expect(page.body.members.filter((m) => m.has_seat && m.status !== 'left')).toHaveLength(1);
  }, 90_000);

  it('refuses 0 and 501 seats, and a member or another team (403, 404)', async () => {
    const owner = await ownerWithTeam(1);
    const member = await memberOf(owner);
    const other = await ownerWithTeam(0);
    const buy = (token: string, quantity: number, teamId = owner.teamId) =>
      callRoute('teamSeatCheckout', { token, params: { teamId }, body: { quantity } });
    expect((await buy(owner.token, 0)).status).toBe(400);
    expect((await buy(owner.token, 501)).status).toBe(400);
    expect((await buy(owner.token, 500)).status).toBe(200);
    expect((await buy(member.token, 1)).status).toBe(403);
    expect((await buy(other.token, 1)).status).toBe(404);
  }, 60_000);
});
