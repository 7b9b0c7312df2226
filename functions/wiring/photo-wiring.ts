// Builds the photos functions' adapters from their config, once per process (cold start). The photos function
// never decodes an image nor loads the face model; the photo-intake function does both.

import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoPhotoStore } from '../adapters/dynamodb/photo-store.ts';
import { DynamoRateLimiter } from '../adapters/dynamodb/rate-limiter.ts';
import { DynamoTeamPhotoProgress } from '../adapters/dynamodb/team-photo-progress.ts';
import { FaceApiAnalyzer } from '../adapters/faces/face-api-analyzer.ts';
import { SharpImages } from '../adapters/images/sharp-images.ts';
import { S3PhotoFiles } from '../adapters/s3/photo-files.ts';
import { cryptoIds, systemClock } from '../adapters/system.ts';
import type { MediaConfig, TableConfig } from '../config.ts';
import type { PhotoDeps, PhotoIntakeDeps } from '../domain/photos/ports.ts';

export function buildPhotoDeps(
  config: TableConfig & MediaConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): PhotoDeps {
  return {
    store: new DynamoPhotoStore(db, config.tableName),
    files: new S3PhotoFiles(s3, config.mediaBucket),
    clock: systemClock,
    ids: cryptoIds,
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    teamProgress: new DynamoTeamPhotoProgress(db, config.tableName),
  };
}

export const buildPhotoIntakeDeps = (
  config: TableConfig & MediaConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): PhotoIntakeDeps => ({
  ...buildPhotoDeps(config, db, s3),
  images: new SharpImages(),
  faces: new FaceApiAnalyzer(),
});
