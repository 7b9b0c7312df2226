// The gallery's reads: the user's tasks newest first, each finished avatar as
// base64 or as a file (optionally as a preset), all of them as a ZIP, and support's diagnosis. Every read
// goes through the caller's own partition and prefix: another user's task or file is simply not found.

import { DomainError, RateLimitedError } from '#platform/domain/errors.ts';
import type { Clock, RateLimiter, User } from '#platform/domain/ports.ts';
import type { AvatarTask, Language } from '#shared/api-schemas.ts';
import { presetDownloadName, RESULT_PRESETS, type ResultPreset } from '#shared/result-presets.ts';
import type { PhotoStore } from '../../photos/public.ts';
import type { EditSpec } from './image-provider.ts';
import { withheldError } from './keep-anyway.ts';
import type { ResultFiles, ResultImages } from './ports.ts';
import { contentTypeOf, downloadName, isTaskId, parseResultFilename } from './task-names.ts';
import {
  DEFAULT_DURATIONS,
  estimateProgress,
  type TaskDurations,
  type TypicalDurations,
  typicalDurations,
} from './task-progress.ts';
import { isWithheld, type TaskErrorCode, type TaskStore, type TaskSummary } from './tasks.ts';

export interface GalleryDeps {
  tasks: TaskStore;
  results: ResultFiles;
  images: ResultImages;
  photos: Pick<PhotoStore, 'list'>;
  clock: Clock;
  limiter: RateLimiter;
  /** recent tasks' durations, for the estimate of pending ones */
  durations: Pick<TaskDurations, 'recent'>;
}

export const GALLERY_LIMITS = {
  defaultPage: 50,
  maxPage: 200,
  /** the thumbnail and image URLs of a task list are valid this long */
  viewUrlSeconds: 15 * 60,
  /** a preset's bytes: under 6 MB once base64-encoded, the most a Lambda answer carries */
  maxPresetBytes: 4 * 1024 * 1024,
  /** the ZIP's link is valid this long */
  archiveUrlSeconds: 5 * 60,
  /**
   * Per user: sized downloads (each made once, then read from storage), and "Download all" and "Download
   * favourites" requests together (each lists every task, an archive is built when the set changed).
   * Generous for a person; a script that loops is stopped.
   */
  presetDownloads: { limit: 30, windowSeconds: 5 * 60 },
  archiveRequests: { limit: 10, windowSeconds: 10 * 60 },
  maxArchiveEntries: 300,
  /** what the function holds in memory for one archive */
  maxArchiveBytes: 300 * 1024 * 1024,
} as const;

const ERROR_TEXT: Record<Language, Record<TaskErrorCode, string>> = {
  en: {
    refused: "The AI provider's safety system refused this photo or style. Your tokens were refunded.",
    provider: 'The AI provider could not make this avatar. Your tokens were refunded.',
    'no-photos': 'Your reference photos were deleted before this avatar was made. Your tokens were refunded.',
    'dead-letter': 'This avatar failed after several tries. Your tokens were refunded.',
    'timed-out': 'This avatar took too long and was stopped. Your tokens were refunded.',
    'not-queued': 'This avatar could not be started. Your tokens were refunded.',
    'edit-source': 'The version this edit was made from could not be read. Your tokens were refunded.',
    'edit-unfit':
      'This edit needs a face the picture does not show clearly enough. Your tokens were refunded.',
  },
  fr: {
    refused:
      "Le système de sécurité du fournisseur d'IA a refusé cette photo ou ce style. Vos jetons vous ont été rendus.",
    provider: "Le fournisseur d'IA n'a pas pu créer cet avatar. Vos jetons vous ont été rendus.",
    'no-photos':
      'Vos photos de référence ont été supprimées avant la création de cet avatar. Vos jetons vous ont été rendus.',
    'dead-letter': 'Cet avatar a échoué après plusieurs essais. Vos jetons vous ont été rendus.',
    'timed-out': 'Cet avatar a pris trop de temps et a été arrêté. Vos jetons vous ont été rendus.',
    'not-queued': "Cet avatar n'a pas pu démarrer. Vos jetons vous ont été rendus.",
    'edit-source':
      "La version d'origine de cette modification n'a pas pu être lue. Vos jetons vous ont été rendus.",
    'edit-unfit':
      "Cette modification a besoin d'un visage que l'image ne montre pas assez nettement. Vos jetons vous ont été rendus.",
  },
};

const notFound = () => new DomainError('NOT_FOUND', 'Avatar not found.');

/** What an edit asked, as the list shows it (the ids and values edits.ts checked before storing them). */
const editOf = (spec: EditSpec): NonNullable<AvatarTask['edit']> => spec as NonNullable<AvatarTask['edit']>;

// One answer per task of the page, up to 200 (GALLERY_LIMITS.maxPage): each is built as one object, its
// fields added in the answer's order, rather than copied from a base at each step (a page of 200 is measured
// against its own Query, replayed raw, and a no-op request by tests/bench/api-ratios.ts).
async function describe(
  deps: Pick<GalleryDeps, 'results'>,
  user: User,
  t: TaskSummary,
  typical: TypicalDurations,
  now: number,
): Promise<AvatarTask> {
  const a: AvatarTask = {
    id: t.id,
    status: t.status,
    progress: t.progress,
    result_path: t.status === 'DONE' && t.resultFile ? `results/${t.resultFile}` : null,
    reference_path: t.referenceFile,
    style_id: t.styleId,
    style_name: t.styleName,
    created_at: t.createdAt,
    updated_at: t.updatedAt,
    batch_id: t.batchId,
    token_cost: t.tokenCost,
  };
  if (t.choice.backdrop) a.backdrop = t.choice.backdrop;
  if (t.choice.outfit) a.outfit = t.choice.outfit;
  // A team avatar: which team paid, and whether it is the one chosen for that team (docs/product.md).
  if (t.team) {
    a.team_id = t.team.teamId;
    a.team_chosen = t.teamChosen;
  }
  // Its place among the avatar's versions (docs/product.md, "Editing a finished avatar").
  a.version = t.version;
  if (t.edit) {
    a.edit_of = t.edit.editOf;
    a.root_id = t.edit.rootId;
    a.edit = editOf(t.edit.spec);
  }
  if (t.editCount) a.edit_count = t.editCount;
  if (t.status === 'ERROR') {
    a.refunded = t.refunded;
    if (t.errorCode) a.error = ERROR_TEXT[user.lang][t.errorCode];
    return a;
  }
  const estimate = estimateProgress(t, typical, now);
  if (estimate) {
    a.stage = estimate.stage;
    a.seconds_left = estimate.secondsLeft;
    a.stage_seconds = estimate.stageSeconds;
    a.stage_elapsed = estimate.stageElapsed;
    a.running_late = estimate.late;
    return a;
  }
  if (t.status !== 'DONE' || !t.resultFile) return a;
  // A withheld avatar (refunded, not kept): no URL to its pixels, only the server's blurred copy when it has
  // one (docs/faces.md, "The guarantee").
  if (isWithheld(t)) {
    if (t.renderKind) a.render_kind = t.renderKind;
    addLikeness(a, t);
    a.withheld = true;
    if (t.likeness?.preview)
      a.preview_url = await deps.results.previewUrl(user.id, t.resultFile, GALLERY_LIMITS.viewUrlSeconds);
    a.favourite = false;
    return a;
  }
  const urls = await deps.results.viewUrls(user.id, t.resultFile, GALLERY_LIMITS.viewUrlSeconds);
  a.download_name = downloadName(t.resultFile);
  if (t.renderKind) a.render_kind = t.renderKind;
  a.thumbnail_url = urls.thumbnailUrl;
  a.image_url = urls.url;
  if (t.width) a.width = t.width;
  if (t.height) a.height = t.height;
  addLikeness(a, t);
  if (t.likeness) a.withheld = false;
  a.favourite = t.favourite;
  if (t.faceBox) a.face_box = t.faceBox;
  return a;
}

function addLikeness(a: AvatarTask, t: TaskSummary): void {
  if (!t.likeness) return;
  a.likeness = t.likeness.score;
  a.likeness_refunded = t.likeness.refunded;
  if (t.likeness.notRefunded) a.likeness_not_refunded = t.likeness.notRefunded;
}

type TaskListQuery = { cursor?: string; limit?: string; favourites?: string };

/** The page a task list asks for, checked: the size, the cursor, favourites only or not. */
export function taskListPage(query: TaskListQuery): {
  limit: number;
  cursor: string | null;
  favourites: boolean;
} {
  const asked = Number(query.limit ?? GALLERY_LIMITS.defaultPage);
  const limit =
    Number.isInteger(asked) && asked > 0
      ? Math.min(asked, GALLERY_LIMITS.maxPage)
      : GALLERY_LIMITS.defaultPage;
  // A cursor is the id of the last task of the page before, read in the caller's own partition: another
  // user's id only marks a point in time there. Anything else was not made by this route.
  const cursor = query.cursor || null;
  if (cursor !== null && !isTaskId(cursor)) {
    throw new DomainError('VALIDATION_FAILED', 'Invalid cursor: use the next_cursor of the page before.');
  }
  const favourites = query.favourites || 'false';
  if (favourites !== 'true' && favourites !== 'false')
    throw new DomainError('VALIDATION_FAILED', 'Invalid favourites: use true or false.');
  return { limit, cursor, favourites: favourites === 'true' };
}

export async function listUserTasks(
  deps: Omit<GalleryDeps, 'tasks'> & { tasks: Pick<TaskStore, 'list' | 'listFavourites'> },
  user: User,
  query: TaskListQuery,
): Promise<{ tasks: AvatarTask[]; next_cursor: string | null }> {
  const { limit, cursor, favourites } = taskListPage(query);
  const page = favourites
    ? await deps.tasks.listFavourites(user.id, limit, cursor)
    : await deps.tasks.list(user.id, limit, cursor);
  const now = deps.clock.now();
  const typical = await typicalFor(deps, page.tasks, now);
  return {
    tasks: await Promise.all(page.tasks.map((t) => describe(deps, user, t, typical, now))),
    next_cursor: page.next,
  };
}

/**
 * The stages' typical durations, read (one GetItem) only when a task of the page is pending. The estimate
 * is a courtesy: when it cannot be read, the list is still answered, with the defaults.
 */
async function typicalFor(
  deps: Pick<GalleryDeps, 'durations'>,
  tasks: TaskSummary[],
  now: number,
): Promise<TypicalDurations> {
  if (!tasks.some((t) => t.status === 'TODO' || t.status === 'IN_PROGRESS'))
    return { ...DEFAULT_DURATIONS, samples: 0 };
  try {
    return typicalDurations(await deps.durations.recent(), now);
  } catch {
    return { ...DEFAULT_DURATIONS, samples: 0 };
  }
}

export function parsePreset(value: string | undefined): ResultPreset {
  if (value === undefined || value === '') return 'original';
  const preset = RESULT_PRESETS.find((p) => p === value);
  if (preset) return preset;
  throw new DomainError(
    'VALIDATION_FAILED',
    `Unknown preset: use ${RESULT_PRESETS.slice(0, -1).join(', ')} or ${RESULT_PRESETS.at(-1)}.`,
  );
}

interface ResultImage {
  bytes: Uint8Array;
  contentType: string;
  downloadName: string;
}

const tooManyPresets = (retryAfterSeconds: number) =>
  new RateLimitedError(
    'Too many resized downloads in a short time. Please wait a few minutes and try again.',
    retryAfterSeconds,
  );
const tooManyArchives = (retryAfterSeconds: number) =>
  new RateLimitedError(
    'Too many "Download all" requests in a short time. Please wait a few minutes and try again.',
    retryAfterSeconds,
  );

export async function countTowards(
  deps: GalleryDeps,
  user: User,
  what: 'presetDownloads' | 'archiveRequests',
) {
  const { limit, windowSeconds } = GALLERY_LIMITS[what];
  const verdict = await deps.limiter.hit(`${what}:user`, user.id, limit, windowSeconds, { userId: user.id });
  if (!verdict.allowed)
    throw (what === 'presetDownloads' ? tooManyPresets : tooManyArchives)(verdict.retryAfterSeconds);
}

/**
 * The caller's finished task whose result is `filename`; NOT_FOUND for anything else, FORBIDDEN while the
 * likeness guarantee withholds it. Every route that serves a result's pixels (the file, its data, its sizes,
 * a link to them) comes through here.
 */
export async function finishedTask(deps: GalleryDeps, user: User, filename: string): Promise<TaskSummary> {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw notFound();
  const task = await deps.tasks.get(user.id, parsed.taskId);
  if (task?.status !== 'DONE' || task.resultFile !== filename) throw notFound();
  if (isWithheld(task)) throw withheldError();
  return task;
}

/**
 * A finished avatar of this user, as stored or in a preset's size. A size is made once and stored next to
 * its result: later requests read it back instead of resizing again.
 */
export async function resultImage(
  deps: GalleryDeps,
  user: User,
  filename: string,
  preset: ResultPreset,
): Promise<ResultImage> {
  const task = await finishedTask(deps, user, filename);
  if (preset === 'original') {
    const file = await deps.results.read(user.id, filename);
    if (!file) throw notFound();
    return {
      bytes: file.bytes,
      contentType: file.contentType || contentTypeOf(filename),
      downloadName: downloadName(filename),
    };
  }
  await countTowards(deps, user, 'presetDownloads');
  let bytes = await deps.results.readSize(user.id, filename, preset);
  if (!bytes) {
    const file = await deps.results.read(user.id, filename);
    if (!file) throw notFound();
    const made = await deps.images.preset(file.bytes, preset, GALLERY_LIMITS.maxPresetBytes, task.faceBox);
    bytes = made.bytes;
    await deps.results.saveSize(user.id, filename, preset, bytes);
  }
  // The same names the web app gives these downloads (shared/result-presets.ts), the same in every language.
  return {
    bytes,
    contentType: 'image/jpeg',
    downloadName: presetDownloadName(downloadName(filename).replace(/\.[a-z0-9]+$/, ''), preset),
  };
}

export async function resultData(deps: GalleryDeps, user: User, filename: string, preset: ResultPreset) {
  const image = await resultImage(deps, user, filename, preset);
  return {
    success: true,
    data: Buffer.from(image.bytes).toString('base64'),
    content_type: image.contentType,
  };
}

export async function diagnose(deps: GalleryDeps, user: User, taskId?: string) {
  const task = taskId ? await deps.tasks.get(user.id, taskId) : null;
  if (taskId && !task) throw new DomainError('NOT_FOUND', 'Task not found.');
  const [counts, reachable, photos] = await Promise.all([
    deps.tasks.counts(user.id),
    deps.results.reachable(user.id).catch(() => false),
    deps.photos.list(user.id, deps.clock.now()),
  ]);
  return {
    success: true,
    tasks: counts.byStatus,
    last_error: counts.lastError
      ? { task_id: counts.lastError.taskId, error: counts.lastError.code, at: counts.lastError.at }
      : null,
    storage_reachable: reachable,
    reference_photos: photos.length,
    ...(task
      ? {
          task: {
            id: task.id,
            status: task.status,
            progress: task.progress,
            attempts: task.attempt,
            error: task.errorCode,
            refunded: task.refunded,
            created_at: task.createdAt,
            updated_at: task.updatedAt,
          },
        }
      : {}),
  };
}
