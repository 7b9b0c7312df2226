// What accounts offers the other areas: they import it from here and from nowhere else in functions/accounts/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
export { type LedgerLink, ledgerOrder } from './domain/ledger-order.ts';
export { checkCurrentPassword, hasPassword } from './domain/password-check.ts';
export type { PasswordHasher } from './domain/ports.ts';
export { DEFAULT_RATE_LIMITS, enforceLimits, type RateLimitPolicy } from './domain/rate-limits.ts';
export { ScryptPasswordHasher } from './passwords/scrypt-hasher.ts';
