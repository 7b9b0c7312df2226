// The commit barrier in front of DynamoDB Local (npm start): a TransactWriteItems is answered only after a
// read that queues behind its COMMIT has been answered; everything else passes through as it was.
// A DynamoDB stand-in at the HTTP edge records what reaches it and when.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CommitBarrier, startCommitBarrier } from '../../infra/local/dynamodb-commit-barrier.ts';

interface Seen {
  target: string;
  body: Record<string, unknown>;
  at: number;
}

let dynamo: Server;
let barrier: CommitBarrier;
const seen: Seen[] = [];
let failTransactions = false;

beforeAll(async () => {
  dynamo = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target']);
      seen.push({ target, body: JSON.parse(Buffer.concat(chunks).toString() || '{}'), at: Date.now() });
      // The read waits a while, as it would behind a queued COMMIT.
      const wait = target.endsWith('.Scan') ? 300 : 0;
      setTimeout(() => {
        const failed = failTransactions && target.endsWith('.TransactWriteItems');
        res.writeHead(failed ? 400 : 200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(failed ? '{"__type":"com.amazonaws.dynamodb.v20120810#TransactionCanceledException"}' : '{}');
      }, wait);
    });
  });
  await new Promise<void>((r) => dynamo.listen(0, '127.0.0.1', () => r()));
  barrier = await startCommitBarrier(`http://127.0.0.1:${(dynamo.address() as AddressInfo).port}`);
});
afterAll(async () => {
  await barrier.stop();
  await new Promise((r) => dynamo.close(r));
});

const call = (target: string, body: unknown) =>
  fetch(barrier.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${target}` },
    body: JSON.stringify(body),
  });

const transaction = {
  TransactItems: [
    { ConditionCheck: { TableName: 'aivatar-local', Key: {} } },
    { Put: { TableName: 'aivatar-local', Item: {} } },
  ],
};

describe('the DynamoDB Local commit barrier', () => {
  it('answers a transaction only after a read of the same table, queued behind its COMMIT, was answered', async () => {
    seen.length = 0;
    const res = await call('TransactWriteItems', transaction);
    const answeredAt = Date.now();
    expect(res.status).toBe(200);
    expect(seen.map((s) => s.target)).toEqual([
      'DynamoDB_20120810.TransactWriteItems',
      'DynamoDB_20120810.Scan',
    ]);
    expect(seen[1]?.body).toEqual({ TableName: 'aivatar-local', Limit: 1 });
    expect(answeredAt - (seen[1]?.at as number)).toBeGreaterThanOrEqual(290);
  });

  it('passes every other call, and a refused transaction, through once', async () => {
    seen.length = 0;
    expect((await call('GetItem', { TableName: 'aivatar-local', Key: {} })).status).toBe(200);
    failTransactions = true;
    const refused = await call('TransactWriteItems', transaction);
    failTransactions = false;
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException',
    });
    expect(seen.map((s) => s.target)).toEqual([
      'DynamoDB_20120810.GetItem',
      'DynamoDB_20120810.TransactWriteItems',
    ]);
  });
});
