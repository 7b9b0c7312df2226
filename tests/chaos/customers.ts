// The run's customers, doing what people do: sign up from the emailed link, consent, upload two selfies,
// buy tokens through the Stripe stand-in (a pack, or the subscription), then spend the whole balance on
// batches of avatars. Each create carries an Idempotency-Key and is sent again with the same key until
// it is answered, as the web app's retry does, so a create cut short by a crash is never charged twice.
import { randomUUID } from 'node:crypto';
import { apiRoutes } from '#shared/api-routes.ts';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { SIGNUP_BONUS_TOKENS } from '../../functions/accounts/domain/signup-bonus.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { testPhoto } from '../support/test-images.ts';
import { mustCall } from './api-client.ts';

export type Purchase = 'pack-10' | 'pack-40' | 'subscription';

export interface KnownBatch {
  key: string;
  batchId: string;
  taskIds: string[];
  tokensSpent: number;
  /** sends of this create (more than one when a crash cut an earlier one short) */
  sends: number;
}

export interface Customer {
  email: string;
  token: string;
  userId: string;
  /** what the run gave this account, by pool: the signup bonus and what it bought */
  granted: { ltd: number; subscription: number };
  batches: KnownBatch[];
  /** create answers nobody expected (anything but 200 and "Not enough tokens") */
  unexpected: string[];
  /** sends that got no answer, or a 5xx, and were sent again */
  resends: number;
}

interface StackUrls {
  apiUrl: string;
  outboxDir: string;
  stripeUrl: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const userIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).sub as string;

/** The account's two pools, as the API tells them. */
export async function balance(apiUrl: string, token: string): Promise<{ ltd: number; subscription: number }> {
  const b = await mustCall<{ tokens_ltd: number; tokens_subscription: number }>(
    apiUrl,
    'GET',
    apiRoutes.userInfo.path,
    { token },
  );
  return { ltd: b.tokens_ltd, subscription: b.tokens_subscription };
}

async function buy(stack: StackUrls, token: string, what: Purchase): Promise<void> {
  const plan = what === 'subscription' ? SUBSCRIPTION : TOKEN_PACKS.find((p) => p.id === what);
  if (!plan) throw new Error(`no plan ${what}`);
  const route = what === 'subscription' ? apiRoutes.checkoutSubscription : apiRoutes.checkoutOneTime;
  const before = await balance(stack.apiUrl, token);
  const { checkout_url } = await mustCall<{ checkout_url: string }>(
    stack.apiUrl,
    'POST',
    route.path.replace('{priceId}', plan.id),
    { token, body: { tokens: plan.tokens } },
  );
  const session = /\/c\/pay\/(cs_test_\w+)/.exec(checkout_url)?.[1];
  if (!session) throw new Error(`not a local checkout: ${checkout_url}`);
  const paid = await fetch(`${stack.stripeUrl}/_local/checkout/${session}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'card_ok' }),
  });
  if (!paid.ok) throw new Error(`paying ${session}: ${paid.status} ${await paid.text()}`);
  // The webhook credits the account; wait for it.
  const pool = what === 'subscription' ? 'subscription' : 'ltd';
  const until = Date.now() + 30_000;
  while ((await balance(stack.apiUrl, token))[pool] < before[pool] + plan.tokens) {
    if (Date.now() > until) throw new Error(`${what} was not credited within 30 s`);
    await sleep(200);
  }
}

/** A new customer with photos and the tokens of `purchases` (and the signup bonus). */
export async function newCustomer(stack: StackUrls, n: number, purchases: Purchase[]): Promise<Customer> {
  const email = `chaos-${n}-${randomUUID().slice(0, 6)}@example.test`;
  const token = await createLocalAccount(stack, email);
  await mustCall(stack.apiUrl, 'PUT', apiRoutes.photoConsent.path, {
    token,
    body: { processing: true, rights: true },
  });
  const form = new FormData();
  for (const seed of [1, 2]) {
    const bytes = await testPhoto({ seed: n * 10 + seed, width: 640, height: 800 });
    form.append('photos', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `me-${seed}.jpg`);
  }
  const up = await fetch(`${stack.apiUrl}${apiRoutes.uploadPhotos.path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!up.ok) throw new Error(`photo upload answered ${up.status}: ${await up.text()}`);
  const granted = { ltd: SIGNUP_BONUS_TOKENS, subscription: 0 };
  for (const p of purchases) {
    await buy(stack, token, p);
    if (p === 'subscription') granted.subscription += SUBSCRIPTION.tokens;
    else granted.ltd += (TOKEN_PACKS.find((t) => t.id === p) as { tokens: number }).tokens;
  }
  const now = await balance(stack.apiUrl, token);
  if (now.ltd !== granted.ltd || now.subscription !== granted.subscription)
    throw new Error(`${email} holds ${JSON.stringify(now)}, not the ${JSON.stringify(granted)} it was given`);
  return { email, token, userId: userIdOf(token), granted, batches: [], unexpected: [], resends: 0 };
}

/** Tokens an avatar costs on average: customers mostly pick one-token styles (customers.ts). */
export const TOKENS_PER_TASK = 1.25;

/** What each customer buys so that, with the signup bonus, they can ask for about `tasks` avatars. */
export function purchasePlan(tasks: number, users: number): Purchase[][] {
  const plan: Purchase[][] = [];
  let left = Math.round(tasks * TOKENS_PER_TASK);
  for (let i = 0; i < users; i++) {
    // From 200 tasks on, the first customer subscribes: both pools get spent and refunded.
    const share = i === 0 && tasks >= 200 ? 100 + SIGNUP_BONUS_TOKENS : Math.ceil(left / (users - i));
    let need = share - SIGNUP_BONUS_TOKENS;
    const buys: Purchase[] = [];
    let got = SIGNUP_BONUS_TOKENS;
    if (need >= 100) {
      buys.push('subscription');
      need -= 100;
      got += 100;
    }
    while (need >= 35) {
      buys.push('pack-40');
      need -= 40;
      got += 40;
    }
    while (need >= 5) {
      buys.push('pack-10');
      need -= 10;
      got += 10;
    }
    plan.push(buys);
    left -= got;
  }
  return plan;
}
