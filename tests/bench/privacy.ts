// `npm run bench:privacy`: what an account deletion and a data export read, with a crowded table. The table
// gets 50,000 items of 2,000 other accounts (BatchWriteItem), then one account of 200 items (180 in its
// partition, 20 kept elsewhere: email claim, link, Stripe customer, checkouts, payments, idempotency
// records, counters by email), which is exported, then deleted, through the real request and job code.
// Then the table doubles (2,000 more accounts) and a second account of the same shape goes the same way.
// Every DynamoDB call is counted (items and index entries returned, ConsumedCapacity) and timed; the
// figures must not depend on the table's size, and reads must stay within the account's own items plus a
// constant. Prints the figures, writes bench-results/privacy.json, exits non-zero on any budget missed.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GROUP_CONFIG, JOB_CONFIG, readConfig } from '#platform/config.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { createS3Client } from '#platform/s3/client.ts';
import { BUCKETS } from '#shared/table-design.ts';
import { ScryptPasswordHasher } from '../../functions/accounts/passwords/scrypt-hasher.ts';
import { requestAccountDeletion } from '../../functions/privacy/domain/account-deletion.ts';
import { requestDataExport } from '../../functions/privacy/domain/data-export.ts';
import { runPrivacyJob } from '../../functions/privacy/domain/job-runs.ts';
import type { JobRef } from '../../functions/privacy/domain/jobs.ts';
import { buildPrivacyJobDeps } from '../../functions/privacy/job-wiring.ts';
import { buildPrivacyDeps } from '../../functions/privacy/wiring.ts';
import { REPO_ROOT, startLocalStack } from '../../infra/local/stack.ts';
import { type Budget, reportBudgets } from './budgets.ts';

process.env.LOG_LEVEL = 'silent';
const OTHERS = 2000;
const ITEMS_PER_OTHER = 25;
const TARGET_PARTITION = 180;
const TARGET_OUTSIDE = 20;
/** Reads allowed beyond the account's own: the job's record, the account record read again, a page edge. */
const READ_CONSTANT = 20;
const PASSWORD = 'bench password of the account';

/** What one measured run read and cost, from every DynamoDB call it made. */
interface Tally {
  calls: Record<string, number>;
  /** table items returned (Query, GetItem, BatchGetItem) */
  itemsRead: number;
  /** index entries returned (a Query on the owned index: keys only) */
  indexEntriesRead: number;
  readCapacity: number;
  writeCapacity: number;
  ms: number;
}

const newTally = (): Tally => ({
  calls: {},
  itemsRead: 0,
  indexEntriesRead: 0,
  readCapacity: 0,
  writeCapacity: 0,
  ms: 0,
});
let tally: Tally | null = null;

// The client's own command names: the document client sends GetItemCommand for a GetCommand, and so on.
const READS = new Set(['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand', 'ScanCommand']);

/** Counts what each call returned and asks DynamoDB for its consumed capacity. */
function instrument(db: DynamoDBDocumentClient): DynamoDBDocumentClient {
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as Record<string, unknown>;
      input.ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const t = tally;
      if (!t) return result;
      const name = String(context.commandName);
      t.calls[name] = (t.calls[name] ?? 0) + 1;
      const out = result.output as Record<string, unknown>;
      if (name === 'QueryCommand' || name === 'ScanCommand') {
        const n = Number(out.ScannedCount ?? out.Count ?? 0);
        if (input.IndexName) t.indexEntriesRead += n;
        else t.itemsRead += n;
      } else if (name === 'GetItemCommand') t.itemsRead += out.Item ? 1 : 0;
      else if (name === 'BatchGetItemCommand')
        t.itemsRead += Object.values((out.Responses ?? {}) as Record<string, unknown[]>).flat().length;
      for (const c of [out.ConsumedCapacity].flat() as ({ CapacityUnits?: number } | undefined)[]) {
        if (!c?.CapacityUnits) continue;
        if (READS.has(name)) t.readCapacity += c.CapacityUnits;
        else t.writeCapacity += c.CapacityUnits;
      }
      return result;
    },
    { step: 'initialize', name: 'privacyBenchTally' },
  );
  return db;
}

async function writeAll(db: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) {
  const chunks: Record<string, unknown>[][] = [];
  for (let i = 0; i < items.length; i += 25) chunks.push(items.slice(i, i + 25));
  let next = 0;
  // Eight writers side by side: DynamoDB Local takes a few thousand items a second this way.
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < chunks.length) {
        let pending: unknown = (chunks[next++] as Record<string, unknown>[]).map((Item) => ({
          PutRequest: { Item },
        }));
        while (Array.isArray(pending) && pending.length) {
          const res = await db.send(new BatchWriteCommand({ RequestItems: { [table]: pending as never } }));
          pending = res.UnprocessedItems?.[table];
        }
      }
    }),
  );
}

/**
 * An account as the product writes it: the account record, then `partition - 1` more items in its partition
 * (ledger entries, tasks, photos, batches) and `outside` items under other keys, each with owned_by.
 */
function accountItems(id: string, email: string, partition: number, outside: number, hash?: string) {
  const user = `USER#${id}`;
  const now = 1_790_000_000;
  const items: Record<string, unknown>[] = [
    {
      pk: user,
      sk: 'PROFILE',
      id,
      email,
      status: 'ACTIVE',
      role: 'user',
      lang: 'en',
      tokens_ltd: 12,
      tokens_subscription: 0,
      session_version: 1,
      created_at: now,
      stripe_customer_id: `cus_${id.slice(0, 14)}`,
      ...(hash ? { password_hash: hash } : {}),
    },
  ];
  for (let i = 1; i < partition; i++) {
    const kind = ['LEDGER', 'TASK', 'PHOTO', 'BATCH'][i % 4] as string;
    items.push({
      pk: user,
      sk: `${kind}#${String(i).padStart(12, '0')}`,
      user_id: id,
      created_at: now + i,
      status: 'DONE',
      note: 'x'.repeat(200),
    });
  }
  const owned = { owned_by: user, user_id: id };
  items.push({ pk: `EMAIL#${email}`, sk: 'EMAIL', ...owned });
  items.push({ pk: `CUSTOMER#cus_${id.slice(0, 14)}`, sk: 'CUSTOMER', ...owned });
  for (let i = 2; i < outside; i++) {
    const kind = ['CHECKOUT', 'PAYMENT', 'LINK', 'IDEMPOTENCY', 'RATE'][i % 5] as string;
    items.push(
      kind === 'RATE'
        ? {
            pk: `RATE#login:email-client#${email} 10.0.0.${i}`,
            sk: String(now),
            hits: 1,
            owned_by: `EMAIL#${email}`,
          }
        : { pk: `${kind}#${id}-${i}`, sk: kind, ...owned, amount_cents: 300 },
    );
  }
  return items;
}

async function seedOthers(db: DynamoDBDocumentClient, table: string, count: number) {
  const started = performance.now();
  const items: Record<string, unknown>[] = [];
  for (let u = 0; u < count; u++) {
    const id = randomUUID();
    items.push(...accountItems(id, `other-${id.slice(0, 8)}@example.test`, ITEMS_PER_OTHER - 4, 4));
  }
  await writeAll(db, table, items);
  return { items: items.length, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

const stack = await startLocalStack({ generationWorkers: false, privacyJobWorkers: false });
const figures: Record<string, unknown> = {};
const budgets: Budget[] = [];
try {
  const db = instrument(createDocumentClient(stack.dynamoEndpoint));
  const s3 = createS3Client(stack.s3Endpoint);
  const requestDeps = buildPrivacyDeps(readConfig(GROUP_CONFIG.account), db, s3);
  const jobDeps = await buildPrivacyJobDeps(readConfig(JOB_CONFIG['privacy-jobs']), db, s3);
  const users = new DynamoUserReader(db, stack.tableName);
  const hash = await new ScryptPasswordHasher().hash(PASSWORD);

  /** Seeds one account of 200 items (and 3 files), then measures its export and its deletion. */
  async function measureAccount(label: string) {
    const id = randomUUID();
    // Same shape and same sizes whatever the run: the email has a fixed length.
    const email = `target-${id.slice(0, 8)}@example.test`;
    const items = accountItems(id, email, TARGET_PARTITION, TARGET_OUTSIDE, hash);
    await writeAll(db, stack.tableName, items);
    for (const key of [`photos/${id}/a.jpg`, `results/${id}/b.png`, `thumbs/${id}/a.webp`])
      await s3.send(new PutObjectCommand({ Bucket: BUCKETS.media, Key: key, Body: Buffer.from(key) }));
    const user = await users.getById(id);
    if (!user) throw new Error('the account was not written');

    const measure = async (work: () => Promise<unknown>) => {
      tally = newTally();
      const t0 = performance.now();
      await work();
      const t = tally;
      t.ms = Math.round(performance.now() - t0);
      t.readCapacity = Math.round(t.readCapacity * 10) / 10;
      t.writeCapacity = Math.round(t.writeCapacity * 10) / 10;
      tally = null;
      return t;
    };
    const exported = await measure(async () => {
      const started = await requestDataExport(requestDeps, user);
      const job: JobRef = { kind: 'export', userId: id, exportId: started.id };
      if ((await runPrivacyJob({ ...jobDeps, queue: { send: async () => true } }, job)) !== 'done')
        throw new Error('the export did not finish');
    });
    const deleted = await measure(async () => {
      const started = await requestAccountDeletion(
        { ...requestDeps, queue: { send: async () => true } },
        user,
        {
          password: PASSWORD,
        },
      );
      const job: JobRef = { kind: 'deletion', ref: requestDeps.ids.hashSecret(started.id) };
      if ((await runPrivacyJob({ ...jobDeps, queue: { send: async () => true } }, job)) !== 'done')
        throw new Error('the deletion did not finish');
    });
    return { label, accountItems: items.length, exported, deleted };
  }

  const first = await seedOthers(db, stack.tableName, OTHERS);
  const small = await measureAccount(`${first.items} items of ${OTHERS} other accounts`);
  const second = await seedOthers(db, stack.tableName, OTHERS);
  const large = await measureAccount(`${first.items + second.items} items of ${2 * OTHERS} other accounts`);
  figures.seeding = { first, second };
  figures.runs = [small, large];

  console.log(
    `\nSeeding: ${first.items} items in ${first.seconds} s, then ${second.items} more in ${second.seconds} s`,
  );
  for (const run of [small, large]) {
    console.log(`\nOne account of ${run.accountItems} items, with ${run.label} in the table:`);
    for (const [what, t] of [
      ['export  ', run.exported],
      ['deletion', run.deleted],
    ] as const) {
      console.log(
        `  ${what} items read ${String(t.itemsRead).padStart(4)}, index entries ${String(t.indexEntriesRead).padStart(3)}, ` +
          `read capacity ${String(t.readCapacity).padStart(6)} RCU, write capacity ${String(t.writeCapacity).padStart(6)} WCU, ` +
          `${String(t.ms).padStart(5)} ms  calls ${JSON.stringify(t.calls)}`,
      );
    }
  }
  const own = TARGET_PARTITION + TARGET_OUTSIDE;
  for (const [what, pick] of [
    ['export', (r: typeof small) => r.exported],
    ['deletion', (r: typeof small) => r.deleted],
  ] as const) {
    for (const run of [small, large]) {
      const t = pick(run);
      budgets.push({
        name: `${what}: table items read, ${run === small ? '50k' : '100k'} table`,
        value: t.itemsRead,
        unit: 'items',
        limit: own + READ_CONSTANT,
      });
      budgets.push({
        name: `${what}: index entries read, ${run === small ? '50k' : '100k'} table`,
        value: t.indexEntriesRead,
        unit: 'entries',
        limit: TARGET_OUTSIDE + READ_CONSTANT,
      });
    }
    // Nothing of it grows with the table: the same account shape reads and costs the same.
    const a = pick(small);
    const b = pick(large);
    budgets.push({
      name: `${what}: reads change when the table doubles`,
      value: Math.abs(b.itemsRead - a.itemsRead) + Math.abs(b.indexEntriesRead - a.indexEntriesRead),
      unit: 'items',
      limit: 0,
    });
    budgets.push({
      name: `${what}: read capacity change when the table doubles`,
      value: Math.round(Math.abs(b.readCapacity - a.readCapacity) * 10) / 10,
      unit: 'RCU',
      limit: 0,
    });
  }
} finally {
  await stack.stop();
}

const RESULTS = join(REPO_ROOT, 'bench-results');
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'privacy.json'), `${JSON.stringify({ ...figures, budgets }, null, 2)}\n`);
process.exit(reportBudgets(budgets));
