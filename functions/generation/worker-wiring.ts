// Builds the generation functions' adapters (worker, dead-letter handler, sweeper) once per process.
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type {
  LikenessConfig,
  MailConfig,
  MediaConfig,
  ProviderConfig,
  TableConfig,
  TaskTimingConfig,
} from '#platform/config.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { OutboxMailer } from '#platform/mail/outbox-mailer.ts';
import { SesMailer } from '#platform/mail/ses-mailer.ts';
import { domainLog, logger } from '#platform/observability/logger.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import {
  DynamoPhotoStore,
  FaceApiAnalyzer,
  loadFaceModel,
  RvmPersonSegmenter,
  S3PhotoFiles,
} from '../photos/adapters.ts';
import type { AbandonDeps } from './domain/abandoned-tasks.ts';
import type { WorkerDeps } from './domain/worker.ts';
import { DynamoTaskDurations } from './dynamodb/task-durations.ts';
import { DynamoTaskStore } from './dynamodb/task-store.ts';
import { decodeBrushPng, encodeMaskPng } from './images/edit-mask-png.ts';
import { SharpResultImages } from './images/result-images.ts';
import { buildImageProvider } from './provider-wiring.ts';
import { S3EditMaskFiles } from './s3/edit-mask-files.ts';
import { S3ResultFiles } from './s3/result-files.ts';

/** What finishing a task needs: the tasks, the account, the mail, and the photos (retention). */
export function buildAbandonDeps(
  config: TableConfig & MediaConfig & MailConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): AbandonDeps {
  return {
    tasks: new DynamoTaskStore(db, config.tableName),
    users: new DynamoUserReader(db, config.tableName),
    mailer:
      config.mail.transport === 'outbox'
        ? new OutboxMailer(config.mail.dir, config.mailFrom)
        : new SesMailer(config.mailFrom),
    photoStore: new DynamoPhotoStore(db, config.tableName),
    photoFiles: new S3PhotoFiles(s3, config.mediaBucket),
    clock: systemClock,
    ids: cryptoIds,
    webUrl: config.webUrl,
    log: domainLog,
    metrics: businessMetrics,
  };
}

/**
 * The face model starts loading with the container, not awaited: it is ready long before the first avatar
 * comes back from the provider, so no task waits for it. A failed load is tried again on first use.
 */
function warmedFaceAnalyzer(): FaceApiAnalyzer {
  loadFaceModel().catch((e: unknown) =>
    logger().warn('face model not loaded at start: it will be tried again on first use', { error: e }),
  );
  return new FaceApiAnalyzer();
}

export async function buildWorkerDeps(
  config: TableConfig & MediaConfig & MailConfig & ProviderConfig & TaskTimingConfig & LikenessConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): Promise<WorkerDeps> {
  const base = buildAbandonDeps(config, db, s3);
  return {
    ...base,
    photoStore: base.photoStore,
    photoFiles: new S3PhotoFiles(s3, config.mediaBucket),
    results: new S3ResultFiles(s3, config.mediaBucket),
    images: new SharpResultImages(),
    provider: await buildImageProvider(config),
    leaseSeconds: config.taskTiming.leaseSeconds,
    retryDelaySeconds: config.taskTiming.retryDelaySeconds,
    storeMarginMs: config.taskTiming.storeMarginMs,
    faces: warmedFaceAnalyzer(),
    likenessGuarantee: config.likenessGuarantee,
    durations: new DynamoTaskDurations(db, config.tableName),
    // Edits (docs/generation.md, "Edit tasks in the worker"): the segmentation model loads on the first edit.
    edits: {
      segmenter: new RvmPersonSegmenter(),
      masks: new S3EditMaskFiles(s3, config.mediaBucket),
      images: { decodeBrush: decodeBrushPng, encodeMask: encodeMaskPng },
    },
  };
}
