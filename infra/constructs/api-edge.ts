// The API behind CloudFront, so AWS WAF can protect it: an HTTP API cannot carry a web ACL itself. Nothing
// is cached; every header but Host, every query string and the body go to API Gateway unchanged.
// API Gateway's execute-api address stays reachable, so the distribution adds a secret header
// (x-origin-verify, from Secrets Manager) and every function refuses a request without it
// (functions/http/origin-verify.ts): going around CloudFront means going around WAF.
import { Fn, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/http/origin-verify.ts';

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
      },
    });
    this.url = `https://${this.distribution.distributionDomainName}`;
  }
}
