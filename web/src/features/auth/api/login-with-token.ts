import type { ResponseOf } from '#shared/api-routes.ts';
import { api } from '../../../lib/api-client.ts';

// Both calls carry credentials: the API's cookies say whether this browser asked for the link (and a
// Google sign-in's token works only in the browser that signed in).
const previews = new Map<string, Promise<ResponseOf<'loginLinkPreview'>>>();
const redemptions = new Map<string, Promise<ResponseOf<'loginWithToken'>>>();

/** Whom a link signs in (masked) and whether this browser asked for it; uses nothing. Asked once per token. */
export function previewLoginLink(token: string): Promise<ResponseOf<'loginLinkPreview'>> {
  let pending = previews.get(token);
  if (!pending) {
    pending = api('loginLinkPreview', { params: { token }, credentials: 'include' });
    previews.set(token, pending);
  }
  return pending;
}

/**
 * Exchanges an emailed link's token for a session. A link works once, so a second call with the same
 * token (React's development double effects, a re-render) shares the first call instead of failing.
 */
export function redeemLoginLink(token: string): Promise<ResponseOf<'loginWithToken'>> {
  let pending = redemptions.get(token);
  if (!pending) {
    pending = api('loginWithToken', { params: { token }, credentials: 'include' });
    redemptions.set(token, pending);
  }
  return pending;
}
