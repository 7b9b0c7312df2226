import type { RequestOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

/** With credentials: the API marks this browser as the one that asked, and its link signs in here at once. */
export const sendLoginLink = (body: RequestOf<'sendLoginLink'>) =>
  api('sendLoginLink', { body, credentials: 'include' });
