// The run's customers, doing what people do: sign up from the emailed link, consent, upload two selfies,
// buy tokens through the Stripe stand-in (a pack, or the subscription), then spend the whole balance on
// batches of avatars. Each create carries an Idempotency-Key and is sent again with the same key until
// it is answered, as the web app's retry does, so a create cut short by a crash is never charged twice.
import { randomUUID } from 'node:crypto';
import { SIGNUP_BONUS_TOKENS } from '../../functions/domain/accounts/signup-bonus.ts';
import { apiRoutes } from '../../shared/api-routes.ts';
import { SUBSCRIPTION, TOKEN_PACKS } from '../../shared/catalogue.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { testPhoto } from '../support/test-images.ts';
import { callApi, mustCall } from './api-client.ts';
import type { Random } from './random.ts';

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

export interface Style {
  id: number;
  prompt: string;
  token_cost: number;
}

interface StackUrls {
  apiUrl: string;
  outboxDir: string;
  stripeUrl: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const userIdOf = (token: string): string =>
  JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString('utf8')).sub as string;

async function balance(apiUrl: string, token: string): Promise<{ ltd: number; subscription: number }> {
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

/** Up to four styles the balance can pay for, mostly the one-token ones. */
function pickStyles(random: Random, styles: Style[], left: number): Style[] {
  const cheap = styles.filter((s) => s.token_cost === 1);
  const dear = styles.filter((s) => s.token_cost > 1 && s.token_cost <= 3);
  const wanted = random.int(1, 4);
  const picked: Style[] = [];
  let cost = 0;
  for (let i = 0; i < wanted * 3 && picked.length < wanted; i++) {
    const pool = random.chance(0.8) || !dear.length ? cheap : dear;
    const s = random.pick(pool);
    if (picked.includes(s) || cost + s.token_cost > left) continue;
    picked.push(s);
    cost += s.token_cost;
  }
  return picked;
}

export interface SpendOptions {
  apiUrl: string;
  styles: Style[];
  random: Random;
  /** pause between two creates, on average */
  thinkMs: number;
  /** a create not answered for this long is given up (the audit still finds what it made) */
  giveUpMs: number;
  stopped: () => boolean;
}

/** Creates batches until the account cannot pay for another avatar. */
export async function spendEverything(c: Customer, o: SpendOptions): Promise<void> {
  const cheapest = Math.min(...o.styles.map((s) => s.token_cost));
  const start = await balance(o.apiUrl, c.token).catch(() => c.granted);
  let available = start.ltd + start.subscription;
  while (available >= cheapest && !o.stopped()) {
    const styles = pickStyles(o.random, o.styles, available);
    if (!styles.length) break;
    const key = randomUUID();
    const started = Date.now();
    let sends = 0;
    for (;;) {
      sends += 1;
      const a = await callApi<{
        batch_id: string;
        task_ids: string[];
        tokens_spent: number;
        tokens_left: number;
        available?: number;
        error?: string;
      }>(o.apiUrl, 'POST', apiRoutes.createTasksBatch.path, {
        token: c.token,
        headers: { 'idempotency-key': key },
        body: {
          styles: styles.map((s) => s.id),
          style_prompts: styles.map((s) => s.prompt),
          use_reference_elements: true,
        },
        timeoutMs: 20_000,
      });
      if (a.kind === 'unreachable' || a.status >= 500) {
        c.resends += 1;
        if (Date.now() - started > o.giveUpMs) {
          c.unexpected.push(`create ${key} not answered within ${o.giveUpMs} ms`);
          return;
        }
        // As a client backs off: quickly at first, then every couple of seconds while the API is down.
        await sleep(Math.min(2000, 150 * sends) + o.random.int(0, 300));
        continue;
      }
      if (a.status === 200) {
        const earlier = c.batches.find((b) => b.key === key);
        if (earlier && earlier.batchId !== a.body.batch_id)
          c.unexpected.push(`Idempotency-Key ${key} answered two batches`);
        if (!earlier)
          c.batches.push({
            key,
            batchId: a.body.batch_id,
            taskIds: a.body.task_ids,
            tokensSpent: a.body.tokens_spent,
            sends,
          });
        available = a.body.tokens_left;
      } else if (a.status === 403 && a.body.error === 'Not enough tokens') {
        available = a.body.available ?? 0;
      } else {
        c.unexpected.push(`create answered ${a.status}: ${JSON.stringify(a.body).slice(0, 200)}`);
        return;
      }
      break;
    }
    await sleep(o.random.int(0, 2 * o.thinkMs));
  }
}
