// What the run must end with, read from the table and the bucket themselves (never from what the API
// told the customers): every task DONE or ERROR; each ERROR task refunded exactly once, to the pools it
// was paid from; no refund for a DONE task; each DONE task's result stored once; each batch charged once
// and counted once per task; and for each account: balance = granted - spent on DONE tasks, per pool,
// and the ledger's amounts summing to the balance.
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '../../functions/adapters/dynamodb/keys.ts';
import type { Customer } from './customers.ts';

type Item = Record<string, unknown>;
type Pool = 'ltd' | 'subscription';
const POOLS: Pool[] = ['subscription', 'ltd'];

export interface AccountFigures {
  tasks: number;
  done: number;
  failed: number;
  pending: number;
  spentOnDone: number;
  refunded: number;
  balance: number;
}

export interface AuditResult {
  losses: string[];
  totals: AccountFigures & {
    accounts: number;
    granted: number;
    errorsByCode: Record<string, number>;
    /** results stored for tasks that ended in ERROR (a worker that lost its claim): waste, not loss */
    orphanResults: number;
    batches: number;
    /** batches the table holds that no create answer named (a create given up) */
    unknownBatches: number;
  };
}

async function queryAll(
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

export async function audit(
  db: DynamoDBDocumentClient,
  s3: S3Client,
  table: string,
  bucket: string,
  customers: Customer[],
): Promise<AuditResult> {
  const losses: string[] = [];
  const totals: AuditResult['totals'] = {
    accounts: customers.length,
    granted: 0,
    tasks: 0,
    done: 0,
    failed: 0,
    pending: 0,
    spentOnDone: 0,
    refunded: 0,
    balance: 0,
    errorsByCode: {},
    orphanResults: 0,
    batches: 0,
    unknownBatches: 0,
  };
  for (const c of customers) {
    const who = c.email;
    const pk = `USER#${c.userId}`;
    const [tasks, ledger, batches, profile, results] = await Promise.all([
      queryAll(db, table, pk, 'TASK#'),
      queryAll(db, table, pk, 'LEDGER#'),
      queryAll(db, table, pk, 'BATCH#'),
      db.send(new GetCommand({ TableName: table, Key: keys.user(c.userId), ConsistentRead: true })),
      listKeys(s3, bucket, `results/${c.userId}/`),
    ]);
    const balance = {
      ltd: num(profile.Item?.tokens_ltd),
      subscription: num(profile.Item?.tokens_subscription),
    };
    const spent = { ltd: 0, subscription: 0 };
    const refunds = ledger.filter((e) => e.reason === 'generation_refund');
    const taskIds = new Set(tasks.map((t) => String(t.id)));

    for (const t of tasks) {
      const id = String(t.id);
      const debit = { ltd: num(t.debit_ltd), subscription: num(t.debit_subscription) };
      const stored = results.filter((k) => k.includes(id));
      const mine = refunds.filter((e) => e.task_id === id);
      totals.tasks += 1;
      if (t.status === 'DONE') {
        totals.done += 1;
        totals.spentOnDone += num(t.token_cost);
        for (const p of POOLS) spent[p] += debit[p];
        if (stored.length !== 1) losses.push(`${who}: DONE task ${id} has ${stored.length} stored results`);
        if (!stored.some((k) => k.endsWith(`/${String(t.result_file)}`)))
          losses.push(`${who}: DONE task ${id} names a result the bucket does not hold`);
        if (mine.length) losses.push(`${who}: DONE task ${id} was refunded too`);
      } else if (t.status === 'ERROR') {
        totals.failed += 1;
        const code = String(t.error_code);
        totals.errorsByCode[code] = (totals.errorsByCode[code] ?? 0) + 1;
        if (stored.length > 1) losses.push(`${who}: ERROR task ${id} has ${stored.length} stored results`);
        totals.orphanResults += stored.length;
        if (t.refunded !== true) losses.push(`${who}: ERROR task ${id} is not marked refunded`);
        const shares = POOLS.filter((p) => debit[p] > 0);
        if (mine.length !== shares.length)
          losses.push(
            `${who}: ERROR task ${id} has ${mine.length} refund entries for ${shares.length} pool(s)`,
          );
        for (const p of shares) {
          const back = mine.filter((e) => e.pool === p).reduce((a, e) => a + num(e.amount), 0);
          if (back !== debit[p])
            losses.push(`${who}: ERROR task ${id} got ${back} ${p} back, paid ${debit[p]}`);
        }
        totals.refunded += num(t.token_cost);
      } else {
        totals.pending += 1;
        losses.push(`${who}: task ${id} still ${String(t.status)}`);
      }
    }
    for (const e of refunds)
      if (!taskIds.has(String(e.task_id)))
        losses.push(`${who}: a refund names no task of the account (${String(e.task_id)})`);

    for (const b of batches) {
      totals.batches += 1;
      const id = String(b.batch_id);
      const its = tasks.filter((t) => t.batch_id === id);
      const charged = ledger.filter((e) => e.reason === 'generation' && e.batch_id === id);
      const paid = -charged.reduce((a, e) => a + num(e.amount), 0);
      if (paid !== num(b.total_cost))
        losses.push(`${who}: batch ${id} cost ${num(b.total_cost)} but was charged ${paid}`);
      if (its.length !== num(b.task_count))
        losses.push(`${who}: batch ${id} has ${its.length} of its ${num(b.task_count)} tasks`);
      const done = its.filter((t) => t.status === 'DONE').length;
      const failed = its.filter((t) => t.status === 'ERROR').length;
      if (num(b.done_count) !== done || num(b.failed_count) !== failed)
        losses.push(
          `${who}: batch ${id} counts ${num(b.done_count)} done and ${num(b.failed_count)} failed, its tasks ${done} and ${failed}`,
        );
      if (num(b.remaining) !== its.length - done - failed)
        losses.push(`${who}: batch ${id} has ${num(b.remaining)} remaining`);
      if (!c.batches.some((k) => k.batchId === id)) totals.unknownBatches += 1;
    }
    for (const k of c.batches) {
      for (const id of k.taskIds)
        if (!taskIds.has(id)) losses.push(`${who}: task ${id}, answered to a create, is missing`);
    }

    // The money: per pool, then in total; and the ledger against the balance.
    for (const p of POOLS) {
      const expected = c.granted[p] - spent[p];
      if (balance[p] !== expected)
        losses.push(
          `${who}: ${p} balance ${balance[p]}, granted ${c.granted[p]} - spent on DONE ${spent[p]} = ${expected}`,
        );
      const inLedger = ledger.filter((e) => e.pool === p).reduce((a, e) => a + num(e.amount), 0);
      if (inLedger !== balance[p])
        losses.push(`${who}: ${p} ledger sums to ${inLedger}, balance is ${balance[p]}`);
    }
    const grantedInLedger = ledger
      .filter((e) => e.reason !== 'generation' && e.reason !== 'generation_refund')
      .reduce((a, e) => a + num(e.amount), 0);
    const granted = c.granted.ltd + c.granted.subscription;
    if (grantedInLedger !== granted)
      losses.push(`${who}: the ledger grants ${grantedInLedger}, the run gave ${granted}`);
    totals.granted += granted;
    totals.balance += balance.ltd + balance.subscription;
  }
  return { losses, totals };
}
