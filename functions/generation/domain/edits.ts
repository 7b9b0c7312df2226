// POST /aivatar/tasks/{taskId}/edits (docs/product.md, "Editing a finished avatar"): a new version of one of
// the caller's finished avatars with one thing changed. The body is checked here, in the account's language
// (shared/edit-rules.ts); the version is a task like a first render (the same queue, worker, retries, refunds
// and likeness guarantee), made in one transaction with its debit and the avatar's edit counter
// (TaskStore.createEdit), so the balance never goes below zero and an avatar never passes
// MAX_EDITS_PER_AVATAR, even when edits are asked at once. The original's file is never touched: the worker
// reads it and stores the version under the new task's own name.

import { DomainError, NotEnoughTokensError, RateLimitedError } from '#platform/domain/errors.ts';
import { readImageHeader } from '#platform/domain/image-header.ts';
import type { RateLimiter, User } from '#platform/domain/ports.ts';
import { TASK_TIMING } from '#platform/domain/task-timing.ts';
import type { Language } from '#shared/api-schemas.ts';
import {
  EDIT_ASPECTS,
  EDIT_COLOUR,
  EDIT_KINDS,
  EDIT_MASK_MAX_BYTES,
  EDIT_MASK_MAX_SHARE,
  EDIT_MESSAGES,
  EDIT_PROMPT_MAX_LENGTH,
  EDIT_TOKEN_COST,
  fieldNotForKindMessage,
  MASK_DATA_URL_PREFIX,
  MAX_EDITS_PER_AVATAR,
  maskSizeMessage,
  RETOUCH_LEVELS,
} from '#shared/edit-rules.ts';
import { BACKDROP_IDS, type BackdropId, OUTFIT_IDS, type OutfitId } from '#shared/style-choices.ts';
import { BRUSHED, brushedShare, type MaskImage } from './edit-masks.ts';
import { editRecipe } from './edit-prompts.ts';
import type { EditAspect, EditKind, EditSpec, RetouchLevel } from './image-provider.ts';
import { withheldError } from './keep-anyway.ts';
import { releaseProviderCalls, reserveProviderCalls } from './provider-budget.ts';
import { type CreateDeps, checkIdempotencyKey, invalid } from './start-tasks.ts';
import { isTaskId, newTaskId } from './task-names.ts';
import { failWithRefund } from './task-refund.ts';
import { isWithheld, type NewTask, type TaskRecord } from './tasks.ts';

/** The user's brush of a region edit, kept beside the task until the worker reads it (adapters/s3). */
export interface EditMaskFiles {
  save(userId: string, taskId: string, png: Uint8Array): Promise<void>;
  /** null when there is none */
  read(userId: string, taskId: string): Promise<Uint8Array | null>;
  remove(userId: string, taskId: string): Promise<void>;
}

/** The masks' pictures (adapters/images/edit-mask-png.ts, sharp). */
export interface EditImages {
  /**
   * A brush PNG as one byte a pixel, 255 where to change. Throws on bytes that are not a PNG, and before
   * decoding on one of more pixels than `size` (the avatar's): docs/operations.md, "Images from users".
   */
  decodeBrush(png: Uint8Array, size: { width: number; height: number }): Promise<MaskImage>;
  /** The provider's mask: a PNG, alpha 0 where the model may paint. */
  encodeMask(mask: MaskImage): Promise<Buffer>;
}

export interface EditDeps extends CreateDeps {
  editMasks: EditMaskFiles;
  editImages: EditImages;
}

export interface EditBody {
  kind: string;
  backdrop?: string | undefined;
  colour?: string | undefined;
  outfit?: string | undefined;
  aspect?: string | undefined;
  level?: string | undefined;
  prompt?: string | undefined;
  mask?: string | undefined;
}

interface EditAnswer {
  task_id: string;
  version: number;
  tokens_left: number;
}

/** The fields each kind takes; any other is refused (a colour sent with an outfit is a mistake to say). */
const FIELDS: Record<EditKind, readonly (keyof EditBody)[]> = {
  backdrop: ['backdrop', 'colour'],
  outfit: ['outfit'],
  framing: ['aspect'],
  retouch: ['level'],
  region: ['prompt', 'mask'],
};

const OPTIONAL_FIELDS = ['backdrop', 'colour', 'outfit', 'aspect', 'level', 'prompt', 'mask'] as const;

const one = <T extends string>(list: readonly T[], v: string | undefined): v is T =>
  v !== undefined && (list as readonly string[]).includes(v);

const refuse = (lang: Language, m: keyof typeof EDIT_MESSAGES) => invalid(EDIT_MESSAGES[m][lang]);

/**
 * What the body asks, checked field by field (the validation table of tests/domain/edits.test.ts), and the
 * brush's PNG bytes for a region (its size and content are checked against the avatar by checkBrush).
 */
function editSpecOf(lang: Language, body: EditBody): { spec: EditSpec; brush: Uint8Array | null } {
  if (!one(EDIT_KINDS, body.kind)) throw refuse(lang, 'kind');
  const kind: EditKind = body.kind;
  for (const f of OPTIONAL_FIELDS)
    if (body[f] !== undefined && !FIELDS[kind].includes(f))
      throw invalid(fieldNotForKindMessage(lang, f, kind));
  switch (kind) {
    case 'backdrop': {
      if (body.backdrop === undefined && body.colour === undefined) throw refuse(lang, 'backdropMissing');
      if (body.backdrop !== undefined && !one(BACKDROP_IDS, body.backdrop)) throw refuse(lang, 'backdrop');
      if (body.colour === undefined)
        return { spec: { kind, backdrop: body.backdrop as BackdropId }, brush: null };
      if (!EDIT_COLOUR.test(body.colour)) throw refuse(lang, 'colour');
      if (body.backdrop !== undefined && body.backdrop !== 'plain-colour')
        throw refuse(lang, 'colourWithBackdrop');
      return { spec: { kind, backdrop: 'plain-colour', colour: body.colour.toLowerCase() }, brush: null };
    }
    case 'outfit':
      if (!one(OUTFIT_IDS, body.outfit)) throw refuse(lang, 'outfit');
      return { spec: { kind, outfit: body.outfit as OutfitId }, brush: null };
    case 'framing':
      if (!one(EDIT_ASPECTS, body.aspect)) throw refuse(lang, 'aspect');
      return { spec: { kind, aspect: body.aspect as EditAspect }, brush: null };
    case 'retouch':
      if (body.level !== undefined && !one(RETOUCH_LEVELS, body.level)) throw refuse(lang, 'level');
      return { spec: { kind, level: (body.level ?? 'natural') as RetouchLevel }, brush: null };
    case 'region': {
      const prompt = (body.prompt ?? '').trim();
      if (!prompt) throw refuse(lang, 'promptMissing');
      if ([...prompt].length > EDIT_PROMPT_MAX_LENGTH) throw refuse(lang, 'promptTooLong');
      return { spec: { kind, prompt }, brush: brushBytes(lang, body.mask) };
    }
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The brush's bytes from its data URL: a PNG of at most EDIT_MASK_MAX_BYTES. */
function brushBytes(lang: Language, mask: string | undefined): Uint8Array {
  if (mask === undefined || mask === '') throw refuse(lang, 'maskMissing');
  if (!mask.startsWith(MASK_DATA_URL_PREFIX)) throw refuse(lang, 'maskNotPng');
  const b64 = mask.slice(MASK_DATA_URL_PREFIX.length);
  // Measured before decoding: base64 is 4 characters for 3 bytes.
  if (Math.floor((b64.length * 3) / 4) > EDIT_MASK_MAX_BYTES + 2) throw refuse(lang, 'maskTooBig');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw refuse(lang, 'maskNotPng');
  const bytes = new Uint8Array(Buffer.from(b64, 'base64'));
  if (bytes.length > EDIT_MASK_MAX_BYTES) throw refuse(lang, 'maskTooBig');
  if (bytes.length < PNG_SIGNATURE.length || PNG_SIGNATURE.some((b, i) => bytes[i] !== b))
    throw refuse(lang, 'maskNotPng');
  return bytes;
}

/**
 * The brush: a PNG whose header says the avatar's size (read before any decode: a few kilobytes of PNG can
 * claim 16383 x 16383 pixels, docs/operations.md, "Images from users"), then read in full, with something
 * brushed.
 */
async function checkBrush(
  deps: EditDeps,
  lang: Language,
  png: Uint8Array,
  source: TaskRecord,
): Promise<void> {
  const header = readImageHeader(png);
  if (header?.format !== 'png') throw refuse(lang, 'maskNotPng');
  const size = { width: source.width ?? 0, height: source.height ?? 0 };
  if (header.width !== size.width || header.height !== size.height)
    throw invalid(maskSizeMessage(lang, size.width, size.height));
  let brush: MaskImage;
  try {
    brush = await deps.editImages.decodeBrush(png, size);
  } catch {
    throw refuse(lang, 'maskNotPng');
  }
  if (!brush.alpha.some((a) => a >= BRUSHED)) throw refuse(lang, 'maskEmpty');
  // A brush over the whole picture would be a full render at an edit's price, in the user's own words.
  if (brushedShare(brush) > EDIT_MASK_MAX_SHARE) throw refuse(lang, 'maskTooLarge');
}

/** The version's task: the source's style and photos, the edit's look (editRecipe), one edit's price. */
function versionTask(
  deps: EditDeps,
  source: TaskRecord,
  spec: EditSpec,
  now: number,
  batchHex: string,
): NewTask {
  const choice = { ...source.choice };
  if (spec.kind === 'backdrop' && spec.backdrop) choice.backdrop = spec.backdrop as BackdropId;
  if (spec.kind === 'outfit' && spec.outfit) choice.outfit = spec.outfit as OutfitId;
  return {
    id: newTaskId(now, 0, batchHex),
    styleId: source.styleId,
    styleName: source.styleName,
    slug: source.slug,
    // The style's prompt as the source had it: the worker adds the edit's words (edit-prompts.ts editPrompt).
    prompt: source.prompt,
    size: source.size,
    quality: source.quality,
    referenceCount: source.referenceCount,
    inputFidelity: source.inputFidelity,
    // The look carries the edit, so an edit of this version keeps its new backdrop or outfit.
    recipe: editRecipe(source.recipe, spec),
    choice,
    tokenCost: EDIT_TOKEN_COST,
    deadlineAt: now + (deps.taskDeadlineSeconds ?? TASK_TIMING.deadlineSeconds),
    // The likeness is measured against the photos the avatar was made from.
    ...(source.referenceFiles.length ? { referenceFiles: source.referenceFiles } : {}),
  };
}

const IDEMPOTENCY_SECONDS = 24 * 3600;

/** Whether a picture of this size already has the aspect (within a pixel's rounding). */
function sameAspect(aspect: string, width: number, height: number): boolean {
  const [w, h] = aspect.split(':').map(Number) as [number, number];
  return Math.abs(width / height - w / h) < 0.01;
}

export async function editAvatar(
  deps: EditDeps,
  user: User,
  taskId: string,
  body: EditBody,
  idempotencyKey: string | null,
): Promise<EditAnswer> {
  const lang = user.lang;
  checkIdempotencyKey(idempotencyKey);
  const { spec, brush } = editSpecOf(lang, body);
  // Read in the caller's own partition: another user's task is not found, like an unknown one.
  const source = isTaskId(taskId) ? await deps.tasks.get(user.id, taskId) : null;
  if (!source) throw new DomainError('NOT_FOUND', 'Avatar not found.');
  // A withheld avatar's pixels go to no one, the provider included, until it is kept (docs/faces.md).
  if (isWithheld(source)) throw withheldError();
  if (source.status !== 'DONE' || !source.resultFile || !source.width || !source.height)
    throw new DomainError('TASK_NOT_FINISHED', EDIT_MESSAGES.notFinished[lang]);
  // A framing to the shape the picture already has would leave nothing to paint, and charge for it.
  if (spec.kind === 'framing' && spec.aspect && sameAspect(spec.aspect, source.width, source.height))
    throw new DomainError('VALIDATION_FAILED', EDIT_MESSAGES.sameAspect[lang]);
  if (brush) await checkBrush(deps, lang, brush, source);
  const rootId = source.edit?.rootId ?? source.id;
  // Said before anything is reserved; the transaction holds the cap under concurrent edits.
  const root = rootId === source.id ? source : await deps.tasks.get(user.id, rootId);
  if (!root) throw new DomainError('NOT_FOUND', 'Avatar not found.');
  if (root.editCount >= MAX_EDITS_PER_AVATAR)
    throw new DomainError('EDIT_LIMIT_REACHED', EDIT_MESSAGES.limit[lang]);

  const now = deps.clock.now();
  const batchHex = deps.ids.newId().replace(/-/g, '').slice(0, 12);
  const task = versionTask(deps, source, spec, now, batchHex);
  const requestHash = deps.ids.hashSecret(
    `edit:${source.id}:${JSON.stringify(spec)}:${brush ? Buffer.from(brush).toString('base64') : ''}`,
  );
  const { day } = await reserveProviderCalls(deps.budget, user.id, 1);
  const release = () => releaseProviderCalls(deps.budget, user.id, day, 1);
  // The brush goes beside the task before the task exists, so the worker always finds it.
  if (brush)
    await deps.editMasks.save(user.id, task.id, brush).catch(async (e: unknown) => {
      await release();
      throw e;
    });
  const dropBrush = async () => {
    if (brush) await deps.editMasks.remove(user.id, task.id).catch(() => undefined);
  };
  const outcome = await deps.tasks
    .createEdit({
      userId: user.id,
      batchId: batchHex,
      task,
      edit: { editOf: source.id, rootId, spec },
      maxEdits: MAX_EDITS_PER_AVATAR,
      createdAt: now,
      idempotency: idempotencyKey
        ? { key: deps.ids.hashSecret(idempotencyKey), requestHash, expiresAt: now + IDEMPOTENCY_SECONDS }
        : null,
      ledgerEntryIds: { subscription: deps.ids.newId(), ltd: deps.ids.newId() },
    })
    .catch(async (e: unknown) => {
      await release();
      await dropBrush();
      throw e;
    });
  if (outcome.outcome !== 'created') {
    await release();
    await dropBrush();
  }
  switch (outcome.outcome) {
    case 'not-found':
      throw new DomainError('NOT_FOUND', 'Avatar not found.');
    case 'limit':
      throw new DomainError('EDIT_LIMIT_REACHED', EDIT_MESSAGES.limit[lang]);
    case 'short':
      throw new NotEnoughTokensError(outcome.needed, outcome.available);
    case 'repeat': {
      if (outcome.requestHash !== requestHash)
        throw new DomainError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for another request.',
        );
      // A first run that died before its message: the version waits in TODO, so it is queued again.
      const waiting = await deps.tasks.get(user.id, outcome.taskId);
      if (waiting?.status === 'TODO') await deps.queue.enqueue([{ taskId: waiting.id, userId: user.id }]);
      return { task_id: outcome.taskId, version: outcome.version, tokens_left: outcome.balanceAfter };
    }
    case 'created':
      break;
  }
  deps.budget.metrics.record('TasksCreated', 1);
  const { failed } = await deps.queue.enqueue([{ taskId: task.id, userId: user.id }]);
  if (!failed.length)
    return { task_id: task.id, version: outcome.version, tokens_left: outcome.balanceAfter };
  await release();
  const refunded = await failWithRefund(
    { tasks: deps.tasks, ids: deps.ids, metrics: deps.budget.metrics },
    user.id,
    task.id,
    'not-queued',
    deps.clock.now(),
  );
  deps.log('error', 'edit not queued: failed and refunded', { taskId: task.id, userId: user.id, refunded });
  return {
    task_id: task.id,
    version: outcome.version,
    tokens_left: outcome.balanceAfter + (refunded ? EDIT_TOKEN_COST : 0),
  };
}

/**
 * Per user, edits asked through the edit route, refused or not (each may decode a brush of up to the avatar's
 * size before anything is charged). Generous for a person, who waits for each version; a script that loops
 * is stopped. API Gateway's throttle for the route holds every client together (infra/api-limits.ts).
 */
export const EDIT_REQUESTS = { limit: 20, windowSeconds: 10 * 60 } as const;

/** POST /aivatar/tasks/{taskId}/edits: the caller's edit requests counted (EDIT_REQUESTS), then editAvatar. */
export async function askForEdit(
  deps: EditDeps & { limiter: RateLimiter },
  user: User,
  taskId: string,
  body: EditBody,
  idempotencyKey: string | null,
): Promise<EditAnswer> {
  const { limit, windowSeconds } = EDIT_REQUESTS;
  const verdict = await deps.limiter.hit('editRequests:user', user.id, limit, windowSeconds, {
    userId: user.id,
  });
  if (!verdict.allowed)
    throw new RateLimitedError(EDIT_MESSAGES.tooMany[user.lang], verdict.retryAfterSeconds);
  return editAvatar(deps, user, taskId, body, idempotencyKey);
}
