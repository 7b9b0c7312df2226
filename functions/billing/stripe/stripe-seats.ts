// Team seats at Stripe (docs/payments.md, "Team seats"): the team's one customer (its owner's address and
// language), one Checkout Session for it with the seat's price times the quantity, and an invoice once paid
// (`invoice_creation`), which a company needs for its books.
import type Stripe from 'stripe';
import type { SeatCheckoutProvider } from '../../teams/public.ts';

export class StripeSeatCheckout implements SeatCheckoutProvider {
  private readonly stripe: Stripe;
  private readonly seatPriceId: string;

  constructor(stripe: Stripe, seatPriceId: string) {
    this.stripe = stripe;
    this.seatPriceId = seatPriceId;
  }

  async createTeamCustomer(c: Parameters<SeatCheckoutProvider['createTeamCustomer']>[0]): Promise<string> {
    const customer = await this.stripe.customers.create(
      {
        name: c.teamName,
        email: c.email,
        preferred_locales: [c.lang],
        metadata: { team_id: c.teamId, owner_id: c.ownerId },
      },
      { idempotencyKey: c.idempotencyKey },
    );
    return customer.id;
  }

  async createSeatCheckout(c: Parameters<SeatCheckoutProvider['createSeatCheckout']>[0]) {
    const metadata = {
      team_id: c.teamId,
      user_id: c.userId,
      plan_id: 'team-seat',
      quantity: String(c.quantity),
    };
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // The team's one customer: its invoices are the company's, in one place.
        customer: c.customerId,
        client_reference_id: c.userId,
        metadata,
        line_items: [{ price: this.seatPriceId, quantity: c.quantity }],
        success_url: c.successUrl,
        cancel_url: c.cancelUrl,
        locale: c.lang,
        payment_intent_data: { metadata },
        invoice_creation: { enabled: true, invoice_data: { metadata: { team_id: c.teamId } } },
      },
      { idempotencyKey: c.idempotencyKey },
    );
    if (!session.url) throw new Error(`Checkout session ${session.id} has no URL`);
    return { id: session.id, url: session.url };
  }
}
