// Where a successful login goes: /create is not a route of its own, so it falls through to / (or /fr), which
// sends a signed-in user on to the app in that language. A visitor who chose a plan first ("Log in to Buy")
// goes to that plan's checkout instead, whichever way they signed in: password, emailed link, sign-up's
// activation link or Google. An app page opened without a session (the deletion email's link) is
// gone back to after the sign-in. An emailed link (sign-up's activation, "Send me a login link", "Send new
// activation link") carries what this browser kept, so that the sign-in lands there on another device too
// (docs/product.md, "Sign-up and activation on two devices"): the sign-up and link requests send it
// (keptForLink), the link's page keeps it again in the browser that opens it (keepFromLink) once the link is redeemed,
// never when it fails.
import type { Language } from '#shared/language.ts';
import { appPageIn } from '#shared/sign-in-return.ts';
import { pendingPurchase, purchasePath, rememberPurchase } from '../../lib/purchase-intent.ts';
import { keptReturn, rememberReturn, takeReturn } from '../../lib/return-to.ts';

const AFTER_LOGIN_PATH = '/create';
export function afterLoginPath(lang: Language): string {
  const purchase = purchasePath(lang);
  if (purchase) return purchase;
  // The page kept opens in the language of this sign-in, whichever language its link was written in.
  const back = takeReturn();
  if (back) return appPageIn(back, lang);
  return lang === 'fr' ? `/fr${AFTER_LOGIN_PATH}` : AFTER_LOGIN_PATH;
}
export const AFTER_PASSWORD_LOGIN_DELAY_MS = 800;
export const AFTER_LINK_LOGIN_DELAY_MS = 1000;

/** What this browser kept for after the sign-in, for a sign-up or a link request to send along. */
export function keptForLink(): { return_to?: string; buy?: string } {
  const path = keptReturn();
  const plan = pendingPurchase();
  return { ...(path ? { return_to: path } : {}), ...(plan ? { buy: plan.id } : {}) };
}

/**
 * What an emailed link carried (`return_to`, `buy`), kept in the browser that opened it for afterLoginPath;
 * each checked again by the rule of where it is kept (an app page of this origin, a plan of the catalogue).
 */
export function keepFromLink(link: { returnTo: string | null; buy: string | null }): void {
  if (link.returnTo) rememberReturn(link.returnTo);
  if (link.buy) rememberPurchase(link.buy);
}
