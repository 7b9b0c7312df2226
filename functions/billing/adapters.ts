// What billing lets the other areas' entries build: the payment provider's customers (Stripe). Only their
// composition roots and Lambda entries (*wiring.ts, *handler.ts) import it, and tests and infra/; their
// domain, routes and adapters take the area's rules, types and ports from public.ts only
// (.dependency-cruiser.mjs, roots-meet-through-door-or-wiring, areas-meet-through-their-door).
export { StripeCustomers } from './stripe/stripe-customers.ts';
