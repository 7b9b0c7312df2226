// The product on AWS: HTTP API + one Lambda per endpoint group, the DynamoDB table, the session
// signing key, the SES sender, and the SPA on S3 + CloudFront.
import { join } from 'node:path';
import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { GROUP_CONFIG, providerBudgetConfig, taskTimingConfig } from '../functions/config.ts';
import { TASK_TIMING } from '../functions/domain/generation/task-timing.ts';
import { PREFLIGHT_GROUP } from '../shared/api-cors.ts';
import { apiRoutes, type LambdaGroup, servedGroups } from '../shared/api-routes.ts';
import { DEFAULT_RESERVED_CONCURRENCY } from './api-limits.ts';
import { ApiEdge } from './constructs/api-edge.ts';
import { ApiFunction, type ApiFunctionProps, REPO_ROOT } from './constructs/api-function.ts';
import { AvatarGeneration, bindTaskQueue, SEND_TASK_ACTIONS } from './constructs/avatar-generation.ts';
import { DataTable } from './constructs/data-table.ts';
import {
  bindGoogleSignIn,
  bindLinkCookie,
  bindMailSender,
  bindMediaBucket,
  bindOriginSecret,
  bindSessionSigningKey,
  bindStripeApi,
  bindStripeWebhookSecret,
  bindTable,
  GOOGLE_CLIENT_SECRET_ACTIONS,
  type GoogleSignInBinding,
  MEDIA_OBJECT_ACTIONS,
  ORIGIN_SECRET_ACTIONS,
  SEND_MAIL_ACTIONS,
  SESSION_KEY_ACTIONS,
  STRIPE_SECRET_ACTIONS,
  type TableAccess,
  TRACING_ACTIONS,
} from './constructs/function-bindings.ts';
import { ProductApi } from './constructs/http-api.ts';
import { MailSender } from './constructs/mail-sender.ts';
import { MediaBucket, mediaBucketOrigin } from './constructs/media-bucket.ts';
import { Monitoring } from './constructs/monitoring.ts';
import { bindPrivacyJobQueue, PrivacyJobs, SEND_JOB_ACTIONS } from './constructs/privacy-jobs.ts';
import { SpaHosting } from './constructs/spa-hosting.ts';
import { StripeSecrets, stripePriceIds } from './constructs/stripe-secrets.ts';
import { StyleCatalogue } from './constructs/style-catalogue.ts';
import { assertWebBuilt, WebDeployment } from './constructs/web-deployment.ts';
import type { EdgeAcls } from './edge-protection.ts';
import { checkFunctionConcurrency } from './function-concurrency.ts';
import { TASK_QUEUE, timingProblems } from './queue-design.ts';

export type Stage = 'dev' | 'prod';
export const STAGES: readonly Stage[] = ['dev', 'prod'];

export interface GroupNeeds {
  /** MiB; also buys CPU. Default 512. */
  memorySize?: number;
  /** Concurrent executions reserved for the function, which are also its ceiling. */
  reservedConcurrency?: number;
  /** TABLE_NAME, and the exact DynamoDB actions the group's code calls (tests/infra/iam.test.ts checks). */
  table?: TableAccess;
  /** JWT_SECRET_ARN and reading that secret. */
  sessionSigningKey?: true;
  /** MAIL_FROM, and sending from the product's address. */
  mail?: true;
  /** The "Sign in with Google" settings and reading its client secret, where the stage has a Google client. */
  googleSignIn?: true;
  /** The login link's browser cookie: the API's public URL and the cookie's SameSite. */
  linkCookie?: true;
  /** STRIPE_SECRET_KEY_ARN and STRIPE_PRICES, and reading that secret. */
  stripeApi?: true;
  /** STRIPE_WEBHOOK_SECRET_ARN, and reading that secret. */
  stripeWebhookSecret?: true;
  /** MEDIA_BUCKET, and get/put/delete on objects under these key prefixes only. */
  media?: { prefixes: readonly string[] };
  /** Default 10. */
  timeoutSeconds?: number;
  /** Packages installed beside the bundle, not in it (ApiFunctionProps.installedModules). */
  installedModules?: readonly string[];
  /** TASK_QUEUE_URL, and sending avatar task messages to that queue. */
  taskQueue?: true;
  /** The face model beside the bundle (ApiFunctionProps.faceAnalysis). */
  faceAnalysis?: true;
  /** PRIVACY_JOB_QUEUE_URL, and sending privacy job messages (deletions, exports) to that queue. */
  privacyJobQueue?: true;
}

interface GroupResources {
  table: ITable;
  sessionSigningKey: ISecret;
  mail: MailSender;
  googleSignIn: GoogleSignInBinding | null;
  /** Where browsers reach the API (through CloudFront when it fronts the API). */
  publicApiUrl: string;
  stripe: StripeSecrets;
  stripePrices: Record<string, string>;
  media: MediaBucket;
  generation: AvatarGeneration;
  privacyJobs: PrivacyJobs;
  /** The API distribution's header secret, where the API sits behind CloudFront and WAF. */
  originSecret: ISecret | null;
}

/** Reading, writing and updating single items: every group with table access does all three. */
const ITEM_READ_WRITE = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] as const;

/**
 * What each endpoint group's function may touch. A group gets a function once it has a served route;
 * synth fails if that group is missing here, so access is decided when the group is built.
 * Note: functions/config.ts requires MAIL_FROM and MAIL_TRANSPORT of every function today.
 */
export const GROUP_NEEDS: Partial<Record<LambdaGroup, GroupNeeds>> = {
  auth: {
    // scrypt takes 128 MiB per hash, and Lambda's CPU share grows with memory.
    memorySize: 1024,
    // Every signed-in screen calls GET /user_info here.
    reservedConcurrency: 20,
    table: {
      // Get/Put/Update/Query on accounts, links and counters; the sign-up transaction puts, the
      // login-link transaction deletes the link and updates the account (or checks it is active).
      actions: [...ITEM_READ_WRITE, 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
    },
    // The common-password dictionaries (about 1.5 MB), loaded when a password is set.
    installedModules: ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common'],
    sessionSigningKey: true,
    mail: true,
    googleSignIn: true,
    linkCookie: true,
  },
  avatars: {
    // sharp makes the 4K preset (4096 px long side) and the 400x400 one on demand.
    memorySize: 1024,
    timeoutSeconds: 15,
    table: {
      // The session's account, styles, tasks (GetItem, Query); the picked styles (BatchGetItem); the
      // create transaction (account Update, ledger, batch, tasks and idempotency Puts); a task that could
      // not be queued fails with its refund (Update, Put); the batch email setting (Update).
      actions: [...ITEM_READ_WRITE, 'dynamodb:BatchGetItem', 'dynamodb:Query'],
    },
    sessionSigningKey: true,
    // Reads results for downloads, signs their URLs; stores the download sizes made from them and the
    // "download all" ZIPs, and reads both back.
    media: { prefixes: ['results/', 'result-thumbs/', 'result-sizes/', 'archives/'] },
    taskQueue: true,
    installedModules: ['sharp'],
  },
  billing: {
    table: {
      // GetItem: the session's account, the billing account. PutItem: the checkout record, and in the
      // customer transaction the customer map. UpdateItem: the account's customer id and its one
      // subscription checkout.
      actions: [...ITEM_READ_WRITE],
    },
    sessionSigningKey: true,
    stripeApi: true,
  },
  'stripe-webhook': {
    table: {
      // GetItem: checkout, customer map, account, payment. PutItem and UpdateItem: the credit
      // transactions (event id, invoice, ledger entry, payment; checkout, subscription, account), a delayed
      // payment's state, a checkout's email claims. ConditionCheckItem: a delayed payment is recorded only
      // while its checkout is not credited. DeleteItem: the credit ends the payment's pending state.
      actions: [...ITEM_READ_WRITE, 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem'],
    },
    // No session key: Stripe's signature is the caller's proof. The API key reads a subscription's
    // current state and a payment's receipt; the signing secret verifies deliveries.
    stripeApi: true,
    stripeWebhookSecret: true,
    // Each pack's receipt, and the word that a bank refused a debit.
    mail: true,
  },
  account: {
    // scrypt (128 MiB) confirms a deletion.
    memorySize: 1024,
    reservedConcurrency: 5,
    table: {
      // GetItem/PutItem/UpdateItem: the session's account, deletion link, rate counters, a job's record (the
      // deletion's in a transaction with the account's update); Query: the account's latest exports. The
      // work itself is the privacy job function's (infra/constructs/privacy-jobs.ts).
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query'],
    },
    sessionSigningKey: true,
    mail: true,
    // Signs the short-lived download address of a ready export.
    media: { prefixes: ['exports/'] },
    privacyJobQueue: true,
  },
  photos: {
    // Lists photos (signing their URLs), shows one, deletes, hands out upload targets, records consent: no
    // decoding and no face model, so it starts small and answers fast while intake is busy.
    table: {
      // The session's account read, the photo list (Query), the upload-target counter (Put, Update), consent
      // and retention on the account (Update), a delete (conditional Delete).
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // Signs upload targets (uploads/), reads and deletes photos and their thumbnails.
    media: { prefixes: ['uploads/', 'photos/', 'thumbs/'] },
  },
  'photo-intake': {
    // sharp decodes up to 40-megapixel images, and the face check runs a neural network on each photo
    // (docs/faces.md): 2048 MiB buys more than one full vCPU, which both need.
    memorySize: 2048,
    faceAnalysis: true,
    // A confirm checks up to 5 photos.
    timeoutSeconds: 15,
    // Its own instances: a flood of uploads never takes the ones that list and show photos.
    reservedConcurrency: 10,
    table: {
      // The session's account read, the photo list (Query), a photo taking a place with its upload's claim
      // (conditional Put, in a transaction), the claims read back (GetItem), the hourly check counter
      // (Put, Update). DeleteItem: the photo store's delete is in the bundle (tests/infra/iam.test.ts reads
      // the code), though no intake route deletes a photo record.
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // Reads and discards the browser's uploads, stores the checked photo and its thumbnail.
    media: { prefixes: ['uploads/', 'photos/', 'thumbs/'] },
    installedModules: ['sharp'],
  },
  'admin-styles': {
    // A style picture is decoded like a photo (up to 40 megapixels).
    memorySize: 2048,
    timeoutSeconds: 15,
    table: {
      // The session's account and a style as stored (GetItem), the styles and the audit log (Query), the id
      // counter (UpdateItem), each change with its audit entry (a transaction of Put/Delete) and the seed
      // claims of imported catalogue styles (PutItem).
      actions: [...ITEM_READ_WRITE, 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // The admin's browser upload (uploads/<adminId>/...) and the checked pictures every screen shows.
    media: { prefixes: ['uploads/', 'style-images/'] },
    installedModules: ['sharp'],
  },
};

/** A served group's GROUP_NEEDS entry: synth fails without one. */
function groupNeeds(group: LambdaGroup): GroupNeeds {
  const needs = GROUP_NEEDS[group];
  if (!needs) {
    throw new Error(`Group ${group} has served routes but no entry in GROUP_NEEDS (infra/aivatar-stack.ts)`);
  }
  return needs;
}

/**
 * The function a group gets from its GROUP_NEEDS entry: its code, bundle and settings (what it may touch is
 * bound by the stack). tests/infra/bundles.test.ts bundles the functions it reads from these alone.
 */
export function groupFunctionProps(
  group: LambdaGroup,
  stage: Stage,
  environment: Record<string, string>,
): ApiFunctionProps {
  const needs = groupNeeds(group);
  return {
    group,
    stage,
    environment,
    reservedConcurrency: needs.reservedConcurrency ?? DEFAULT_RESERVED_CONCURRENCY,
    ...(needs.memorySize ? { memorySize: needs.memorySize } : {}),
    ...(needs.timeoutSeconds ? { timeoutSeconds: needs.timeoutSeconds } : {}),
    ...(needs.installedModules ? { installedModules: needs.installedModules } : {}),
    ...(needs.faceAnalysis ? { faceAnalysis: true } : {}),
    // Every API group is traced (functions/http/group-handler.ts runs the Tracer).
    traced: true,
  };
}

/**
 * Every IAM action a group's function is granted beyond writing its own logs, its traces included (every
 * group is traced). `behindEdge`: the API sits behind its CloudFront distribution, whose header secret every
 * group reads.
 */
export function declaredActions(needs: GroupNeeds, behindEdge = false): string[] {
  return [
    ...TRACING_ACTIONS,
    ...(behindEdge ? ORIGIN_SECRET_ACTIONS : []),
    ...(needs.table?.actions ?? []),
    ...(needs.sessionSigningKey ? SESSION_KEY_ACTIONS : []),
    ...(needs.mail ? SEND_MAIL_ACTIONS : []),
    ...(needs.googleSignIn ? GOOGLE_CLIENT_SECRET_ACTIONS : []),
    ...(needs.stripeApi || needs.stripeWebhookSecret ? STRIPE_SECRET_ACTIONS : []),
    ...(needs.media ? MEDIA_OBJECT_ACTIONS : []),
    ...(needs.taskQueue ? SEND_TASK_ACTIONS : []),
    ...(needs.privacyJobQueue ? SEND_JOB_ACTIONS : []),
  ];
}

export interface AivatarStackProps extends StackProps {
  stage: Stage;
  /** The domain mail is sent from (an SES identity is created for it). */
  mailDomain: string;
  /** The site's own host name; without it the CloudFront host name is the web origin. */
  webDomain?: string;
  /** ACM certificate (us-east-1) for webDomain; required with webDomain. */
  webCertificateArn?: string;
  /** Accounts with these emails get the admin role (ADMIN_EMAILS). */
  adminEmails?: readonly string[];
  /** Session lifetime (SESSION_TTL_SECONDS); the functions default to 7 days. */
  sessionTtlSeconds?: number;
  /** The built SPA; default web/dist. */
  webAssetPath?: string;
  /**
   * "Sign in with Google": the OAuth client's id and, for another OpenID provider, its issuer (default
   * Google's). Without it the stage has no Google sign-in. The client secret goes in the secret the
   * stack creates (output GoogleClientSecretArn).
   */
  googleSignIn?: { clientId: string; issuer?: string };
  /**
   * This stage's Stripe price id of each catalogue plan (shared/catalogue.ts ids). Without it the functions
   * get placeholders that Stripe refuses, and synth warns.
   */
  stripePrices?: Readonly<Record<string, string>>;
  /** Where alarms are emailed (an SNS email subscription; confirm it from the first email). */
  alarmEmail?: string;
  /** WAF web ACLs from the us-east-1 edge stack (infra/edge-protection.ts); without them, no WAF. */
  edgeAcls?: EdgeAcls;
  /** With edgeAcls: the origin secret's version the API distribution sends (docs/operations.md, rotation). */
  originSecretVersionId?: string;
  /** Daily caps on AI provider calls (PROVIDER_DAILY_CAP_PER_ACCOUNT / _TOTAL); defaults in the code. */
  providerDailyCaps?: { perAccount?: number; total?: number };
  /**
   * After how long a pending task is failed and refunded by the sweeper (TASK_DEADLINE_SECONDS); default
   * an hour (TASK_TIMING). It must outlast every delivery the queue may still make.
   */
  taskDeadlineSeconds?: number;
  /**
   * The likeness guarantee's threshold, 0-100 (LIKENESS_GUARANTEE on the worker): a finished avatar scoring
   * under it is refunded. Default DEFAULT_LIKENESS_GUARANTEE (shared/face-rules.ts).
   */
  likenessGuarantee?: number;
}

/** PROVIDER_DAILY_CAP_* for a function that reserves provider calls (its GROUP_CONFIG reads providerBudgetConfig). */
function bindProviderBudget(fn: NodejsFunction, caps: AivatarStackProps['providerDailyCaps']): void {
  if (caps?.perAccount) fn.addEnvironment('PROVIDER_DAILY_CAP_PER_ACCOUNT', String(caps.perAccount));
  if (caps?.total) fn.addEnvironment('PROVIDER_DAILY_CAP_TOTAL', String(caps.total));
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export class AivatarStack extends Stack {
  readonly stage: Stage;
  readonly functions = new Map<LambdaGroup, ApiFunction>();
  /** The task queues, the worker, the dead-letter handler and the sweeper. */
  generation!: AvatarGeneration;
  /** The privacy job queues and function (account deletions, data exports). */
  privacyJobs!: PrivacyJobs;
  readonly monitoring: Monitoring;
  /** The API behind CloudFront and WAF (with edgeAcls): what the web app calls. */
  readonly apiEdge: ApiEdge | undefined;
  private readonly providerDailyCaps: AivatarStackProps['providerDailyCaps'];
  private readonly taskDeadlineSeconds: number | undefined;

  constructor(scope: Construct, id: string, props: AivatarStackProps) {
    super(scope, id, props);
    const { stage } = props;
    this.stage = stage;
    this.providerDailyCaps = props.providerDailyCaps;
    this.taskDeadlineSeconds = props.taskDeadlineSeconds;
    if (props.taskDeadlineSeconds !== undefined) {
      const problems = timingProblems({
        workerTimeoutSeconds: TASK_QUEUE.workerTimeoutSeconds,
        leaseSeconds: TASK_TIMING.leaseSeconds,
        visibilityTimeoutSeconds: TASK_QUEUE.visibilityTimeoutSeconds,
        deadlineSeconds: props.taskDeadlineSeconds,
      });
      if (problems.length)
        throw new Error(`taskDeadlineSeconds ${props.taskDeadlineSeconds}: ${problems.join('; ')}`);
    }
    if (props.webDomain && !props.webCertificateArn) {
      throw new Error(
        `webDomain ${props.webDomain} needs webCertificateArn (an ACM certificate in us-east-1)`,
      );
    }
    const webAssetPath = props.webAssetPath ?? join(REPO_ROOT, 'web', 'dist');
    assertWebBuilt(webAssetPath);

    const data = new DataTable(this, 'Data', { stage });
    new StyleCatalogue(this, 'Styles', { stage, table: data.table });
    const mail = new MailSender(this, 'Mail', { domain: props.mailDomain });
    const signingKey = new Secret(this, 'SessionSigningKey', {
      description: `Aivatar ${stage}: HMAC key for session tokens (changing it signs everyone out)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const { api, web, apiEdge } = this.webAndApi(props);
    this.apiEdge = apiEdge;
    // Where browsers, Google and Stripe reach the API: through CloudFront and WAF when they front it.
    const publicApiUrl = apiEdge?.url ?? api.endpoint;

    const baseEnvironment: Record<string, string> = { STAGE: stage, WEB_URL: web.webUrl };
    if (props.adminEmails?.length) baseEnvironment.ADMIN_EMAILS = props.adminEmails.join(',');
    if (props.sessionTtlSeconds) baseEnvironment.SESSION_TTL_SECONDS = String(props.sessionTtlSeconds);

    const media = new MediaBucket(this, 'Media', { stage, webOrigin: web.webUrl });
    const googleSignIn = props.googleSignIn
      ? {
          issuer: props.googleSignIn.issuer ?? GOOGLE_ISSUER,
          clientId: props.googleSignIn.clientId,
          clientSecret: new Secret(this, 'GoogleClientSecret', {
            description: `Aivatar ${stage}: the client secret of "Sign in with Google" (paste it here after the first deploy)`,
            // A random stand-in until the operator sets the real one: never a known value.
            generateSecretString: { passwordLength: 32, excludePunctuation: true },
            removalPolicy: RemovalPolicy.DESTROY,
          }),
          apiUrl: publicApiUrl,
        }
      : null;
    const stripe = new StripeSecrets(this, 'Stripe', { stage });
    const generation = new AvatarGeneration(this, 'Generation', {
      stage,
      table: data.table,
      media: media.bucket,
      mail,
      environment: baseEnvironment,
      ...(props.likenessGuarantee !== undefined ? { likenessGuarantee: props.likenessGuarantee } : {}),
    });
    this.generation = generation;
    const stripePrices = stripePriceIds(this, props.stripePrices);
    this.privacyJobs = new PrivacyJobs(this, 'PrivacyJobs', {
      stage,
      table: data.table,
      media: media.bucket,
      mail,
      stripeApiKey: stripe.apiKey,
      stripePrices,
      environment: baseEnvironment,
    });
    const resources: GroupResources = {
      generation,
      privacyJobs: this.privacyJobs,
      table: data.table,
      sessionSigningKey: signingKey,
      mail,
      media,
      googleSignIn,
      publicApiUrl,
      stripe,
      stripePrices,
      originSecret: apiEdge?.originSecret ?? null,
    };
    for (const group of servedGroups()) {
      const fn = this.groupFunction(group, baseEnvironment, resources);
      api.serveGroup(group, fn.fn);
      this.functions.set(group, fn);
    }
    api.servePreflight((this.functions.get(PREFLIGHT_GROUP) as ApiFunction).fn);

    new WebDeployment(this, 'WebDeployment', {
      distPath: webAssetPath,
      bucket: web.bucket,
      distribution: web.distribution,
      runtimeConfig: { apiUrl: publicApiUrl },
    });

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stage,
      alarmEmail: props.alarmEmail,
      apiId: api.httpApi.apiId,
      accessLogs: api.accessLogs,
      functions: new Map([...this.functions].map(([g, f]) => [g, f.fn])),
    });
    mail.sendSpikeAlarm.addAlarmAction(new SnsAction(this.monitoring.topic));
    // The generation worker's error rate and its dead-letter queue (docs/operations.md, runbook).
    this.monitoring.watchTaskWorker(
      (generation.functions.get('avatar-worker') as ApiFunction).fn,
      generation.deadLetterQueue,
    );
    this.monitoring.watchPrivacyJobs(this.privacyJobs.fn.fn, this.privacyJobs.deadLetterQueue);
    new CfnOutput(this, 'AlarmTopicArn', {
      value: this.monitoring.topic.topicArn,
      description: 'Alarms are sent here (subscribe more addresses or a chat integration)',
    });
    new CfnOutput(this, 'DashboardName', {
      value: `Aivatar-${stage}`,
      description: 'The CloudWatch dashboard of this stage',
    });
    if (apiEdge) {
      new CfnOutput(this, 'ApiEdgeUrl', {
        value: apiEdge.url,
        description: 'The API behind CloudFront and WAF (the web app calls this)',
      });
      new CfnOutput(this, 'OriginVerifySecretArn', {
        value: apiEdge.originSecret.secretArn,
        description:
          'The header value the API distribution sends and the functions require (rotation: docs/operations.md)',
      });
    }

    new CfnOutput(this, 'WebUrl', { value: web.webUrl, description: 'The web app' });
    new CfnOutput(this, 'ApiUrl', {
      value: api.endpoint,
      description: apiEdge
        ? "API Gateway's own address: it refuses requests that did not come through ApiEdgeUrl"
        : 'The HTTP API (also in /config.json)',
    });
    new CfnOutput(this, 'MediaBucketName', {
      value: media.bucket.bucketName,
      description: 'Reference photos (deleted automatically after their retention period)',
    });
    new CfnOutput(this, 'TableName', { value: data.table.tableName, description: 'The DynamoDB table' });
    new CfnOutput(this, 'CloudFrontDomain', {
      value: web.distribution.distributionDomainName,
      description: 'Point the webDomain DNS record (CNAME/alias) here',
    });
    new CfnOutput(this, 'MailDkimRecords', {
      value: mail.dkimDnsRecords,
      description: `DNS records that verify ${props.mailDomain} for SES`,
    });
    new CfnOutput(this, 'MailConfigurationSet', {
      value: mail.configurationSet.configurationSetName,
      description: 'SES configuration set every mail goes through (pause sending here in an incident)',
    });
    new CfnOutput(this, 'ApiAccessLogs', {
      value: api.accessLogs.logGroupName,
      description: 'JSON access log of the HTTP API (requestId = x-correlation-id)',
    });
    if (googleSignIn) {
      new CfnOutput(this, 'GoogleClientSecretArn', {
        value: googleSignIn.clientSecret.secretArn,
        description: 'Put the Google OAuth client secret in this secret',
      });
      new CfnOutput(this, 'GoogleRedirectUri', {
        value: `${publicApiUrl}${apiRoutes.googleCallback.path}`,
        description: 'Register this as an authorized redirect URI of the Google OAuth client',
      });
    }
    new CfnOutput(this, 'StripeApiKeyArn', {
      value: stripe.apiKey.secretArn,
      description: 'Put the Stripe secret key (sk_...) here before taking payments',
    });
    new CfnOutput(this, 'StripeWebhookSecretArn', {
      value: stripe.webhookSecret.secretArn,
      description: 'Put the webhook endpoint signing secret (whsec_...) here',
    });
    new CfnOutput(this, 'StripeWebhookUrl', {
      value: `${publicApiUrl}${apiRoutes.stripeWebhook.path}`,
      description: 'The endpoint to create in Stripe (events: see docs/operations.md)',
    });
    new CfnOutput(this, 'OpenAiApiKeyArn', {
      value: generation.providerKey.secretArn,
      description: 'Put the OpenAI API key here for AI avatars (until then: local preview renders)',
    });
    new CfnOutput(this, 'TaskDeadLetterQueueUrl', {
      value: generation.deadLetterQueue.queueUrl,
      description: 'Avatar task messages that failed 3 deliveries (their tasks were refunded)',
    });
    new CfnOutput(this, 'PrivacyJobDeadLetterQueueUrl', {
      value: this.privacyJobs.deadLetterQueue.queueUrl,
      description: 'Privacy job messages that failed 5 deliveries (their jobs stay recorded: runbook)',
    });
    new CfnOutput(this, 'SessionSigningKeyArn', {
      value: signingKey.secretArn,
      description: 'Secret to change to rotate the session key',
    });
    // Last, once every function exists: each has reserved concurrency or is marked a custom-resource provider.
    checkFunctionConcurrency(this);
  }

  /**
   * The API first, then its CloudFront distribution (with WAF), then the site, whose CSP names the API's own
   * address (the distribution's, or API Gateway's): the API names nothing of the site (its CORS answers
   * come from the functions, which read WEB_URL), so nothing waits on anything in a cycle.
   */
  private webAndApi(props: AivatarStackProps): { api: ProductApi; web: SpaHosting; apiEdge?: ApiEdge } {
    const { stage, webDomain, webCertificateArn, edgeAcls } = props;
    const api = new ProductApi(this, 'Api', { stage });
    const apiEdge = edgeAcls
      ? new ApiEdge(this, 'ApiEdge', {
          stage,
          apiEndpoint: api.endpoint,
          webAclArn: edgeAcls.apiAclArn,
          originSecretVersionId: props.originSecretVersionId,
        })
      : undefined;
    const web = new SpaHosting(this, 'Web', {
      stage,
      webAclArn: edgeAcls?.siteAclArn,
      apiOrigin: apiEdge?.url ?? api.endpoint,
      mediaOrigin: mediaBucketOrigin(stage),
      ...(webDomain && webCertificateArn
        ? {
            customDomain: {
              name: webDomain,
              certificate: Certificate.fromCertificateArn(this, 'WebCertificate', webCertificateArn),
            },
          }
        : {}),
    });
    return { api, web, apiEdge };
  }

  /** The group's function, given the settings and access its GROUP_NEEDS entry lists. */
  private groupFunction(group: LambdaGroup, environment: Record<string, string>, resources: GroupResources) {
    const fn = new ApiFunction(this, `Fn-${group}`, groupFunctionProps(group, this.stage, environment));
    const needs = groupNeeds(group);
    if (needs.table) bindTable(fn.fn, resources.table, needs.table);
    if (resources.originSecret) bindOriginSecret(fn.fn, resources.originSecret);
    if (needs.sessionSigningKey) bindSessionSigningKey(fn.fn, resources.sessionSigningKey);
    if (needs.mail) bindMailSender(fn.fn, resources.mail);
    if (needs.googleSignIn && resources.googleSignIn) bindGoogleSignIn(fn.fn, resources.googleSignIn);
    if (needs.linkCookie) bindLinkCookie(fn.fn, resources.publicApiUrl);
    if (needs.stripeApi) bindStripeApi(fn.fn, resources.stripe.apiKey, resources.stripePrices);
    if (needs.stripeWebhookSecret) bindStripeWebhookSecret(fn.fn, resources.stripe.webhookSecret);
    if (needs.media) bindMediaBucket(fn.fn, resources.media.bucket, needs.media.prefixes);
    if (needs.taskQueue) bindTaskQueue(fn.fn, resources.generation.queue, SEND_TASK_ACTIONS);
    if (needs.privacyJobQueue) bindPrivacyJobQueue(fn.fn, resources.privacyJobs.queue, SEND_JOB_ACTIONS);
    if (
      (GROUP_CONFIG[group as keyof typeof GROUP_CONFIG] as readonly unknown[] | undefined)?.includes(
        providerBudgetConfig,
      )
    ) {
      bindProviderBudget(fn.fn, this.providerDailyCaps);
    }
    const config = GROUP_CONFIG[group as keyof typeof GROUP_CONFIG] as readonly unknown[] | undefined;
    if (this.taskDeadlineSeconds !== undefined && config?.includes(taskTimingConfig)) {
      fn.fn.addEnvironment('TASK_DEADLINE_SECONDS', String(this.taskDeadlineSeconds));
    }
    return fn;
  }
}
