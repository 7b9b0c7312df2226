// Uploads the built SPA and its runtime config.json to the hosting bucket, then invalidates CloudFront.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';

/** What the SPA reads from /config.json at start. */
interface WebRuntimeConfig {
  apiUrl: string;
}

interface WebDeploymentProps {
  /** The `vite build` output: a folder with index.html and hashed files under assets/. */
  distPath: string;
  bucket: IBucket;
  distribution: IDistribution;
  runtimeConfig: WebRuntimeConfig;
}

/** Stops synth early, before any bundling, when there is no built SPA to deploy. */
export function assertWebBuilt(distPath: string): void {
  if (!existsSync(join(distPath, 'index.html'))) {
    throw new Error(
      `The web app is not built: ${join(distPath, 'index.html')} is missing. ` +
        'Run `npm run build:web` before `cdk synth` or `cdk deploy` (or pass -c webAssetPath=<folder with index.html>).',
    );
  }
}

export class WebDeployment extends Construct {
  constructor(scope: Construct, id: string, props: WebDeploymentProps) {
    super(scope, id);
    assertWebBuilt(props.distPath);
    const site = Source.asset(props.distPath);

    // Hashed bundles never change under one name. Old ones are kept (no prune) so a tab still
    // running the previous release can lazy-load its chunks.
    const assets = new BucketDeployment(this, 'HashedAssets', {
      sources: [site],
      destinationBucket: props.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.days(365)),
        CacheControl.immutable(),
      ],
      memoryLimit: 512,
    });

    // index.html, config.json and other unhashed files must be revalidated so a release is seen
    // at once; this deployment also invalidates CloudFront's copies.
    const shell = new BucketDeployment(this, 'Shell', {
      sources: [site, Source.jsonData('config.json', props.runtimeConfig)],
      destinationBucket: props.bucket,
      exclude: ['assets/*'],
      cacheControl: [CacheControl.noCache()],
      distribution: props.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    shell.node.addDependency(assets);
  }
}
