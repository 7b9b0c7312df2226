// Thin route handlers of the account group: deletion (link, confirm, follow) and data export (ask, follow,
// download). Both are jobs: the requests record and queue them (functions/privacy does the work).

import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { logger } from '#platform/observability/logger.ts';
import {
  confirmationOf,
  deletionStatus,
  exportDownload,
  latestExport,
  limitPrivacyRequest,
  type PrivacyRequestDeps,
  requestAccountDeletion,
  requestDataExport,
  sendDeletionLink,
} from '../privacy/public.ts';

export const accountRoutes = (deps: PrivacyRequestDeps): RouteHandlers<'account'> => ({
  requestAccountDeletionLink: async ({ user }) => {
    await limitPrivacyRequest(deps, 'deletion-link', user.id);
    await sendDeletionLink(deps, user);
    return { msg: 'We have emailed you a link to confirm the deletion of your account.' };
  },
  deleteAccount: async ({ user, body }) => {
    const deletion = await requestAccountDeletion(deps, user, confirmationOf(body));
    logger().info('account deletion queued');
    return {
      msg: 'Your account is being deleted. We will email you when it is done.',
      deletion,
    };
  },
  accountDeletionStatus: ({ params }) => deletionStatus(deps, params.deletionId ?? ''),
  exportAccountData: async ({ user }) => {
    await limitPrivacyRequest(deps, 'export', user.id);
    const started = await requestDataExport(deps, user);
    logger().info('data export queued', { exportId: started.id, state: started.state });
    return {
      msg: 'We are preparing your export: we will email you a link when it is ready.',
      export: started,
    };
  },
  latestAccountExport: async ({ user }) => ({ export: await latestExport(deps, user) }),
  // `?lang=`: the page's language, which names the file (beyond the original API).
  accountExportDownload: ({ user, params, event }) =>
    exportDownload(deps, user, params.exportId ?? '', event.queryStringParameters?.lang),
});
