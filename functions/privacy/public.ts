// What privacy offers the other areas: they import it from here and from nowhere else in functions/privacy/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
export { deletionStatus, requestAccountDeletion, sendDeletionLink } from './domain/account-deletion.ts';
export { exportDownload, latestExport, requestDataExport } from './domain/data-export.ts';
export type { PrivacyRequestDeps } from './domain/ports.ts';
export { confirmationOf, limitPrivacyRequest } from './domain/requests.ts';
export { buildPrivacyJobQueue, QueuedTeamArchives } from './sqs/sqs-privacy-job-queue.ts';
