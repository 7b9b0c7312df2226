import type { RequestOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

export const logIn = (body: RequestOf<'login'>) => api('login', { body });
