import type { RequestOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

/** With credentials: the activation link then signs in at once in this browser (see send-login-link.ts). */
export const signUp = (body: RequestOf<'signup'>) => api('signup', { body, credentials: 'include' });
