// The teams group's composition root (functions/teams): its adapters built from its config, once per cold
// start. Composition roots move to functions/wiring/ (this one is the first there).
import type { S3Client } from '@aws-sdk/client-s3';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { TEAM_SEAT } from '../../shared/team-rules.ts';
import { DynamoMemberPhotos } from '../adapters/dynamodb/team-photo-progress.ts';
import { DynamoSeatCheckouts, DynamoTeamStore } from '../adapters/dynamodb/team-store.ts';
import { DynamoUserReader } from '../adapters/dynamodb/user-reader.ts';
import { SharpResultImages } from '../adapters/images/result-images.ts';
import { buildMailer } from '../adapters/mail/build-mailer.ts';
import { S3ResultFiles } from '../adapters/s3/result-files.ts';
import { StripeSeatCheckout } from '../adapters/stripe/stripe-seats.ts';
import { cryptoIds, systemClock } from '../adapters/system.ts';
import type { MailConfig, MediaConfig, StripeConfig, TableConfig } from '../config.ts';
import type { HeadshotZipDeps } from '../domain/teams/headshots-zip.ts';
import { stripeFor } from './billing-wiring.ts';

export async function buildTeamDeps(
  config: TableConfig & MailConfig & StripeConfig & MediaConfig,
  db: DynamoDBDocumentClient,
  s3: S3Client,
): Promise<HeadshotZipDeps> {
  const seatPrice = config.stripePriceIds[TEAM_SEAT.id] as string;
  return {
    teams: new DynamoTeamStore(db, config.tableName),
    users: new DynamoUserReader(db, config.tableName),
    photos: new DynamoMemberPhotos(db, config.tableName),
    mailer: buildMailer(config),
    clock: systemClock,
    ids: cryptoIds,
    webUrl: config.webUrl,
    seats: {
      provider: new StripeSeatCheckout(await stripeFor(config), seatPrice),
      records: new DynamoSeatCheckouts(db, config.tableName),
      priceCents: TEAM_SEAT.priceCents,
    },
    // The chosen headshots' files, their 1080 px squares and the team's ZIPs.
    results: new S3ResultFiles(s3, config.mediaBucket),
    images: new SharpResultImages(),
  };
}
