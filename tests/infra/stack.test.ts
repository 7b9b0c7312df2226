// What the operator deploys: the stack is synthesized once per stage (dev with the CloudFront host
// name, prod with a custom web domain) and its CloudFormation is checked property by property.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corsConfig,
  GROUP_CONFIG,
  mailConfig,
  mediaConfig,
  readConfig,
  sessionConfig,
  stripeConfig,
  stripeWebhookConfig,
} from '#platform/config.ts';
import { PREFLIGHT_GROUP, PREFLIGHT_ROUTE_KEY } from '#shared/api-cors.ts';
import { groupRoutes, routedGroups, routeKey } from '#shared/api-routes.ts';
import { BACKUP_DAYS, TABLE_DESIGN } from '#shared/table-design.ts';
import { prerenderedPaths } from '#shared/web-routes.ts';
import { REPO_ROOT } from '../../infra/constructs/api-function.ts';
import { catalogueVersion, SEED_TABLE_ACTIONS } from '../../infra/constructs/style-catalogue.ts';
import { SECURITY_HEADERS } from '../../infra/web-hosting.ts';
import {
  at,
  deployed,
  deployedEnvironment,
  findCycle,
  type Json,
  props,
  type Resource,
} from './cfn-template.ts';
import {
  CERT_ARN,
  functionId,
  ofType,
  onlyOfType,
  removeTempDirs,
  STRIPE_PRICES,
  type Synth,
  secretId,
  synth,
  tempDir,
  WEB_DOMAIN,
} from './synth.ts';

afterAll(removeTempDirs);

let dev: Synth;
let prod: Synth;

beforeAll(() => {
  dev = synth('dev', false);
  prod = synth('prod', true);
});

describe.each([
  ['dev', () => dev],
  ['prod', () => prod],
] as const)('%s stack', (stage, get) => {
  it('builds every served endpoint group as a Node 24 arm64 ESM function and nothing else', () => {
    const s = get();
    expect([...s.stack.functions.keys()].sort()).toEqual(routedGroups().sort());
    for (const group of routedGroups()) {
      const fn = s.resources[functionId(s, group)] as Resource;
      expect(fn.Type).toBe('AWS::Lambda::Function');
      const p = props(fn);
      expect(p.Runtime).toBe('nodejs24.x');
      expect(p.Architectures).toEqual(['arm64']);
      expect(p.Handler).toBe('index.handler');
      // API Gateway waits at most 30 s for a function (the account group's deletion and export use 29).
      expect(p.Timeout).toBeLessThanOrEqual(29);
      const env = at(p, 'Environment', 'Variables') as Json;
      expect(env.STAGE).toBe(stage);
      expect(env.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(env.ADMIN_EMAILS).toBe('boss@aivatar.test');
      // The function's log group is the stack's, with a retention.
      const logGroupId = at(p, 'LoggingConfig', 'LogGroup', 'Ref') as string;
      expect(props(s.resources[logGroupId] as Resource).RetentionInDays).toBeGreaterThan(0);
    }
    expect(props(s.resources[functionId(s, 'auth')] as Resource).MemorySize).toBeGreaterThanOrEqual(1024);
  });

  it('gives each function every setting functions/platform/config.ts requires, and only those parts', () => {
    const s = get();
    for (const group of routedGroups()) {
      const vars = at(
        props(s.resources[functionId(s, group)] as Resource),
        'Environment',
        'Variables',
      ) as Json;
      const env = deployedEnvironment(vars);
      const parts = GROUP_CONFIG[group as keyof typeof GROUP_CONFIG];
      expect(parts, `functions/platform/config.ts GROUP_CONFIG has no entry for ${group}`).toBeDefined();
      const config = readConfig(parts, env) as Record<string, unknown>;
      const reads = (part: unknown) => (parts as readonly unknown[]).includes(part);
      if (reads(mailConfig)) {
        expect(config.mail).toEqual({ transport: 'ses' });
        expect(config.mailFrom).toBe('Aivatar <no-reply@mail.aivatar.test>');
      } else expect(vars.MAIL_FROM, group).toBeUndefined();
      if (reads(sessionConfig))
        expect(vars.JWT_SECRET_ARN).toEqual({ Ref: secretId(s, 'SessionSigningKey') });
      else expect(vars.JWT_SECRET_ARN, group).toBeUndefined();
      if (reads(stripeConfig)) {
        expect(vars.STRIPE_SECRET_KEY_ARN).toEqual({ Ref: secretId(s, 'StripeApiKey') });
        expect(config.stripePriceIds).toEqual(STRIPE_PRICES);
        expect(vars.STRIPE_API_URL, 'only a local stand-in has an API URL').toBeUndefined();
      } else expect(vars.STRIPE_SECRET_KEY_ARN, group).toBeUndefined();
      if (reads(stripeWebhookConfig))
        expect(vars.STRIPE_WEBHOOK_SECRET_ARN).toEqual({ Ref: secretId(s, 'StripeWebhookSecret') });
      else expect(vars.STRIPE_WEBHOOK_SECRET_ARN, group).toBeUndefined();
      expect(vars.TABLE_NAME).toEqual({ Ref: onlyOfType(s, 'AWS::DynamoDB::Table')[0] });
      // No CloudFront in front of the API on this stage: nothing to require (tests/infra/operations.test.ts).
      expect(vars.ORIGIN_VERIFY_SECRET_ARN, group).toBeUndefined();
      expect(config.originSecret, group).toBeNull();
      expect(config.webUrl ?? deployed(s.outputs.WebUrl?.Value)).toBe(deployed(s.outputs.WebUrl?.Value));
      // The one origin the functions answer browsers from (CORS): the web app's; none for Stripe's webhook.
      if (reads(corsConfig))
        expect(config.webOrigin, group).toBe(new URL(deployed(s.outputs.WebUrl?.Value)).origin);
      else expect(group).toBe('stripe-webhook');
      if ((parts as readonly unknown[]).includes(mediaConfig)) {
        expect(vars.MEDIA_BUCKET, group).toBeDefined();
      } else expect(vars.MEDIA_BUCKET, group).toBeUndefined();
    }
  });

  it('deploys exactly the served routes of the route table, each to its group function', () => {
    const s = get();
    const routes = ofType(s, 'AWS::ApiGatewayV2::Route').map(([, r]) => props(r));
    const deployedKeys = routes.map((r) => r.RouteKey as string).sort();
    expect(deployedKeys).toEqual([...groupRoutes().map(([, r]) => routeKey(r)), PREFLIGHT_ROUTE_KEY].sort());
    const integrations = Object.fromEntries(ofType(s, 'AWS::ApiGatewayV2::Integration'));
    for (const [, route] of groupRoutes()) {
      const r = routes.find((x) => x.RouteKey === routeKey(route)) as Json;
      const integrationId = (at(r, 'Target', 'Fn::Join', 1, 1) as { Ref: string }).Ref;
      const integration = props(integrations[integrationId] as Resource);
      expect(integration.PayloadFormatVersion).toBe('2.0');
      expect(at(integration, 'IntegrationUri', 'Fn::GetAtt', 0)).toBe(functionId(s, route.group));
    }
    // API Gateway may invoke each function (one permission per route).
    const permissions = ofType(s, 'AWS::Lambda::Permission').map(([, r]) => props(r));
    for (const group of routedGroups()) {
      const forGroup = permissions.filter(
        (p) => at(p, 'FunctionName', 'Fn::GetAtt', 0) === functionId(s, group),
      );
      expect(forGroup).toHaveLength(groupRoutes(group).length + (group === PREFLIGHT_GROUP ? 1 : 0));
      for (const p of forGroup) expect(p.Principal).toBe('apigateway.amazonaws.com');
    }
  });

  it('has API Gateway answer no CORS itself: every preflight goes to the auth function, past its origin check', () => {
    const s = get();
    const [, api] = onlyOfType(s, 'AWS::ApiGatewayV2::Api');
    expect(props(api).CorsConfiguration).toBeUndefined();
    const preflight = ofType(s, 'AWS::ApiGatewayV2::Route')
      .map(([, r]) => props(r))
      .find((r) => r.RouteKey === PREFLIGHT_ROUTE_KEY) as Json;
    expect(preflight.AuthorizationType ?? 'NONE').toBe('NONE');
    const integrationId = (at(preflight, 'Target', 'Fn::Join', 1, 1) as { Ref: string }).Ref;
    expect(at(props(s.resources[integrationId] as Resource), 'IntegrationUri', 'Fn::GetAtt', 0)).toBe(
      functionId(s, PREFLIGHT_GROUP),
    );
  });

  it('keeps data in one on-demand table with PITR, TTL and the design GSI', () => {
    const s = get();
    const [, table] = onlyOfType(s, 'AWS::DynamoDB::Table');
    const p = props(table);
    expect(p.BillingMode).toBe('PAY_PER_REQUEST');
    expect(at(p, 'PointInTimeRecoverySpecification', 'PointInTimeRecoveryEnabled')).toBe(true);
    // The privacy page states this figure (BACKUP_DAYS).
    expect(at(p, 'PointInTimeRecoverySpecification', 'RecoveryPeriodInDays')).toBe(BACKUP_DAYS);
    expect(p.TimeToLiveSpecification).toEqual({ AttributeName: TABLE_DESIGN.ttlAttribute, Enabled: true });
    expect(p.KeySchema).toEqual([
      { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
      { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
    ]);
    const gsis = p.GlobalSecondaryIndexes as Json[];
    expect(gsis.map((g) => g.IndexName)).toEqual(TABLE_DESIGN.globalIndexes.map((g) => g.name));
    for (const design of TABLE_DESIGN.globalIndexes) {
      const gsi = gsis.find((g) => g.IndexName === design.name) as Json;
      expect(gsi.KeySchema).toEqual([
        { AttributeName: design.partitionKey, KeyType: 'HASH' },
        ...(design.sortKey ? [{ AttributeName: design.sortKey, KeyType: 'RANGE' }] : []),
      ]);
      expect(at(gsi, 'Projection', 'ProjectionType')).toBe(design.projection);
    }
    if (stage === 'prod') {
      expect(p.DeletionProtectionEnabled).toBe(true);
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.UpdateReplacePolicy).toBe('Retain');
    } else {
      expect(p.DeletionProtectionEnabled).toBeFalsy();
      expect(table.DeletionPolicy).toBe('Delete');
    }
  });

  it('generates the session signing key in Secrets Manager', () => {
    const s = get();
    const secret = s.resources[secretId(s, 'SessionSigningKey')] as Resource;
    const gen = props(secret).GenerateSecretString as Json;
    expect(gen.PasswordLength).toBeGreaterThanOrEqual(48);
    expect(gen.ExcludePunctuation).toBe(true);
    expect(props(secret).SecretString).toBeUndefined();
  });

  it('keeps Stripe’s API key and webhook secret in Secrets Manager, never in the template, and names the webhook URL', () => {
    const s = get();
    for (const id of ['StripeApiKey', 'StripeWebhookSecret']) {
      const secret = s.resources[secretId(s, id)] as Resource;
      expect(props(secret).SecretString, id).toBeUndefined();
      expect(secret.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
    }
    for (const group of routedGroups()) {
      const vars = JSON.stringify(
        at(props(s.resources[functionId(s, group)] as Resource), 'Environment', 'Variables'),
      );
      expect(vars, group).not.toMatch(/sk_(live|test)_|whsec_/);
    }
    expect(deployed(s.outputs.StripeWebhookUrl?.Value)).toMatch(/\/stripe\/webhook$/);
    expect(s.outputs.StripeApiKeyArn?.Value).toEqual({ Ref: secretId(s, 'StripeApiKey') });
    expect(s.outputs.StripeWebhookSecretArn?.Value).toEqual({ Ref: secretId(s, 'StripeWebhookSecret') });
  });

  it('sends mail from an SES identity for the mail domain', () => {
    const s = get();
    const [, identity] = onlyOfType(s, 'AWS::SES::EmailIdentity');
    expect(props(identity).EmailIdentity).toBe('mail.aivatar.test');
  });

  it('keeps the site bucket private, encrypted and TLS-only, read by CloudFront through OAC', () => {
    const s = get();
    // The site's bucket is the one CloudFront reads (tests/infra/photos.test.ts checks the media bucket).
    const [, policy] = ofType(s, 'AWS::S3::BucketPolicy').find(([, p]) =>
      JSON.stringify(props(p)).includes('cloudfront.amazonaws.com'),
    ) as [string, Resource];
    const bucketId = at(props(policy), 'Bucket', 'Ref') as string;
    const bucket = s.resources[bucketId] as Resource;
    const p = props(bucket);
    expect(p.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      at(p, 'BucketEncryption', 'ServerSideEncryptionConfiguration', 0, 'ServerSideEncryptionByDefault'),
    ).toEqual({ SSEAlgorithm: 'AES256' });
    expect(bucket.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');

    expect(at(props(policy), 'Bucket', 'Ref')).toBe(bucketId);
    const statements = at(props(policy), 'PolicyDocument', 'Statement') as Json[];
    const tlsOnly = statements.find((st) => st.Effect === 'Deny' && st.Action === 's3:*') as Json;
    expect(at(tlsOnly, 'Condition', 'Bool', 'aws:SecureTransport')).toBe('false');
    const distributionId = onlyOfType(s, 'AWS::CloudFront::Distribution')[0];
    const cloudFrontRead = statements.find(
      (st) => at(st, 'Principal', 'Service') === 'cloudfront.amazonaws.com',
    ) as Json;
    expect(cloudFrontRead.Action).toBe('s3:GetObject');
    expect(JSON.stringify(at(cloudFrontRead, 'Condition', 'StringEquals', 'AWS:SourceArn'))).toContain(
      distributionId,
    );
    expect(statements.filter((st) => at(st, 'Principal') === '*' && st.Effect === 'Allow')).toEqual([]);
  });

  it('serves the site over HTTPS with OAC, the security headers, and the app-shell rewrite', () => {
    const s = get();
    const [, distribution] = onlyOfType(s, 'AWS::CloudFront::Distribution');
    const config = props(distribution).DistributionConfig as Json;
    expect(config.DefaultRootObject).toBe('index.html');
    const origin = at(config, 'Origins', 0) as Json;
    const oacId = onlyOfType(s, 'AWS::CloudFront::OriginAccessControl')[0];
    expect(origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(at(origin, 'S3OriginConfig', 'OriginAccessIdentity')).toBe('');
    const behavior = config.DefaultCacheBehavior as Json;
    expect(behavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(config.CustomErrorResponses).toBeUndefined();

    const [policyId, policy] = onlyOfType(s, 'AWS::CloudFront::ResponseHeadersPolicy');
    expect(behavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    const headers = at(props(policy), 'ResponseHeadersPolicyConfig') as Json;
    const security = headers.SecurityHeadersConfig as Json;
    expect(at(security, 'StrictTransportSecurity', 'AccessControlMaxAgeSec')).toBeGreaterThanOrEqual(
      31_536_000,
    );
    expect(at(security, 'StrictTransportSecurity', 'IncludeSubdomains')).toBe(true);
    const csp = deployed(at(security, 'ContentSecurityPolicy', 'ContentSecurityPolicy'));
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(at(security, 'ContentTypeOptions', 'Override')).toBe(true);
    expect(at(security, 'FrameOptions', 'FrameOption')).toBe(SECURITY_HEADERS['x-frame-options']);
    expect(at(security, 'ReferrerPolicy', 'ReferrerPolicy')).toBe(SECURITY_HEADERS['referrer-policy']);
    const custom = at(headers, 'CustomHeadersConfig', 'Items') as Json[];
    expect(custom).toContainEqual({
      Header: 'permissions-policy',
      Value: SECURITY_HEADERS['permissions-policy'],
      Override: true,
    });

    const [functionId_, edgeFunction] = onlyOfType(s, 'AWS::CloudFront::Function');
    expect(behavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId_, 'FunctionARN'] } },
    ]);
    expect(at(props(edgeFunction), 'FunctionConfig', 'Runtime')).toBe('cloudfront-js-2.0');
    const handler = runInNewContext(`${props(edgeFunction).FunctionCode}; handler`) as (e: unknown) => {
      uri: string;
    };
    const rewrite = (uri: string) => handler({ request: { uri, querystring: {}, headers: {} } }).uri;
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/fr')).toBe('/fr/index.html');
    // Other spellings (/fr/, /Pricing) are redirected first: tests/infra/spa-rewrite.test.ts.
    for (const path of prerenderedPaths().filter((p) => p !== '/'))
      expect(rewrite(path)).toBe(`${path}/index.html`);
    // App addresses get the document that already draws the app's frame.
    expect(rewrite('/app/gallery')).toBe('/_app-shell.html');
    expect(rewrite('/fr/app/account')).toBe('/_app-shell-fr.html');
    // The sign-in pages lead to the app: its frame too (shared/web-routes.ts shellDocumentFor).
    expect(rewrite('/login')).toBe('/_app-shell.html');
    expect(rewrite('/login_with_token')).toBe('/_app-shell.html');
    expect(rewrite('/application')).toBe('/_shell.html');
    expect(rewrite('/assets/index-abc123.js')).toBe('/assets/index-abc123.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/missing.png')).toBe('/missing.png');
  });

  it('uploads the SPA with a config.json naming the API, then invalidates CloudFront', () => {
    const s = get();
    const deployments = ofType(s, 'Custom::CDKBucketDeployment').map(([, r]) => props(r));
    const apiId = onlyOfType(s, 'AWS::ApiGatewayV2::Api')[0];
    const shell = deployments.find((d) => d.DistributionId) as Json;
    expect(JSON.stringify(shell.SourceMarkers)).toContain(
      JSON.stringify({ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] }),
    );
    expect(shell.DistributionPaths).toEqual(['/*']);
    expect(shell.SystemMetadata).toEqual({ 'cache-control': 'no-cache' });
    const hashed = deployments.find((d) => d !== shell) as Json;
    expect(hashed.Include).toEqual(['assets/*']);
    expect(hashed.Prune).toBe(false);
    expect(at(hashed, 'SystemMetadata', 'cache-control')).toMatch(/immutable/);
  });

  it('outputs the web URL, the API URL and the table name', () => {
    const s = get();
    const apiId = onlyOfType(s, 'AWS::ApiGatewayV2::Api')[0];
    expect(s.outputs.ApiUrl?.Value).toEqual({ 'Fn::GetAtt': [apiId, 'ApiEndpoint'] });
    expect(s.outputs.TableName?.Value).toEqual({ Ref: onlyOfType(s, 'AWS::DynamoDB::Table')[0] });
    expect(deployed(s.outputs.WebUrl?.Value)).toMatch(/^https:\/\//);
  });

  it('seeds the style catalogue on deploy, again whenever the catalogue changes, with put-only table access', () => {
    const s = get();
    const [, seed] = onlyOfType(s, 'Custom::StyleCatalogue');
    expect(props(seed).CatalogueVersion).toBe(catalogueVersion());
    const seeder = ofType(s, 'AWS::Lambda::Function').find(([, f]) =>
      String(props(f).Description).includes('seeds the styles table'),
    );
    expect(seeder).toBeDefined();
    const fn = props((seeder as [string, Resource])[1]);
    expect(fn.Runtime).toBe('nodejs24.x');
    expect(at(fn, 'Environment', 'Variables', 'TABLE_NAME')).toEqual({
      Ref: onlyOfType(s, 'AWS::DynamoDB::Table')[0],
    });
    const roleId = at(fn, 'Role', 'Fn::GetAtt', 0) as string;
    const actions = ofType(s, 'AWS::IAM::Policy')
      .filter(([, p]) => (props(p).Roles as { Ref: string }[]).some((r) => r.Ref === roleId))
      .flatMap(([, p]) => at(props(p), 'PolicyDocument', 'Statement') as Json[])
      .flatMap((st) => [st.Action].flat() as string[]);
    expect(actions.sort()).toEqual([...SEED_TABLE_ACTIONS].sort());
  });

  it('has no circular dependency between resources (CloudFormation would refuse it)', () => {
    const cyclic = { A: { Type: 'T', Properties: { x: { Ref: 'B' } } }, B: { Type: 'T', DependsOn: 'A' } };
    expect(findCycle(cyclic)).toEqual(['A', 'B', 'A']);
    expect(findCycle(get().resources)).toBeNull();
  });
});

describe('web origin', () => {
  it('is the CloudFront host name without a web domain; the CSP names the API’s own address, no wildcard', () => {
    const distributionId = onlyOfType(dev, 'AWS::CloudFront::Distribution')[0];
    expect(dev.outputs.WebUrl?.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]],
    });
    const [, policy] = onlyOfType(dev, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = deployed(
      at(
        props(policy),
        'ResponseHeadersPolicyConfig',
        'SecurityHeadersConfig',
        'ContentSecurityPolicy',
        'ContentSecurityPolicy',
      ),
    );
    const apiId = onlyOfType(dev, 'AWS::ApiGatewayV2::Api')[0];
    expect(csp).toContain(`connect-src 'self' https://${apiId.toLowerCase()}-apiendpoint.aws.test `);
    expect(csp).not.toMatch(/\*\.(execute-api|cloudfront)/);
  });

  it('is the custom domain when one is set, and the CSP names the exact API origin', () => {
    expect(prod.outputs.WebUrl?.Value).toBe(`https://${WEB_DOMAIN}`);
    const config = props(onlyOfType(prod, 'AWS::CloudFront::Distribution')[1]).DistributionConfig as Json;
    expect(config.Aliases).toEqual([WEB_DOMAIN]);
    expect(at(config, 'ViewerCertificate', 'AcmCertificateArn')).toBe(CERT_ARN);
    const [, policy] = onlyOfType(prod, 'AWS::CloudFront::ResponseHeadersPolicy');
    const apiId = onlyOfType(prod, 'AWS::ApiGatewayV2::Api')[0];
    const csp = deployed(
      at(
        props(policy),
        'ResponseHeadersPolicyConfig',
        'SecurityHeadersConfig',
        'ContentSecurityPolicy',
        'ContentSecurityPolicy',
      ),
    );
    expect(csp).toContain(`connect-src 'self' https://${apiId.toLowerCase()}-apiendpoint.aws.test `);
  });
});

describe('cdk app (infra/app.ts)', () => {
  const runApp = (context: Json) =>
    spawnSync(process.execPath, [join(REPO_ROOT, 'infra', 'app.ts')], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
      env: {
        PATH: process.env.PATH,
        CDK_OUTDIR: tempDir('aivatar-app-'),
        CDK_CONTEXT_JSON: JSON.stringify(context),
      },
    });

  it('refuses an unknown stage with a message naming the allowed ones', () => {
    const run = runApp({ stage: 'staging' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Context "stage" must be one of dev, prod (got staging)');
  });

  it('refuses to synthesize without a built web app and says how to build it', () => {
    const run = runApp({ stage: 'dev', webAssetPath: tempDir('aivatar-empty-') });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('npm run build:web');
  });
});
