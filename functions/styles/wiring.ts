// The admin-styles group's composition root: the style catalogue's store and the style pictures' files and
// image checks, built from its config once per cold start.

import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MediaConfig, TableConfig } from '#platform/config.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { SharpImages } from '../photos/adapters.ts';
import type { AdminStyleDeps } from './domain/admin-styles.ts';
import type { StyleImageDeps } from './domain/style-images.ts';
import { DynamoAdminStyleStore } from './dynamodb/admin-style-store.ts';
import { S3StyleImageFiles } from './s3/style-image-files.ts';

/** What the group's routes use (routes.ts). */
export type StylesGroupDeps = AdminStyleDeps & { images: StyleImageDeps };

export function buildStylesGroupDeps(
  config: TableConfig & Pick<MediaConfig, 'mediaBucket'>,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): StylesGroupDeps {
  return {
    styles: new DynamoAdminStyleStore(db, config.tableName),
    clock: systemClock,
    ids: cryptoIds,
    images: {
      files: new S3StyleImageFiles(s3, config.mediaBucket),
      images: new SharpImages(),
      ids: cryptoIds,
    },
  };
}
