// A recording proxy between the functions and DynamoDB Local, for the benches only
// (LocalStackOptions.dynamoRecorder): it passes every request through unchanged and, while a recording is
// open, keeps each one's X-Amz-Target, JSON body, status, answer and times. `npm run bench:api` records the
// DynamoDB calls one API request makes, then replays them raw as that path's floor (tests/bench/api-floor.ts),
// through this same proxy, so the API figure and its floor both pay for its hop.
import { Agent, createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  /** e.g. 'DynamoDB_20120810.TransactWriteItems' */
  target: string;
  /** the request's JSON, as the SDK marshalled it */
  body: Buffer;
  status: number;
  /** the answer's JSON */
  response: Buffer;
  /** performance.now() when the request arrived and when its answer was sent */
  startedAt: number;
  endedAt: number;
}

export interface Recording {
  /** Ends the recording: the calls that arrived while it was open, in the order they arrived. */
  stop(): RecordedCall[];
}

export interface DynamoRecorder {
  endpoint: string;
  /** Opens a recording (one at a time). */
  record(): Recording;
  stop(): Promise<void>;
}

const readAll = async (stream: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};

export async function startDynamoRecorder(target: string): Promise<DynamoRecorder> {
  const { hostname, port } = new URL(target);
  const agent = new Agent({ keepAlive: true });
  let open: RecordedCall[] | null = null;

  const server: Server = createServer((req, res) => {
    (async () => {
      const startedAt = performance.now();
      const calls = open;
      const body = await readAll(req);
      const headers = { ...req.headers, 'content-length': String(body.length) };
      delete headers.host;
      const answer = await new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>(
        (resolve, reject) => {
          const out = request(
            { host: hostname, port, method: req.method, path: req.url, headers, agent },
            (r) => {
              readAll(r).then(
                (b) => resolve({ status: r.statusCode ?? 502, headers: r.headers, body: b }),
                reject,
              );
            },
          );
          out.once('error', reject);
          out.end(body);
        },
      );
      const outHeaders: Record<string, string | string[] | undefined> = {
        ...answer.headers,
        'content-length': String(answer.body.length),
      };
      for (const hop of ['connection', 'keep-alive', 'transfer-encoding']) delete outHeaders[hop];
      res.writeHead(answer.status, outHeaders);
      res.end(answer.body);
      calls?.push({
        target: String(req.headers['x-amz-target'] ?? ''),
        body,
        status: answer.status,
        response: answer.body,
        startedAt,
        endedAt: performance.now(),
      });
    })().catch((e: unknown) => {
      if (!res.headersSent) res.writeHead(502).end();
      else res.destroy();
      if (process.env.LOG_LEVEL !== 'silent')
        console.error('[local dynamodb recorder]', (e as Error).message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    record() {
      if (open) throw new Error('a recording is already open');
      const calls: RecordedCall[] = [];
      open = calls;
      return {
        stop() {
          if (open === calls) open = null;
          return calls.sort((a, b) => a.startedAt - b.startedAt);
        },
      };
    },
    stop: () =>
      new Promise((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
