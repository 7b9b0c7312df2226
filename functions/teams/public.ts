// What teams offers the other areas: they import it from here and from nowhere else in functions/teams/
// (.dependency-cruiser.mjs, areas-meet-through-their-door).
export { type ChosenDeps, setChosen } from './domain/chosen.ts';
export { prepareTeamArchive, type TeamArchiveDeps } from './domain/headshots-zip.ts';
export type {
  SeatCheckoutProvider,
  SeatCheckoutRecords,
  SeatPurchaseView,
  TeamArchiveQueue,
  TeamDepartures,
} from './domain/ports.ts';
export { type SeatCheckoutDeps, seatCheckout, seatPurchases } from './domain/seat-checkout.ts';
export { teamPageUrl } from './domain/team-access.ts';
export { DynamoTeamAccess } from './dynamodb/team-access.ts';
export { DynamoTeamDepartures } from './dynamodb/team-departures.ts';
export { teamLedgerPut } from './dynamodb/team-ledger.ts';
export { DynamoTeamMembers } from './dynamodb/team-members.ts';
export { DynamoTeamPayers } from './dynamodb/team-payers.ts';
export { DynamoTeamPhotoProgress } from './dynamodb/team-photo-progress.ts';
export { S3TeamArchives } from './s3/team-archives.ts';
