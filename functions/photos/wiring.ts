// Builds the photos functions' adapters from their config, once per process (cold start). The photos function
// never decodes an image nor loads the face model; the photo-intake function does both.

import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MediaConfig, SessionConfig, TableConfig } from '#platform/config.ts';
import type { CaptureResolver } from '#platform/domain/ports.ts';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { readSecret } from '#platform/secrets.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { DynamoTeamPhotoProgress } from '../teams/adapters.ts';
import { HmacCaptureCodes } from './capture-codes.ts';
import { resolveCaptureFrom } from './domain/capture-links.ts';
import type { PhotoDeps, PhotoIntakeDeps } from './domain/ports.ts';
import { DynamoCaptureLinkStore } from './dynamodb/capture-link-store.ts';
import { DynamoPhotoStore } from './dynamodb/photo-store.ts';
import { FaceApiAnalyzer } from './faces/face-api-analyzer.ts';
import { SharpImages } from './images/sharp-images.ts';
import { S3PhotoFiles } from './s3/photo-files.ts';

/** What the photos functions are built from: their table, bucket, the stage's key and the web app's origin. */
type PhotoConfig = TableConfig & MediaConfig & SessionConfig & { webOrigin: string };

export function buildPhotoDeps(config: PhotoConfig, db: DynamoDBDocumentClient, s3: S3Client): PhotoDeps {
  return {
    store: new DynamoPhotoStore(db, config.tableName),
    files: new S3PhotoFiles(s3, config.mediaBucket),
    clock: systemClock,
    ids: cryptoIds,
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    teamProgress: new DynamoTeamPhotoProgress(db, config.tableName),
    captureLinks: new DynamoCaptureLinkStore(db, config.tableName),
    captureCodes: new HmacCaptureCodes(once(() => readSecret(config.jwtSecret))),
    users: new DynamoUserReader(db, config.tableName),
    webOrigin: config.webOrigin,
  };
}

export const buildPhotoIntakeDeps = (
  config: PhotoConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): PhotoIntakeDeps => ({
  ...buildPhotoDeps(config, db, s3),
  images: new SharpImages(),
  faces: new FaceApiAnalyzer(),
});

/** The phone's capture code and device as the caller of the two upload routes (functions/platform/http/middleware.ts). */
export const captureResolver =
  (deps: PhotoDeps): CaptureResolver =>
  (code, device, clientAddress) =>
    resolveCaptureFrom(deps, code, device, clientAddress);

/** Reads a value once, when first asked (a secret: never on a cold start that does not need it). */
function once<T>(read: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= read().catch((e) => {
      value = undefined;
      throw e;
    });
    return value;
  };
}
