import type { RequestOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

/** Sets or changes the password; the answer carries a fresh session token (other sessions end). */
export const changePassword = (body: RequestOf<'changePassword'>) => api('changePassword', { body });
