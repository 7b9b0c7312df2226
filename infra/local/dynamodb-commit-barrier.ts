// DynamoDB Local answers TransactWriteItems before the transaction is committed: its
// SQLiteDBAccess.commitTransaction puts the COMMIT on its SQLite job queue and returns without waiting
// for it (javap shows `queue.execute(job)` and no `get()`). Reads see the transaction anyway (the queue
// runs its jobs in order), but a kill -9 in between loses a transaction DynamoDB Local has acknowledged,
// which DynamoDB never does; the chaos run caught it (tests/chaos: a create answered with its tasks, and
// no task in the table after the restart). This proxy stands in front of it for `npm start`, whose data
// is on disk: after a TransactWriteItems it sends a read that waits on the same queue (a Scan of one
// item), so the COMMIT has run before the caller hears of success. Everything else passes through.
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
  type Server,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CommitBarrier {
  endpoint: string;
  stop(): Promise<void>;
}

const TRANSACT_WRITE = 'DynamoDB_20120810.TransactWriteItems';

interface Forwarded {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const readAll = async (stream: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

/** The first table a TransactWriteItems request writes to. */
function tableOf(body: Buffer): string | null {
  try {
    const items = (
      JSON.parse(body.toString('utf8')) as { TransactItems?: Record<string, { TableName?: string }>[] }
    ).TransactItems;
    for (const item of items ?? []) {
      for (const op of Object.values(item)) if (typeof op?.TableName === 'string') return op.TableName;
    }
  } catch {}
  return null;
}

export async function startCommitBarrier(target: string): Promise<CommitBarrier> {
  const { hostname, port } = new URL(target);
  const agent = new Agent({ keepAlive: true });
  const forward = (
    method: string,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
  ): Promise<Forwarded> =>
    new Promise((resolve, reject) => {
      const req = request(
        { host: hostname, port, method, path, headers: { ...headers, 'content-length': body.length }, agent },
        (res) => {
          readAll(res).then(
            (b) => resolve({ status: res.statusCode ?? 502, headers: res.headers, body: b }),
            reject,
          );
        },
      );
      req.once('error', reject);
      req.end(body);
    });

  const server: Server = createServer((req, res) => {
    (async () => {
      const body = await readAll(req);
      const headers = { ...req.headers };
      delete headers.host;
      const answer = await forward(req.method ?? 'POST', req.url ?? '/', headers, body);
      const table =
        req.headers['x-amz-target'] === TRANSACT_WRITE && answer.status === 200 ? tableOf(body) : null;
      if (table) {
        // The read's job runs after the COMMIT's: once it answers, the transaction is in the file.
        await forward(
          'POST',
          '/',
          { ...headers, 'x-amz-target': 'DynamoDB_20120810.Scan' },
          Buffer.from(JSON.stringify({ TableName: table, Limit: 1 })),
        );
      }
      const out: Record<string, string | string[] | undefined> = {
        ...answer.headers,
        'content-length': String(answer.body.length),
      };
      for (const hop of ['connection', 'keep-alive', 'transfer-encoding']) delete out[hop];
      res.writeHead(answer.status, out);
      res.end(answer.body);
    })().catch((e: unknown) => {
      // As if DynamoDB Local itself had gone: the SDK retries, or reports the failure.
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
      if (process.env.LOG_LEVEL !== 'silent') console.error('[local dynamodb barrier]', (e as Error).message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
