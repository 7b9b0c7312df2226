// Operations in the synthesized templates: alarms to the SNS topic, the dashboard, WAF in front of the
// site and the API, and the AwsSolutions (cdk-nag) checks with every accepted finding acknowledged.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { Queue } from 'aws-cdk-lib/aws-sqs';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GROUP_CONFIG, readConfig } from '#platform/config.ts';
import { ORIGIN_VERIFY_HEADER } from '#platform/http/origin-verify.ts';
import { apiRoutes, routedGroups } from '#shared/api-routes.ts';
import { AivatarStack } from '../../infra/aivatar-stack.ts';
import { REPO_ROOT } from '../../infra/constructs/api-function.ts';
import { ALARM_THRESHOLDS } from '../../infra/constructs/monitoring.ts';
import { EdgeProtectionStack, MANAGED_RULE_GROUPS, RATE_LIMITS } from '../../infra/edge-protection.ts';
import { declaredActions, GROUP_NEEDS } from '../../infra/group-needs.ts';
import { acknowledgeNagFindings } from '../../infra/nag-acknowledgements.ts';
import { at, deployedEnvironment, type Json, props, type Resource } from './cfn-template.ts';
import {
  actionsOf,
  functionId,
  removeTempDirs,
  roleId,
  roleStatements,
  STRIPE_PRICES,
  type Synth,
  secretId,
  resourcesOf as statementResources,
  tempDir,
} from './synth.ts';

interface Built {
  main: Template;
  edge: Template;
  mainStack: AivatarStack;
  report: {
    pluginReports: {
      pluginName: string;
      violations: { ruleName: string; violatingConstructs: { constructPath: string }[] }[];
    }[];
  } | null;
}

function build(o: { nag?: boolean } = {}): Built {
  const web = tempDir('aivatar-web-');
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Aivatar</title>');
  const outdir = tempDir('aivatar-ops-');
  const app = new App({ outdir, context: { 'aws:cdk:bundling-stacks': [] } });
  const account = '123456789012';
  const edge = new EdgeProtectionStack(app, 'Aivatar-dev-edge', {
    stage: 'dev',
    env: { account, region: 'us-east-1' },
    crossRegionReferences: true,
  });
  const mainStack = new AivatarStack(app, 'Aivatar-dev', {
    stage: 'dev',
    mailDomain: 'mail.aivatar.test',
    webAssetPath: web,
    stripePrices: STRIPE_PRICES,
    env: { account, region: 'eu-west-1' },
    crossRegionReferences: true,
    edgeAcls: edge.acls,
    alarmEmail: 'ops@aivatar.test',
  });
  let report: Built['report'] = null;
  if (o.nag) {
    // A resource that breaks the rules on purpose: proves the checks run and report (they stay silent
    // when every finding is acknowledged).
    new Queue(new Stack(app, 'NagProbe', { env: { account, region: 'eu-west-1' } }), 'PlainQueue');
    Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
    acknowledgeNagFindings(mainStack);
    acknowledgeNagFindings(edge);
    // Findings fail the synthesis; the report file lists them.
    expect(() => app.synth()).toThrow(/AwsSolutions/);
    const file = join(outdir, 'validation-report.json');
    report = JSON.parse(readFileSync(file, 'utf8'));
    return { main: undefined as never, edge: undefined as never, mainStack, report };
  }
  return { main: Template.fromStack(mainStack), edge: Template.fromStack(edge), mainStack, report };
}

let built: Built;
beforeAll(() => {
  built = build();
}, 240_000);
afterAll(removeTempDirs);

const resourcesOf = (t: Template, type: string) =>
  Object.values((t.toJSON() as { Resources: Record<string, Resource> }).Resources).filter(
    (r) => r.Type === type,
  );

describe('alarms and dashboard', () => {
  const runbook = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  const expected = [
    'Api5xxRate',
    'ApiThrottled',
    'FunctionThrottles',
    'WebhookSignatureFailures',
    'WebhookFailures',
    'TasksRefunded',
    'ProviderLatency',
    'ProviderBudget',
    'DeadLetterQueue',
    'WorkerErrorRate',
    'LikenessRefundShare',
    'AccountLikenessRefundShare',
    'PrivacyJobDeadLetters',
    'PrivacyJobErrors',
    'PrivacyJobsFailed',
    'MalformedItems',
  ];

  it('sends every alarm, and its return to OK, to the stage topic, which emails the alarmEmail setting', () => {
    const topics = built.main.findResources('AWS::SNS::Topic');
    const [topicId] = Object.keys(topics);
    built.main.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@aivatar.test',
      TopicArn: { Ref: topicId },
    });
    const alarms = resourcesOf(built.main, 'AWS::CloudWatch::Alarm').map((r) => r.Properties as Json);
    const names = alarms.map((a) => String(a.AlarmName));
    for (const id of expected) expect(names).toContain(`Aivatar-dev-${id}`);
    for (const a of alarms) {
      // Every alarm, the mail spike alarm of the mail construct included, reaches the topic.
      expect(a.AlarmActions, String(a.AlarmName ?? a.AlarmDescription)).toEqual([{ Ref: topicId }]);
      if (a.AlarmName) expect(a.OKActions, String(a.AlarmName)).toEqual([{ Ref: topicId }]);
    }
    expect(alarms.length).toBe(expected.length + 1);
  });

  it('alarms at the documented thresholds on the right metrics', () => {
    const byName = new Map(
      resourcesOf(built.main, 'AWS::CloudWatch::Alarm').map((r) => [
        String((r.Properties as Json).AlarmName),
        r.Properties as Json,
      ]),
    );
    const refunded = byName.get('Aivatar-dev-TasksRefunded') as Json;
    expect(refunded).toMatchObject({
      MetricName: 'TasksRefunded',
      Namespace: 'Aivatar',
      Period: 3600,
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.tasksRefundedPerHour,
      Dimensions: [{ Name: 'Stage', Value: 'dev' }],
    });
    expect(byName.get('Aivatar-dev-MalformedItems')).toMatchObject({
      MetricName: 'MalformedItems',
      Namespace: 'Aivatar',
      Period: 3600,
      Statistic: 'Sum',
      Threshold: ALARM_THRESHOLDS.malformedItems,
    });
    expect(byName.get('Aivatar-dev-ProviderBudget')).toMatchObject({
      MetricName: 'ProviderBudgetUsedPercent',
      Threshold: 80,
    });
    expect(byName.get('Aivatar-dev-ProviderLatency')).toMatchObject({
      MetricName: 'ProviderLatency',
      ExtendedStatistic: 'p90',
    });
    expect(byName.get('Aivatar-dev-DeadLetterQueue')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 1,
    });
    // The share of avatars the likeness guarantee refunded over an hour, once enough were measured.
    const likeness = byName.get('Aivatar-dev-LikenessRefundShare') as { Metrics: Json[]; Threshold: number };
    expect(likeness.Threshold).toBe(ALARM_THRESHOLDS.likenessRefundPercent);
    const parts = JSON.stringify(likeness.Metrics);
    for (const name of ['LikenessScored', 'LikenessRefunds'])
      expect(parts).toContain(`"MetricName":"${name}"`);
    expect(parts).toContain('"Period":3600');
    expect(parts).toContain(
      `IF(scored >= ${ALARM_THRESHOLDS.likenessRefundMinScored}, 100 * refunds / scored, 0)`,
    );
    // One account's share of its avatars refunded today (refund farming): the highest over an hour.
    expect(byName.get('Aivatar-dev-AccountLikenessRefundShare')).toMatchObject({
      MetricName: 'AccountLikenessRefundShare',
      Namespace: 'Aivatar',
      Period: 3600,
      Statistic: 'Maximum',
      Threshold: ALARM_THRESHOLDS.accountLikenessRefundPercent,
      Dimensions: [{ Name: 'Stage', Value: 'dev' }],
    });
    const api5xx = byName.get('Aivatar-dev-Api5xxRate') as { Metrics: Json[] };
    expect(JSON.stringify(api5xx.Metrics)).toContain('"MetricName":"5xx"');
    built.main.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: '{ ($.status = "429") && ($.integrationStatus = "-") }',
    });
  });

  it('has a runbook section in docs/operations.md for each alarm', () => {
    for (const id of [...expected, 'MailSendSpike']) expect(runbook, id).toContain(`#### ${id}`);
  });

  it('draws one dashboard per stage', () => {
    built.main.hasResourceProperties('AWS::CloudWatch::Dashboard', { DashboardName: 'Aivatar-dev' });
    const body = JSON.stringify(resourcesOf(built.main, 'AWS::CloudWatch::Dashboard')[0]?.Properties);
    for (const m of [
      'TasksCreated',
      'TokensSold',
      'WebhookFailures',
      'ProviderLatency',
      'AccountsDeleted',
      'LikenessScore',
    ])
      expect(body).toContain(m);
  });
});

describe('edge protection', () => {
  it('has a CloudFront-scoped web ACL for the site and one for the API, with rate, IP reputation and common rules', () => {
    const acls = resourcesOf(built.edge, 'AWS::WAFv2::WebACL').map((r) => r.Properties as Json);
    expect(acls.map((a) => a.Name).sort()).toEqual(['aivatar-dev-api', 'aivatar-dev-site']);
    for (const acl of acls) {
      expect(acl.Scope).toBe('CLOUDFRONT');
      const rules = acl.Rules as Json[];
      const rate = rules.find((r) => r.Name === 'RatePerClient') as Json;
      expect(rate.Action).toEqual({ Block: {} });
      expect(JSON.stringify(rate.Statement)).toContain(
        String(acl.Name === 'aivatar-dev-api' ? RATE_LIMITS.api : RATE_LIMITS.site),
      );
      const groups = rules.map((r) => (r.Statement as Json).ManagedRuleGroupStatement as Json | undefined);
      expect(groups.filter(Boolean).map((g) => g?.Name)).toEqual([...MANAGED_RULE_GROUPS]);
    }
  });

  it('puts both the site and the API behind CloudFront with those ACLs, and the web app calls the API there', () => {
    const distributions = resourcesOf(built.main, 'AWS::CloudFront::Distribution').map(
      (r) => (r.Properties as Json).DistributionConfig as Json,
    );
    expect(distributions).toHaveLength(2);
    for (const d of distributions) expect(d.WebACLId, String(d.Comment)).toBeDefined();
    const api = distributions.find((d) => String(d.Comment).includes('API')) as Json;
    expect(JSON.stringify(api.Origins)).toContain('"ApiEndpoint"]');
    const shell = resourcesOf(built.main, 'Custom::CDKBucketDeployment')
      .map((r) => r.Properties as Json)
      .find((d) => d.DistributionId) as Json;
    expect(JSON.stringify(shell.SourceMarkers)).toMatch(/ApiEdgeDistribution\w+","DomainName"/);
    expect(built.mainStack.apiEdge).toBeDefined();
  });

  it('has the site’s CSP name the API distribution’s own host name and the media bucket, not *.cloudfront.net', () => {
    const [policy] = resourcesOf(built.main, 'AWS::CloudFront::ResponseHeadersPolicy');
    const csp = JSON.stringify(
      at(
        policy?.Properties,
        'ResponseHeadersPolicyConfig',
        'SecurityHeadersConfig',
        'ContentSecurityPolicy',
        'ContentSecurityPolicy',
      ),
    );
    expect(csp).toMatch(
      /connect-src 'self' https:\/\/",\{"Fn::GetAtt":\["ApiEdgeDistribution\w+","DomainName"\]\}," https:\/\/aivatar-dev-media-/,
    );
    expect(csp).not.toContain('*.');
  });
});

describe('only through the API distribution', () => {
  const asSynth = (): Synth => {
    const json = built.main.toJSON() as { Resources: Synth['resources']; Outputs: Synth['outputs'] };
    return {
      stack: built.mainStack,
      template: built.main,
      resources: json.Resources,
      outputs: json.Outputs,
      outdir: '',
    };
  };

  it('adds the secret header to every request it forwards, from Secrets Manager, never written in the template', () => {
    const s = asSynth();
    const secret = secretId(s, 'ApiEdgeOriginVerifySecret');
    const api = Object.values(s.resources)
      .filter((r) => r.Type === 'AWS::CloudFront::Distribution')
      .map((r) => at(props(r), 'DistributionConfig') as Json)
      .find((d) => String(d.Comment).includes('API')) as Json;
    const headers = at(api, 'Origins', 0, 'OriginCustomHeaders') as Json[];
    expect(headers.map((h) => h.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    const value = JSON.stringify(headers[0]?.HeaderValue);
    expect(value).toContain('{{resolve:secretsmanager:');
    expect(value).toContain(`{"Ref":"${secret}"}`);
    expect(JSON.stringify(built.main.toJSON())).not.toMatch(/"HeaderValue":"[A-Za-z0-9]{48}"/);
  });

  it('makes every API function require it and read only that secret beside its own; the workers never see it', () => {
    const s = asSynth();
    const secret = { Ref: secretId(s, 'ApiEdgeOriginVerifySecret') };
    for (const group of routedGroups()) {
      const vars = at(
        props(s.resources[functionId(s, group)] as Resource),
        'Environment',
        'Variables',
      ) as Json;
      expect(vars.ORIGIN_VERIFY_SECRET_ARN, group).toEqual(secret);
      const config = readConfig(GROUP_CONFIG[group as keyof typeof GROUP_CONFIG], deployedEnvironment(vars));
      expect(config.originSecret, group).toEqual({ arn: expect.any(String) });
      const statements = roleStatements(s, roleId(s, group));
      const readsIt = statements.filter((st) =>
        statementResources(st).some((r) => JSON.stringify(r) === JSON.stringify(secret)),
      );
      expect(readsIt.flatMap(actionsOf), group).toEqual(['secretsmanager:GetSecretValue']);
      const needs = GROUP_NEEDS[group as keyof typeof GROUP_NEEDS];
      expect([...new Set(statements.flatMap(actionsOf))].sort(), group).toEqual(
        [...new Set(declaredActions(needs as never, true))].sort(),
      );
    }
    for (const fn of built.mainStack.generation.functions.values()) {
      const cfn = s.resources[s.stack.getLogicalId(fn.fn.node.defaultChild as never)] as Resource;
      expect(at(props(cfn), 'Environment', 'Variables', 'ORIGIN_VERIFY_SECRET_ARN')).toBeUndefined();
    }
  });

  it('gives Stripe and the web app the distribution’s address, not API Gateway’s', () => {
    const s = asSynth();
    const webhook = JSON.stringify(s.outputs.StripeWebhookUrl?.Value);
    expect(webhook).toMatch(/ApiEdgeDistribution\w+","DomainName"/);
    expect(webhook).toContain(apiRoutes.stripeWebhook.path);
    expect(JSON.stringify(s.outputs.OriginVerifySecretArn?.Value)).toContain('ApiEdgeOriginVerifySecret');
  });
});

describe('AwsSolutions checks (cdk-nag)', () => {
  it('leave no finding that is not acknowledged with a reason', () => {
    const { report } = build({ nag: true });
    const nag = report?.pluginReports.find((p) => p.pluginName === 'AwsSolutions');
    expect(nag, 'the AwsSolutions checks ran').toBeDefined();
    const open = (nag?.violations ?? []).flatMap((v) =>
      v.violatingConstructs.map((c) => `${v.ruleName} ${c.constructPath}`),
    );
    const probe = open.filter((f) => f.includes(' NagProbe/'));
    expect(probe.length, 'the probe queue breaks SQS rules').toBeGreaterThan(0);
    expect(open.filter((f) => !f.includes(' NagProbe/'))).toEqual([]);
  }, 240_000);
});
