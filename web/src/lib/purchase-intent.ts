// What a visitor meant to buy. "Log in to Buy" and "Log in to Subscribe" lead to
// /login?buy=<plan>; the sign-in pages keep that plan in this browser, and the first sign-in after it
// (password, emailed link, sign-up's activation link or Google, all of which end in afterLoginPath) lands
// on /pricing?buy=<plan>, which opens that plan's checkout once. A style's "Buy 10 tokens" on the Create
// screen goes there directly. Kept an hour, taken once: a /pricing?buy= that this browser did not ask for
// opens nothing. The browser only names the plan; the server prices it (shared/catalogue.ts).
// Not in the shell chunk (web/vite.config.ts): the landing page never needs it.
import { findPlan, type SubscriptionPlan, type TokenPack } from '#shared/catalogue.ts';
import type { Language } from '#shared/language.ts';
import { pagePath } from '#shared/web-routes.ts';

const KEY = 'aivatar.purchase-intent';
const KEEP_MS = 60 * 60 * 1000;
export const BUY_PARAM = 'buy';

export type Plan = TokenPack | SubscriptionPlan;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberPurchase(planId: string): void {
  if (!findPlan(planId)) return;
  try {
    storage()?.setItem(KEY, JSON.stringify({ plan: planId, at: Date.now() }));
  } catch {
    // Storage full or refused: the sign-in lands on the app as before.
  }
}

export function forgetPurchase(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {}
}

/** The plan this browser asked for within the hour, or null (an older one is forgotten). */
export function pendingPurchase(): Plan | null {
  let saved: { plan?: unknown; at?: unknown } | null = null;
  try {
    saved = JSON.parse(storage()?.getItem(KEY) ?? 'null');
  } catch {
    saved = null;
  }
  const plan = findPlan(saved?.plan);
  if (!plan || typeof saved?.at !== 'number' || Date.now() - saved.at > KEEP_MS) {
    if (saved) forgetPurchase();
    return null;
  }
  return plan;
}

/** The pricing page that opens `planId`'s checkout, if this browser asked for it. */
export const checkoutPath = (planId: string, lang: Language): string =>
  `${pagePath('pricing', lang)}?${BUY_PARAM}=${encodeURIComponent(planId)}`;

/** The log-in page that leads on to `planId`'s checkout. */
export const loginToBuyPath = (planId: string, lang: Language): string =>
  `${pagePath('login', lang)}?${BUY_PARAM}=${encodeURIComponent(planId)}`;

/** Where a sign-in goes when the visitor chose a plan first: that plan's checkout; else null. */
export function purchasePath(lang: Language): string | null {
  const plan = pendingPurchase();
  return plan ? checkoutPath(plan.id, lang) : null;
}
