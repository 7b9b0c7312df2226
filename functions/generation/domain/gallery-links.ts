// The gallery's download links: a short-lived token for one of the caller's files, or for the ZIP
// of their finished (or starred) avatars, which a browser opens by URL without the session in it.

import { issueLink, type LinkRoute, type LinkTokens } from '#platform/domain/download-links.ts';
import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { finishedTask, type GalleryDeps } from './gallery.ts';
import { prepareArchive } from './result-archives.ts';

export interface GalleryLinkDeps extends GalleryDeps {
  links: LinkTokens;
}

/**
 * A link to the caller's own file, checked to exist first (someone else's is not found); for a ZIP, the
 * archive of the current set is made ready and the link opens that set only.
 */
export async function createDownloadLink(
  deps: GalleryLinkDeps,
  user: User,
  request: { route: LinkRoute; filename?: string | undefined; team_id?: string | undefined },
): Promise<{ token: string; expires_at: number }> {
  // A team's CSV or ZIP: the link names the team; its route checks the caller's role there when opened.
  if (request.route === 'teamMembersCsv' || request.route === 'teamHeadshotsZip') {
    if (!request.team_id)
      throw new DomainError('VALIDATION_FAILED', 'Say which team the link is for (team_id).');
    return issueLink(deps.links, user, request.route, request.team_id);
  }
  if (request.route === 'resultsZip')
    return issueLink(deps.links, user, 'resultsZip', await prepareArchive(deps, user, 'all'));
  if (request.route === 'favouritesZip')
    return issueLink(deps.links, user, 'favouritesZip', await prepareArchive(deps, user, 'favourites'));
  const filename = request.filename;
  if (!filename) throw new DomainError('VALIDATION_FAILED', 'Say which file the link is for (filename).');
  if (request.route === 'photoData') {
    const photos = await deps.photos.list(user.id, deps.clock.now());
    if (!photos.some((p) => p.filename === filename)) throw new DomainError('NOT_FOUND', 'Photo not found.');
  } else await finishedTask(deps, user, filename);
  return issueLink(deps.links, user, request.route, filename);
}
