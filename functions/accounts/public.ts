// What accounts offers the other areas: they import it from here and from nowhere else in functions/accounts/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export { type LedgerLink, ledgerOrder } from './domain/ledger-order.ts';
export { checkCurrentPassword, hasPassword } from './domain/password-check.ts';
export type { PasswordHasher } from './domain/ports.ts';
export { DEFAULT_RATE_LIMITS, enforceLimits, type RateLimitPolicy } from './domain/rate-limits.ts';
