// What privacy offers the other areas: they import it from here and from nowhere else in functions/privacy/
// (.dependency-cruiser.mjs, areas-meet-through-their-door). Rules, types and ports only, no infrastructure
// however far down (the-door-holds-no-infrastructure), so another area's domain may import it; the adapters
// another area's entries build are in adapters.ts.
export { deletionStatus, requestAccountDeletion, sendDeletionLink } from './domain/account-deletion.ts';
export { exportDownload, latestExport, requestDataExport } from './domain/data-export.ts';
export type { PrivacyRequestDeps } from './domain/ports.ts';
export { confirmationOf, limitPrivacyRequest } from './domain/requests.ts';
