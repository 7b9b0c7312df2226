import type { RequestOf } from '../../../../../shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

export const signUp = (body: RequestOf<'signup'>) => api('signup', { body });
