// One delivery of a task message (docs/generation.md, "Wiring the worker"). The task's status decides what
// happens: a claim (TODO -> IN_PROGRESS, conditional) makes this delivery the task's only worker; a
// duplicate, late or replayed message finds nothing to claim and is done. Provider failures map to the
// task's fate: refusals and permanent errors fail it with its refund; rate limits and transient errors put
// it back to TODO and let SQS deliver it again (after 3 receives it goes to the dead-letter queue).

import type { Ids, Log } from '#platform/domain/ports.ts';
import { TASK_TIMING } from '#platform/domain/task-timing.ts';
import { FACE_RULES, LIKENESS_REFUNDS_PER_DAY } from '#shared/face-rules.ts';
import type { FaceAnalyzer, PersonSegmenter, PhotoFiles, PhotoStore } from '../../photos/public.ts';
import { brushedShare, EditMaskError, editFaceOf, editMask } from './edit-masks.ts';
import { editPrompt } from './edit-prompts.ts';
import type { EditImages, EditMaskFiles } from './edits.ts';
import type { GeneratedAvatar, ImageProvider, ImageType, ReferenceImage } from './image-provider.ts';
import {
  type AvatarFace,
  accountRefundShare,
  coveredBy,
  FACE_BRUSHED_SHARE,
  faceBrushedAway,
  measureAvatarFace,
  type ReferenceDescriptors,
  referenceOrder,
  usesSomeoneElse,
} from './likeness.ts';
import type { ResultFiles, ResultImages } from './ports.ts';
import { isProviderError, type ProviderError, ProviderRateLimitedError } from './provider-errors.ts';
import { costOfUsage } from './provider-pricing.ts';
import { afterTaskFinished, type FinishDeps } from './task-finished.ts';
import { resultFilename } from './task-names.ts';
import { durationSample, durationSlot, type TaskDurations } from './task-progress.ts';
import type { TaskMessage } from './task-queue.ts';
import { failWithRefund } from './task-refund.ts';
import type { TaskErrorCode, TaskRecord, TaskStore } from './tasks.ts';

export interface WorkerDeps extends FinishDeps {
  tasks: TaskStore;
  provider: ImageProvider;
  photoStore: PhotoStore;
  photoFiles: PhotoFiles;
  results: ResultFiles;
  images: ResultImages;
  ids: Ids;
  log: Log;
  /** measures each avatar's likeness to the reference faces (the likeness guarantee) */
  faces: FaceAnalyzer;
  /** the stage's guarantee: an avatar scoring under this (or showing no face) is refunded */
  likenessGuarantee: number;
  /** the guarantee's refunds per account and UTC day (default LIKENESS_REFUNDS_PER_DAY) */
  likenessRefundsPerDay?: number;
  /** how long recent tasks took at each stage: the gallery's estimate reads them */
  durations: TaskDurations;
  /** base delay before a transient failure's next delivery, times the receive count */
  retryDelaySeconds?: number;
  /** how long a claim is this delivery's (default TASK_TIMING's; longer than the function's timeout) */
  leaseSeconds?: number;
  /** the time kept for storing the result once the provider answers (default TASK_TIMING's) */
  storeMarginMs?: number;
  /** what an edit of a finished avatar needs beyond a first render (absent: edit tasks are retried, then refunded) */
  edits?: EditWorkerDeps;
}

/** An edit's pieces (docs/generation.md, "Edit tasks in the worker"). */
export interface EditWorkerDeps {
  /** finds the person in the version being edited: the backdrop is the rest */
  segmenter: PersonSegmenter;
  /** a region edit's brush, stored beside the task by the edit route */
  masks: Pick<EditMaskFiles, 'read' | 'remove'>;
  images: EditImages;
}

/** An edit's source version (or its brush) cannot be read: retrying cannot help. */
class EditSourceMissing extends Error {}

export type DeliveryOutcome =
  /**
   * delete the message: the task is done, failed and refunded, belongs to another delivery, or its account is
   * deleted or being deleted
   */
  | { kind: 'handled'; what: 'done' | 'failed' | 'not-ours' | 'account-deleted' }
  /** return the message to the queue, visible again after this many seconds */
  | { kind: 'retry'; afterSeconds: number; reason: string };

const PROGRESS = { photos: 15, provider: 25, generated: 80, stored: 95 } as const;

interface References {
  refs: ReferenceImage[];
  /** the photos' names, in the order sent: recorded on the task, so "Try again" can send them again */
  sent: string[];
  /** the faces of the photos sent, read from their records now: a photo deleted later changes nothing */
  descriptors: ReferenceDescriptors;
  /** a photo sent may show someone else: the likeness guarantee does not cover the render (coveredBy) */
  someoneElse: boolean;
}

/** The photos in the order they are sent: a "Try again" task's own first (those still there), then the best. */
function pinnedFirst<T extends { filename: string }>(photos: T[], pinned: string[]): T[] {
  if (!pinned.length) return photos;
  const rank = (p: T) => {
    const i = pinned.indexOf(p.filename);
    return i < 0 ? pinned.length : i;
  };
  return [...photos].sort((a, b) => rank(a) - rank(b));
}

async function references(deps: WorkerDeps, task: TaskRecord): Promise<References> {
  const all = await deps.photoStore.list(task.userId, deps.clock.now());
  const photos = pinnedFirst(referenceOrder(all), task.referenceFiles);
  const refs: ReferenceImage[] = [];
  const descriptors: number[][] = [];
  const sent: string[] = [];
  for (const p of photos) {
    if (refs.length >= Math.max(1, task.referenceCount)) break;
    const file = await deps.photoFiles.read(task.userId, p.filename);
    if (!file) continue;
    refs.push({
      bytes: Buffer.from(file.bytes),
      contentType: file.contentType as ImageType,
      ...(p.face ? { face: { box: p.face.box, eyes: p.face.eyes } } : {}),
    });
    if (p.face) descriptors.push(p.face.descriptor);
    sent.push(p.filename);
  }
  return { refs, sent, descriptors, someoneElse: usesSomeoneElse(all, sent) };
}

/**
 * An edit sends the provider its source version, not photos: only the faces of the photos the avatar was made
 * from are read (their records), to measure the new version against them exactly as a first render is.
 */
async function editReferences(deps: WorkerDeps, task: TaskRecord): Promise<References> {
  const all = await deps.photoStore.list(task.userId, deps.clock.now());
  const photos = pinnedFirst(referenceOrder(all), task.referenceFiles).slice(
    0,
    Math.max(1, task.referenceCount),
  );
  const sent = photos.map((p) => p.filename);
  const descriptors = photos.flatMap((p) => (p.face ? [p.face.descriptor] : []));
  return { refs: [], sent, descriptors, someoneElse: usesSomeoneElse(all, sent) };
}

/**
 * An edit's provider call: the source version's file as stored, the mask of what may change (edit-masks.ts:
 * from the person's matte, the face's landmarks or the user's brush), the style's prompt with the edit's words.
 * The face is the one the source's own measure found (its task keeps the box and the landmarks); a source
 * finished before the landmarks were kept, or unmeasured, is analysed here.
 */
async function makeEdit(
  deps: WorkerDeps,
  task: TaskRecord,
  deadline: number,
): Promise<{ avatar: GeneratedAvatar; faceBrushed: boolean }> {
  const edit = task.edit;
  if (!edit) throw new Error('not an edit');
  const parts = deps.edits;
  if (!parts) throw new Error('this worker was built without the edits pieces');
  const source = await deps.tasks.get(task.userId, edit.editOf);
  const file = source?.resultFile ? await deps.results.read(task.userId, source.resultFile) : null;
  if (!source || !file || !source.width || !source.height) throw new EditSourceMissing('source version gone');
  const { width, height } = source;
  const image = Buffer.from(file.bytes);
  const { kind } = edit.spec;
  const brush = kind === 'region' ? await parts.masks.read(task.userId, task.id) : null;
  if (kind === 'region' && !brush) throw new EditSourceMissing('brush gone');
  const needsFace = kind === 'outfit' || kind === 'framing' || kind === 'retouch';
  const kept =
    source.faceBox && source.faceLandmarks ? { box: source.faceBox, landmarks: source.faceLandmarks } : null;
  const [matte, analysis, userMask] = await Promise.all([
    kind === 'backdrop' || kind === 'outfit' ? parts.segmenter.personMatte(image) : null,
    needsFace && !kept
      ? deps.faces.analyse(
          { encoded: file.bytes },
          { minConfidence: FACE_RULES.avatarMinConfidence, light: false },
        )
      : null,
    brush ? parts.images.decodeBrush(brush, { width, height }) : null,
  ]);
  // Either is of a normalised copy of the same file, its largest face: its shares are the source's own shares.
  const largest = needsFace ? (kept ?? analysis?.faces[0]) : null;
  const face = largest ? editFaceOf(largest, width, height) : null;
  const geometry = editMask(edit.spec, { width, height, matte, face, userMask });
  // The source's face as its measure found it: a brush over it asks for the face to change (faceBrushedAway).
  const faceBrushed =
    userMask !== null && !!source.faceBox && brushedShare(userMask, source.faceBox) >= FACE_BRUSHED_SHARE;
  const avatar = await deps.provider.edit({
    image,
    contentType: file.contentType as ImageType,
    mask: await parts.images.encodeMask(geometry.mask),
    width: geometry.canvas.width,
    height: geometry.canvas.height,
    placement: geometry.placement,
    edit: edit.spec,
    prompt: editPrompt(task.prompt, edit.spec),
    recipe: task.recipe,
    endUser: deps.ids.hashSecret(task.userId).slice(0, 32),
    deadline,
  });
  return { avatar, faceBrushed };
}

/**
 * The avatar's likeness and face box, each null when it cannot be measured. A face model that fails does not
 * take the avatar from the user: it is delivered unmeasured (and unrefunded), and the error line alarms.
 */
async function faceOf(
  deps: WorkerDeps,
  image: Uint8Array,
  descriptors: ReferenceDescriptors,
  context: Record<string, unknown>,
): Promise<AvatarFace> {
  try {
    return await measureAvatarFace(deps.faces, image, descriptors, deps.likenessGuarantee);
  } catch (e) {
    deps.log('error', 'likeness not measured: the face model failed', {
      ...context,
      error: { name: (e as Error)?.name, message: (e as Error)?.message },
      alarm: 'likeness-unmeasured',
    });
    return { likeness: null, faceBox: null, faceLandmarks: null };
  }
}

/** The gallery's estimates learn from this task; a failed write costs only a sample, never the avatar. */
async function recordDurations(
  deps: WorkerDeps,
  task: TaskRecord,
  finishingAt: number,
  doneAt: number,
  context: Record<string, unknown>,
): Promise<void> {
  const generatingAt = task.stageTimes.generatingAt ?? finishingAt;
  try {
    await deps.durations.record(
      durationSlot(task.id),
      durationSample(task.createdAt, generatingAt, finishingAt, doneAt),
    );
  } catch (e) {
    deps.log('warn', 'task durations not recorded', { ...context, error: String(e) });
  }
}

/**
 * The account is deleted or being deleted: its deletion marks it before removing anything, and the account then
 * reads as absent (adapters/dynamodb/user-reader.ts). No provider call starts and no result is stored for it
 * (docs/operations.md, "Account deletion").
 */
const accountGone = async (deps: WorkerDeps, userId: string): Promise<boolean> =>
  !(await deps.users.getById(userId));

async function dropForDeletion(
  deps: WorkerDeps,
  task: TaskRecord,
  context: Record<string, unknown>,
): Promise<DeliveryOutcome> {
  // Given back, not failed (a refund would write into an account being deleted): the deletion waits for the
  // renders its account has in flight, and this one no longer is.
  deps.log('info', 'task dropped: its account is being deleted', context);
  await deps.tasks.release(task, deps.clock.now());
  return { kind: 'handled', what: 'account-deleted' };
}

/**
 * A completion refused, and the task is gone or its account is being deleted: this delivery outlived its
 * lease, so the deletion may already have swept the account's files (it waits for leases, not for workers),
 * and the files this delivery stored are deleted here. A claim lost to another delivery of the same task is
 * left alone (that one stored the same keys).
 */
async function removeIfDeleted(
  deps: WorkerDeps,
  task: TaskRecord,
  filename: string,
  context: Record<string, unknown>,
): Promise<void> {
  if (!(await accountGone(deps, task.userId)) && (await deps.tasks.get(task.userId, task.id))) return;
  try {
    await deps.results.remove(task.userId, filename);
    deps.log('info', 'avatar of an account being deleted removed', context);
  } catch (e) {
    deps.log('error', 'avatar of a deleted account not removed', {
      ...context,
      filename,
      error: { name: (e as Error)?.name, message: (e as Error)?.message },
      alarm: 'deleted-account-file-left',
    });
  }
}

async function failClaimed(
  deps: WorkerDeps,
  task: TaskRecord,
  code: TaskErrorCode,
): Promise<DeliveryOutcome> {
  await failWithRefund(deps, task.userId, task.id, code, deps.clock.now(), { attempt: task.attempt });
  await afterTaskFinished(deps, task.userId, task.batchId);
  return { kind: 'handled', what: 'failed' };
}

export async function processTaskMessage(
  deps: WorkerDeps,
  message: TaskMessage,
  o: { receiveCount: number; remainingMs: number },
): Promise<DeliveryOutcome> {
  const startedAt = Date.now();
  const task = await deps.tasks.claim(
    message.userId,
    message.taskId,
    deps.clock.now(),
    deps.leaseSeconds ?? TASK_TIMING.leaseSeconds,
  );
  if (!task) return { kind: 'handled', what: 'not-ours' };
  const context = {
    taskId: task.id,
    userId: task.userId,
    styleId: task.styleId,
    attempt: task.attempt,
    ...(task.edit ? { edit: task.edit.spec.kind, editOf: task.edit.editOf } : {}),
  };
  try {
    if (await accountGone(deps, task.userId)) return await dropForDeletion(deps, task, context);
    // An edit is measured against the photos but does not send them: with none left it is made unmeasured.
    const { refs, sent, descriptors, someoneElse } = task.edit
      ? await editReferences(deps, task)
      : await references(deps, task);
    if (!refs.length && !task.edit) {
      deps.log('warn', 'task failed: no reference photos left', context);
      return await failClaimed(deps, task, 'no-photos');
    }
    await deps.tasks.progress(task, PROGRESS.photos, deps.clock.now(), { referenceFiles: sent });
    await deps.tasks.progress(task, PROGRESS.provider, deps.clock.now());
    const providerStart = Date.now();
    const deadline = Date.now() + o.remainingMs - (deps.storeMarginMs ?? TASK_TIMING.storeMarginMs);
    const made = task.edit
      ? await makeEdit(deps, task, deadline)
      : {
          avatar: await deps.provider.generate({
            references: refs,
            prompt: task.prompt,
            size: task.size,
            quality: task.quality,
            inputFidelity: task.inputFidelity,
            recipe: task.recipe,
            endUser: deps.ids.hashSecret(task.userId).slice(0, 32),
            deadline,
          }),
          faceBrushed: false,
        };
    const { avatar } = made;
    const providerMs = Date.now() - providerStart;
    deps.metrics?.record('ProviderCalls');
    deps.metrics?.record('ProviderLatency', providerMs);
    const finishingAt = deps.clock.now();
    if (!(await deps.tasks.progress(task, PROGRESS.generated, finishingAt, { stage: 'finishing' })))
      return { kind: 'handled', what: 'not-ours' };
    // Read again once the provider answered (30-60 s later): nothing is stored for an account marked meanwhile.
    if (await accountGone(deps, task.userId)) return await dropForDeletion(deps, task, context);
    const filename = resultFilename(task.slug, task.id, avatar.contentType);
    // Measured while the image and its thumbnail are stored: the two do not wait for each other.
    const likenessStart = Date.now();
    let likenessMs = 0;
    const measuring = faceOf(deps, avatar.image, descriptors, context).then((f) => {
      likenessMs = Date.now() - likenessStart;
      return f;
    });
    const thumbnail = await deps.images.thumbnail(avatar.image);
    await deps.results.save(task.userId, filename, avatar.image, avatar.contentType, thumbnail);
    await deps.tasks.progress(task, PROGRESS.stored, deps.clock.now());
    const measured = await measuring;
    const likeness = faceBrushedAway(coveredBy(measured.likeness, someoneElse), made.faceBrushed);
    const { faceBox, faceLandmarks } = measured;
    // Should the guarantee refund it, the gallery shows only a blurred copy made here (docs/faces.md).
    const preview = likeness?.refund === true;
    if (preview)
      await deps.results.savePreview(task.userId, filename, await deps.images.blurredPreview(thumbnail));
    const costUsd = avatar.usage ? costOfUsage(avatar.model, avatar.usage) : null;
    const doneAt = deps.clock.now();
    const done = await deps.tasks.complete(
      task,
      {
        resultFile: filename,
        referenceFile: sent[0] ?? null,
        renderKind: avatar.kind,
        width: avatar.width,
        height: avatar.height,
        model: avatar.model,
        usage: avatar.usage,
        costUsd,
        likeness,
        faceBox,
        faceLandmarks,
        preview,
      },
      doneAt,
      {
        ledgerEntryIds: { subscription: deps.ids.newId(), ltd: deps.ids.newId() },
        refundsPerDay: deps.likenessRefundsPerDay ?? LIKENESS_REFUNDS_PER_DAY,
      },
    );
    // The business metrics read these lines: cost per task, per style, per day.
    deps.log('info', done ? 'avatar done' : 'avatar made but the claim was lost', {
      ...context,
      provider: deps.provider.name,
      model: avatar.model,
      renderKind: avatar.kind,
      usage: avatar.usage,
      costUsd,
      providerMs,
      overheadMs: Date.now() - startedAt - providerMs,
      providerAttempts: avatar.attempts,
      likeness: likeness?.score,
      likenessRefunded: done?.refunded,
      likenessNotRefunded: done?.notRefunded ?? undefined,
      // The account's guarantee today: who farms refunds shows here (docs/operations.md).
      accountMeasuredToday: done?.today?.measured,
      accountRefundsToday: done?.today?.refunds,
      likenessMs,
    });
    if (!done) await removeIfDeleted(deps, task, filename, context);
    // A region's brush has served: the version is made. A failure, and a version the likeness guarantee
    // refunded, keep it for Try again (try-again.ts) and leave it to the account's deletion.
    if (done && !done.refunded && task.edit?.spec.kind === 'region')
      await deps.edits?.masks.remove(task.userId, task.id).catch((e: unknown) => {
        deps.log('warn', 'edit brush not removed', { ...context, error: String(e) });
      });
    if (done) {
      deps.metrics?.record('TasksDone');
      if (costUsd !== null) deps.metrics?.record('TaskCostCents', costUsd * 100);
      if (likeness) {
        deps.metrics?.record('LikenessScored');
        if (likeness.score !== null) deps.metrics?.record('LikenessScore', likeness.score);
        if (done.refunded) deps.metrics?.record('LikenessRefunds');
        const share = accountRefundShare(done.today);
        if (share !== null) deps.metrics?.record('AccountLikenessRefundShare', share);
      }
      await recordDurations(deps, task, finishingAt, doneAt, context);
      await afterTaskFinished(deps, task.userId, task.batchId);
    }
    return { kind: 'handled', what: done ? 'done' : 'not-ours' };
  } catch (e) {
    return onFailure(deps, task, e, o.receiveCount, context);
  }
}

async function onFailure(
  deps: WorkerDeps,
  task: TaskRecord,
  e: unknown,
  receiveCount: number,
  context: Record<string, unknown>,
): Promise<DeliveryOutcome> {
  if (e instanceof EditSourceMissing) {
    deps.log('warn', 'edit failed: its source version could not be read', { ...context, error: e.message });
    return failClaimed(deps, task, 'edit-source');
  }
  if (e instanceof EditMaskError) {
    // The picture lacks what the edit needs (a face for outfit, framing, retouch): retrying cannot help.
    deps.log('warn', 'edit failed: nothing to mask', { ...context, error: e.message });
    return failClaimed(deps, task, 'edit-unfit');
  }
  const p = isProviderError(e) ? (e as ProviderError) : null;
  const error = {
    name: (e as Error)?.name,
    message: (e as Error)?.message,
    providerCode: p?.providerCode,
    status: p?.status,
  };
  if (p && (p.kind === 'refusal' || p.kind === 'permanent')) {
    // A permanent error (bad key, no credit) fails every task: the alarm on this line tells the operator.
    deps.log(p.kind === 'permanent' ? 'error' : 'warn', `task failed: provider ${p.kind}`, {
      ...context,
      error,
      ...(p.kind === 'refusal' ? { categories: (e as { categories?: string[] }).categories } : {}),
      alarm: p.kind === 'permanent' ? 'provider-permanent-error' : undefined,
    });
    return failClaimed(deps, task, p.kind === 'refusal' ? 'refused' : 'provider');
  }
  await deps.tasks.release(task, deps.clock.now());
  const afterSeconds =
    e instanceof ProviderRateLimitedError
      ? e.retryAfterSeconds
      : (deps.retryDelaySeconds ?? TASK_TIMING.retryDelaySeconds) * Math.max(1, receiveCount);
  deps.log('warn', 'task will be retried', { ...context, error, receiveCount, afterSeconds });
  return { kind: 'retry', afterSeconds, reason: p?.kind ?? 'error' };
}
