import type { RequestOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

/** Asks for a ZIP of everything the account holds: a job, announced by email once ready. */
export const exportMyData = () => api('exportAccountData', {});

/** A 5-minute download address of one of the account's exports, the file named in the page's language. */
export const exportDownload = (exportId: string) =>
  api('accountExportDownload', { params: { exportId }, query: { lang: currentLanguage() } });

/** Emails a link that confirms the deletion (valid 30 minutes). */
export const requestDeletionLink = () => api('requestAccountDeletionLink', {});

/** Asks for the deletion, confirmed by the password or the emailed link's code: the sessions end at once. */
export const deleteMyAccount = (body: RequestOf<'deleteAccount'>) => api('deleteAccount', { body });
