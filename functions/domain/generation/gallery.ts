// The gallery's reads (spec sections 2, 4 and 7): the user's tasks newest first, each finished avatar as
// base64 or as a file (optionally as a preset), all of them as a ZIP, and support's diagnosis. Every read
// goes through the caller's own partition and prefix: another user's task or file is simply not found.
import type { AvatarTask, Language, ResultPreset } from '../../../shared/api-schemas.ts';
import { DomainError } from '../errors.ts';
import type { PhotoStore } from '../photos/photo-ports.ts';
import type { Clock, User } from '../ports.ts';
import type { ResultFiles, ResultImages } from './result-ports.ts';
import { contentTypeOf, downloadName, isTaskId, parseResultFilename } from './task-names.ts';
import type { TaskErrorCode, TaskStore, TaskSummary } from './tasks.ts';
import { zipArchive } from './zip-archive.ts';

export interface GalleryDeps {
  tasks: TaskStore;
  results: ResultFiles;
  images: ResultImages;
  photos: Pick<PhotoStore, 'list'>;
  clock: Clock;
}

export const GALLERY_LIMITS = {
  defaultPage: 50,
  maxPage: 200,
  /** the thumbnail and image URLs of a task list are valid this long */
  viewUrlSeconds: 15 * 60,
  /** a preset's bytes: under 6 MB once base64-encoded, the most a Lambda answer carries */
  maxPresetBytes: 4 * 1024 * 1024,
  /** the ZIP's link is valid this long */
  archiveUrlSeconds: 10 * 60,
  maxArchiveEntries: 300,
  /** what the function holds in memory for one archive */
  maxArchiveBytes: 300 * 1024 * 1024,
} as const;

async function inBatches<T, R>(items: readonly T[], size: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size)
    out.push(...(await Promise.all(items.slice(i, i + size).map(f))));
  return out;
}

const ERROR_TEXT: Record<Language, Record<TaskErrorCode, string>> = {
  en: {
    refused: "The AI provider's safety system refused this photo or style. Your tokens were refunded.",
    provider: 'The AI provider could not make this avatar. Your tokens were refunded.',
    'no-photos': 'Your reference photos were deleted before this avatar was made. Your tokens were refunded.',
    'dead-letter': 'This avatar failed after several tries. Your tokens were refunded.',
    'timed-out': 'This avatar took too long and was stopped. Your tokens were refunded.',
    'not-queued': 'This avatar could not be started. Your tokens were refunded.',
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
  },
};

const notFound = () => new DomainError('NOT_FOUND', 'Avatar not found.');

async function describe(deps: GalleryDeps, user: User, t: TaskSummary): Promise<AvatarTask> {
  const base: AvatarTask = {
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
  if (t.status === 'ERROR') {
    return {
      ...base,
      refunded: t.refunded,
      ...(t.errorCode ? { error: ERROR_TEXT[user.lang][t.errorCode] } : {}),
    };
  }
  if (t.status !== 'DONE' || !t.resultFile) return base;
  const urls = await deps.results.viewUrls(user.id, t.resultFile, GALLERY_LIMITS.viewUrlSeconds);
  return {
    ...base,
    download_name: downloadName(t.resultFile),
    ...(t.renderKind ? { render_kind: t.renderKind } : {}),
    thumbnail_url: urls.thumbnailUrl,
    image_url: urls.url,
    ...(t.width ? { width: t.width } : {}),
    ...(t.height ? { height: t.height } : {}),
    ...(t.likeness ? { likeness: t.likeness.score, likeness_refunded: t.likeness.refunded } : {}),
  };
}

export async function listUserTasks(
  deps: GalleryDeps,
  user: User,
  query: { cursor?: string; limit?: string },
): Promise<{ tasks: AvatarTask[]; next_cursor: string | null }> {
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
  const page = await deps.tasks.list(user.id, limit, cursor);
  return {
    tasks: await Promise.all(page.tasks.map((t) => describe(deps, user, t))),
    next_cursor: page.next,
  };
}

export function parsePreset(value: string | undefined): ResultPreset {
  if (value === undefined || value === '' || value === 'original') return 'original';
  if (value === 'linkedin' || value === '4k') return value;
  throw new DomainError('VALIDATION_FAILED', 'Unknown preset: use original, linkedin or 4k.');
}

export interface ResultImage {
  bytes: Uint8Array;
  contentType: string;
  downloadName: string;
}

/** A finished avatar of this user, as stored or made for a preset. */
export async function resultImage(
  deps: GalleryDeps,
  user: User,
  filename: string,
  preset: ResultPreset,
): Promise<ResultImage> {
  const parsed = parseResultFilename(filename);
  if (!parsed) throw notFound();
  const task = await deps.tasks.get(user.id, parsed.taskId);
  if (task?.status !== 'DONE' || task.resultFile !== filename) throw notFound();
  const file = await deps.results.read(user.id, filename);
  if (!file) throw notFound();
  if (preset === 'original')
    return {
      bytes: file.bytes,
      contentType: file.contentType || contentTypeOf(filename),
      downloadName: downloadName(filename),
    };
  const made = await deps.images.preset(file.bytes, preset, GALLERY_LIMITS.maxPresetBytes);
  const suffix = preset === 'linkedin' ? '-400x400' : '-4k-upscaled';
  return {
    bytes: made.bytes,
    contentType: made.contentType,
    downloadName: downloadName(filename.replace(/\.[a-z]+$/, '.jpg'), suffix),
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

/** Every finished avatar in one ZIP, stored for a few minutes; the URL that downloads it. */
export async function resultsArchive(deps: GalleryDeps, user: User): Promise<string> {
  const done: TaskSummary[] = [];
  let cursor: string | null = null;
  do {
    const page = await deps.tasks.list(user.id, GALLERY_LIMITS.maxPage, cursor);
    done.push(...page.tasks.filter((t) => t.status === 'DONE' && t.resultFile));
    cursor = page.next;
  } while (cursor && done.length < GALLERY_LIMITS.maxArchiveEntries);
  if (!done.length) throw new DomainError('NOT_FOUND', 'No finished avatars to download yet.');
  // Read side by side, a few at a time; stop adding once the archive would pass its size (newest kept).
  const files = await inBatches(done.slice(0, GALLERY_LIMITS.maxArchiveEntries), 8, (t) =>
    deps.results.read(user.id, t.resultFile as string),
  );
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
  return deps.results.publishArchive(
    user.id,
    zipArchive(entries),
    'aivatar-avatars.zip',
    GALLERY_LIMITS.archiveUrlSeconds,
  );
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
