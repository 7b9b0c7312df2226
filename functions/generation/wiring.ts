// Builds the avatars function's adapters once per process: styles, tasks, the photo list, the queue,
// the results in the media bucket and the preset images.
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type {
  MediaConfig,
  PrivacyJobQueueConfig,
  ProviderBudgetConfig,
  TableConfig,
  TaskQueueConfig,
  TaskTimingConfig,
} from '#platform/config.ts';
import type { LinkTokens } from '#platform/domain/download-links.ts';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { domainLog } from '#platform/observability/logger.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { DynamoPhotoLister } from '../photos/adapters.ts';
import { buildPrivacyJobQueue, QueuedTeamArchives } from '../privacy/adapters.ts';
import { DynamoStyleReader } from '../styles/adapters.ts';
import type { StyleDeps } from '../styles/public.ts';
import { DynamoTeamPayers } from '../teams/adapters.ts';
import type { ChosenDeps } from '../teams/public.ts';
import type { CreateDeps } from './domain/create-batch.ts';
import type { EditDeps } from './domain/edits.ts';
import type { FavouriteDeps } from './domain/favourites.ts';
import type { GalleryLinkDeps } from './domain/gallery-links.ts';
import type { KeepDeps } from './domain/keep-anyway.ts';
import type { NotificationDeps } from './domain/notification-settings.ts';
import { DynamoProviderBudgetStore } from './dynamodb/provider-budget-store.ts';
import { DynamoTaskDurations } from './dynamodb/task-durations.ts';
import { DynamoTaskStore } from './dynamodb/task-store.ts';
import { decodeBrushPng, encodeMaskPng } from './images/edit-mask-png.ts';
import { SharpResultImages } from './images/result-images.ts';
import { buildTaskQueue } from './provider-wiring.ts';
import { S3EditMaskFiles } from './s3/edit-mask-files.ts';
import { S3ResultFiles } from './s3/result-files.ts';

export function buildAvatarDeps(
  config: TableConfig &
    MediaConfig &
    TaskQueueConfig &
    ProviderBudgetConfig &
    TaskTimingConfig &
    PrivacyJobQueueConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
  links: LinkTokens,
): GenerationGroupDeps {
  return {
    styles: new DynamoStyleReader(db, config.tableName),
    tasks: new DynamoTaskStore(db, config.tableName),
    durations: new DynamoTaskDurations(db, config.tableName),
    photos: new DynamoPhotoLister(db, config.tableName),
    queue: buildTaskQueue(config),
    results: new S3ResultFiles(s3, config.mediaBucket),
    editMasks: new S3EditMaskFiles(s3, config.mediaBucket),
    editImages: { decodeBrush: decodeBrushPng, encodeMask: encodeMaskPng },
    images: new SharpResultImages(),
    clock: systemClock,
    limiter: new DynamoRateLimiter(db, config.tableName, systemClock),
    links,
    ids: cryptoIds,
    log: domainLog,
    budget: {
      store: new DynamoProviderBudgetStore(db, config.tableName),
      clock: systemClock,
      metrics: businessMetrics,
      limits: config.providerBudget,
    },
    taskDeadlineSeconds: config.taskTiming.deadlineSeconds,
    teams: new DynamoTeamPayers(db, config.tableName),
    choices: new DynamoTeamPayers(db, config.tableName),
    // A choice changes the team's set: its ZIP is built ahead on the privacy job queue.
    archives: new QueuedTeamArchives(buildPrivacyJobQueue(config)),
  };
}

export type GenerationGroupDeps = StyleDeps &
  CreateDeps &
  EditDeps &
  GalleryLinkDeps &
  NotificationDeps &
  FavouriteDeps &
  KeepDeps &
  ChosenDeps;
