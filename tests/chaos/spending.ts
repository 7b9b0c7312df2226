// The customers' spending: each creates batches until it cannot pay for another avatar, pausing between
// creates so that the whole run asks at about the set rate. A create carries an Idempotency-Key and is sent
// again with it until answered, as the web app's retry does, so a create cut short by a crash is never
// charged twice.
import { randomUUID } from 'node:crypto';
import { apiRoutes } from '#shared/api-routes.ts';
import { callApi, mustCall } from './api-client.ts';
import { balance, type Customer, TOKENS_PER_TASK } from './customers.ts';
import { type Random, seeded } from './random.ts';

export interface Style {
  id: number;
  prompt: string;
  token_cost: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Created {
  batch_id: string;
  task_ids: string[];
  tokens_spent: number;
  tokens_left: number;
  /** with 403 "Not enough tokens" */
  available?: number;
  error?: string;
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
  /** after this moment no more pauses: what is left is spent at once */
  pausesUntil: number;
  /** a create not answered for this long is given up (the audit still finds what it made) */
  giveUpMs: number;
}

/** Creates batches until the account cannot pay for another avatar. */
export async function spendEverything(c: Customer, o: SpendOptions): Promise<void> {
  const cheapest = Math.min(...o.styles.map((s) => s.token_cost));
  const start = await balance(o.apiUrl, c.token).catch(() => c.granted);
  let available = start.ltd + start.subscription;
  // The whole balance once: tokens refunded after it is spent stay on the account (the audit counts them).
  const granted = c.granted.ltd + c.granted.subscription;
  let spent = 0;
  while (available >= cheapest && spent < granted) {
    const styles = pickStyles(o.random, o.styles, available);
    if (!styles.length) break;
    const key = randomUUID();
    const create = () =>
      callApi<Created>(o.apiUrl, 'POST', apiRoutes.createTasksBatch.path, {
        token: c.token,
        headers: { 'idempotency-key': key },
        body: {
          styles: styles.map((s) => s.id),
          style_prompts: styles.map((s) => s.prompt),
          use_reference_elements: true,
        },
        timeoutMs: 20_000,
      });
    const started = Date.now();
    let sends = 0;
    for (;;) {
      sends += 1;
      const a = await create();
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
        c.batches.push({
          key,
          batchId: a.body.batch_id,
          taskIds: a.body.task_ids,
          tokensSpent: a.body.tokens_spent,
          sends,
        });
        spent += a.body.tokens_spent;
        // Now and then a double click: the same key again must answer the same batch, charged once.
        if (o.random.chance(0.1)) {
          const again = await create();
          if (again.kind === 'answer' && again.status === 200 && again.body.batch_id !== a.body.batch_id)
            c.unexpected.push(`Idempotency-Key ${key} answered two batches`);
        }
        available = a.body.tokens_left;
      } else if (a.status === 403 && a.body.error === 'Not enough tokens') {
        available = a.body.available ?? 0;
      } else {
        c.unexpected.push(`create answered ${a.status}: ${JSON.stringify(a.body).slice(0, 200)}`);
        return;
      }
      break;
    }
    if (Date.now() < o.pausesUntil) await sleep(o.random.int(0, 2 * o.thinkMs));
  }
}

/** Every customer spends, together over about `spanMs`; `lastCreateAt` tells when the last one finished. */
export async function startSpending(
  customers: Customer[],
  o: { apiUrl: string; seed: number; spanMs: number },
): Promise<{ done: Promise<void>; lastCreateAt(): number }> {
  const { styles } = await mustCall<{ styles: Style[] }>(o.apiUrl, 'GET', apiRoutes.listStyles.path, {
    token: customers[0]?.token,
  });
  const granted = customers.reduce((a, c) => a + c.granted.ltd + c.granted.subscription, 0);
  // A batch is 2.5 styles of TOKENS_PER_TASK tokens on average (pickStyles).
  const createsEach = Math.max(1, Math.ceil(granted / customers.length / (2.5 * TOKENS_PER_TASK)));
  let last = Date.now();
  const done = Promise.all(
    customers.map((c, i) =>
      spendEverything(c, {
        apiUrl: o.apiUrl,
        styles,
        random: seeded(o.seed * 1000 + i),
        thinkMs: o.spanMs / createsEach,
        pausesUntil: Date.now() + o.spanMs,
        giveUpMs: 180_000,
      }).finally(() => {
        last = Date.now();
      }),
    ),
  ).then(() => undefined);
  return { done, lastCreateAt: () => last };
}
