// A local SQS endpoint speaking the JSON protocol of the current @aws-sdk/client-sqs:
// `POST /` with `Content-Type: application/x-amz-json-1.0` and `X-Amz-Target: AmazonSQS.<Action>`.
// No maintained emulator does this, so the product carries its own (docs/generation.md). Like s3rver, it
// checks no signatures.
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { ACTIONS } from './actions.ts';
import { Broker } from './broker.ts';
import { SqsError } from './errors.ts';
import { openQueueJournal } from './journal.ts';

export interface LocalSqs {
  endpoint: string;
  region: string;
  broker: Broker;
  stop(): Promise<void>;
}

const CONTENT_TYPE = 'application/x-amz-json-1.0';
const MAX_REQUEST_BYTES = 2 * 1024 * 1024;

function reply(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': CONTENT_TYPE,
    'content-length': String(Buffer.byteLength(payload)),
    'x-amzn-requestid': randomUUID(),
    ...extra,
  });
  res.end(payload);
}

function replyError(res: ServerResponse, e: SqsError): void {
  reply(
    res,
    e.status,
    { __type: `com.amazonaws.sqs#${e.type}`, message: e.message },
    { 'x-amzn-query-error': `${e.queryCode};${e.senderFault ? 'Sender' : 'Receiver'}` },
  );
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > MAX_REQUEST_BYTES)
      throw new SqsError('RequestEntityTooLarge', 'Request is too large.', { status: 413 });
    chunks.push(c as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8') || '{}';
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error('not an object');
    return parsed as Record<string, unknown>;
  } catch {
    throw new SqsError('SerializationException', 'Start of structure or map found where not expected.');
  }
}

function sqsRequestHandler(broker: Broker) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    // A long poll ends when its client goes away.
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    try {
      const target = String(req.headers['x-amz-target'] ?? '');
      const contentType = String(req.headers['content-type'] ?? '');
      if (
        req.method !== 'POST' ||
        !contentType.startsWith(CONTENT_TYPE) ||
        !target.startsWith('AmazonSQS.')
      ) {
        throw new SqsError(
          'UnknownOperationException',
          'This local SQS endpoint speaks the AWS JSON 1.0 protocol: POST / with X-Amz-Target AmazonSQS.<Action>.',
        );
      }
      const action = ACTIONS[target.slice('AmazonSQS.'.length)];
      if (!action) throw new SqsError('UnknownOperationException', `Unsupported action ${target}.`);
      const output = await action(broker, await readJson(req), abort.signal);
      // Acknowledged only once kept: after a crash the queues hold everything an answer confirmed.
      await broker.changesKept();
      if (!res.destroyed) reply(res, 200, output);
    } catch (e) {
      await broker.changesKept().catch(() => undefined);
      if (res.destroyed) return;
      if (e instanceof SqsError) return replyError(res, e);
      console.error('[local sqs]', e);
      replyError(
        res,
        new SqsError('InternalError', 'We encountered an internal error. Please try again.', { status: 500 }),
      );
    }
  };
}

interface SqsLocalOptions {
  region?: string;
  /** Keeps the queues in this folder across restarts and crashes; absent, they live in memory only. */
  dataDir?: string;
}

/** Starts the endpoint on 127.0.0.1:`port` (0: any free port). */
export async function startSqsLocal(port: number, o: SqsLocalOptions = {}): Promise<LocalSqs> {
  const region = o.region ?? 'eu-west-1';
  let broker: Broker | null = null;
  const server: Server = createServer((req, res) => {
    (broker ? sqsRequestHandler(broker)(req, res) : Promise.resolve(res.writeHead(503).end())).catch(
      () => undefined,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const endpoint = `http://127.0.0.1:${actualPort}`;
  const ready = new Broker(endpoint, region);
  if (o.dataDir) {
    try {
      const recovered = await openQueueJournal(o.dataDir, () => ready.persisted());
      ready.restore(recovered.queues, recovered.log);
      if (recovered.droppedLines) {
        console.error(
          `[local sqs] dropped ${recovered.droppedLines} journal line(s) cut short by a crash (never acknowledged)`,
        );
      }
    } catch (e) {
      server.close();
      throw e;
    }
  }
  broker = ready;
  return {
    endpoint,
    region,
    broker: ready,
    stop: async () => {
      ready.wake();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await ready.close();
    },
  };
}
