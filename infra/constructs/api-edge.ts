// The API behind CloudFront, so AWS WAF can protect it: an HTTP API cannot carry a web ACL itself. Nothing
// is cached; every header but Host, every query string and the body go to API Gateway unchanged.
import { Fn } from 'aws-cdk-lib';
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
import { Construct } from 'constructs';

export interface ApiEdgeProps {
  stage: 'dev' | 'prod';
  /** API Gateway's own address (https://<id>.execute-api.<region>.amazonaws.com) */
  apiEndpoint: string;
  /** The WAF web ACL (us-east-1, scope CLOUDFRONT) */
  webAclArn: string;
}

export class ApiEdge extends Construct {
  readonly distribution: Distribution;
  /** https:// plus the distribution's host name: what the web app calls */
  readonly url: string;

  constructor(scope: Construct, id: string, props: ApiEdgeProps) {
    super(scope, id);
    const host = Fn.select(2, Fn.split('/', props.apiEndpoint));
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Aivatar ${props.stage} API (WAF in front of the HTTP API)`,
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      defaultBehavior: {
        origin: new HttpOrigin(host, { protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY }),
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
