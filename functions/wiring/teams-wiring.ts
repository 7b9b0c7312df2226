// The teams group's composition root (functions/teams): its adapters built from its config, once per cold
// start. Composition roots move to functions/wiring/ (this one is the first there).
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DynamoTeamStore } from '../adapters/dynamodb/team-store.ts';
import { DynamoUserReader } from '../adapters/dynamodb/user-reader.ts';
import { buildMailer } from '../adapters/mail/build-mailer.ts';
import { cryptoIds, systemClock } from '../adapters/system.ts';
import type { MailConfig, TableConfig } from '../config.ts';
import type { TeamDeps } from '../domain/teams/ports.ts';

export function buildTeamDeps(config: TableConfig & MailConfig, db: DynamoDBDocumentClient): TeamDeps {
  return {
    teams: new DynamoTeamStore(db, config.tableName),
    users: new DynamoUserReader(db, config.tableName),
    mailer: buildMailer(config),
    clock: systemClock,
    ids: cryptoIds,
    webUrl: config.webUrl,
  };
}
