import type { RequestOf } from '../../../../../shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

export const sendLoginLink = (body: RequestOf<'sendLoginLink'>) => api('sendLoginLink', { body });
