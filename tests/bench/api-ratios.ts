// `npm run bench:api`: the API paths' budgets on our own code. Each path is measured one request at a time,
// interleaved in the same rounds (paired.ts) with its own floor: one request through the same local API
// gateway to its no-op route, plus the DynamoDB calls that path makes, recorded from a warm call by a
// recording proxy in front of DynamoDB Local and replayed raw (api-floor.ts; a path that writes gets fresh
// ids per replay, so each replayed transaction succeeds). The floor holds the gateway's and DynamoDB Local's
// own cost, so the ratio is what our code adds: p50 <= 1.3x and p99 <= 1.6x for GET /user_info, a user's
// tasks (first page of 200 and ?limit=200), GET /photos with 20 photos, the Stripe webhook's pack credit, a
// create of 10 styles and a team dashboard's first page (50 members). Each path prints its DynamoDB calls and
// where its time went (before, in, between and after its DynamoDB calls, from the recorder's times) beside
// the floor's two parts. Exits 1 on any miss, or any API or floor call that failed.
// Counts: `npm run bench:api -- --rounds 3 --per-round 10 --warm-rounds 1 --members 50`; some paths only:
// `-- --paths user-info,team` (of user-info, user-tasks, photos, webhook, create, team).
import './quiet-logs.ts';
import { parseArgs } from 'node:util';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { PurgeQueueCommand, SQSClient } from '@aws-sdk/client-sqs';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { createS3Client } from '#platform/s3/client.ts';
import type { Style } from '#shared/api-schemas.ts';
import type { DynamoRecorder } from '../../infra/local/dynamodb-recorder.ts';
import { startLocalStack } from '../../infra/local/stack.ts';
import { createLocalAccount } from '../support/local-account.ts';
import {
  type ApiRequest,
  type CallParts,
  describeParts,
  type PathFloor,
  partsP50,
  pathFloor,
  rawDynamo,
  recordCall,
  timedApi,
} from './api-floor.ts';
import { pairCountOptions, pairCounts } from './api-latency.ts';
import { benchCall } from './bench-api.ts';
import { type Budget, reportBudgets } from './budgets.ts';
import { createBody, creator, galleryOwner } from './generation.ts';
import { apiCall, describePair, type Paired, paired, pairedBudgets } from './paired.ts';
import { fullPhotoAccount } from './photos.ts';
import { seedTeam } from './teams.ts';
import { paidSessions, signedDelivery } from './webhook-load.ts';

/** Each path's ratios to its floor, one request at a time. */
export const OWN_CODE_BUDGETS = { p50: 1.3, p99: 1.6 } as const;

const PATHS = ['user-info', 'user-tasks', 'photos', 'webhook', 'create', 'team'] as const;
type PathKey = (typeof PATHS)[number];

const { values } = parseArgs({
  options: {
    ...pairCountOptions,
    members: { type: 'string', default: '50' },
    paths: { type: 'string', default: PATHS.join(',') },
  },
  allowPositionals: true,
});
const counts = pairCounts(values);
const MEMBERS = Number(values.members);
const chosen = new Set(values.paths.split(',').map((p) => p.trim()));
for (const p of chosen)
  if (!PATHS.includes(p as PathKey)) throw new Error(`No path ${p}: ${PATHS.join(', ')}`);
/** API calls (and floor calls) per path, warm-up rounds included */
const TOTAL = (counts.warmRounds + counts.rounds) * counts.perRound;
const MEASURED = counts.rounds * counts.perRound;

// The bench creates hundreds of avatars in a minute, past the daily provider caps.
process.env.PROVIDER_DAILY_CAP_PER_ACCOUNT ??= '1000000';
process.env.PROVIDER_DAILY_CAP_TOTAL ??= '10000000';
const stack = await startLocalStack({
  trustForwardedFor: true,
  generationWorkers: false,
  dynamoRecorder: true,
  benchNoopRoute: true,
});
const recorder = stack.dynamoRecorder as DynamoRecorder;
const db = createDocumentClient(stack.dynamoEndpoint);
const s3 = createS3Client(stack.s3Endpoint);
const sqs = new SQSClient({
  endpoint: stack.sqsEndpoint,
  region: 'eu-west-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const dynamo = rawDynamo(recorder.endpoint);
// The functions' own client, as createDocumentClient builds it, for the floor's calls through the SDK.
const sdk = new DynamoDBClient({
  endpoint: recorder.endpoint,
  region: 'eu-west-1',
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});
const DYNAMO_HOSTS = [new URL(recorder.endpoint).host, new URL(stack.dynamoEndpoint).host];
const SDK_SERIES = 'calls via the SDK';

interface PathFigures {
  path: string;
  pair: Paired;
  floor: PathFloor;
  parts: CallParts[];
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const get = (path: string, token: string): ApiRequest => ({
  url: `${stack.apiUrl}${path}`,
  method: 'GET',
  headers: bearer(token),
});

/**
 * One path: a warm-up call (`warm`; default the first request), one call recorded (`record`, which may keep
 * the answer; default the first request), the floor built from it, then the pair. `writes`: the path writes,
 * so each floor replay gets fresh ids (and `ids()`, read once the recorded call answered).
 */
async function measure(
  path: string,
  request: (i: number) => ApiRequest,
  o: {
    warm?: () => Promise<unknown>;
    record?: () => Promise<boolean>;
    writes?: { ids?: () => string[] };
  } = {},
): Promise<PathFigures> {
  if (o.warm) await o.warm();
  else await apiCall(request(0));
  const calls = await recordCall(recorder, o.record ?? (() => apiCall(request(0))));
  const floor = await pathFloor({
    apiUrl: stack.apiUrl,
    dynamo,
    calls,
    request,
    sdk,
    ...(o.writes ? { fresh: { count: TOTAL, ids: o.writes.ids?.() ?? [] } } : {}),
  });
  const timed = timedApi(recorder, DYNAMO_HOSTS, (i) => apiCall(request(i)));
  let pair: Paired;
  try {
    pair = await paired(
      floor.name,
      counts,
      floor.floor,
      timed.api,
      floor.sdkCalls ? { [SDK_SERIES]: floor.sdkCalls } : {},
    );
  } finally {
    timed.close();
  }
  const parts = partsP50(timed.parts, floor, MEASURED);
  const viaSdk = pair.also?.[SDK_SERIES];
  console.log(`  ${describePair(path, pair)}`);
  console.log(`    its DynamoDB calls: ${floor.sequence}`);
  console.log(`    ${describeParts(parts)}`);
  if (viaSdk)
    console.log(
      `    the same calls through the AWS SDK's DynamoDBClient, no gateway: p50 ${viaSdk.p50Ms} ms, p99 ` +
        `${viaSdk.p99Ms} ms (raw p50 ${parts.floorCallsMs} ms)${viaSdk.failures ? `, ${viaSdk.failures} failed` : ''}`,
    );
  return { path, pair, floor, parts: timed.parts };
}

/** Accounts that create avatars: consent, two photos, tokens; and the catalogue's first 10 styles. */
let creatorsMade: Promise<{ creators: string[]; ten: Style[] }> | null = null;
const withCreators = () => {
  creatorsMade ??= (async () => {
    const creators = await Promise.all(Array.from({ length: 10 }, () => creator(stack, db, 100_000)));
    const { styles } = await benchCall<{ styles: Style[] }>(
      stack,
      'GET',
      '/aivatar/styles',
      creators[0] as string,
    );
    return { creators, ten: styles.slice(0, 10) };
  })();
  return creatorsMade;
};

const paths: Record<PathKey, () => Promise<PathFigures[]>> = {
  'user-info': async () => {
    const user = await createLocalAccount(stack, `bench-api-${Date.now().toString(36)}@example.test`);
    return [await measure('GET /user_info', () => get('/user_info', user))];
  },

  // A user's tasks: 200 finished ones.
  'user-tasks': async () => {
    const { ten } = await withCreators();
    const gallery = await galleryOwner(stack, db, sqs, ten);
    console.log(`  (a gallery of ${gallery.tasks} finished tasks)`);
    return [
      await measure('GET /aivatar/user-tasks first page', () => get('/aivatar/user-tasks', gallery.token)),
      await measure('GET /aivatar/user-tasks?limit=200', () =>
        get('/aivatar/user-tasks?limit=200', gallery.token),
      ),
    ];
  },

  photos: async () => {
    const owner = await fullPhotoAccount(stack);
    return [await measure('GET /photos, 20 photos', () => get('/photos', owner))];
  },

  // The Stripe webhook: a pack purchase credited, a new paid session each delivery (two more: the warm
  // call's and the recorded one's), round robin over accounts.
  webhook: async () => {
    const perUser = 5;
    const byUser = await paidSessions(stack, Math.ceil((TOTAL + 2) / perUser), perUser);
    const payloads = Array.from({ length: perUser }, (_, k) =>
      byUser.map((events) => events[k] as string),
    ).flat();
    const delivery = (payload: string): ApiRequest => signedDelivery(stack, payload);
    return [
      await measure('POST /stripe/webhook, pack credit', (i) => delivery(payloads[i + 2] as string), {
        warm: () => apiCall(delivery(payloads[0] as string)),
        record: () => apiCall(delivery(payloads[1] as string)),
        writes: {},
      }),
    ];
  },

  // A create of 10 styles, the accounts in turn; nothing consumes the queue meanwhile.
  create: async () => {
    const { creators, ten } = await withCreators();
    const create = (token: string): ApiRequest => ({
      url: `${stack.apiUrl}/aivatar/create_tasks_batch`,
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: createBody(ten),
    });
    let batchId = '';
    const figures = await measure(
      `POST create_tasks_batch, ${ten.length} styles`,
      (i) => create(creators[i % creators.length] as string),
      {
        record: async () => {
          const req = create(creators[0] as string);
          const res = await fetch(req.url, req);
          batchId = ((await res.json()) as { batch_id: string }).batch_id;
          return res.ok;
        },
        // The batch id (the task ids are made from it); the account, ledger entry and request token are UUIDs.
        writes: { ids: () => [batchId] },
      },
    );
    await sqs.send(new PurgeQueueCommand({ QueueUrl: stack.taskQueues.queueUrl }));
    return [figures];
  },

  // A team dashboard's first page.
  team: async () => {
    const team = await seedTeam(stack, db, s3, MEMBERS);
    return [
      await measure(`GET /teams/{id}/members, ${MEMBERS} members`, () =>
        get(`/teams/${team.teamId}/members`, team.token),
      ),
    ];
  },
};

try {
  console.log(
    `\nAPI paths, one request at a time, each interleaved with its floor (a no-op request through the local ` +
      `gateway + the path's DynamoDB calls replayed raw); ${counts.rounds} rounds of ${counts.perRound}`,
  );
  const results: PathFigures[] = [];
  for (const key of PATHS) if (chosen.has(key)) results.push(...(await paths[key]()));
  const budgets: Budget[] = results.flatMap((r) => pairedBudgets(r.path, r.pair, OWN_CODE_BUDGETS));
  process.exitCode = reportBudgets(budgets);
} catch (e) {
  console.error('bench:api failed:', (e as Error).stack);
  process.exitCode = 1;
} finally {
  dynamo.destroy();
  sdk.destroy();
  db.destroy();
  s3.destroy();
  sqs.destroy();
  await stack.stop();
}
