// Deleting the Stripe customer of an erased account (which cancels its subscriptions at once).
import type Stripe from 'stripe';
import type { PaymentCustomers } from '../domain/ports.ts';

export class StripeCustomers implements PaymentCustomers {
  private readonly stripe: Stripe;

  constructor(stripe: Stripe) {
    this.stripe = stripe;
  }

  async deleteCustomer(customerId: string): Promise<void> {
    try {
      await this.stripe.customers.del(customerId);
    } catch (e) {
      // Already deleted (a retried deletion): nothing left to remove.
      if ((e as { code?: string }).code === 'resource_missing') return;
      throw e;
    }
  }
}
