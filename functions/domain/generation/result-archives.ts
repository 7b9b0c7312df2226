// The gallery's ZIPs (issue 23, and issue 20's "Download favourites"): every finished avatar, or the starred
// ones, in one archive built once per set of results and kept in storage, which the browser then downloads by
// a short-lived redirect. Both count against the same per-user limit.
import { createHash } from 'node:crypto';
import { DomainError } from '../errors.ts';
import type { User } from '../ports.ts';
import { countTowards, GALLERY_LIMITS, type GalleryDeps } from './gallery.ts';
import { downloadName } from './task-names.ts';
import { isWithheld, type TaskPage, type TaskSummary } from './tasks.ts';
import { zipArchive } from './zip-archive.ts';

export type ArchiveKind = 'all' | 'favourites';

const ARCHIVES: Record<ArchiveKind, { name: string; empty: string }> = {
  all: { name: 'aivatar-avatars.zip', empty: 'No finished avatars to download yet.' },
  favourites: {
    name: 'aivatar-favourites.zip',
    empty: 'No favourite avatars to download yet: star the ones you want first.',
  },
};

async function inBatches<T, R>(items: readonly T[], size: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

const pageOf = (
  deps: GalleryDeps,
  user: User,
  kind: ArchiveKind,
  cursor: string | null,
): Promise<TaskPage> =>
  kind === 'favourites'
    ? deps.tasks.listFavourites(user.id, GALLERY_LIMITS.maxPage, cursor)
    : deps.tasks.list(user.id, GALLERY_LIMITS.maxPage, cursor);

/** The results the ZIP holds (newest first, at most maxArchiveEntries) and the id of that set. */
async function archiveSet(
  deps: GalleryDeps,
  user: User,
  kind: ArchiveKind,
): Promise<{ done: TaskSummary[]; setId: string }> {
  const done: TaskSummary[] = [];
  let cursor: string | null = null;
  do {
    const page = await pageOf(deps, user, kind, cursor);
    // A withheld avatar (refunded by the likeness guarantee, not kept) is never in an archive.
    done.push(...page.tasks.filter((t) => t.status === 'DONE' && t.resultFile && !isWithheld(t)));
    cursor = page.next;
  } while (cursor && done.length < GALLERY_LIMITS.maxArchiveEntries);
  if (!done.length) throw new DomainError('NOT_FOUND', ARCHIVES[kind].empty);
  const included = done.slice(0, GALLERY_LIMITS.maxArchiveEntries);
  // The set's id: a hash of its result names, so one archive serves every request until the set changes
  // (the favourites, when they are every avatar, are that same archive under another name).
  const setId = createHash('sha256')
    .update(included.map((t) => t.resultFile).join('\n'))
    .digest('hex')
    .slice(0, 40);
  return { done: included, setId };
}

async function buildArchive(
  deps: GalleryDeps,
  user: User,
  done: readonly TaskSummary[],
): Promise<Uint8Array> {
  // Read side by side, a few at a time; stop adding once the archive would pass its size (newest kept).
  const files = await inBatches(done, 8, (t) => deps.results.read(user.id, t.resultFile as string));
  const used = new Map<string, number>();
  const entries = [];
  let bytes = 0;
  for (const [i, t] of done.entries()) {
    const file = files[i];
    if (!file) continue;
    bytes += file.bytes.length;
    if (bytes > GALLERY_LIMITS.maxArchiveBytes) break;
    const name = downloadName(t.resultFile as string);
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    entries.push({
      name: n === 1 ? name : name.replace(/(\.[a-z0-9]+)$/, `-${n}$1`),
      bytes: file.bytes,
      modifiedAt: t.updatedAt,
    });
  }
  return zipArchive(entries);
}

/**
 * The ZIP of every finished avatar (or of the starred ones), built once per set of results and reused until
 * the set changes; counted against the user's archive limit. Answers the set's id.
 */
export async function prepareArchive(deps: GalleryDeps, user: User, kind: ArchiveKind): Promise<string> {
  await countTowards(deps, user, 'archiveRequests');
  const { done, setId } = await archiveSet(deps, user, kind);
  const stored = await deps.results.archiveUrl(
    user.id,
    setId,
    ARCHIVES[kind].name,
    GALLERY_LIMITS.archiveUrlSeconds,
  );
  if (!stored) await deps.results.saveArchive(user.id, setId, await buildArchive(deps, user, done));
  return setId;
}

/** The URL that downloads the stored archive of a set (for a few minutes), named for its kind. */
export async function archiveUrl(
  deps: GalleryDeps,
  user: User,
  setId: string,
  kind: ArchiveKind,
): Promise<string> {
  const url = await deps.results.archiveUrl(
    user.id,
    setId,
    ARCHIVES[kind].name,
    GALLERY_LIMITS.archiveUrlSeconds,
  );
  if (!url)
    throw new DomainError('NOT_FOUND', 'This download has expired. Please download again from the gallery.');
  return url;
}

/** The ZIP's URL for the session's own request (built only when the set changed). */
export async function currentArchive(deps: GalleryDeps, user: User, kind: ArchiveKind): Promise<string> {
  return archiveUrl(deps, user, await prepareArchive(deps, user, kind), kind);
}
