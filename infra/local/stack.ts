// The whole product on this machine: DynamoDB Local, the S3-compatible server, the SQS stand-in, the API
// (same Lambda handlers behind a local API Gateway), the built SPA and the mail outbox. Used by `npm start`
// and the tests.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { apiRoutes } from '#shared/api-routes.ts';
import { BUCKETS } from '#shared/table-design.ts';
import { seedStyleCatalogue } from '../../functions/styles/domain/seed.ts';
import { DynamoStyleStore } from '../../functions/styles/dynamodb/style-store.ts';
import { LEFTOVER_TEMP, writeFileDurably } from './durable-file.ts';
import { ensureTable, startDynamoLocal } from './dynamodb.ts';
import { startCommitBarrier } from './dynamodb-commit-barrier.ts';
import { type DynamoRecorder, startDynamoRecorder } from './dynamodb-recorder.ts';
import { startGoogleStandIn } from './google-stand-in.ts';
import { freePort } from './ports.ts';
import { startApiRole, startWorkersRole } from './roles.ts';
import { startS3Local } from './s3.ts';
import { startSqsLocal } from './sqs/server.ts';
import { LOCAL_PRICE_IDS } from './stripe/prices.ts';
import { startLocalStripe } from './stripe/server.ts';
import { createPrivacyJobQueues, createTaskQueues, type LocalTaskQueues } from './task-queues.ts';
import { LOCAL_TASK_TIMINGS, type LocalTaskTiming, taskTimingEnvironment } from './task-timing.ts';
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
  /**
   * The API and the generation workers each in a child process, started again when it dies (`npm start`);
   * default false: in this process, where tests can reach them.
   */
  roleProcesses?: boolean;
  /** How long tasks may take (task-timing.ts); default the standard local profile. */
  taskTiming?: LocalTaskTiming;
  /** The privacy job function on its queue, and its sweep; default true. */
  privacyJobWorkers?: boolean;
  /**
   * Benches only: the functions reach DynamoDB Local through a recording proxy (dynamodb-recorder.ts),
   * `LocalStack.dynamoRecorder`; default false.
   */
  dynamoRecorder?: boolean;
  /**
   * Benches only: the local gateway also serves `ANY /_bench/noop` (api-gateway.ts), a route that answers
   * 200 without running any function, never in AWS nor in the route table; default false.
   */
  benchNoopRoute?: boolean;
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
  /** With `dynamoRecorder`: the proxy the functions reach DynamoDB Local through. */
  dynamoRecorder?: DynamoRecorder;
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

/** A secret kept in the data folder; written whole or not at all, so a crash never leaves half of one. */
async function persistentSecret(file: string): Promise<string> {
  const kept = existsSync(file) ? (await readFile(file, 'utf8')).trim() : '';
  if (kept) return kept;
  const secret = randomBytes(48).toString('base64url');
  await writeFileDurably(file, secret, 0o600);
  return secret;
}

export async function startLocalStack(o: LocalStackOptions = {}): Promise<LocalStack> {
  const dataDir = o.dataDir ? resolve(o.dataDir) : await mkdtemp(join(tmpdir(), 'aivatar-'));
  await mkdir(join(dataDir, 'dynamodb'), { recursive: true });
  // A run killed while it wrote a file whole (durable-file.ts) leaves its temporary copy: never read.
  for (const name of await readdir(dataDir)) {
    if (LEFTOVER_TEMP.test(name)) await rm(join(dataDir, name), { force: true });
  }
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
    // On disk, the functions reach it through the commit barrier (dynamodb-commit-barrier.ts), so a
    // transaction it acknowledged survives a kill -9; in memory a crash loses everything anyway.
    let functionsDynamo = dynamo.endpoint;
    if (o.dataDir) {
      const barrier = await startCommitBarrier(dynamo.endpoint);
      stops.push(barrier.stop);
      functionsDynamo = barrier.endpoint;
    }
    let recorder: DynamoRecorder | undefined;
    if (o.dynamoRecorder) {
      recorder = await startDynamoRecorder(functionsDynamo);
      stops.push(recorder.stop);
      functionsDynamo = recorder.endpoint;
    }
    await ensureTable(dynamo.endpoint, LOCAL_TABLE);
    const styleDb = createDocumentClient(dynamo.endpoint);
    const seeded = await seedStyleCatalogue(new DynamoStyleStore(styleDb, LOCAL_TABLE));
    styleDb.destroy();
    const s3 = await startS3Local(o.s3Port || 0, join(dataDir, 's3'), Object.values(BUCKETS));
    stops.push(s3.stop);
    // With a data folder the queues are kept there, so messages in flight at a crash come back (sqs/journal.ts).
    const sqs = await startSqsLocal(o.sqsPort || 0, o.dataDir ? { dataDir: join(dataDir, 'sqs') } : {});
    stops.push(sqs.stop);
    const timing = o.taskTiming ?? LOCAL_TASK_TIMINGS.standard;
    const taskQueues = await createTaskQueues(sqs, 'aivatar-local', timing.visibilityTimeoutSeconds);
    const privacyJobQueues = await createPrivacyJobQueues(sqs, 'aivatar-local');

    // The API listens first and serves once the web origin is known; nothing calls it before this returns.
    const separate = o.roleProcesses ?? false;
    const api = await startApiRole(o.apiPort || 0, separate);
    stops.push(api.stop);
    const apiUrl = `http://localhost:${api.port}`;
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
    const env: Record<string, string> = {
      STAGE: 'local',
      AWS_REGION: 'eu-west-1',
      TABLE_NAME: LOCAL_TABLE,
      WEB_URL: webUrl,
      MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
      MAIL_TRANSPORT: 'outbox',
      OUTBOX_DIR: outboxDir,
      JWT_SECRET: await persistentSecret(join(dataDir, 'jwt-secret')),
      DYNAMODB_ENDPOINT: functionsDynamo,
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
      ...taskTimingEnvironment(timing),
    };
    // Also here, for the tests and tools that read them from this process.
    Object.assign(process.env, env);
    await api.configure(env, {
      outboxDir,
      trustForwardedFor: o.trustForwardedFor ?? false,
      benchNoopRoute: o.benchNoopRoute ?? false,
    });
    // The avatar worker, the dead-letter handler and the sweeper (the local renderer draws without a key),
    // and the account deletions and data exports (functions/privacy).
    const generation = o.generationWorkers ?? true;
    const privacy = o.privacyJobWorkers ?? true;
    if (generation || privacy) {
      const workers = await startWorkersRole(
        env,
        {
          sqsEndpoint: sqs.endpoint,
          ...(generation ? { generation: { queues: taskQueues, timing } } : {}),
          ...(privacy ? { privacyJobs: privacyJobQueues } : {}),
        },
        separate,
      );
      stops.push(workers.stop);
    }
    return {
      webUrl,
      apiUrl,
      outboxDir,
      dynamoEndpoint: dynamo.endpoint,
      dynamoLoopbackOnly: dynamo.loopbackOnly,
      ...(recorder ? { dynamoRecorder: recorder } : {}),
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
