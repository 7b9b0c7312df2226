// The HTTP API: CORS for the web app's origin only, one route per served route of the table, throttling
// (stage default and stricter per-route limits from api-limits.ts) and JSON access logs.
import { Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
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
import {
  apiRoutes,
  type LambdaGroup,
  type RouteId,
  routeKey,
  servedRoutes,
} from '../../shared/api-routes.ts';
import { API_CORS } from '../api-cors.ts';
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

export interface ProductApiProps {
  stage: 'dev' | 'prod';
  /** The one origin browsers may call the API from: the web app's URL. */
  webOrigin: string;
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
      corsPreflight: {
        allowOrigins: [props.webOrigin],
        allowHeaders: [...API_CORS.allowHeaders],
        allowMethods: API_CORS.allowMethods.map((m) => CorsHttpMethod[m]),
        exposeHeaders: [...API_CORS.exposeHeaders],
        maxAge: Duration.seconds(API_CORS.maxAgeSeconds),
        allowCredentials: API_CORS.allowCredentials,
      },
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
    for (const [, route] of servedRoutes(group)) {
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
