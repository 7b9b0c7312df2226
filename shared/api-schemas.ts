// Request and response bodies of the API, shared by the functions, the SPA's typed client and the tests: each
// area's own in shared/api/<area>.ts, beside its routes, and what several share in shared/api/common.ts.
// zod/mini keeps the SPA bundle small: only the schemas a screen touches are bundled.

export * from './api/accounts.ts';
export * from './api/billing.ts';
export * from './api/common.ts';
export * from './api/generation.ts';
export * from './api/photos.ts';
export * from './api/styles.ts';
export * from './api/teams.ts';
