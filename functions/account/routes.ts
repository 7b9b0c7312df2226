// Thin route handlers of the account group: deletion (link, confirm) and data export (build, download).
import { deleteAccount, sendDeletionLink } from '../domain/privacy/account-deletion.ts';
import { exportAccountData, exportDownload } from '../domain/privacy/data-export.ts';
import type { PrivacyDeps } from '../domain/privacy/ports.ts';
import { confirmationOf, limitPrivacyRequest } from '../domain/privacy/requests.ts';
import type { RouteHandlers } from '../http/group-handler.ts';
import { log } from '../http/logger.ts';

export const accountRoutes = (deps: PrivacyDeps): RouteHandlers<'account'> => ({
  requestAccountDeletionLink: async ({ user }) => {
    await limitPrivacyRequest(deps, 'deletion-link', user.id);
    await sendDeletionLink(deps, user);
    return { msg: 'We have emailed you a link to confirm the deletion of your account.' };
  },
  deleteAccount: async ({ user, body }) => {
    const report = await deleteAccount(deps, user, confirmationOf(body));
    log('info', 'account deleted', { ...report });
    return { msg: 'Your account has been deleted.' };
  },
  exportAccountData: async ({ user }) => {
    await limitPrivacyRequest(deps, 'export', user.id);
    const record = await exportAccountData(deps, user);
    log('info', 'data export ready', { exportId: record.id, size: record.size });
    return { msg: 'Your data export is ready: we have emailed you a link to download it.' };
  },
  accountExportDownload: ({ user, params }) => exportDownload(deps, user, params.exportId ?? ''),
});
