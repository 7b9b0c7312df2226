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
import { GROUP_CONFIG, providerBudgetConfig, taskTimingConfig } from '#platform/config.ts';
import { TASK_TIMING } from '#platform/domain/task-timing.ts';
import { PREFLIGHT_GROUP } from '#shared/api-cors.ts';
import { apiRoutes, type LambdaGroup, routedGroups } from '#shared/api-routes.ts';
import { ApiEdge } from './constructs/api-edge.ts';
import { ApiFunction, REPO_ROOT } from './constructs/api-function.ts';
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
  type GoogleSignInBinding,
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
import { groupFunctionProps, groupNeeds } from './group-needs.ts';
import { TASK_QUEUE, timingProblems } from './queue-design.ts';
import type { Stage } from './stage.ts';

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
    for (const group of routedGroups()) {
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
    const outputs: [id: string, value: string | undefined, description: string][] = [
      [
        'AlarmTopicArn',
        this.monitoring.topic.topicArn,
        'Alarms are sent here (subscribe more addresses or a chat integration)',
      ],
      ['DashboardName', `Aivatar-${stage}`, 'The CloudWatch dashboard of this stage'],
      ['ApiEdgeUrl', apiEdge?.url, 'The API behind CloudFront and WAF (the web app calls this)'],
      [
        'OriginVerifySecretArn',
        apiEdge?.originSecret.secretArn,
        'The header value the API distribution sends and the functions require (rotation: docs/operations.md)',
      ],
      ['WebUrl', web.webUrl, 'The web app'],
      [
        'ApiUrl',
        api.endpoint,
        apiEdge
          ? "API Gateway's own address: it refuses requests that did not come through ApiEdgeUrl"
          : 'The HTTP API (also in /config.json)',
      ],
      [
        'MediaBucketName',
        media.bucket.bucketName,
        'Reference photos (deleted automatically after their retention period)',
      ],
      ['TableName', data.table.tableName, 'The DynamoDB table'],
      [
        'CloudFrontDomain',
        web.distribution.distributionDomainName,
        'Point the webDomain DNS record (CNAME/alias) here',
      ],
      ['MailDkimRecords', mail.dkimDnsRecords, `DNS records that verify ${props.mailDomain} for SES`],
      [
        'MailConfigurationSet',
        mail.configurationSet.configurationSetName,
        'SES configuration set every mail goes through (pause sending here in an incident)',
      ],
      [
        'ApiAccessLogs',
        api.accessLogs.logGroupName,
        'JSON access log of the HTTP API (requestId = x-correlation-id)',
      ],
      [
        'GoogleClientSecretArn',
        googleSignIn?.clientSecret.secretArn,
        'Put the Google OAuth client secret in this secret',
      ],
      [
        'GoogleRedirectUri',
        googleSignIn ? `${publicApiUrl}${apiRoutes.googleCallback.path}` : undefined,
        'Register this as an authorized redirect URI of the Google OAuth client',
      ],
      [
        'StripeApiKeyArn',
        stripe.apiKey.secretArn,
        'Put the Stripe secret key (sk_...) here before taking payments',
      ],
      [
        'StripeWebhookSecretArn',
        stripe.webhookSecret.secretArn,
        'Put the webhook endpoint signing secret (whsec_...) here',
      ],
      [
        'StripeWebhookUrl',
        `${publicApiUrl}${apiRoutes.stripeWebhook.path}`,
        'The endpoint to create in Stripe (events: see docs/operations.md)',
      ],
      [
        'OpenAiApiKeyArn',
        generation.providerKey.secretArn,
        'Put the OpenAI API key here for AI avatars (until then: local preview renders)',
      ],
      [
        'TaskDeadLetterQueueUrl',
        generation.deadLetterQueue.queueUrl,
        'Avatar task messages that failed 3 deliveries (their tasks were refunded)',
      ],
      [
        'PrivacyJobDeadLetterQueueUrl',
        this.privacyJobs.deadLetterQueue.queueUrl,
        'Privacy job messages that failed 5 deliveries (their jobs stay recorded: runbook)',
      ],
      ['SessionSigningKeyArn', signingKey.secretArn, 'Secret to change to rotate the session key'],
    ];
    // An output with no value is one this stage does not have (no API edge, no Google sign-in).
    for (const [id, value, description] of outputs) {
      if (value !== undefined) new CfnOutput(this, id, { value, description });
    }
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
