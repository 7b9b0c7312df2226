// The teams group's composition root (functions/teams): its adapters built from its config, once per cold
// start. Seats are bought through the billing group (functions/billing/wiring.ts), which carries Stripe:
// this function does not.
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { MailConfig, MediaConfig, PrivacyJobQueueConfig, TableConfig } from '#platform/config.ts';
import { DynamoRateLimiter } from '#platform/dynamodb/rate-limiter.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { buildMailer } from '#platform/mail/build-mailer.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { DEFAULT_RATE_LIMITS } from '../accounts/public.ts';
import { S3ResultFiles, SharpResultImages } from '../generation/adapters.ts';
import { buildPrivacyJobQueue, QueuedTeamArchives } from '../privacy/adapters.ts';
import type { HeadshotZipDeps } from './domain/headshots-zip.ts';
import type { JoinPreviewDeps } from './domain/join-preview.ts';
import type { MembersPageDeps } from './domain/teams.ts';
import { DynamoMemberPhotos } from './dynamodb/team-photo-progress.ts';
import { DynamoTeamStore } from './dynamodb/team-store.ts';

export function buildTeamDeps(
  config: TableConfig & MailConfig & MediaConfig & PrivacyJobQueueConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): TeamsGroupDeps {
  // One limiter for every count the teams function keeps (its items are keyed by bucket and key).
  const rates = new DynamoRateLimiter(db, config.tableName, systemClock);
  return {
    teams: new DynamoTeamStore(db, config.tableName),
    users: new DynamoUserReader(db, config.tableName),
    photos: new DynamoMemberPhotos(db, config.tableName),
    mailer: buildMailer(config),
    clock: systemClock,
    ids: cryptoIds,
    // A team's day of invitations and reminders, one email a day per address (functions/teams/domain/team-emails.ts).
    rates,
    webUrl: config.webUrl,
    // A removal changes the team's set of chosen headshots: its ZIP is built ahead on the privacy job queue.
    archives: new QueuedTeamArchives(buildPrivacyJobQueue(config)),
    // The chosen headshots' files, their 1080 px squares and the team's ZIPs.
    results: new S3ResultFiles(s3, config.mediaBucket),
    images: new SharpResultImages(),
    // The join code's preview, limited per address (functions/teams/domain/join-preview.ts).
    limiter: rates,
    limits: DEFAULT_RATE_LIMITS,
  };
}

/**
 * `early`: the dashboard page's reads started as the request arrived (early-reads.ts); without it (the
 * in-process handler tests) the page reads after the session like any route.
 */
/** What the group's routes use: the teams' ports, and the per-address limit of the join code's preview. */
export type TeamsGroupDeps = HeadshotZipDeps &
  Pick<JoinPreviewDeps, 'limiter' | 'limits'> &
  Required<Pick<MembersPageDeps, 'results'>>;
