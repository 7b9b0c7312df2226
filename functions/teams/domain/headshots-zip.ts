// The dashboard's ZIP of everyone's chosen headshot (docs/product.md, "Teams"): one folder per member with
// the full-size file and the 1080 px face-centred square (the gallery's `profile` preset, shared/result-
// presets.ts). Built from stored files once per set of choices and kept in storage (the gallery's archives'
// way, functions/generation/domain/result-archives.ts), ahead of any download: every change of the set (a
// choice made or taken back, a member removed) queues prepareTeamArchive (the privacy job function runs it,
// docs/operations.md "Team ZIP"), so the download finds it stored and is a redirect to it. Only a download
// that comes before that job has stored the set builds it itself.
import { createHash } from 'node:crypto';
import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { type LazyArchiveEntry, zipLength, zipStream } from '#platform/domain/zip-archive.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import {
  downloadName,
  GALLERY_LIMITS,
  type ResultFiles,
  type ResultImages,
} from '../../generation/public.ts';
import { headshotSizes } from './headshot-files.ts';
import type { Member, StoredTeamArchives, TeamDeps, TeamStore } from './ports.ts';
import { teamForDownload } from './teams.ts';

/** What building a team's archive reads and writes: the members' choices and the stored files. */
export interface TeamArchiveDeps {
  teams: Pick<TeamStore, 'listMembers'>;
  /** the archives of earlier sets, dropped by prepareTeamArchive (absent: left to storage's expiry) */
  stored?: StoredTeamArchives;
  results: Pick<ResultFiles, 'resultBytes' | 'read' | 'readSize' | 'saveSize' | 'archiveUrl' | 'saveArchive'>;
  /** Makes a square a choice does not have yet (absent: such a set is left to the download, which has it). */
  images?: Pick<ResultImages, 'preset'>;
}

export type HeadshotZipDeps = TeamDeps &
  TeamArchiveDeps & {
    images: Pick<ResultImages, 'preset'>;
  };

const ARCHIVE_NAME = 'team-headshots.zip';
/** Members per Query page: DynamoDB answers at most 1 MB a page, which still pages a large team. */
const PAGE = 1000;
/** How many squares are made at once on the first build (sharp's threads are the function's CPU). */
const MAKE_AT_ONCE = 4;
/** Files read ahead of the one the archive is writing, so storage's latency overlaps the upload. */
const READ_AHEAD = 64;

/** Where the team's archives are kept: a prefix of their own, never a member's. */
const storageOwner = (teamId: string) => `team-${teamId}`;

type Chosen = Member & { userId: string; chosen: NonNullable<Member['chosen']> };

async function chosenHeadshots(deps: Pick<TeamArchiveDeps, 'teams'>, teamId: string): Promise<Chosen[]> {
  const out: Chosen[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.teams.listMembers(teamId, PAGE, cursor);
    for (const m of page.members) if (m.chosen && m.userId && m.leftAt === null) out.push(m as Chosen);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** Windows' device names, which it refuses as a file or folder name, also before an extension ("con.x"). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(?=\.|$)/i;

/**
 * A name Windows unpacks: a device name gets "_" after it ("con_", "con_.x"), and a final dot or space,
 * which Windows drops (then two members' names may meet), gets "_" after it.
 */
function windowsSafe(name: string): string {
  const named = name.replace(WINDOWS_DEVICE, '$1_');
  return /[. ]$/.test(named) ? `${named}_` : named;
}

/**
 * A folder name a file system takes: the member's name, made unique. Unique against every name given, not
 * only against its own base: "ana!x" and "ana_x" both read "ana_x", and the "ana_x-2" made for the second
 * may be a third member's own name (their files would share a folder, and the same file names replace
 * each other). Unique ignoring case too, as Windows and macOS compare names.
 */
export function headshotFolders(members: readonly Pick<Member, 'email'>[]): string[] {
  const used = new Set<string>();
  return members.map((m) => {
    const base = windowsSafe(
      m.email.slice(0, m.email.lastIndexOf('@')).replace(/[^\w.+-]/g, '_') || 'member',
    );
    let name = base;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base}-${n}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/** `f` over `items`, `atOnce` at a time, the answers in the items' order. */
async function inBatches<T, R>(
  items: readonly T[],
  atOnce: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += atOnce)
    out.push(...(await Promise.all(items.slice(i, i + atOnce).map((item, j) => f(item, i + j)))));
  return out;
}

/**
 * Entries' reads with a window read ahead: asking for entry k starts the reads of k to k + READ_AHEAD, so
 * the archive's upload waits on storage once rather than once per file; each read is dropped once used.
 */
function readAhead(reads: readonly (() => Promise<Uint8Array>)[]): (k: number) => Promise<Uint8Array> {
  const pending = new Map<number, Promise<Uint8Array>>();
  let next = 0;
  return async (k: number) => {
    for (next = Math.max(next, k); next < Math.min(k + READ_AHEAD + 1, reads.length); next++)
      pending.set(next, (reads[next] as () => Promise<Uint8Array>)());
    const bytes = await (pending.get(k) ?? (reads[k] as () => Promise<Uint8Array>)());
    pending.delete(k);
    return bytes;
  };
}

/**
 * The archive of `members`' chosen headshots, streamed into storage. The entries' sizes come with the
 * choices (headshot-files.ts); a choice made before they were kept has its files looked up (and its square
 * made) here. The files are read while the archive is written, a window ahead.
 */
async function buildArchive(deps: TeamArchiveDeps, teamId: string, setId: string, members: Chosen[]) {
  const names = headshotFolders(members);
  const images = deps.images;
  const looked = await inBatches(members, MAKE_AT_ONCE, async (m) => {
    if (m.chosen.sizes) return m.chosen.sizes;
    // Without a square maker the set never gets here (prepareTeamArchive leaves it to the download).
    if (!images) throw new Error(`Member ${m.memberId}'s choice has no recorded sizes`);
    return headshotSizes({ ...deps, images }, m.userId, m.chosen.resultFile, m.chosen.faceBox);
  });
  const entries: LazyArchiveEntry[] = [];
  const reads: (() => Promise<Uint8Array>)[] = [];
  members.forEach((m, i) => {
    const sizes = looked[i];
    // A file gone from storage (its account deleted meanwhile) is left out.
    if (!sizes) return;
    const folder = names[i] as string;
    const file = m.chosen.resultFile;
    const stem = downloadName(file).replace(/\.[a-z0-9]+$/i, '');
    const k = reads.length;
    entries.push(
      {
        name: `${folder}/${downloadName(file)}`,
        size: sizes.full,
        modifiedAt: m.chosen.chosenAt,
        read: () => ahead(k),
      },
      {
        name: `${folder}/${stem}-1080.jpg`,
        size: sizes.square,
        modifiedAt: m.chosen.chosenAt,
        read: () => ahead(k + 1),
      },
    );
    reads.push(
      async () => (await deps.results.read(m.userId, file))?.bytes ?? new Uint8Array(),
      async () => (await deps.results.readSize(m.userId, file, 'profile')) ?? new Uint8Array(),
    );
  });
  const ahead = readAhead(reads);
  await deps.results.saveArchive(storageOwner(teamId), setId, {
    length: zipLength(entries),
    chunks: zipStream(entries),
  });
}

/** The set's id: who chose which avatar. The same choices are the same archive. */
const setIdOf = (members: readonly Chosen[]): string =>
  createHash('sha256')
    .update(members.map((m) => `${m.memberId}:${m.chosen.taskId}`).join('\n'))
    .digest('hex')
    .slice(0, 40);

const archiveUrlOf = (deps: TeamArchiveDeps, teamId: string, setId: string) =>
  deps.results.archiveUrl(storageOwner(teamId), setId, ARCHIVE_NAME, GALLERY_LIMITS.archiveUrlSeconds);

export type PrepareOutcome = 'built' | 'stored' | 'none-chosen' | 'left-to-download';

async function dropOtherSets(deps: TeamArchiveDeps, teamId: string, keep: string | null): Promise<void> {
  if (!deps.stored) return;
  const old = (await deps.stored.setIds(storageOwner(teamId))).filter((id) => id !== keep);
  if (old.length) await deps.stored.drop(storageOwner(teamId), old);
}

/**
 * The job queued when a team's set of choices changes: builds the current set's archive unless it is stored
 * already (a duplicate message, or a download that came first). A set with a choice whose square is not made
 * yet is left to the download when this function makes no squares.
 */
export async function prepareTeamArchive(deps: TeamArchiveDeps, teamId: string): Promise<PrepareOutcome> {
  const members = await chosenHeadshots(deps, teamId);
  const setId = members.length ? setIdOf(members) : null;
  // Every other set's archive goes: one may hold the headshot of a member who left, was removed or deleted
  // their account (their files are gone from their own prefix, not from the team's archive). A download
  // only ever redirects to the current set's (setIdOf: a changed set never matches an older archive).
  await dropOtherSets(deps, teamId, setId);
  if (!setId) return 'none-chosen';
  if (await archiveUrlOf(deps, teamId, setId)) return 'stored';
  if (!deps.images && members.some((m) => !m.chosen.sizes)) return 'left-to-download';
  await buildArchive(deps, teamId, setId, members);
  return 'built';
}

/**
 * The short-lived address of the team's ZIP: the stored archive of the current set (prepareTeamArchive
 * built it when the set changed), or, when a download comes before that job stored it, built first (and
 * the job asked as well).
 */
export async function teamHeadshotsZip(
  deps: HeadshotZipDeps,
  user: User,
  teamId: string,
  link: { object: string } | null,
): Promise<string> {
  const team = await teamForDownload(deps, user, teamId, link);
  const members = await chosenHeadshots(deps, team.id);
  if (!members.length) throw new DomainError('NOT_FOUND', TEAM_MESSAGES.noneChosen[user.lang]);
  const setId = setIdOf(members);
  const ready = await archiveUrlOf(deps, team.id, setId);
  if (ready) return ready;
  // Not stored (the job not done yet, its message lost, or the stored one expired): the job is asked too,
  // so a large team's archive is there for the next try should this request run out of time.
  await deps.archives?.setChanged(team.id);
  await buildArchive(deps, team.id, setId, members);
  const url = await archiveUrlOf(deps, team.id, setId);
  if (!url) throw new Error(`Team archive ${setId} not found right after it was stored`);
  return url;
}
