// Seats (docs/product.md, "Teams"; docs/payments.md, "Team seats"): owner and admins buy them through a
// Stripe Checkout. Served by the billing group, which carries the Stripe SDK already (the teams function
// stays without it); it reads only the caller's pointer and the team to check them (team-access.ts).
import type { Language } from '../../../shared/language.ts';
import { DomainError } from '../errors.ts';
import type { Clock, Ids, User } from '../ports.ts';
import type { SeatCheckoutProvider, SeatCheckoutRecords, TeamAccessReads } from './ports.ts';
import { teamFor, teamPageUrl } from './team-access.ts';

export interface SeatCheckoutDeps {
  teams: TeamAccessReads;
  clock: Clock;
  ids: Ids;
  /** the web app's address: the checkout returns to the team page there */
  webUrl: string;
  /** absent where no seat price is configured */
  seats?: { provider: SeatCheckoutProvider; records: SeatCheckoutRecords; priceCents: number };
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
  await teamFor(deps, user, teamId, 'admin');
  if (!deps.seats) throw new DomainError('UNKNOWN_PRICE', 'Team seats are not on sale here.');
  const lang = req.lang ?? user.lang;
  const page = teamPageUrl(deps.webUrl, lang);
  const created = await deps.seats.provider.createSeatCheckout({
    teamId,
    userId: user.id,
    email: user.email,
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
