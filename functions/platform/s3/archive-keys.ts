// Stored ZIPs in the media bucket: archives/<owner>/<setId>.zip (lifecycle: 1 day). A user's "download all"
// of one set of results (functions/generation/s3/result-files.ts) and a team's ZIP of its chosen headshots,
// owner team-<teamId> (functions/teams/s3/team-archives.ts). Their keys are built here only.
import { owner } from './media-objects.ts';

export const ARCHIVE_PREFIX = 'archives/';

const SET_ID = /^[0-9a-f]{16,64}$/;

/** Where one owner's ZIPs are listed from. */
export const archivesOf = (archivesOwner: string): string => `${ARCHIVE_PREFIX}${owner(archivesOwner)}/`;

export function archiveKey(archivesOwner: string, setId: string): string {
  if (!SET_ID.test(setId)) throw new Error(`Refusing archive id ${JSON.stringify(setId)}`);
  return `${archivesOf(archivesOwner)}${setId}.zip`;
}
