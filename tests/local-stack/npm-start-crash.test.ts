// `npm start` after a kill -9: of one of its roles (the API's or the worker's process), npm start starts
// a new one; of its whole process group in the middle of generating avatars, with the files a crash can
// leave (a lock of a dead run cut in half, a journal line cut short, a temporary file, half an email in
// the outbox, an unreadable Stripe file), the next start serves again, keeps every account and session,
// and finishes the tasks that were in flight.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '#shared/api-routes.ts';
import { callApi, mustCall } from '../chaos/api-client.ts';
import { type Customer, newCustomer } from '../chaos/customers.ts';
import type { Style } from '../chaos/spending.ts';
import { NpmStart } from '../support/npm-start-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'aivatar-crash-'));
const stack = new NpmStart({ dataDir, env: { LOG_LEVEL: 'silent' } });
afterAll(async () => {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function tasksOf(
  apiUrl: string,
  token: string,
): Promise<{ id: string; status: string; token_cost?: number }[]> {
  const body = await mustCall<{ tasks: { id: string; status: string }[] }>(
    apiUrl,
    'GET',
    apiRoutes.userTasks.path,
    {
      token,
    },
  );
  return body.tasks;
}

describe('npm start after kill -9', () => {
  let customer: Customer;
  let apiUrl: string;

  it('starts a new API or worker process when one is killed, and goes on serving', async () => {
    ({ apiUrl } = await stack.start());
    customer = await newCustomer({ apiUrl, outboxDir: join(dataDir, 'outbox'), stripeUrl: '' }, 1, []);
    for (const role of ['api', 'workers'] as const) {
      const { killed, back } = await stack.killRole(role);
      expect(back).not.toBe(killed);
    }
    expect((await callApi(apiUrl, 'GET', apiRoutes.userInfo.path, { token: customer.token })).kind).toBe(
      'answer',
    );
  }, 240_000);

  it('comes back after a kill -9 of its whole process group mid-generation, over the files a crash leaves', async () => {
    const { styles } = await mustCall<{ styles: Style[] }>(apiUrl, 'GET', apiRoutes.listStyles.path, {
      token: customer.token,
    });
    const two = styles.filter((s) => s.token_cost === 1).slice(0, 2);
    // The worker is frozen, so the batch's messages are received (in flight) or queued, and certainly not
    // done, when everything is killed.
    const worker = stack.rolePid('workers') as number;
    process.kill(worker, 'SIGSTOP');
    const created = await mustCall<{ task_ids: string[] }>(apiUrl, 'POST', apiRoutes.createTasksBatch.path, {
      token: customer.token,
      body: {
        styles: two.map((s) => s.id),
        style_prompts: two.map((s) => s.prompt),
        use_reference_elements: true,
      },
    });
    await sleep(1000);
    await stack.killAll();

    // What a kill at a worse moment could have left.
    writeFileSync(join(dataDir, 'aivatar.lock'), '{"pid": 12');
    const journal = readdirSync(join(dataDir, 'sqs')).find((f) => f.startsWith('journal-')) as string;
    appendFileSync(join(dataDir, 'sqs', journal), '{"op":"put","queue":"aivatar-local-avat');
    writeFileSync(join(dataDir, 'jwt-secret.4242.lx1.tmp'), 'half a sec');
    writeFileSync(join(dataDir, 'outbox', '000000000000001-1-half.json'), '{"id": "half", "to": "x@exa');
    writeFileSync(join(dataDir, 'stripe.json'), '{"customers": {');

    ({ apiUrl } = await stack.start());
    // The same session works: the JWT secret was kept whole.
    const me = await mustCall<{ email: string; tokens_ltd: number }>(apiUrl, 'GET', apiRoutes.userInfo.path, {
      token: customer.token,
    });
    expect(me.email).toBe(customer.email);
    // The outbox still reads, past the half-written email.
    const mail = await callApi<unknown[]>(apiUrl, 'GET', '/_local/mail');
    expect(mail.kind === 'answer' && mail.status).toBe(200);
    expect(stack.output()).toContain('dropped 1 journal line');
    expect(readdirSync(join(dataDir, 'sqs')).filter((f) => f.startsWith('journal-'))).toHaveLength(1);
    expect(existsSync(join(dataDir, 'jwt-secret.4242.lx1.tmp'))).toBe(false);
    expect(readdirSync(dataDir).some((f) => f.startsWith('stripe.json.unreadable-'))).toBe(true);

    // The queue kept the messages: the tasks are made, well before the sweeper's deadline would refund them.
    let tasks = await tasksOf(apiUrl, customer.token);
    const until = Date.now() + 120_000;
    while (
      tasks.some((t) => created.task_ids.includes(t.id) && t.status !== 'DONE' && t.status !== 'ERROR')
    ) {
      if (Date.now() > until) throw new Error(`tasks still pending: ${JSON.stringify(tasks)}`);
      await sleep(500);
      tasks = await tasksOf(apiUrl, customer.token);
    }
    const done = tasks.filter((t) => created.task_ids.includes(t.id) && t.status === 'DONE').length;
    expect(done).toBe(2);
    const after = await mustCall<{ tokens_ltd: number; tokens_subscription: number }>(
      apiUrl,
      'GET',
      apiRoutes.userInfo.path,
      { token: customer.token },
    );
    expect(after.tokens_ltd + after.tokens_subscription).toBe(customer.granted.ltd - done);

    await stack.stop();
    expect(existsSync(join(dataDir, 'aivatar.lock'))).toBe(false);
  }, 300_000);
});
