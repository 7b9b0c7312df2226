// The media bucket: reference photos and generated avatars (results/, result-thumbs/ and the download sizes in result-sizes/: kept). Private, encrypted, TLS-only; the
// browser uploads to it with presigned POSTs and reads through short-lived signed URLs, so its CORS rule
// names the web origin. Photos are deleted PHOTO_RETENTION_DAYS after upload, like their records (TTL).
import { Aws, Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  HttpMethods,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import { EXPORT_DAYS } from '../../functions/privacy/domain/data-export.ts';

/** Key prefixes and how long objects under each live (functions/photos/s3/photo-files.ts). */
const MEDIA_LIFECYCLE = [
  { prefix: 'uploads/', days: 1, why: 'browser uploads not confirmed (confirm deletes the rest)' },
  { prefix: 'photos/', days: PHOTO_RETENTION_DAYS, why: 'reference photos' },
  { prefix: 'thumbs/', days: PHOTO_RETENTION_DAYS, why: 'their thumbnails' },
  { prefix: 'archives/', days: 1, why: '"download all" ZIPs (their links last minutes)' },
  { prefix: 'exports/', days: EXPORT_DAYS, why: 'data exports (functions/privacy/domain/data-export.ts)' },
] as const;

/**
 * The bucket's name is made from the stage, account and region rather than generated, so its origin is
 * known without referring to the bucket: the site's CSP (CloudFront) names it while the bucket's CORS rule
 * names the site, and neither waits on the other.
 */
const mediaBucketName = (stage: string): string => `aivatar-${stage}-media-${Aws.ACCOUNT_ID}-${Aws.REGION}`;

/** The origin browsers reach the bucket at (virtual-hosted style, as the SDK signs URLs in the region). */
export const mediaBucketOrigin = (stage: string): string =>
  `https://${mediaBucketName(stage)}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;

interface MediaBucketProps {
  stage: 'dev' | 'prod';
  /** The web app's origin: the only one that may upload (POST) and read (GET) from a browser. */
  webOrigin: string;
}

export class MediaBucket extends Construct {
  readonly bucket: Bucket;
  readonly origin: string;

  constructor(scope: Construct, id: string, props: MediaBucketProps) {
    super(scope, id);
    const prod = props.stage === 'prod';
    this.origin = mediaBucketOrigin(props.stage);
    this.bucket = new Bucket(this, 'Bucket', {
      bucketName: mediaBucketName(props.stage),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      removalPolicy: prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !prod,
      cors: [
        {
          allowedOrigins: [props.webOrigin],
          allowedMethods: [HttpMethods.POST, HttpMethods.GET],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        ...MEDIA_LIFECYCLE.map((rule) => ({
          id: `expire-${rule.prefix.replace('/', '')}`,
          prefix: rule.prefix,
          expiration: Duration.days(rule.days),
        })),
        { id: 'abort-incomplete-uploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });
  }
}
