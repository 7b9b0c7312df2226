// The HTTP API: one route per served route of the table, the preflight route, throttling (stage default and
// stricter per-route limits from api-limits.ts) and JSON access logs. No CORS setting: API Gateway would
// then answer preflights itself, past the functions' origin check; the functions answer CORS instead
// (shared/api-cors.ts), and the API's resource names nothing of the web app (so the site's CSP can name the
// API's own address without a cycle).
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  HttpApi,
  HttpMethod,
  type HttpRoute,
  type HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { apiRoutes, groupRoutes, type LambdaGroup, type RouteId, routeKey } from '#shared/api-routes.ts';
import { ROUTE_THROTTLES, STAGE_THROTTLE, type Throttle } from '../api-limits.ts';
import { stageLogGroupProps } from './stage-logs.ts';

/**
 * One JSON object per request. `requestId` is also the `x-correlation-id` the functions answer with, so a
 * user's report leads to both the access log line and the function's log.
 */
export const ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  routeKey: '$context.routeKey',
  status: '$context.status',
  sourceIp: '$context.identity.sourceIp',
  userAgent: '$context.identity.userAgent',
  requestTime: '$context.requestTimeEpoch',
  responseLatencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  error: '$context.error.message',
} as const;

interface ProductApiProps {
  stage: 'dev' | 'prod';
}

export class ProductApi extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  private readonly routeThrottles = new Map<string, Throttle>(
    Object.entries(ROUTE_THROTTLES).map(([id, t]) => [routeKey(apiRoutes[id as RouteId]), t]),
  );

  constructor(scope: Construct, id: string, props: ProductApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `aivatar-${props.stage}`,
      description: `Aivatar ${props.stage} API (routes from shared/api-routes.ts)`,
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(this, 'AccessLogs', stageLogGroupProps(props.stage));
    this.stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: STAGE_THROTTLE,
      accessLogSettings: {
        destination: new LogGroupLogDestination(this.accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(ACCESS_LOG_FIELDS)),
      },
    });
  }

  /** API Gateway's own address, e.g. https://abc123.execute-api.eu-west-1.amazonaws.com */
  get endpoint(): string {
    return this.httpApi.apiEndpoint;
  }

  /** Deploys every served route of `group` to `fn`; routes not served yet stay undeployed. */
  serveGroup(group: LambdaGroup, fn: IFunction): void {
    const integration = new HttpLambdaIntegration(`${group}-integration`, fn);
    for (const [, route] of groupRoutes(group)) {
      const [created] = this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration,
      });
      const key = routeKey(route);
      const throttle = this.routeThrottles.get(key);
      if (throttle && created) this.throttleRoute(created, key, throttle);
    }
  }

  /**
   * Every preflight (`OPTIONS /{proxy+}`) to `fn`, which checks the origin header like any request and
   * answers with the CORS rule (functions/platform/http/cors.ts).
   */
  servePreflight(fn: IFunction): void {
    this.httpApi.addRoutes({
      path: '/{proxy+}',
      methods: [HttpMethod.OPTIONS],
      integration: new HttpLambdaIntegration('preflight-integration', fn),
    });
  }

  /** Route settings name the route by key: CloudFormation refuses them until the route exists. */
  private throttleRoute(route: HttpRoute, key: string, throttle: Throttle): void {
    const cfnStage = this.stage.node.defaultChild as CfnStage;
    const settings = { ...((cfnStage.routeSettings as Record<string, unknown> | undefined) ?? {}) };
    settings[key] = {
      ThrottlingRateLimit: throttle.rateLimit,
      ThrottlingBurstLimit: throttle.burstLimit,
    };
    cfnStage.routeSettings = settings;
    this.stage.node.addDependency(route);
  }
}
