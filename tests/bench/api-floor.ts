// The floor `npm run bench:api` measures each API path against: what the path costs that is not our code.
// One request through the same local API gateway to its no-op route (infra/local/api-gateway.ts: the body
// read, the event built, a handler invoked that answers `{}`), with the path's own method, headers and body,
// then the DynamoDB calls the path makes, sent raw (their JSON as the SDK marshalled it, with a dummy SigV4
// header: DynamoDB Local checks the header's form, not its signature) in the order the path makes them, those
// it makes at once sent at once. The calls are recorded from one warm API call by the recording proxy in
// front of DynamoDB Local (infra/local/dynamodb-recorder.ts), and replayed through that same proxy, so the
// API and its floor both pay for the hop.
//
// Reads are replayed verbatim. A path that writes would fail its conditions on a verbatim replay (a new id
// must not exist, a balance must be what was read) and be cheaper for it, so each replay gets fresh ids: every
// UUID and Stripe id in the recorded requests, and the ids the path names (a batch id), are swapped for new
// ones of the same length, and the items the path read (its account, the checkout session, the photos) are
// put beforehand under the fresh ids, as they were read, so each replayed transaction succeeds. A floor call
// that fails (an HTTP error, a cancelled transaction) is counted and reported.
import { randomBytes, randomUUID } from 'node:crypto';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent, type ClientRequest, request } from 'node:http';
import {
  BatchGetItemCommand,
  BatchWriteItemCommand,
  DeleteItemCommand,
  type DynamoDBClient,
  GetItemCommand,
  PutItemCommand,
  QueryCommand,
  ScanCommand,
  TransactGetItemsCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { BENCH_NOOP_PATH, type GatewayTiming, gatewayTimings } from '../../infra/local/api-gateway.ts';
import type { DynamoRecorder, RecordedCall } from '../../infra/local/dynamodb-recorder.ts';
import { apiCall } from './paired.ts';
import { percentile, tenths } from './stats.ts';

export interface ApiRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

const OP = (target: string) => target.replace(/^DynamoDB_\d+\./, '');
const READS = new Set(['GetItem', 'BatchGetItem', 'Query', 'Scan']);

/** DynamoDB calls sent raw: already-marshalled JSON, posted with its target, over kept-alive connections. */
export interface RawDynamo {
  send(target: string, body: string | Buffer): Promise<{ status: number; body: Buffer }>;
  destroy(): void;
}

export function rawDynamo(endpoint: string): RawDynamo {
  const { hostname, port } = new URL(endpoint);
  const agent = new Agent({ keepAlive: true });
  const authorization =
    'AWS4-HMAC-SHA256 Credential=local/20250101/eu-west-1/dynamodb/aws4_request, ' +
    `SignedHeaders=content-type;host;x-amz-target, Signature=${'0'.repeat(64)}`;
  return {
    send: (target, body) =>
      new Promise((resolve, reject) => {
        const req = request(
          {
            host: hostname,
            port,
            method: 'POST',
            path: '/',
            agent,
            headers: {
              'content-type': 'application/x-amz-json-1.0',
              'x-amz-target': target,
              'content-length': Buffer.byteLength(body),
              authorization,
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.once('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
            res.once('error', reject);
          },
        );
        req.once('error', reject);
        req.end(body);
      }),
    destroy: () => agent.destroy(),
  };
}

/** Makes one API call with the recorder open: the DynamoDB calls it made, in the order they arrived. */
export async function recordCall(
  recorder: DynamoRecorder,
  call: () => Promise<boolean>,
): Promise<RecordedCall[]> {
  const recording = recorder.record();
  let ok = false;
  let calls: RecordedCall[] = [];
  try {
    ok = await call();
  } finally {
    calls = recording.stop();
  }
  if (!ok) throw new Error('the API call to record failed');
  const failed = calls.filter((c) => c.status !== 200);
  if (failed.length)
    throw new Error(`the recorded call's ${OP(failed[0]?.target ?? '')} answered ${failed[0]?.status}`);
  if (!calls.length) throw new Error('the API call made no DynamoDB call');
  return calls;
}

/** For each call, the earlier calls that had answered when it started: it waits for those, as the path did. */
const waitsFor = (calls: readonly RecordedCall[]): number[][] =>
  calls.map((c, k) =>
    calls
      .slice(0, k)
      .map((p, j) => (p.endedAt <= c.startedAt ? j : -1))
      .filter((j) => j >= 0),
  );

/** "GetItem → BatchGetItem + Query + GetItem → UpdateItem → TransactWriteItems (13 items)" */
export function describeCalls(calls: readonly RecordedCall[]): string {
  const waits = waitsFor(calls);
  const name = (c: RecordedCall) => {
    const op = OP(c.target);
    if (op !== 'TransactWriteItems') return op;
    const items = (JSON.parse(c.body.toString('utf8')) as { TransactItems: unknown[] }).TransactItems.length;
    return `${op} (${items} items)`;
  };
  let out = '';
  calls.forEach((c, k) => {
    // A call that waited for every earlier one starts a new step; one that did not runs beside the last.
    out += k === 0 ? name(c) : `${(waits[k] as number[]).length === k ? ' → ' : ' + '}${name(c)}`;
  });
  return out;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const STRIPE_PREFIX = '(?:evt|cs_test|cs_live|pi|ch|cus|in|sub|re|py)_';
const STRIPE_ID = new RegExp(`\\b${STRIPE_PREFIX}[A-Za-z0-9]{14,}`, 'g');
const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A new id of the same shape and length. */
function freshId(id: string): string {
  if (new RegExp(`^${UUID.source}$`).test(id)) return randomUUID();
  const stripe = new RegExp(`^(${STRIPE_PREFIX})(.*)$`).exec(id);
  const prefix = stripe?.[1] ?? '';
  const rest = stripe?.[2] ?? id;
  const bytes = randomBytes(rest.length);
  const alphabet = /^[0-9a-f]+$/.test(rest) ? '0123456789abcdef' : BASE62;
  return prefix + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

type Item = Record<string, unknown>;

/** The items a read answered with (GetItem, Query, BatchGetItem). */
function itemsRead(call: RecordedCall): { table: string; item: Item }[] {
  const request = JSON.parse(call.body.toString('utf8')) as { TableName?: string };
  const answer = JSON.parse(call.response.toString('utf8')) as {
    Item?: Item;
    Items?: Item[];
    Responses?: Record<string, Item[]>;
  };
  const table = request.TableName ?? '';
  return [
    ...(answer.Item ? [{ table, item: answer.Item }] : []),
    ...(answer.Items ?? []).map((item) => ({ table, item })),
    ...Object.entries(answer.Responses ?? {}).flatMap(([t, items]) =>
      items.map((item) => ({ table: t, item })),
    ),
  ];
}

export interface PathFloor {
  /** e.g. 'no-op + 2 DynamoDB calls' */
  name: string;
  /** the recorded sequence, described */
  sequence: string;
  calls: number;
  floor: (i: number) => Promise<boolean>;
  /**
   * With `sdk`: the same calls (fresh ids of their own) through the AWS SDK's DynamoDBClient, without the
   * gateway: what the SDK's own work (serialising, signing, parsing) adds to the raw calls.
   */
  sdkCalls?: (i: number) => Promise<boolean>;
  /** the floor's parts, per measured call (the last `measured` of them are the measured rounds') */
  noopMs: number[];
  replayMs: number[];
}

/**
 * The floor of a path from its recorded calls. `fresh`, for a path that writes: `count` replays, each with
 * fresh ids (every UUID and Stripe id of the recorded requests, and `ids`) and the items the path read put
 * beforehand under them.
 */
export async function pathFloor(o: {
  apiUrl: string;
  dynamo: RawDynamo;
  calls: RecordedCall[];
  /** the i-th API request, whose method, headers and body the no-op request takes */
  request: (i: number) => ApiRequest;
  fresh?: { count: number; ids?: readonly string[] };
  sdk?: DynamoDBClient;
}): Promise<PathFloor> {
  const { calls, dynamo } = o;
  const count = o.fresh ? o.fresh.count : 0;
  const waits = waitsFor(calls);
  const bodies = calls.map((c) => c.body.toString('utf8'));
  let replays: string[][] = [bodies];
  if (o.fresh) {
    const ids = new Set<string>(o.fresh.ids ?? []);
    for (const b of bodies) for (const m of b.matchAll(UUID)) ids.add(m[0]);
    for (const b of bodies) for (const m of b.matchAll(STRIPE_ID)) ids.add(m[0]);
    const pattern = new RegExp(
      [...ids].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'),
      'g',
    );
    const reads = calls.filter((c) => READS.has(OP(c.target))).flatMap(itemsRead);
    replays = [];
    const puts: { table: string; item: string }[] = [];
    // The SDK's calls take fresh ids of their own: those of [count, 2 count).
    for (let i = 0; i < (o.sdk ? 2 : 1) * o.fresh.count; i++) {
      const map = new Map([...ids].map((id) => [id, freshId(id)]));
      const swap = (text: string) => text.replace(pattern, (id) => map.get(id) as string);
      replays.push(bodies.map(swap));
      const seen = new Set<string>();
      for (const r of reads) {
        const before = JSON.stringify(r.item);
        const after = swap(before);
        // Items whose key holds none of the ids (the style catalogue) are read as they are.
        const key = JSON.stringify([(JSON.parse(after) as Item).pk, (JSON.parse(after) as Item).sk]);
        if (after === before || seen.has(key)) continue;
        seen.add(key);
        puts.push({ table: r.table, item: after });
      }
    }
    for (let k = 0; k < puts.length; k += 25) {
      const chunk = puts.slice(k, k + 25);
      const byTable: Record<string, { PutRequest: { Item: Item } }[]> = {};
      for (const p of chunk) {
        const puts = byTable[p.table] ?? [];
        puts.push({ PutRequest: { Item: JSON.parse(p.item) as Item } });
        byTable[p.table] = puts;
      }
      const res = await dynamo.send(
        'DynamoDB_20120810.BatchWriteItem',
        JSON.stringify({ RequestItems: byTable }),
      );
      const unprocessed = (JSON.parse(res.body.toString('utf8')) as { UnprocessedItems?: object })
        .UnprocessedItems;
      if (res.status !== 200 || (unprocessed && Object.keys(unprocessed).length))
        throw new Error(
          `the floor's items were not put: ${res.status} ${res.body.toString('utf8').slice(0, 300)}`,
        );
    }
  }
  const targets = calls.map((c) => c.target);
  const ops = targets.map(OP);
  const noopUrl = new URL(BENCH_NOOP_PATH, o.apiUrl).toString();
  const noopMs: number[] = [];
  const replayMs: number[] = [];
  const replayOf = (i: number): string[] => {
    const sent = replays[o.fresh ? i : 0];
    if (!sent) throw new Error(`no fresh replay ${i}: ${replays.length} prepared`);
    return sent;
  };
  const floor = async (i: number): Promise<boolean> => {
    const sent = replayOf(i);
    const t = performance.now();
    const noop = await apiCall({ ...o.request(i), url: noopUrl });
    const t1 = performance.now();
    const sentOk = await replay(waits, (k) =>
      dynamo.send(targets[k] as string, sent[k] as string).then((r) => r.status === 200),
    );
    const t2 = performance.now();
    noopMs.push(t1 - t);
    replayMs.push(t2 - t1);
    return noop && sentOk;
  };
  const sdk = o.sdk;
  const sdkCalls = sdk
    ? (i: number): Promise<boolean> => {
        const inputs = replayOf(count + i).map((b) => JSON.parse(b) as object);
        return replay(waits, (k) =>
          sdk.send(sdkCommand(ops[k] as string, inputs[k] as object)).then(
            () => true,
            () => false,
          ),
        );
      }
    : undefined;
  return {
    name: `no-op + ${calls.length} DynamoDB call${calls.length === 1 ? '' : 's'}`,
    sequence: describeCalls(calls),
    calls: calls.length,
    floor,
    ...(sdkCalls ? { sdkCalls } : {}),
    noopMs,
    replayMs,
  };
}

/** Sends call k once the calls it waited for answered; true when every one succeeded. */
async function replay(waits: readonly number[][], send: (k: number) => Promise<boolean>): Promise<boolean> {
  const done: Promise<boolean>[] = [];
  for (let k = 0; k < waits.length; k++) {
    const before = (waits[k] as number[]).map((j) => done[j] as Promise<boolean>);
    done.push(before.length ? Promise.all(before).then(() => send(k)) : send(k));
  }
  return (await Promise.all(done)).every(Boolean);
}

// The SDK's commands for the operations the paths make; their inputs are the wire's JSON.
const SDK_COMMANDS = {
  GetItem: GetItemCommand,
  BatchGetItem: BatchGetItemCommand,
  Query: QueryCommand,
  Scan: ScanCommand,
  PutItem: PutItemCommand,
  UpdateItem: UpdateItemCommand,
  DeleteItem: DeleteItemCommand,
  BatchWriteItem: BatchWriteItemCommand,
  TransactWriteItems: TransactWriteItemsCommand,
  TransactGetItems: TransactGetItemsCommand,
} as const;

function sdkCommand(op: string, input: object) {
  const Command = SDK_COMMANDS[op as keyof typeof SDK_COMMANDS] as
    | (new (
        input: object,
      ) => GetItemCommand)
    | undefined;
  if (!Command) throw new Error(`no SDK command for ${op}`);
  // Each command gets the input its own operation recorded (typed as GetItem's only to send it).
  return new Command(input);
}

/** Where an API call's time went: the gateway's times of its invocation, the recorder's of its DynamoDB calls. */
export interface CallParts {
  /** the request sent to its handler called: the client, the gateway in */
  gatewayInMs: number;
  /** the handler called to its answer */
  handlerMs: number;
  /** the handler called to its first DynamoDB call: middlewares, the session token's check, the SDK's work */
  beforeMs: number;
  /** DynamoDB calls, as the recorder saw them (overlapping ones counted once) */
  dynamoMs: number;
  /** between DynamoDB calls, none in flight: our code, the SDK's, other services (mail, queue) */
  betweenMs: number;
  /** the last DynamoDB answer to the handler's answer: the answer's shape, other services */
  afterMs: number;
  /** the handler's answer to the response read: the gateway out, the client */
  gatewayOutMs: number;
  /**
   * HTTP calls to other services (the queue, Stripe) while the handler ran, overlapping ones counted once;
   * they run beside DynamoDB calls or between them
   */
  otherMs: number;
}

/** The time the intervals cover, overlaps counted once, within [from, to]. */
function covered(intervals: readonly { start: number; end: number }[], from: number, to: number): number {
  let total = 0;
  let reach = from;
  for (const iv of [...intervals].sort((a, b) => a.start - b.start)) {
    const start = Math.max(iv.start, reach);
    const end = Math.min(iv.end, to);
    if (end > start) total += end - start;
    reach = Math.max(reach, iv.end);
  }
  return total;
}

/**
 * Wraps an API call so that each one's parts are kept; `close()` when the path is measured. `dynamoHosts`:
 * the host:port of the recorder and of DynamoDB Local, whose HTTP calls are not another service's.
 */
export function timedApi(
  recorder: DynamoRecorder,
  dynamoHosts: readonly string[],
  api: (i: number) => Promise<boolean>,
): { api: (i: number) => Promise<boolean>; parts: CallParts[]; close(): void } {
  const parts: CallParts[] = [];
  let invocation: GatewayTiming | null = null;
  let others: { start: number; end: number }[] = [];
  const onTiming = (t: unknown) => {
    invocation = t as GatewayTiming;
  };
  // From the request's creation (Node 24's channel; 'start' comes once it is written, the only one on Node
  // 20) to its answer's end.
  const seen = new WeakSet<ClientRequest>();
  const onRequest = (message: unknown) => {
    const req = (message as { request: ClientRequest }).request;
    if (seen.has(req) || dynamoHosts.includes(String(req.getHeader('host')))) return;
    seen.add(req);
    const call = { start: performance.now(), end: Number.POSITIVE_INFINITY };
    others.push(call);
    req.once('response', (res) => res.once('end', () => (call.end = performance.now())));
  };
  const channels = ['http.client.request.created', 'http.client.request.start'];
  gatewayTimings.subscribe(onTiming);
  for (const c of channels) subscribe(c, onRequest);
  return {
    parts,
    close: () => {
      gatewayTimings.unsubscribe(onTiming);
      for (const c of channels) unsubscribe(c, onRequest);
    },
    api: async (i) => {
      invocation = null;
      others = [];
      const recording = recorder.record();
      const t0 = performance.now();
      let ok = false;
      try {
        ok = await api(i);
      } finally {
        const t1 = performance.now();
        const calls = recording.stop().filter((c) => c.startedAt >= t0 && c.endedAt <= t1);
        const inv = invocation as GatewayTiming | null;
        const start = inv?.handlerStart ?? t0;
        const end = inv?.handlerEnd ?? t1;
        const dynamoMs = covered(
          calls.map((c) => ({ start: c.startedAt, end: c.endedAt })),
          start,
          end,
        );
        const reach = Math.max(start, ...calls.map((c) => c.endedAt));
        const beforeMs = calls.length ? (calls[0] as RecordedCall).startedAt - start : end - start;
        const afterMs = calls.length ? end - reach : 0;
        parts.push({
          gatewayInMs: start - t0,
          handlerMs: end - start,
          beforeMs,
          dynamoMs,
          betweenMs: end - start - beforeMs - dynamoMs - afterMs,
          afterMs,
          gatewayOutMs: t1 - end,
          otherMs: covered(others, start, end),
        });
      }
      return ok;
    },
  };
}

const p50 = (xs: readonly number[]) =>
  tenths(
    percentile(
      [...xs].sort((a, b) => a - b),
      50,
    ),
  );

/** The p50 of each part of the measured calls (`measured`: the last ones, after the warm-up rounds). */
export function partsP50(parts: readonly CallParts[], floor: PathFloor, measured: number) {
  const api = parts.slice(-measured);
  const of = (k: keyof CallParts) => p50(api.map((p) => p[k]));
  return {
    gatewayInMs: of('gatewayInMs'),
    handlerMs: of('handlerMs'),
    beforeMs: of('beforeMs'),
    dynamoMs: of('dynamoMs'),
    betweenMs: of('betweenMs'),
    afterMs: of('afterMs'),
    gatewayOutMs: of('gatewayOutMs'),
    otherMs: of('otherMs'),
    floorNoopMs: p50(floor.noopMs.slice(-measured)),
    floorCallsMs: p50(floor.replayMs.slice(-measured)),
  };
}

/**
 * "API p50 ms: gateway in 0.6, handler 8.1 (to its first DynamoDB call 2, in DynamoDB 4, between 0, after
 * the last 1.6), gateway out 0.4; floor p50 ms: no-op 1.2, calls replayed 6.3"
 */
export function describeParts(p: ReturnType<typeof partsP50>): string {
  return (
    `API p50 ms: gateway in ${p.gatewayInMs}, handler ${p.handlerMs} (to its first DynamoDB call ` +
    `${p.beforeMs}, in DynamoDB ${p.dynamoMs}, between calls ${p.betweenMs}, after the last ${p.afterMs}` +
    `${p.otherMs ? `; other services ${p.otherMs}, beside or between` : ''}), ` +
    `gateway out ${p.gatewayOutMs}; floor p50 ms: no-op ${p.floorNoopMs}, calls replayed ${p.floorCallsMs}`
  );
}
