// What bounds traffic and mail on AWS: API Gateway throttling (stage and per route), access logs,
// reserved concurrency per function, the SES configuration set and its alarm, and CORS from one source.
import { Match } from 'aws-cdk-lib/assertions';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CORS } from '#shared/api-cors.ts';
import { apiRoutes, groupRoutes, type RouteId, routedGroups, routeKey } from '#shared/api-routes.ts';
import { LOGIN_LINK_TTL_SECONDS } from '../../functions/accounts/domain/accounts.ts';
import { DEFAULT_RESERVED_CONCURRENCY, ROUTE_THROTTLES, STAGE_THROTTLE } from '../../infra/api-limits.ts';
import { ACCESS_LOG_FIELDS } from '../../infra/constructs/http-api.ts';
import {
  CONCURRENCY_METADATA,
  CUSTOM_RESOURCE_PROVIDERS,
  checkFunctionConcurrency,
} from '../../infra/function-concurrency.ts';
import { GROUP_NEEDS } from '../../infra/group-needs.ts';
import { type Json, props, type Resource } from './cfn-template.ts';
import { functionId, ofType, onlyOfType, removeTempDirs, type Synth, synth } from './synth.ts';

afterAll(removeTempDirs);

let dev: Synth;
let prod: Synth;
beforeAll(() => {
  dev = synth('dev', false);
  prod = synth('prod', true);
});

const throttledRoutes = Object.keys(ROUTE_THROTTLES) as (keyof typeof ROUTE_THROTTLES)[];

describe.each([
  ['dev', () => dev],
  ['prod', () => prod],
] as const)('%s stack', (stage, get) => {
  it('throttles the API stage, and signup, login, send_login_link, password checks, photo processing, edits, downloads, team invitations and reminders more strictly', () => {
    const s = get();
    expect([...throttledRoutes].sort()).toEqual([
      'changePassword',
      'confirmPhotoUploads',
      'createDownloadLink',
      'deleteAccount',
      'editTask',
      'favouritesZip',
      'login',
      'remindMember',
      'resultData',
      'resultFile',
      'resultsZip',
      'sendLoginLink',
      'signup',
      'teamInvites',
      'uploadPhotos',
    ]);
    const routeSettings = Object.fromEntries(
      throttledRoutes.map((id) => [
        routeKey(apiRoutes[id]),
        {
          ThrottlingRateLimit: ROUTE_THROTTLES[id].rateLimit,
          ThrottlingBurstLimit: ROUTE_THROTTLES[id].burstLimit,
        },
      ]),
    );
    s.template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: STAGE_THROTTLE.rateLimit,
        ThrottlingBurstLimit: STAGE_THROTTLE.burstLimit,
      },
      RouteSettings: routeSettings,
    });
    for (const id of throttledRoutes) {
      const t = ROUTE_THROTTLES[id];
      expect(t.rateLimit, id).toBeLessThan(STAGE_THROTTLE.rateLimit);
      expect(t.burstLimit, id).toBeLessThan(STAGE_THROTTLE.burstLimit);
    }
    // CloudFormation refuses route settings for a route that does not exist yet.
    const [, apiStage] = onlyOfType(s, 'AWS::ApiGatewayV2::Stage');
    const routeIds = ofType(s, 'AWS::ApiGatewayV2::Route')
      .filter(([, r]) =>
        (throttledRoutes.map((id) => routeKey(apiRoutes[id])) as unknown[]).includes(props(r).RouteKey),
      )
      .map(([id]) => id);
    expect(routeIds).toHaveLength(throttledRoutes.length);
    for (const id of routeIds) expect([apiStage.DependsOn].flat()).toContain(id);
  });

  it('writes a JSON access log line per request, with the request id, to a log group with retention', () => {
    const s = get();
    const [logGroupId, logGroup] = ofType(s, 'AWS::Logs::LogGroup').find(([id]) =>
      id.startsWith('ApiAccessLogs'),
    ) as [string, Resource];
    expect(props(logGroup).RetentionInDays).toBe(stage === 'prod' ? 90 : 7);
    expect(logGroup.DeletionPolicy).toBe(stage === 'prod' ? 'Retain' : 'Delete');
    const [, apiStage] = onlyOfType(s, 'AWS::ApiGatewayV2::Stage');
    const settings = props(apiStage).AccessLogSettings as Json;
    expect(settings.DestinationArn).toEqual({ 'Fn::GetAtt': [logGroupId, 'Arn'] });
    const format = JSON.parse(settings.Format as string) as Record<string, string>;
    expect(format).toEqual(ACCESS_LOG_FIELDS);
    expect(s.outputs.ApiAccessLogs?.Value).toEqual({ Ref: logGroupId });
    expect(format.requestId).toBe('$context.requestId');
    for (const variable of [
      '$context.routeKey',
      '$context.status',
      '$context.identity.sourceIp',
      '$context.responseLatency',
      '$context.integrationErrorMessage',
    ])
      expect(Object.values(format)).toContain(variable);
  });

  it('reserves concurrency for every function: its GROUP_NEEDS setting or the default', () => {
    const s = get();
    for (const group of routedGroups()) {
      const fn = props(s.resources[functionId(s, group)] as Resource);
      const expected = GROUP_NEEDS[group]?.reservedConcurrency ?? DEFAULT_RESERVED_CONCURRENCY;
      expect(fn.ReservedConcurrentExecutions, group).toBe(expected);
      expect(expected).toBeGreaterThan(0);
    }
  });

  it('reserves concurrency for every function of the stack, the style seeder included, or marks it a custom-resource provider', () => {
    const s = get();
    const functions = ofType(s, 'AWS::Lambda::Function');
    const providers = functions.filter(([, f]) => props(f).ReservedConcurrentExecutions === undefined);
    for (const [id, f] of functions) {
      const reserved = props(f).ReservedConcurrentExecutions as number | undefined;
      if (reserved !== undefined) expect(reserved, id).toBeGreaterThan(0);
      else expect(JSON.stringify(f.Metadata?.[CONCURRENCY_METADATA]), id).toMatch(/custom-resource provider/);
    }
    // CDK's providers only: style seeding's framework, copying the web app, and emptying the buckets (dev).
    expect(providers).toHaveLength(stage === 'dev' ? CUSTOM_RESOURCE_PROVIDERS.length : 2);
    const seeder = functions.find(([, f]) =>
      JSON.stringify(props(f).Description).includes('seeds the styles'),
    );
    expect(props((seeder as [string, Resource])[1]).ReservedConcurrentExecutions).toBe(1);
  });

  it('sends mail through a configuration set that suppresses bounced addresses, with an alarm on volume', () => {
    const s = get();
    const [configSetId] = onlyOfType(s, 'AWS::SES::ConfigurationSet');
    s.template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: Match.arrayWith(['BOUNCE', 'COMPLAINT']) },
      ReputationOptions: { ReputationMetricsEnabled: true },
      DeliveryOptions: { MaxDeliverySeconds: LOGIN_LINK_TTL_SECONDS },
    });
    expect(s.outputs.MailConfigurationSet?.Value).toEqual({ Ref: configSetId });
    s.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.aivatar.test',
      ConfigurationSetAttributes: { ConfigurationSetName: { Ref: configSetId } },
    });
    s.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES',
      MetricName: 'Send',
      Statistic: 'Sum',
      Period: 3600,
      ComparisonOperator: 'GreaterThanThreshold',
      Threshold: Match.anyValue(),
    });
  });

  it('leaves CORS to the functions, which read the one definition the local API Gateway serves too', () => {
    const s = get();
    const [, api] = onlyOfType(s, 'AWS::ApiGatewayV2::Api');
    expect(props(api).CorsConfiguration).toBeUndefined();
    expect(API_CORS.allowCredentials).toBe(true);
  });
});

describe('the CORS definition', () => {
  it('allows every method the route table serves', () => {
    for (const [id, route] of groupRoutes())
      expect(API_CORS.allowMethods, id as RouteId).toContain(route.method);
  });
});

describe('reserved concurrency', () => {
  it('refuses to synthesize a function with no reserved concurrency that is not a custom-resource provider', () => {
    expect(() =>
      synth('dev', false, (stack) => {
        const fn = stack.functions.get('photos');
        (fn?.fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = undefined;
        checkFunctionConcurrency(stack);
      }),
    ).toThrow(/every function has reserved concurrency/);
  });
});
