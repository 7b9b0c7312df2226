// What a visitor meant to buy (issue 23, item 6): "Log in to Buy" and "Log in to Subscribe" remember the
// plan in this browser, and the first sign-in after it (password, emailed link, sign-up's link or Google)
// lands on /pricing?buy=<plan>, which opens that plan's checkout once. Kept an hour, taken once; a ?buy=
// that this browser did not ask for does nothing.
import { findPack, SUBSCRIPTION, type SubscriptionPlan, type TokenPack } from '../../../shared/catalogue.ts';
import type { Language } from '../../../shared/language.ts';
import { pagePath } from '../../../shared/web-routes.ts';

const KEY = 'aivatar.purchase-intent';
const KEEP_MS = 60 * 60 * 1000;
export const BUY_PARAM = 'buy';

export type Plan = TokenPack | SubscriptionPlan;

const planOf = (id: unknown): Plan | null =>
  typeof id !== 'string' ? null : id === SUBSCRIPTION.id ? SUBSCRIPTION : (findPack(id) ?? null);

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function rememberPurchase(planId: string): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ plan: planId, at: Date.now() }));
  } catch {
    // Storage full or refused: the visitor lands on the app as before.
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
  const plan = planOf(saved?.plan);
  if (!plan || typeof saved?.at !== 'number' || Date.now() - saved.at > KEEP_MS) {
    if (saved) forgetPurchase();
    return null;
  }
  return plan;
}

/** Where a sign-in goes when the visitor chose a plan first: that plan's checkout; else null. */
export function purchasePath(lang: Language): string | null {
  const plan = pendingPurchase();
  return plan ? `${pagePath('pricing', lang)}?${BUY_PARAM}=${encodeURIComponent(plan.id)}` : null;
}
