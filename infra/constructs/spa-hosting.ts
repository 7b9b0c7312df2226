// The SPA's hosting: a private bucket read by CloudFront through Origin Access Control, the product's
// security headers on every response, and app routes served the app shell.
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  Function as EdgeFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  PriceClass,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { BlockPublicAccess, Bucket, BucketEncryption, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { canonicalPagePath } from '#shared/page-address.ts';
import { prerenderedPaths, shellDocumentFor } from '#shared/web-routes.ts';
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '../web-hosting.ts';

/**
 * CloudFront Function (viewer request). First the address rule of shared/page-address.ts, the same as the
 * router's and the local server's: an address that does not decode gets 400, another spelling of a page
 * (/Pricing, /pricing/) one redirect to its own. Then a path whose last segment has no file extension is a
 * page: a prerendered page (shared/web-routes.ts prerenderedPaths) gets its own HTML document, any other
 * page (/app/gallery, /login) the SPA's empty document. A missing file with an extension still fails,
 * instead of every 403/404 being turned into a page.
 */
export const SPA_REWRITE_SOURCE = `var PRERENDERED = ${JSON.stringify(Object.fromEntries(prerenderedPaths().map((p) => [p, 1])))};
var canonicalPagePath = ${canonicalPagePath.toString()};
var shellDocumentFor = ${shellDocumentFor.toString()};
function queryString(query) {
  var parts = [];
  for (var name in query) {
    var values = query[name].multiValue || [query[name]];
    for (var i = 0; i < values.length; i++) parts.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return parts.length ? '?' + parts.join('&') : '';
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var canonical = canonicalPagePath(uri);
  if (canonical === null) return { statusCode: 400, statusDescription: 'Bad Request' };
  if (canonical !== uri) {
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: { location: { value: canonical + queryString(request.querystring) }, 'cache-control': { value: 'no-cache' } },
    };
  }
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    if (PRERENDERED[uri]) request.uri = uri === '/' ? '/index.html' : uri + '/index.html';
    else request.uri = '/' + shellDocumentFor(uri);
  }
  return request;
}
`;

const HSTS_MAX_AGE = Duration.days(730);

type Writable<T> = { -readonly [K in keyof T]: T[K] };

/** Splits the shared header list into what CloudFront manages itself and plain custom headers. */
function cloudFrontHeaders(headers: Record<string, string>, csp: string) {
  const security: Writable<ResponseSecurityHeadersBehavior> = {
    contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
    strictTransportSecurity: { accessControlMaxAge: HSTS_MAX_AGE, includeSubdomains: true, override: true },
  };
  const custom: { header: string; value: string; override: boolean }[] = [];
  for (const [name, value] of Object.entries(headers)) {
    switch (name.toLowerCase()) {
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error('CloudFront only sends x-content-type-options: nosniff');
        security.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options':
        if (value !== HeadersFrameOption.DENY && value !== HeadersFrameOption.SAMEORIGIN) {
          throw new Error(`Unsupported x-frame-options for CloudFront: ${value}`);
        }
        security.frameOptions = { frameOption: value, override: true };
        break;
      case 'referrer-policy':
        if (!(Object.values(HeadersReferrerPolicy) as string[]).includes(value)) {
          throw new Error(`Unsupported referrer-policy for CloudFront: ${value}`);
        }
        security.referrerPolicy = { referrerPolicy: value as HeadersReferrerPolicy, override: true };
        break;
      case 'content-security-policy':
      case 'strict-transport-security':
      case 'x-xss-protection':
        throw new Error(`${name} is set by the hosting construct, not by SECURITY_HEADERS`);
      default:
        // CloudFront refuses custom headers it manages itself; permissions-policy is not one of them.
        custom.push({ header: name, value, override: true });
    }
  }
  return { security, custom };
}

interface SpaHostingProps {
  stage: 'dev' | 'prod';
  /** The API's origin (scheme and host) for the CSP's connect-src. */
  apiOrigin: string;
  /** The media bucket's origin: photo uploads (connect-src) and signed image URLs (img-src). */
  mediaOrigin?: string;
  /** A custom host name for the site, with its us-east-1 ACM certificate. */
  customDomain?: { name: string; certificate: ICertificate };
  /** The WAF web ACL in front of the site (us-east-1, scope CLOUDFRONT; infra/edge-protection.ts). */
  webAclArn?: string;
}

export class SpaHosting extends Construct {
  readonly bucket: Bucket;
  readonly distribution: Distribution;
  readonly headersPolicy: ResponseHeadersPolicy;
  /** `https://` plus the custom domain, or the CloudFront host name. */
  readonly webUrl: string;

  constructor(scope: Construct, id: string, props: SpaHostingProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !prod,
    });

    const { security, custom } = cloudFrontHeaders(
      SECURITY_HEADERS,
      CONTENT_SECURITY_POLICY(props.apiOrigin, props.mediaOrigin),
    );
    this.headersPolicy = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Aivatar ${props.stage}: security headers and CSP`,
      securityHeadersBehavior: security,
      customHeadersBehavior: { customHeaders: custom },
    });

    const spaRewrite = new EdgeFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(SPA_REWRITE_SOURCE),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serves index.html for app routes (paths without a file extension)',
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Aivatar ${props.stage} web app`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      // The default *.cloudfront.net certificate has a fixed TLS policy; a custom one gets TLS 1.2+.
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.name],
            certificate: props.customDomain.certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.headersPolicy,
        functionAssociations: [{ function: spaRewrite, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
    });

    this.webUrl = props.customDomain
      ? `https://${props.customDomain.name}`
      : `https://${this.distribution.distributionDomainName}`;
  }
}
