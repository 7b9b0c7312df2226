// Buying tokens (7 and 9): a pack or the monthly subscription, priced from the
// catalogue only; one provider customer per account; one subscription per account; the billing dashboard.

import { DomainError, SubscriptionExistsError } from '#platform/domain/errors.ts';
import type { Clock, Ids, User } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { findPack, SUBSCRIPTION, type SubscriptionPlan, type TokenPack } from '#shared/catalogue.ts';
import { pagePath } from '#shared/web-routes.ts';
import type { BillingAccount, BillingStore, CheckoutMode, PaymentProvider } from './ports.ts';

export interface BillingDeps {
  provider: PaymentProvider;
  store: BillingStore;
  clock: Clock;
  ids: Ids;
  /** The provider's price id of each catalogue plan (per stage, from configuration). */
  priceIds: Readonly<Record<string, string>>;
  /** The public web URL the provider sends the browser back to. */
  webUrl: string;
}

/** Statuses in which a subscription still gives its monthly tokens (a cancelled one: until its period ends). */
const LIVE_SUBSCRIPTION_STATUSES: readonly string[] = ['active', 'trialing', 'past_due'];

/** A subscription checkout holds the account's one subscription slot this long (the provider's minimum is 30 min). */
export const SUBSCRIPTION_CHECKOUT_TTL_SECONDS = 35 * 60;

export const SUBSCRIPTION_EXISTS_MESSAGE =
  'You already have an active subscription. Manage it from your billing dashboard.';
export const NO_BILLING_ACCOUNT_MESSAGE =
  'You have no billing account yet: it is created with your first purchase or subscription.';

type Plan = TokenPack | SubscriptionPlan;

function planFor(mode: CheckoutMode, planId: string): Plan {
  const plan = mode === 'payment' ? findPack(planId) : planId === SUBSCRIPTION.id ? SUBSCRIPTION : undefined;
  if (!plan) {
    const what = mode === 'payment' ? 'token pack' : 'subscription';
    throw new DomainError('UNKNOWN_PRICE', `Unknown ${what}: ${planId}.`);
  }
  return plan;
}

const hasLiveSubscription = (a: BillingAccount): boolean =>
  a.subscription !== null && LIVE_SUBSCRIPTION_STATUSES.includes(a.subscription.status);

async function accountOf(deps: BillingDeps, user: User): Promise<BillingAccount> {
  const account = await deps.store.getAccount(user.id);
  if (!account) throw new DomainError('ACCOUNT_NOT_FOUND', 'No account found.');
  return account;
}

/** The account's provider customer, created once: concurrent first purchases share one. */
async function ensureCustomer(deps: BillingDeps, user: User, account: BillingAccount): Promise<string> {
  if (account.customerId) return account.customerId;
  // The key makes concurrent creates (two tabs, a retry) return the same customer at the provider; the
  // conditional write keeps whichever id the account got first.
  const created = await deps.provider.createCustomer({
    userId: user.id,
    email: user.email,
    idempotencyKey: `customer-${user.id}`,
  });
  return deps.store.linkCustomer(user.id, created);
}

async function dashboardUrl(deps: BillingDeps, customerId: string, lang: Language): Promise<string> {
  return deps.provider.createPortalSession(
    customerId,
    new URL(pagePath('appAccount', lang), deps.webUrl).href,
    lang,
  );
}

export async function startCheckout(
  deps: BillingDeps,
  user: User,
  mode: CheckoutMode,
  planId: string,
  body: { tokens: number; lang?: Language | undefined },
): Promise<{ checkout_url: string }> {
  const plan = planFor(mode, planId);
  if (body.tokens !== plan.tokens) {
    throw new DomainError(
      'TOKENS_MISMATCH',
      `This plan gives ${plan.tokens} tokens, not ${body.tokens}. Please reload the pricing page.`,
    );
  }
  const priceId = deps.priceIds[plan.id];
  if (!priceId) throw new Error(`No provider price configured for ${plan.id}`);
  const lang = body.lang ?? user.lang;
  const now = deps.clock.now();

  const account = await accountOf(deps, user);
  if (mode === 'subscription') {
    const existing = await existingSubscriptionCheckout(deps, account, lang, now);
    if (existing) return { checkout_url: existing };
  }
  const customerId = await ensureCustomer(deps, user, account);
  const checkout = await deps.provider.createCheckout({
    mode,
    customerId,
    priceId,
    userId: user.id,
    planId: plan.id,
    lang,
    successUrl: `${new URL(pagePath('appAccount', lang), deps.webUrl).href}?checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${new URL(pagePath('pricing', lang), deps.webUrl).href}?checkout=cancelled`,
    idempotencyKey: `checkout-${deps.ids.newId()}`,
    ...(mode === 'subscription' ? { expiresAt: now + SUBSCRIPTION_CHECKOUT_TTL_SECONDS } : {}),
  });
  if (mode === 'subscription') {
    const held = await deps.store.holdSubscriptionCheckout(
      user.id,
      { sessionId: checkout.id, url: checkout.url, expiresAt: checkout.expiresAt },
      now,
    );
    if (!held) {
      // Another subscribe won the race: send this one where that one went.
      const existing = await existingSubscriptionCheckout(deps, await accountOf(deps, user), lang, now);
      if (existing) return { checkout_url: existing };
    }
  }
  await deps.store.saveCheckout({
    sessionId: checkout.id,
    userId: user.id,
    planId: plan.id,
    mode,
    amountCents: plan.priceCents,
    createdAt: now,
  });
  return { checkout_url: checkout.url };
}

/**
 * One subscription per account: a subscriber is refused (with the dashboard link); a subscription checkout
 * already open is reused rather than a second one opened.
 */
async function existingSubscriptionCheckout(
  deps: BillingDeps,
  account: BillingAccount,
  lang: Language,
  now: number,
): Promise<string | null> {
  if (hasLiveSubscription(account) && account.customerId) {
    throw new SubscriptionExistsError(
      SUBSCRIPTION_EXISTS_MESSAGE,
      await dashboardUrl(deps, account.customerId, lang),
    );
  }
  const open = account.openSubscriptionCheckout;
  // A minute of margin: a page about to expire would fail in the user's hands.
  return open && open.expiresAt > now + 60 ? open.url : null;
}

export async function checkSubscription(
  deps: BillingDeps,
  user: User,
): Promise<{ hasActiveSubscription: boolean }> {
  return { hasActiveSubscription: hasLiveSubscription(await accountOf(deps, user)) };
}

export async function openBillingDashboard(
  deps: BillingDeps,
  user: User,
): Promise<{ dashboard_url: string }> {
  const account = await accountOf(deps, user);
  if (!account.customerId) throw new DomainError('NO_BILLING_ACCOUNT', NO_BILLING_ACCOUNT_MESSAGE);
  return { dashboard_url: await dashboardUrl(deps, account.customerId, user.lang) };
}
