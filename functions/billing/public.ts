// What billing offers the other areas: they import it from here and from nowhere else in functions/billing/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
export type { PaymentCustomers } from './domain/ports.ts';
export { StripeCustomers } from './stripe/stripe-customers.ts';
