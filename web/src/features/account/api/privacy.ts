import type { RequestOf } from '../../../../../shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

/** Builds the ZIP of everything the account holds; the answer comes once it is ready and emailed. */
export const exportMyData = () => api('exportAccountData', {});

/** A 5-minute download address of one of the account's exports. */
export const exportDownload = (exportId: string) => api('accountExportDownload', { params: { exportId } });

/** Emails a link that confirms the deletion (valid 30 minutes). */
export const requestDeletionLink = () => api('requestAccountDeletionLink', {});

/** Deletes the account for good, confirmed by the password or the emailed link's code. */
export const deleteMyAccount = (body: RequestOf<'deleteAccount'>) => api('deleteAccount', { body });
