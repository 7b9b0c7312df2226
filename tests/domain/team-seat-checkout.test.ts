// A team's seat checkout and its purchases, billing group side (functions/teams/domain/seat-checkout.ts)
// against FakeSeatCheckouts: the team's one customer at the provider, made once with its owner's address
// and language and kept by a condition on the team, and the purchases listed for owner and admins only. The
// DynamoDB condition itself and the stand-in's session: tests/integration/teams-seats.test.ts.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import type { SeatCheckoutProvider } from '../../functions/teams/domain/ports.ts';
import { seatCheckout, seatPurchases } from '../../functions/teams/domain/seat-checkout.ts';
import { FakeClock, FakeIds } from '../support/fakes/index.ts';
import { FakeSeatCheckouts } from '../support/fakes/seat-checkouts.ts';

const WEB = 'https://app.example.test';

const person = (id: string, o: Partial<User> = {}): User =>
  ({ id, email: `${id}@acme.test`, lang: 'en', role: 'user', status: 'ACTIVE', ...o }) as User;

function world() {
  const records = new FakeSeatCheckouts();
  const owner = person('owner', { lang: 'fr', email: 'boss@acme.test' });
  const admin = person('admin');
  const member = person('member');
  records.addTeam({ id: 't1', name: 'Acme', ownerId: owner.id });
  records.join(admin.id, 't1', 'admin');
  records.join(member.id, 't1', 'member');
  const customers: Parameters<SeatCheckoutProvider['createTeamCustomer']>[0][] = [];
  const sessions: Parameters<SeatCheckoutProvider['createSeatCheckout']>[0][] = [];
  // A provider that makes a new customer at every call (as it does once an idempotency key has expired),
  // answering after the other calls of the moment.
  const provider: SeatCheckoutProvider = {
    createTeamCustomer: async (c) => {
      customers.push(c);
      const id = `cus_${customers.length}`;
      await new Promise((r) => setTimeout(r, 5));
      return id;
    },
    createSeatCheckout: async (c) => {
      sessions.push(c);
      return { id: `cs_${sessions.length}`, url: `https://checkout.test/${sessions.length}` };
    },
  };
  const deps = {
    teams: records,
    clock: new FakeClock(1_900_000_000),
    ids: new FakeIds(),
    webUrl: WEB,
    seats: {
      provider,
      records,
      priceCents: 2900,
      accounts: { getAccount: async (id: string) => (id === owner.id ? owner : null) },
    },
  };
  return { records, owner, admin, member, customers, sessions, deps };
}

describe('the team’s customer at Stripe', () => {
  it('is made on the first seat checkout with the owner’s address and language, even when an admin buys, and kept for the next', async () => {
    const w = world();
    await seatCheckout(w.deps, w.admin, 't1', { quantity: 2 });
    await seatCheckout(w.deps, w.owner, 't1', { quantity: 1 });
    expect(w.customers).toEqual([
      expect.objectContaining({ teamId: 't1', teamName: 'Acme', email: 'boss@acme.test', lang: 'fr' }),
    ]);
    expect(w.sessions.map((s) => s.customerId)).toEqual(['cus_1', 'cus_1']);
    expect((await w.records.getTeam('t1'))?.stripeCustomerId).toBe('cus_1');
  });

  it('two checkouts at once end with one customer: both sessions are the one the team keeps', async () => {
    const w = world();
    await Promise.all([
      seatCheckout(w.deps, w.admin, 't1', { quantity: 2 }),
      seatCheckout(w.deps, w.owner, 't1', { quantity: 3 }),
    ]);
    const kept = (await w.records.getTeam('t1'))?.stripeCustomerId;
    expect(kept).toBeDefined();
    expect(w.sessions.map((s) => s.customerId)).toEqual([kept, kept]);
    // Both asked with the team's own idempotency key: Stripe answers them with one customer for a day.
    expect(new Set(w.customers.map((c) => c.idempotencyKey))).toEqual(new Set(['team-customer-t1']));
  });
});

describe('the team’s purchases', () => {
  const paid = {
    sessionId: 'cs_1',
    state: 'paid' as const,
    seats: 3,
    amountCents: 8700,
    createdAt: 1_900_000_000,
    updatedAt: 1_900_000_010,
    invoiceUrl: 'https://invoice.stripe.test/i/in_1',
    invoiceNumber: 'AB12-0001',
  };

  it('are listed for the owner and admins, with their invoices', async () => {
    const w = world();
    w.records.purchases.set('t1', [paid]);
    for (const who of [w.owner, w.admin])
      expect(await seatPurchases(w.deps, who, 't1')).toEqual({
        purchases: [
          {
            id: 'cs_1',
            state: 'paid',
            seats: 3,
            amount_cents: 8700,
            created_at: 1_900_000_000,
            updated_at: 1_900_000_010,
            invoice_url: 'https://invoice.stripe.test/i/in_1',
            invoice_number: 'AB12-0001',
          },
        ],
      });
  });

  it('are refused to a member (403) and to someone outside the team (404)', async () => {
    const w = world();
    w.records.purchases.set('t1', [paid]);
    await expect(seatPurchases(w.deps, w.member, 't1')).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: TEAM_MESSAGES.notTeamAdmin.en,
    });
    await expect(seatPurchases(w.deps, person('stranger'), 't1')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
