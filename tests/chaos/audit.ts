// What the run must end with, read from the table and the bucket themselves (never from what the API
// told the customers): every task DONE or ERROR; each ERROR task refunded exactly once, to the pools it
// was paid from; a DONE task refunded only by the likeness guarantee, and then exactly once; each DONE
// task's result stored once; each batch charged once and counted once per task; no batch that no create
// answer named (a create charged twice); and for each account: balance = granted - spent on DONE tasks
// (those the guarantee did not refund), per pool, and the ledger's amounts summing to the balance.
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#platform/dynamodb/keys.ts';
import type { Customer } from './customers.ts';

type Item = Record<string, unknown>;
type Pool = 'ltd' | 'subscription';
const POOLS: Pool[] = ['subscription', 'ltd'];
const REFUNDS = ['generation_refund', 'likeness_refund'];
const SPENDING = ['generation', ...REFUNDS];

export interface AuditTotals {
  accounts: number;
  granted: number;
  tasks: number;
  done: number;
  failed: number;
  pending: number;
  /** tokens of DONE tasks the likeness guarantee did not refund */
  spentOnDone: number;
  /** tokens given back: ERROR tasks, and DONE tasks under the likeness guarantee */
  refunded: number;
  likenessRefunds: number;
  balance: number;
  errorsByCode: Record<string, number>;
  /** results stored for tasks that ended in ERROR (a worker that lost its claim): waste, not loss */
  orphanResults: number;
  batches: number;
}

export interface AuditResult {
  losses: string[];
  totals: AuditTotals;
}

export async function queryAll(
  db: DynamoDBDocumentClient,
  table: string,
  pk: string,
  prefix: string,
): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const res = await db.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
        ExpressionAttributeValues: { ':pk': pk, ':p': prefix },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    items.push(...((res.Items ?? []) as Item[]));
    start = res.LastEvaluatedKey;
  } while (start);
  return items;
}

async function listKeys(s3: S3Client, bucket: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  let token: string | undefined;
  do {
    const res = await s3.send(
      new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
    );
    out.push(...(res.Contents ?? []).map((o) => o.Key as string));
    token = res.IsTruncated ? res.NextContinuationToken : undefined;
  } while (token);
  return out;
}

const num = (v: unknown) => Number(v ?? 0);
const sum = (entries: Item[]) => entries.reduce((a, e) => a + num(e.amount), 0);

/** Tasks still TODO or IN_PROGRESS, over all accounts. */
export async function pendingTasks(
  db: DynamoDBDocumentClient,
  table: string,
  customers: Customer[],
): Promise<number> {
  let pending = 0;
  for (const c of customers) {
    for (const t of await queryAll(db, table, `USER#${c.userId}`, 'TASK#'))
      if (t.status !== 'DONE' && t.status !== 'ERROR') pending += 1;
  }
  return pending;
}

interface Account {
  who: string;
  tasks: Item[];
  ledger: Item[];
  results: string[];
  /** per pool, what DONE tasks kept */
  spent: Record<Pool, number>;
}

/** The refund entries of `reason` naming the task must give back exactly what it paid, or be none. */
function refundOf(a: Account, t: Item, reason: string, expected: boolean, losses: string[]): void {
  const id = String(t.id);
  const debit: Record<Pool, number> = { ltd: num(t.debit_ltd), subscription: num(t.debit_subscription) };
  const mine = a.ledger.filter((e) => e.reason === reason && e.task_id === id);
  const shares = expected ? POOLS.filter((p) => debit[p] > 0) : [];
  if (mine.length !== shares.length)
    losses.push(
      `${a.who}: ${String(t.status)} task ${id} has ${mine.length} ${reason} entries, not ${shares.length}`,
    );
  for (const p of shares) {
    const back = sum(mine.filter((e) => e.pool === p));
    if (back !== debit[p])
      losses.push(`${a.who}: task ${id} got ${back} ${p} back by ${reason}, paid ${debit[p]}`);
  }
}

function auditTask(a: Account, t: Item, totals: AuditTotals, losses: string[]): void {
  const id = String(t.id);
  const stored = a.results.filter((k) => k.includes(id));
  totals.tasks += 1;
  if (t.status === 'DONE') {
    totals.done += 1;
    const guaranteed = t.likeness_refunded === true;
    refundOf(a, t, 'generation_refund', false, losses);
    refundOf(a, t, 'likeness_refund', guaranteed, losses);
    if (guaranteed) {
      totals.likenessRefunds += 1;
      totals.refunded += num(t.token_cost);
    } else {
      totals.spentOnDone += num(t.token_cost);
      a.spent.ltd += num(t.debit_ltd);
      a.spent.subscription += num(t.debit_subscription);
    }
    if (stored.length !== 1) losses.push(`${a.who}: DONE task ${id} has ${stored.length} stored results`);
    if (!stored.some((k) => k.endsWith(`/${String(t.result_file)}`)))
      losses.push(`${a.who}: DONE task ${id} names a result the bucket does not hold`);
  } else if (t.status === 'ERROR') {
    totals.failed += 1;
    const code = String(t.error_code);
    totals.errorsByCode[code] = (totals.errorsByCode[code] ?? 0) + 1;
    totals.refunded += num(t.token_cost);
    if (t.refunded !== true) losses.push(`${a.who}: ERROR task ${id} is not marked refunded`);
    refundOf(a, t, 'generation_refund', true, losses);
    refundOf(a, t, 'likeness_refund', false, losses);
    if (stored.length > 1) losses.push(`${a.who}: ERROR task ${id} has ${stored.length} stored results`);
    totals.orphanResults += stored.length;
  } else {
    totals.pending += 1;
    losses.push(`${a.who}: task ${id} still ${String(t.status)}`);
  }
}

function auditBatch(a: Account, c: Customer, b: Item, losses: string[]): void {
  const id = String(b.batch_id);
  const its = a.tasks.filter((t) => t.batch_id === id);
  const paid = -sum(a.ledger.filter((e) => e.reason === 'generation' && e.batch_id === id));
  if (paid !== num(b.total_cost))
    losses.push(`${a.who}: batch ${id} cost ${num(b.total_cost)} but was charged ${paid}`);
  if (its.length !== num(b.task_count))
    losses.push(`${a.who}: batch ${id} has ${its.length} of its ${num(b.task_count)} tasks`);
  const done = its.filter((t) => t.status === 'DONE').length;
  const failed = its.filter((t) => t.status === 'ERROR').length;
  if (num(b.done_count) !== done || num(b.failed_count) !== failed)
    losses.push(
      `${a.who}: batch ${id} counts ${num(b.done_count)} done and ${num(b.failed_count)} failed, its tasks ${done} and ${failed}`,
    );
  if (num(b.remaining) !== its.length - done - failed)
    losses.push(`${a.who}: batch ${id} has ${num(b.remaining)} remaining`);
  // Only a create charged twice (or one given up, reported apart) makes a batch nobody was told of.
  if (!c.batches.some((k) => k.batchId === id))
    losses.push(`${a.who}: batch ${id} was charged, and no create answer named it`);
}

export async function audit(
  db: DynamoDBDocumentClient,
  s3: S3Client,
  table: string,
  bucket: string,
  customers: Customer[],
): Promise<AuditResult> {
  const losses: string[] = [];
  const totals: AuditTotals = {
    accounts: customers.length,
    granted: 0,
    tasks: 0,
    done: 0,
    failed: 0,
    pending: 0,
    spentOnDone: 0,
    refunded: 0,
    likenessRefunds: 0,
    balance: 0,
    errorsByCode: {},
    orphanResults: 0,
    batches: 0,
  };
  for (const c of customers) {
    const pk = `USER#${c.userId}`;
    const [tasks, ledger, batches, profile, results] = await Promise.all([
      queryAll(db, table, pk, 'TASK#'),
      queryAll(db, table, pk, 'LEDGER#'),
      queryAll(db, table, pk, 'BATCH#'),
      db.send(new GetCommand({ TableName: table, Key: keys.user(c.userId), ConsistentRead: true })),
      listKeys(s3, bucket, `results/${c.userId}/`),
    ]);
    const a: Account = { who: c.email, tasks, ledger, results, spent: { ltd: 0, subscription: 0 } };
    for (const t of tasks) auditTask(a, t, totals, losses);
    const taskIds = new Set(tasks.map((t) => String(t.id)));
    for (const e of ledger.filter((x) => REFUNDS.includes(String(x.reason))))
      if (!taskIds.has(String(e.task_id)))
        losses.push(`${a.who}: a ${String(e.reason)} names no task of the account (${String(e.task_id)})`);
    for (const b of batches) auditBatch(a, c, b, losses);
    totals.batches += batches.length;
    for (const k of c.batches)
      for (const id of k.taskIds)
        if (!taskIds.has(id)) losses.push(`${a.who}: task ${id}, answered to a create, is missing`);

    // The money: per pool, then in total; and the ledger against the balance.
    const balance: Record<Pool, number> = {
      ltd: num(profile.Item?.tokens_ltd),
      subscription: num(profile.Item?.tokens_subscription),
    };
    for (const p of POOLS) {
      const expected = c.granted[p] - a.spent[p];
      if (balance[p] !== expected)
        losses.push(
          `${a.who}: ${p} balance ${balance[p]}, granted ${c.granted[p]} - kept by DONE ${a.spent[p]} = ${expected}`,
        );
      const inLedger = sum(ledger.filter((e) => e.pool === p));
      if (inLedger !== balance[p])
        losses.push(`${a.who}: ${p} ledger sums to ${inLedger}, balance is ${balance[p]}`);
    }
    const granted = c.granted.ltd + c.granted.subscription;
    const grantedInLedger = sum(ledger.filter((e) => !SPENDING.includes(String(e.reason))));
    if (grantedInLedger !== granted)
      losses.push(`${a.who}: the ledger grants ${grantedInLedger}, the run gave ${granted}`);
    totals.granted += granted;
    totals.balance += balance.ltd + balance.subscription;
  }
  return { losses, totals };
}
