// CDK entry (`cdk.json` runs it with Node's type stripping). Settings come from context:
//   -c stage=dev|prod   (required)
//   -c mailDomain=...   -c webDomain=... -c webCertificateArn=...   -c adminEmails=a@x,b@y
//   -c sessionTtlSeconds=...   -c webAssetPath=<built SPA folder, default web/dist>
//   -c googleClientId=...  (turns "Sign in with Google" on)   -c googleIssuer=<another OpenID provider>
//   -c stripePrices='{"pack-10":"price_...",...,"monthly-100":"price_..."}'  (this stage's Stripe prices)
//   -c alarmEmail=ops@x   -c providerDailyCapPerAccount=200 -c providerDailyCapTotal=5000
//   -c taskDeadlineSeconds=3600  (a pending task is refunded after this; over 2850, the queue's last delivery)
//   -c likenessGuarantee=50   (0-100: a finished avatar scoring under it is refunded)
import { App } from 'aws-cdk-lib';
import { AivatarStack } from './aivatar-stack.ts';
import { EdgeProtectionStack } from './edge-protection.ts';
import { STAGES, type Stage } from './stage.ts';

const app = new App();
const context = (key: string): string | undefined => {
  const value: unknown = app.node.tryGetContext(key);
  if (value === undefined || value === null || value === '') return undefined;
  return String(value).trim();
};

const stage = context('stage');
if (!stage || !(STAGES as readonly string[]).includes(stage)) {
  throw new Error(
    `Context "stage" must be one of ${STAGES.join(', ')} (got ${stage ?? 'nothing'}): e.g. npx cdk synth -c stage=dev`,
  );
}

const ttl = context('sessionTtlSeconds');
if (ttl !== undefined && !/^\d+$/.test(ttl)) {
  throw new Error(`Context "sessionTtlSeconds" must be a whole number of seconds (got ${ttl})`);
}

const googleClientId = context('googleClientId');
const googleIssuer = context('googleIssuer');
if (googleIssuer && !googleClientId) {
  throw new Error(
    'Context "googleIssuer" needs "googleClientId" (the OAuth client registered with that provider)',
  );
}
if (googleIssuer && !/^https:\/\//.test(googleIssuer)) {
  throw new Error(`Context "googleIssuer" must be an https URL (got ${googleIssuer})`);
}

// From the command line a JSON string; from a context file an object.
const rawPrices: unknown = app.node.tryGetContext('stripePrices');
let stripePrices: Record<string, string> | undefined;
if (rawPrices !== undefined && rawPrices !== null && rawPrices !== '') {
  try {
    stripePrices = (typeof rawPrices === 'string' ? JSON.parse(rawPrices) : rawPrices) as Record<
      string,
      string
    >;
  } catch {
    throw new Error('Context "stripePrices" must be a JSON object of catalogue plan id to Stripe price id');
  }
}

const wholeNumber = (key: string): number | undefined => {
  const value = context(key);
  if (value === undefined) return undefined;
  if (!/^[1-9]\d*$/.test(value)) throw new Error(`Context "${key}" must be a whole number (got ${value})`);
  return Number(value);
};

const likenessGuarantee = context('likenessGuarantee');
if (likenessGuarantee !== undefined && !/^(100|[1-9]?\d)$/.test(likenessGuarantee)) {
  throw new Error(
    `Context "likenessGuarantee" must be a whole number from 0 to 100 (got ${likenessGuarantee})`,
  );
}

// WAF for CloudFront lives in us-east-1: its own stack there, read across regions. That needs the product
// stack's region, known whenever there are credentials (cdk deploy, cdk diff); an offline synth without a
// region leaves WAF out and says so.
const region = process.env.CDK_DEFAULT_REGION;
const account = process.env.CDK_DEFAULT_ACCOUNT;
const edge = region
  ? new EdgeProtectionStack(app, `Aivatar-${stage}-edge`, {
      stage: stage as Stage,
      env: { account, region: 'us-east-1' },
      crossRegionReferences: true,
      description: `Aivatar (${stage}): WAF web ACLs for the site and the API (CloudFront, us-east-1)`,
    })
  : undefined;
if (!edge)
  console.warn('No AWS region (CDK_DEFAULT_REGION): synthesized without WAF (infra/edge-protection.ts)');

new AivatarStack(app, `Aivatar-${stage}`, {
  ...(edge ? { env: { account, region }, crossRegionReferences: true, edgeAcls: edge.acls } : {}),
  alarmEmail: context('alarmEmail'),
  originSecretVersionId: context('originVerifyVersionId'),
  providerDailyCaps: {
    perAccount: wholeNumber('providerDailyCapPerAccount'),
    total: wholeNumber('providerDailyCapTotal'),
  },
  taskDeadlineSeconds: wholeNumber('taskDeadlineSeconds'),
  ...(likenessGuarantee !== undefined ? { likenessGuarantee: Number(likenessGuarantee) } : {}),
  stage: stage as Stage,
  mailDomain: context('mailDomain') ?? 'aivatar.example',
  webDomain: context('webDomain'),
  webCertificateArn: context('webCertificateArn'),
  adminEmails: (context('adminEmails') ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean),
  sessionTtlSeconds: ttl === undefined ? undefined : Number(ttl),
  webAssetPath: context('webAssetPath'),
  googleSignIn: googleClientId
    ? { clientId: googleClientId, ...(googleIssuer ? { issuer: googleIssuer } : {}) }
    : undefined,
  stripePrices,
  description: `Aivatar (${stage}): web app, HTTP API, data`,
});
