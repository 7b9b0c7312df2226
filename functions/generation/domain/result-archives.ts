// The gallery's ZIPs ("Download all" and "Download favourites"): every finished avatar, or the starred
// ones, in one archive built once per set of results and kept in storage, which the browser then downloads by
// a short-lived redirect. Both count against the same per-user limit.
import { createHash } from 'node:crypto';
import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { type LazyArchiveEntry, zipLength, zipStream } from '#platform/domain/zip-archive.ts';
import { countTowards, GALLERY_LIMITS, type GalleryDeps } from './gallery.ts';
import type { ResultFiles } from './ports.ts';
import { downloadName } from './task-names.ts';
import { isWithheld, type TaskPage, type TaskSummary } from './tasks.ts';

type ArchiveKind = 'all' | 'favourites';

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

/** The archive's files together are over GALLERY_LIMITS.maxArchiveBytes: said before any is read. */
function archiveTooLarge(kind: ArchiveKind): DomainError {
  const megabytes = Math.round(GALLERY_LIMITS.maxArchiveBytes / (1024 * 1024));
  return new DomainError(
    'ARCHIVE_TOO_LARGE',
    kind === 'favourites'
      ? `Your favourite avatars together are more than ${megabytes} MB, too large for one download. Unstar some of them, or download them one at a time.`
      : `Your avatars together are more than ${megabytes} MB, too large for one download. Star the ones you want and use "Download favourites", or download them one at a time.`,
  );
}

const changedMeanwhile = () =>
  new DomainError(
    'NOT_FOUND',
    'Your avatars changed while the download was being prepared. Please download again.',
  );

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

/**
 * Builds and stores the ZIP of `done`. The sizes come first, from storage's metadata: a set over the size
 * cap is refused before a single file is read. Then the archive is streamed to storage, each file read only
 * when the stream reaches it, so the function holds one file at a time, not the whole set.
 */
export async function storeArchive(
  results: Pick<ResultFiles, 'resultBytes' | 'read' | 'saveArchive'>,
  userId: string,
  setId: string,
  kind: ArchiveKind,
  done: readonly TaskSummary[],
): Promise<void> {
  const sizes = await inBatches(done, 16, (t) => results.resultBytes(userId, t.resultFile as string));
  const used = new Map<string, number>();
  const entries: LazyArchiveEntry[] = [];
  let bytes = 0;
  let changed: DomainError | null = null;
  for (const [i, t] of done.entries()) {
    const size = sizes[i];
    // A result gone from storage (deleted meanwhile) is left out, as a missing file always was.
    if (size === null || size === undefined) continue;
    bytes += size;
    if (bytes > GALLERY_LIMITS.maxArchiveBytes) throw archiveTooLarge(kind);
    const filename = t.resultFile as string;
    const name = downloadName(filename);
    const n = (used.get(name) ?? 0) + 1;
    used.set(name, n);
    entries.push({
      name: n === 1 ? name : name.replace(/(\.[a-z0-9]+)$/, `-${n}$1`),
      size,
      modifiedAt: t.updatedAt,
      read: async () => {
        const file = await results.read(userId, filename);
        if (file && file.bytes.length === size) return file.bytes;
        changed = changedMeanwhile();
        throw changed;
      },
    });
  }
  try {
    await results.saveArchive(userId, setId, { length: zipLength(entries), chunks: zipStream(entries) });
  } catch (e) {
    // Storage reports a stream that failed in its own words: the reason is ours.
    throw changed ?? e;
  }
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
  if (!stored) await storeArchive(deps.results, user.id, setId, kind, done);
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
