// The API behind CloudFront, so AWS WAF can protect it: an HTTP API cannot carry a web ACL itself. Nothing
// is cached; every header but Host, every query string and the body go to API Gateway unchanged.
// API Gateway's execute-api address stays reachable, so the distribution adds a secret header
// (x-origin-verify, from Secrets Manager) and every function refuses a request without it
// (functions/platform/http/origin-verify.ts): going around CloudFront means going around WAF.
// API Gateway then sees CloudFront's edge servers as the source address; a viewer-request function passes
// the viewer's own address on, for the functions' per-address limits (functions/platform/http/client-address.ts).
import { Fn, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '#platform/http/client-address.ts';
import { ORIGIN_VERIFY_HEADER } from '#platform/http/origin-verify.ts';

/**
 * CloudFront Function (viewer request; CloudFront's own JavaScript 2.0 runtime, not Node): sets
 * VIEWER_ADDRESS_HEADER to the viewer's address, replacing any value or values the client sent, so a
 * client never chooses its address. Added at viewer request, it reaches API Gateway as a viewer header
 * (ALL_VIEWER_EXCEPT_HOST_HEADER); the functions believe it only beside the origin secret.
 */
const VIEWER_ADDRESS_SOURCE = `function handler(event) {
  event.request.headers[${JSON.stringify(VIEWER_ADDRESS_HEADER)}] = { value: event.viewer.ip };
  return event.request;
}`;

interface ApiEdgeProps {
  stage: 'dev' | 'prod';
  /** API Gateway's own address (https://<id>.execute-api.<region>.amazonaws.com) */
  apiEndpoint: string;
  /** The WAF web ACL (us-east-1, scope CLOUDFRONT) */
  webAclArn: string;
  /**
   * The version of the origin secret the distribution sends (after a rotation: the VersionId that
   * put-secret-value printed); absent: the current version as of the distribution's last update.
   */
  originSecretVersionId?: string;
}

export class ApiEdge extends Construct {
  readonly distribution: Distribution;
  /** https:// plus the distribution's host name: what the web app calls */
  readonly url: string;
  /** The value the distribution sends in ORIGIN_VERIFY_HEADER; every API function reads it. */
  readonly originSecret: Secret;

  constructor(scope: Construct, id: string, props: ApiEdgeProps) {
    super(scope, id);
    const host = Fn.select(2, Fn.split('/', props.apiEndpoint));
    this.originSecret = new Secret(this, 'OriginVerifySecret', {
      description: `Aivatar ${props.stage}: the header value CloudFront adds to API requests (docs/operations.md, "Edge protection")`,
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    const viewerAddress = new EdgeFunction(this, 'ViewerAddress', {
      code: FunctionCode.fromInline(VIEWER_ADDRESS_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
      comment: `Passes the viewer address to the API in ${VIEWER_ADDRESS_HEADER}`,
    });
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Aivatar ${props.stage} API (WAF in front of the HTTP API)`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: new HttpOrigin(host, {
          protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
          // A CloudFormation dynamic reference: the value is resolved at deploy time, never in the template.
          // A viewer's own header of that name is overwritten by CloudFront.
          customHeaders: {
            [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(this.originSecret.secretArn, {
              ...(props.originSecretVersionId ? { versionId: props.originSecretVersionId } : {}),
            }).unsafeUnwrap(),
          },
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
        allowedMethods: AllowedMethods.ALLOW_ALL,
        cachePolicy: CachePolicy.CACHING_DISABLED,
        originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
        compress: false,
        // Every behaviour the distribution gets needs it too (tests/infra/api-edge.test.ts checks them all).
        functionAssociations: [{ function: viewerAddress, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }
}
