// DynamoDB Local as the local stack runs it: on a port it picked itself, closed to web pages, where
// Amazon's own launcher has to run it (no JDK) started again on a fresh port when its port was taken, and,
// behind the commit barrier, keeping every transaction it acknowledged through a kill -9.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateTableCommand,
  DynamoDBClient,
  GetItemCommand,
  TransactWriteItemsCommand,
} from '@aws-sdk/client-dynamodb';
import { describe, expect, it } from 'vitest';
import { startDynamoLocal } from '../../infra/local/dynamodb.ts';
import { startCommitBarrier } from '../../infra/local/dynamodb-commit-barrier.ts';
import { NO_BROWSER_ORIGIN } from '../../infra/local/dynamodb-process.ts';
import { listeningSockets, portHolder } from '../../infra/local/port-owner.ts';
import { freePort } from '../../infra/local/ports.ts';
import { stack } from '../support/api.ts';

const listTables = (endpoint: string, origin: string) =>
  fetch(endpoint, {
    method: 'POST',
    headers: {
      origin,
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.ListTables',
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/eu-west-1/dynamodb/aws4_request, SignedHeaders=host, Signature=0',
    },
    body: '{}',
  });

describe('DynamoDB Local', () => {
  it('gives a web page of any origin no CORS answer, so a page cannot read the tables', async () => {
    const { dynamoEndpoint } = stack();
    for (const origin of ['https://evil.example', stack().webUrl, 'null']) {
      const preflight = await fetch(dynamoEndpoint, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-amz-target',
        },
      });
      expect(preflight.headers.get('access-control-allow-origin'), origin).toBeNull();
      const res = await listTables(dynamoEndpoint, origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
    // The allow-list holds one origin that no page can have.
    expect(new URL(NO_BROWSER_ORIGIN).hostname.endsWith('.invalid')).toBe(true);
  });

  it('picks its own free port and listens on 127.0.0.1 only', async () => {
    const dynamo = await startDynamoLocal({ port: 0 });
    try {
      expect(dynamo.loopbackOnly).toBe(true);
      expect(dynamo.port).toBeGreaterThan(0);
      expect(
        listeningSockets()
          .filter((s) => s.port === dynamo.port)
          .map((s) => s.address),
      ).toEqual(['127.0.0.1']);
      expect((await listTables(dynamo.endpoint, 'https://x.example')).status).toBe(200);
    } finally {
      await dynamo.stop();
    }
  });

  it('from Amazon’s launcher (no JDK), starts on a fresh port when the free one it was given is taken', async () => {
    const taken = createServer();
    const takenPort = await new Promise<number>((r) =>
      taken.listen(0, '127.0.0.1', () => r((taken.address() as { port: number }).port)),
    );
    const offered: number[] = [];
    try {
      const dynamo = await startDynamoLocal({
        launcher: 'jar',
        pickPort: async () => {
          const port = offered.length === 0 ? takenPort : await freePort();
          offered.push(port);
          return port;
        },
      });
      try {
        expect(offered[0]).toBe(takenPort);
        expect(dynamo.port).toBe(offered.at(-1));
        expect(dynamo.port).not.toBe(takenPort);
        expect(dynamo.loopbackOnly).toBe(false);
        expect((await listTables(dynamo.endpoint, 'https://x.example')).status).toBe(200);
      } finally {
        await dynamo.stop();
      }
    } finally {
      taken.close();
    }
  });

  it('keeps every transaction acknowledged through the commit barrier when killed -9 mid-stream', async () => {
    // DynamoDB Local acknowledges a transaction before its COMMIT runs (dynamodb-commit-barrier.ts): killed
    // then, it loses it. Streams of transactions are cut at random moments, three times.
    const client = (endpoint: string) =>
      new DynamoDBClient({
        endpoint,
        region: 'eu-west-1',
        credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
        maxAttempts: 1,
      });
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'aivatar-ddb-kill-'));
      try {
        const first = await startDynamoLocal({ dataDir: dir });
        const barrier = await startCommitBarrier(first.endpoint);
        const writes = client(barrier.endpoint);
        await writes.send(
          new CreateTableCommand({
            TableName: 'kept',
            BillingMode: 'PAY_PER_REQUEST',
            AttributeDefinitions: [{ AttributeName: 'pk', AttributeType: 'S' }],
            KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
          }),
        );
        const acknowledged: string[] = [];
        let writing = true;
        const writers = Array.from({ length: 8 }, async (_, w) => {
          for (let i = 0; writing; i++) {
            const key = `${w}-${i}`;
            try {
              await writes.send(
                new TransactWriteItemsCommand({
                  TransactItems: [
                    { Put: { TableName: 'kept', Item: { pk: { S: key } } } },
                    { Put: { TableName: 'kept', Item: { pk: { S: `${key}-pair` } } } },
                  ],
                }),
              );
              acknowledged.push(key);
            } catch {
              return;
            }
          }
        });
        // Mid-stream: once a few writes are acknowledged (a busy machine is slow to start), at a random moment.
        const since = Date.now();
        while (acknowledged.length < 6 && Date.now() - since < 60_000)
          await new Promise((r) => setTimeout(r, 50));
        await new Promise((r) => setTimeout(r, Math.random() * 2000));
        process.kill(portHolder(first.port)?.pid as number, 'SIGKILL');
        writing = false;
        await Promise.all(writers);
        writes.destroy();
        await barrier.stop();
        await first.stop();

        const second = await startDynamoLocal({ dataDir: dir });
        const reads = client(second.endpoint);
        const lost: string[] = [];
        for (const key of acknowledged.flatMap((k) => [k, `${k}-pair`])) {
          const got = await reads.send(new GetItemCommand({ TableName: 'kept', Key: { pk: { S: key } } }));
          if (!got.Item) lost.push(key);
        }
        reads.destroy();
        await second.stop();
        expect(acknowledged.length).toBeGreaterThan(5);
        expect(lost).toEqual([]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }, 240_000);
});
