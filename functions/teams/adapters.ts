// What teams lets the other areas' entries build: the teams' records and stored ZIPs (DynamoDB, S3). Only
// their composition roots and Lambda entries (*wiring.ts, *handler.ts) import it, and tests and infra/; their
// domain, routes and adapters take the area's rules, types and ports from public.ts only
// (.dependency-cruiser.mjs, roots-meet-through-door-or-wiring, areas-meet-through-their-door).
export { DynamoTeamAccess } from './dynamodb/team-access.ts';
export { DynamoTeamDepartures } from './dynamodb/team-departures.ts';
export { DynamoTeamMembers } from './dynamodb/team-members.ts';
export { DynamoTeamPayers } from './dynamodb/team-payers.ts';
export { DynamoTeamPhotoProgress } from './dynamodb/team-photo-progress.ts';
export { S3TeamArchives } from './s3/team-archives.ts';
