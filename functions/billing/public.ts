// What billing offers the other areas: they import it from here and from nowhere else in functions/billing/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export type { PaymentCustomers } from './domain/ports.ts';
