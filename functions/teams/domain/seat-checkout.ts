// Seats (docs/product.md, "Teams"; docs/payments.md, "Team seats"): owner and admins buy them through a
// Stripe Checkout. Served by the billing group, which carries the Stripe SDK already (the teams function
// stays without it); it reads only the caller's pointer and the team to check them (team-access.ts).

import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, Ids, User } from '#platform/domain/ports.ts';
import type { SeatPurchase } from '#shared/api-schemas.ts';
import type { Language } from '#shared/language.ts';
import type { SeatCheckoutProvider, SeatCheckoutRecords, Team, TeamAccessReads } from './ports.ts';
import { teamFor, teamPageUrl } from './team-access.ts';

export interface SeatCheckoutDeps {
  teams: TeamAccessReads;
  clock: Clock;
  ids: Ids;
  /** the web app's address: the checkout returns to the team page there */
  webUrl: string;
  /** absent where no seat price is configured */
  seats?: {
    provider: SeatCheckoutProvider;
    records: SeatCheckoutRecords;
    priceCents: number;
    /** the owner's address and language: the team's customer is made with them */
    accounts: { getAccount(userId: string): Promise<{ email: string; lang: Language } | null> };
  };
}

/**
 * Owner and admins buy seats: a Stripe Checkout for `quantity` seats at the catalogue's price each (an
 * invoice once paid). The webhook credits the seats from our record of it (docs/payments.md, "Team seats").
 */
export async function seatCheckout(
  deps: SeatCheckoutDeps,
  user: User,
  teamId: string,
  req: { quantity: number; lang?: Language | undefined },
): Promise<{ url: string }> {
  const { team } = await teamFor(deps, user, teamId, 'admin');
  if (!deps.seats) throw new DomainError('UNKNOWN_PRICE', 'Team seats are not on sale here.');
  const lang = req.lang ?? user.lang;
  const page = teamPageUrl(deps.webUrl, lang);
  const created = await deps.seats.provider.createSeatCheckout({
    teamId,
    userId: user.id,
    customerId: team.stripeCustomerId ?? (await teamCustomer(deps.seats, team, user)),
    quantity: req.quantity,
    successUrl: `${page}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${page}?checkout=cancelled`,
    lang,
    idempotencyKey: deps.ids.newId(),
  });
  await deps.seats.records.recordSeatCheckout({
    sessionId: created.id,
    teamId,
    userId: user.id,
    quantity: req.quantity,
    amountCents: req.quantity * deps.seats.priceCents,
    now: deps.clock.now(),
  });
  return { url: created.url };
}

/**
 * The team's customer at the provider, made on its first seat checkout with the owner's address and
 * language and kept on the team (docs/payments.md, "Team seats"): every invoice of the team is the
 * company's, in one place. The same idempotency key for the same team, and a condition on the team's item,
 * so two checkouts at once keep one customer.
 */
async function teamCustomer(
  seats: NonNullable<SeatCheckoutDeps['seats']>,
  team: Team,
  buyer: User,
): Promise<string> {
  const owner = team.ownerId === buyer.id ? buyer : await seats.accounts.getAccount(team.ownerId);
  const made = await seats.provider.createTeamCustomer({
    teamId: team.id,
    teamName: team.name,
    ownerId: team.ownerId,
    email: owner?.email ?? buyer.email,
    lang: owner?.lang ?? buyer.lang,
    idempotencyKey: `team-customer-${team.id}`,
  });
  return seats.records.linkTeamCustomer(team.id, made);
}

/**
 * The team's seat purchases for its owner and admins, newest first: each paid one with its invoice, and a
 * bank debit pending or refused (docs/payments.md, "Team seats").
 */
export async function seatPurchases(
  deps: SeatCheckoutDeps,
  user: User,
  teamId: string,
): Promise<{ purchases: SeatPurchase[] }> {
  await teamFor(deps, user, teamId, 'admin');
  const found = deps.seats ? await deps.seats.records.listSeatPurchases(teamId, deps.clock.now()) : [];
  return {
    purchases: found.map((p) => ({
      id: p.sessionId,
      state: p.state,
      seats: p.seats,
      amount_cents: p.amountCents,
      created_at: p.createdAt,
      updated_at: p.updatedAt,
      invoice_url: p.invoiceUrl,
      invoice_number: p.invoiceNumber,
    })),
  };
}
