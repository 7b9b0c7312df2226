import type { ResponseOf } from '../../../../../shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

const redemptions = new Map<string, Promise<ResponseOf<'loginWithToken'>>>();

/**
 * Exchanges an emailed link's token for a session. A link works once, so a second call with the same
 * token (React's development double effects, a re-render) shares the first call instead of failing.
 */
export function redeemLoginLink(token: string): Promise<ResponseOf<'loginWithToken'>> {
  let pending = redemptions.get(token);
  if (!pending) {
    pending = api('loginWithToken', { params: { token } });
    redemptions.set(token, pending);
  }
  return pending;
}
