// The whole product on this machine: DynamoDB Local, the S3-compatible server, the SQS stand-in, the API
// (same Lambda handlers behind a local API Gateway), the built SPA and the mail outbox. Used by `npm start`
// and the tests.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { DynamoStyleStore } from '../../functions/adapters/dynamodb/style-store.ts';
import { seedStyleCatalogue } from '../../functions/domain/styles/seed.ts';
import { apiRoutes, type LambdaGroup } from '../../shared/api-routes.ts';
import { BUCKETS } from '../../shared/table-design.ts';
import { handlerEntry } from '../function-entries.ts';
import { createGateway, type LambdaHandler } from './api-gateway.ts';
import { ensureTable, startDynamoLocal } from './dynamodb.ts';
import { startGenerationWorkers } from './generation-workers.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import { outboxRoutes } from './outbox-routes.ts';
import { freePort } from './ports.ts';
import { startPrivacyJobWorkers } from './privacy-job-workers.ts';
import { startS3Local } from './s3.ts';
import { startSqsLocal } from './sqs/server.ts';
import { LOCAL_PRICE_IDS } from './stripe/prices.ts';
import { startLocalStripe } from './stripe/server.ts';
import { createPrivacyJobQueues, createTaskQueues, type LocalTaskQueues } from './task-queues.ts';
import { startWebServer } from './web-server.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');
export const LOCAL_TABLE = 'aivatar-local';

export interface LocalStackOptions {
  /** Keeps data across restarts; without it DynamoDB is in memory and files go to a temp folder. */
  dataDir?: string;
  /** 0 or absent: any free port. */
  webPort?: number;
  apiPort?: number;
  dynamoPort?: number;
  s3Port?: number;
  sqsPort?: number;
  /** the local stand-in for Google */
  googlePort?: number;
  stripePort?: number;
  /** The secret webhook deliveries are signed with (`whsec_…`); a new one (kept in the data folder) by default. */
  stripeWebhookSecret?: string;
  /** The built SPA; no web server when absent. */
  webDist?: string;
  trustForwardedFor?: boolean;
  adminEmails?: string[];
  /** The avatar worker, dead-letter handler and sweeper; default true (the benchmark drives its own). */
  generationWorkers?: boolean;
  /** The privacy job function on its queue, and its sweep; default true. */
  privacyJobWorkers?: boolean;
}

export interface LocalStack {
  webUrl: string;
  apiUrl: string;
  outboxDir: string;
  dynamoEndpoint: string;
  /** false when DynamoDB Local listens on every interface (no JDK to build the loopback launcher). */
  dynamoLoopbackOnly: boolean;
  s3Endpoint: string;
  sqsEndpoint: string;
  taskQueues: LocalTaskQueues;
  /** account deletions and data exports */
  privacyJobQueues: LocalTaskQueues;
  tableName: string;
  /** Styles the catalogue added at this start (none when they were seeded before). */
  seededStyles: string[];
  /** the local stand-in for Google (an OpenID provider) */
  googleIssuer: string;
  /** The local Stripe-compatible server: its API address, its API key and the webhook signing secret. */
  stripe: { url: string; pageUrl: string; secretKey: string; webhookSecret: string; webhookUrl: string };
  stop(): Promise<void>;
}

const closeServer = (s: Server): Promise<void> =>
  new Promise((r) => {
    s.closeAllConnections();
    s.close(() => r());
  });

async function persistentSecret(file: string): Promise<string> {
  if (existsSync(file)) return (await readFile(file, 'utf8')).trim();
  const secret = randomBytes(48).toString('base64url');
  await writeFile(file, secret, { mode: 0o600 });
  return secret;
}

const listen = (server: Server, port: number): Promise<number> =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

export async function startLocalStack(o: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = o.dataDir ? resolve(o.dataDir) : await mkdtemp(join(tmpdir(), 'aivatar-'));
  await mkdir(join(dataDir, 'dynamodb'), { recursive: true });
  const outboxDir = join(dataDir, 'outbox');

  const stops: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => undefined);
    if (!o.dataDir) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    // Every server binds the port it is given, or port 0 and reports the one it got: no port is picked
    // first and bound later, when another process may have taken it.
    const dynamo = await startDynamoLocal({
      port: o.dynamoPort || 0,
      ...(o.dataDir ? { dataDir: join(dataDir, 'dynamodb') } : {}),
    });
    stops.push(dynamo.stop);
    await ensureTable(dynamo.endpoint, LOCAL_TABLE);
    const styleDb = createDocumentClient(dynamo.endpoint);
    const seeded = await seedStyleCatalogue(new DynamoStyleStore(styleDb, LOCAL_TABLE));
    styleDb.destroy();
    const s3 = await startS3Local(o.s3Port || 0, join(dataDir, 's3'), Object.values(BUCKETS));
    stops.push(s3.stop);
    // Queues live in memory: a restart loses queued messages, and the tasks they named are left to the
    // sweeper, as in AWS when a message is lost.
    const sqs = await startSqsLocal(o.sqsPort || 0);
    stops.push(sqs.stop);
    const taskQueues = await createTaskQueues(sqs, 'aivatar-local');
    const privacyJobQueues = await createPrivacyJobQueues(sqs, 'aivatar-local');

    // The functions need the web origin (WEB_URL: links in mails, CORS), known once the web server listens:
    // the gateway is made then; nothing calls the API before this function returns.
    let gateway: ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined;
    const outbox = outboxRoutes(outboxDir);
    const api = createServer((req, res) => {
      outbox(req, res)
        .then((done) => {
          if (done) return;
          if (gateway) return gateway(req, res);
          res.writeHead(503).end();
        })
        .catch((e) => {
          console.error('[local api]', e);
          if (!res.headersSent) res.writeHead(500).end();
        });
    });
    const apiUrl = `http://localhost:${await listen(api, o.apiPort || 0)}`;
    stops.push(() => closeServer(api));
    const stripe = await startLocalStripe({
      port: o.stripePort || 0,
      webhookUrl: `${apiUrl}/stripe/webhook`,
      webhookSecret:
        o.stripeWebhookSecret ??
        (o.dataDir ? `whsec_${await persistentSecret(join(dataDir, 'stripe-webhook-secret'))}` : undefined),
      ...(o.dataDir
        ? {
            secretKey: `sk_test_local_${await persistentSecret(join(dataDir, 'stripe-secret-key'))}`,
            dataFile: join(dataDir, 'stripe.json'),
          }
        : {}),
    });
    stops.push(stripe.stop);

    let webUrl: string;
    if (o.webDist) {
      const web = await startWebServer(
        o.webDist,
        o.webPort || 0,
        { apiUrl },
        { mediaOrigin: new URL(s3.endpoint).origin },
      );
      stops.push(() => closeServer(web));
      webUrl = `http://localhost:${(web.address() as AddressInfo).port}`;
    } else {
      // No server: the address only appears in links of emails.
      webUrl = `http://localhost:${o.webPort || (await freePort())}`;
    }
    await s3.allowBrowserOrigin(webUrl);

    const google = await startGoogleStandIn({
      port: o.googlePort || 0,
      redirectUri: new URL(apiRoutes.googleCallback.path, apiUrl).toString(),
    });
    stops.push(google.stop);

    // The functions read their settings from the environment, exactly as in Lambda.
    Object.assign(process.env, {
      STAGE: 'local',
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: LOCAL_TABLE,
      WEB_URL: webUrl,
      MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
      MAIL_TRANSPORT: 'outbox',
      OUTBOX_DIR: outboxDir,
      JWT_SECRET: await persistentSecret(join(dataDir, 'jwt-secret')),
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      MEDIA_BUCKET: BUCKETS.media,
      S3_ENDPOINT: s3.endpoint,
      SQS_ENDPOINT: sqs.endpoint,
      TASK_QUEUE_URL: taskQueues.queueUrl,
      PRIVACY_JOB_QUEUE_URL: privacyJobQueues.queueUrl,
      ADMIN_EMAILS: (o.adminEmails ?? []).join(','),
      API_URL: apiUrl,
      GOOGLE_OIDC_ISSUER: google.issuer,
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICES: JSON.stringify(LOCAL_PRICE_IDS),
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    });
    const handlers = new Map<LambdaGroup, Promise<LambdaHandler>>();
    const loadHandler = (group: LambdaGroup) => {
      let h = handlers.get(group);
      if (!h) {
        h = import(handlerEntry(group)).then((m: { handler: LambdaHandler }) => m.handler);
        handlers.set(group, h);
      }
      return h;
    };
    gateway = createGateway({
      loadHandler,
      trustForwardedFor: o.trustForwardedFor ?? false,
    });
    // The avatar worker, the dead-letter handler and the sweeper (the local renderer draws without a key).
    if (o.generationWorkers ?? true) {
      const workers = startGenerationWorkers(sqs.endpoint, taskQueues);
      stops.push(workers.stop);
    }
    // Account deletions and data exports (functions/privacy-jobs).
    if (o.privacyJobWorkers ?? true) {
      const jobs = startPrivacyJobWorkers(sqs.endpoint, privacyJobQueues);
      stops.push(jobs.stop);
    }
    return {
      webUrl,
      apiUrl,
      outboxDir,
      dynamoEndpoint: dynamo.endpoint,
      dynamoLoopbackOnly: dynamo.loopbackOnly,
      s3Endpoint: s3.endpoint,
      sqsEndpoint: sqs.endpoint,
      taskQueues,
      privacyJobQueues,
      tableName: LOCAL_TABLE,
      seededStyles: seeded.added,
      googleIssuer: google.issuer,
      stripe: {
        url: stripe.url,
        pageUrl: stripe.pageUrl,
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        webhookUrl: `${apiUrl}/stripe/webhook`,
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
