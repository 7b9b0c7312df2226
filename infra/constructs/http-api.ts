// The HTTP API: CORS for the web app's origin only, and one route per served route of the table.
import { Duration } from 'aws-cdk-lib';
import { CorsHttpMethod, HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { type LambdaGroup, servedRoutes } from '../../shared/api-routes.ts';

/** The headers the SPA's client sends (spec section 7: Bearer and Token, JSON bodies). */
export const CORS_ALLOWED_HEADERS = ['Authorization', 'Token', 'Content-Type'];
export const CORS_EXPOSED_HEADERS = ['x-correlation-id'];

export interface ProductApiProps {
  stage: 'dev' | 'prod';
  /** The one origin browsers may call the API from: the web app's URL. */
  webOrigin: string;
}

export class ProductApi extends Construct {
  readonly httpApi: HttpApi;

  constructor(scope: Construct, id: string, props: ProductApiProps) {
    super(scope, id);
    this.httpApi = new HttpApi(this, 'HttpApi', {
      apiName: `aivatar-${props.stage}`,
      description: `Aivatar ${props.stage} API (routes from shared/api-routes.ts)`,
      corsPreflight: {
        allowOrigins: [props.webOrigin],
        allowHeaders: CORS_ALLOWED_HEADERS,
        allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST, CorsHttpMethod.PUT, CorsHttpMethod.DELETE],
        exposeHeaders: CORS_EXPOSED_HEADERS,
        maxAge: Duration.hours(1),
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
      this.httpApi.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration });
    }
  }
}
