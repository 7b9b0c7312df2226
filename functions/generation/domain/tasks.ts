// Avatar tasks and batches as the domain sees them, and the store that keeps them (adapters/dynamodb/
// task-store.ts). Every status change is a conditional write on the current status; every move to ERROR
// carries the task's refund in the same transaction, so it happens once whoever makes it (worker, dead-letter
// handler, sweeper).
import type { AvatarTask as ApiTask } from '#shared/api-schemas.ts';
import type { TaskChoice } from '#shared/style-choices.ts';
import type { RelativeBox, RelativePoint } from '../../photos/public.ts';
import type { ImageQuality, InputFidelity, RenderRecipe } from '../../styles/public.ts';
import type { EditSpec, ImageSize, ProviderUsage, RenderKind } from './image-provider.ts';
import type { Likeness } from './likeness.ts';
import type { StageTimes } from './task-progress.ts';

export type TaskStatus = ApiTask['status'];

/** What the worker needs to draw a task, copied from the style when the batch was created. */
interface TaskRecipe {
  styleId: number;
  styleName: string;
  /** names the result file: `<slug>_<taskId>.<ext>` (downloads are called `<slug>.<ext>`) */
  slug: string;
  prompt: string;
  size: ImageSize;
  quality: ImageQuality;
  referenceCount: number;
  inputFidelity: InputFidelity;
  recipe: RenderRecipe;
  /** the backdrop and outfit the user chose: already in `prompt` and `recipe`, kept to show them */
  choice: TaskChoice;
}

export interface TaskRecord extends TaskRecipe {
  id: string;
  userId: string;
  batchId: string;
  status: TaskStatus;
  progress: number;
  tokenCost: number;
  /** how the cost was taken: monthly tokens first, then lifetime ones; a refund gives each back */
  debit: { subscription: number; ltd: number };
  /**
   * a team avatar (docs/product.md, "Teams"): paid by one avatar of this member's team allowance (debit
   * 0 and 0), which a failure or the likeness guarantee gives back there; null: paid with the account's tokens
   */
  team: { teamId: string; memberId: string } | null;
  /** a team avatar its member marked "Chosen for my team" (PUT /aivatar/tasks/{taskId}/chosen) */
  teamChosen: boolean;
  /** claims so far; each write of a claimed task is conditioned on its own claim number */
  attempt: number;
  /** an IN_PROGRESS claim older than this belongs to a worker that died: another delivery may take it */
  leaseUntil: number | null;
  /** the sweeper fails the task after this (Unix seconds) unless it finished */
  deadlineAt: number;
  resultFile: string | null;
  referenceFile: string | null;
  /**
   * the photos sent to the provider, best first, recorded once the worker read them; on a new task made by
   * "Try again", the ones to send (those still there come first)
   */
  referenceFiles: string[];
  renderKind: RenderKind | null;
  width: number | null;
  height: number | null;
  errorCode: TaskErrorCode | null;
  refunded: boolean;
  /** DONE tasks whose avatar was measured: its score and whether the guarantee refunded it; null otherwise */
  likeness: TaskLikeness | null;
  /** DONE tasks: where the avatar's face is (a box, not biometric), when the face model found one */
  faceBox: RelativeBox | null;
  /**
   * DONE tasks measured since the landmarks were kept: the 68 landmarks of that face (shares of the avatar),
   * which an edit of this version masks with instead of finding them again (worker.ts makeEdit). Geometry,
   * not a descriptor; the worker's alone: never logged, never in a list, the gallery or an export.
   */
  faceLandmarks: RelativePoint[] | null;
  /** starred by its owner */
  favourite: boolean;
  /** when it first reached each stage (written only where absent: a stage never goes back) */
  stageTimes: StageTimes;
  /** the avatar's version (docs/product.md, "Editing a finished avatar"): 1 for an original, 2... for edits */
  version: number;
  /** an edit: what it changes and where from; null for an original */
  edit: TaskEdit | null;
  /** an original: the edits made of it and of its versions so far (at most MAX_EDITS_PER_AVATAR) */
  editCount: number;
  createdAt: number;
  updatedAt: number;
}

/** What makes a task a version made by an edit. */
export interface TaskEdit {
  /** the version it was made from (its file is what the provider changes) */
  editOf: string;
  /** the avatar's original task: every version of one avatar shares it, and it counts their edits */
  rootId: string;
  spec: EditSpec;
}

export interface TaskLikeness {
  /** 0-100; null when the avatar showed no face */
  score: number | null;
  /** the likeness guarantee gave the tokens back: the avatar is withheld until kept (isWithheld) */
  refunded: boolean;
  /** when "Keep it anyway" took the tokens again (the avatar is the user's like any other); null before */
  keptAt: number | null;
  /** under the threshold but charged, and why (docs/faces.md, "The guarantee"); null otherwise */
  notRefunded: GuaranteeDeclined | null;
  /** a refunded avatar's blurred copy was stored (the gallery shows it instead of the avatar) */
  preview: boolean;
}

/**
 * Why an avatar under the guarantee's threshold was charged: a reference photo used may show someone else
 * (the guarantee covers one person's likeness), or the account had its refunds of the day.
 */
export type GuaranteeDeclined = 'someone-else' | 'daily-limit';

/** A refunded avatar not (yet) kept: its pixels are served to no one (docs/faces.md, "The guarantee"). */
export const isWithheld = (t: Pick<TaskRecord, 'status' | 'likeness'>): boolean =>
  t.status === 'DONE' && t.likeness?.refunded === true && t.likeness.keptAt === null;

/** Why a task failed: each maps to a sentence the gallery and support can show. */
export type TaskErrorCode =
  | 'refused'
  | 'provider'
  | 'no-photos'
  | 'dead-letter'
  | 'timed-out'
  | 'not-queued'
  /** an edit whose source version's file (or brushed region) could not be read */
  | 'edit-source'
  /** an edit the picture cannot take: no face found where the edit needs one */
  | 'edit-unfit';

export interface NewTask extends TaskRecipe {
  id: string;
  tokenCost: number;
  deadlineAt: number;
  /** "Try again": the photos the first task was made from */
  referenceFiles?: string[];
}

export interface NewBatch {
  id: string;
  userId: string;
  tasks: NewTask[];
  createdAt: number;
  /** the same key within 24 h answers with this batch instead of charging again */
  idempotency: { key: string; requestHash: string; expiresAt: number } | null;
  ledgerEntryIds: { subscription: string; ltd: string };
  /** paid by the member's team allowance (one avatar per task) instead of the account's tokens */
  team?: { teamId: string; memberId: string } | null;
  /**
   * The balance as the session read it a moment ago: the store may try its transaction on it instead of
   * reading the account again. A hint only: the debit is conditioned on the balance it assumed, so a stale
   * one fails and is read afresh, and a balance too low to pay is read afresh before the batch is refused.
   */
  balanceSeen?: { subscription: number; ltd: number };
}

export interface BatchRecord {
  id: string;
  taskIds: string[];
  totalCost: number;
  createdAt: number;
}

export type CreateBatchOutcome =
  | { outcome: 'created'; batch: BatchRecord; balanceAfter: number }
  /** the idempotency key was used before: the batch it created */
  | { outcome: 'repeat'; batch: BatchRecord; requestHash: string; balanceAfter: number }
  | { outcome: 'short'; needed: number; available: number }
  /** a team-paid batch the member's allowance does not cover (or the member left the team) */
  | { outcome: 'allowance-short'; needed: number };

/**
 * A new version of a finished avatar (edits.ts): the task (charged `tokenCost`), its batch of one, and the
 * avatar's edit counter, in one transaction. The version is the counter's next value, read in the
 * transaction; the counter's condition keeps it at most `maxEdits` even when edits are asked at once.
 */
export interface NewEdit {
  userId: string;
  batchId: string;
  task: NewTask;
  edit: Omit<TaskEdit, 'spec'> & { spec: EditSpec };
  maxEdits: number;
  createdAt: number;
  idempotency: { key: string; requestHash: string; expiresAt: number } | null;
  ledgerEntryIds: { subscription: string; ltd: string };
}

export type CreateEditOutcome =
  | { outcome: 'created'; version: number; balanceAfter: number }
  /** the idempotency key was used before: the task it created */
  | { outcome: 'repeat'; taskId: string; version: number; requestHash: string; balanceAfter: number }
  | { outcome: 'short'; needed: number; available: number }
  /** the avatar had its MAX_EDITS_PER_AVATAR edits */
  | { outcome: 'limit' }
  /** the avatar's original task is gone */
  | { outcome: 'not-found' };

export interface FinishedBatch {
  batchId: string;
  userId: string;
  done: number;
  failed: number;
  /** 'edit': one new version of an avatar, asked for from the gallery (no "avatars ready" email) */
  kind: 'avatars' | 'edit';
}

export interface TaskCounts {
  byStatus: Record<TaskStatus, number>;
  lastError: { taskId: string; code: TaskErrorCode; at: number } | null;
}

/** What the gallery shows of a task (a list reads no prompt or recipe). */
export type TaskSummary = Pick<
  TaskRecord,
  | 'id'
  | 'userId'
  | 'batchId'
  | 'status'
  | 'progress'
  | 'tokenCost'
  | 'styleId'
  | 'styleName'
  | 'choice'
  | 'resultFile'
  | 'referenceFile'
  | 'renderKind'
  | 'width'
  | 'height'
  | 'errorCode'
  | 'refunded'
  | 'likeness'
  | 'faceBox'
  | 'favourite'
  | 'team'
  | 'teamChosen'
  | 'stageTimes'
  | 'version'
  | 'edit'
  | 'editCount'
  | 'createdAt'
  | 'updatedAt'
>;

export interface TaskPage {
  tasks: TaskSummary[];
  /** an opaque position after the last task, or null at the end */
  next: string | null;
}

export interface DoneResult {
  resultFile: string;
  referenceFile: string | null;
  renderKind: RenderKind;
  width: number;
  height: number;
  model: string;
  usage: ProviderUsage | null;
  costUsd: number | null;
  /** null when not measured (no reference face to compare with, or the face model could not run) */
  likeness: Likeness | null;
  /** the avatar's largest face, when the face model found one: the profile crops centre it */
  faceBox: RelativeBox | null;
  /** that face's 68 landmarks, when found: an edit of this version masks with them (TaskRecord's) */
  faceLandmarks: RelativePoint[] | null;
  /** a blurred copy was stored for the gallery, to show should the guarantee refund (and withhold) it */
  preview: boolean;
}

/** How a task was finished: null when the claim was lost (nothing written, nothing refunded). */
export type CompleteOutcome = {
  /** the guarantee refunded it (and withholds it) */
  refunded: boolean;
  /** under the threshold but charged: why */
  notRefunded: GuaranteeDeclined | null;
  /** the account's guarantee today (UTC), this avatar counted: avatars measured and refunds */
  today: { measured: number; refunds: number } | null;
} | null;

export type KeepOutcome =
  | { outcome: 'kept'; tokensSpent: number; balanceAfter: number }
  | { outcome: 'not-found' }
  | { outcome: 'not-withheld' }
  | { outcome: 'short'; needed: number; available: number }
  /** a team avatar: the member's team allowance has no avatar left to keep it with */
  | { outcome: 'allowance-short' };

export interface TaskStore {
  /**
   * One transaction: the debit (monthly tokens first, then lifetime; conditioned on the balance read),
   * its ledger entries, the batch and its TODO tasks, and the idempotency record. 'short' when the
   * balance does not cover `sum(tokenCost)`.
   */
  createBatch(batch: NewBatch): Promise<CreateBatchOutcome>;
  /**
   * One transaction: the debit (as createBatch's), its ledger entries, a batch of one, the version's TODO task
   * and the avatar's edit counter (conditioned on the count read and on it staying within `maxEdits`), and the
   * idempotency record. 'limit' when the avatar had its edits; 'short' when the balance does not cover it.
   */
  createEdit(edit: NewEdit): Promise<CreateEditOutcome>;
  get(userId: string, taskId: string): Promise<TaskRecord | null>;
  /** Newest first. */
  list(userId: string, limit: number, after: string | null): Promise<TaskPage>;
  /** The starred tasks, newest first; `after` as list's. */
  listFavourites(userId: string, limit: number, after: string | null): Promise<TaskPage>;
  /**
   * Stars a DONE task of this user (a condition on its key and status, and on it not being withheld) or
   * unstars it; 'not-found' when the user has no such task, 'not-finished' when starring one that is not
   * DONE, 'withheld' when starring a refunded avatar not kept.
   */
  setFavourite(
    userId: string,
    taskId: string,
    favourite: boolean,
    now: number,
  ): Promise<'done' | 'not-found' | 'not-finished' | 'withheld'>;
  /**
   * TODO -> IN_PROGRESS (or a stale IN_PROGRESS whose lease ran out), bumping the attempt, and the
   * `generating` stage's time if the task has none yet; null when another delivery holds it or it is
   * finished.
   */
  claim(userId: string, taskId: string, now: number, leaseSeconds: number): Promise<TaskRecord | null>;
  /**
   * Progress of a claimed task; with `stage: 'finishing'` that stage's time if the task has none yet, with
   * `referenceFiles` the photos it is made from (once read). False when the claim was lost.
   */
  progress(
    task: TaskRecord,
    percent: number,
    now: number,
    more?: { stage?: 'finishing'; referenceFiles?: string[] },
  ): Promise<boolean>;
  /** IN_PROGRESS -> TODO so the next delivery may claim it again; false when the claim was lost. */
  release(task: TaskRecord, now: number): Promise<boolean>;
  /**
   * IN_PROGRESS -> DONE, in one transaction with the batch's counter, the account's guarantee counter of
   * the UTC day and, when `result.likeness.refund`, the likeness guarantee's refund (each pool given back
   * what the task took, conditioned on the balance as read, one `likeness_refund` ledger entry per pool),
   * conditioned on the day's refunds being under `refundsPerDay`: past them the avatar is charged
   * (`daily-limit`). Null when the claim was lost (nothing written, nothing refunded).
   */
  complete(
    task: TaskRecord,
    result: DoneResult,
    now: number,
    o: { ledgerEntryIds: { subscription: string; ltd: string }; refundsPerDay: number },
  ): Promise<CompleteOutcome>;
  /**
   * "Keep it anyway": one transaction takes the task's cost again (monthly tokens first, conditioned on the
   * balance as read, one `likeness_keep` ledger entry per pool) and marks it kept, conditioned on it being
   * withheld, so two calls at once debit once. 'not-withheld' for any task that is not (kept already, or
   * never refunded); 'short' when the balance does not cover its cost.
   */
  keep(
    userId: string,
    taskId: string,
    now: number,
    o: { ledgerEntryIds: { subscription: string; ltd: string } },
  ): Promise<KeepOutcome>;
  /**
   * TODO or IN_PROGRESS -> ERROR with the refund and its ledger entries, in one transaction. With
   * `attempt`, only while that claim holds; with `onlyPastDeadline`, only once the deadline passed.
   * False when the task was already finished (nothing written, nothing refunded).
   */
  fail(
    userId: string,
    taskId: string,
    code: TaskErrorCode,
    now: number,
    o: {
      attempt?: number;
      onlyPastDeadline?: boolean;
      ledgerEntryIds: { subscription: string; ltd: string };
    },
  ): Promise<boolean>;
  /**
   * When every task of the batch has finished, claims its "finished" notice once: the first caller gets
   * the counts, every later one null.
   */
  claimBatchFinished(userId: string, batchId: string, now: number): Promise<FinishedBatch | null>;
  /** Whether the account has a batch with tasks still pending. */
  hasPendingBatches(userId: string): Promise<boolean>;
  /** Support's view of one account: tasks by status and the latest failure. */
  counts(userId: string): Promise<TaskCounts>;
  setBatchEmail(userId: string, on: boolean): Promise<void>;
}

/** The sweeper's list: tasks still pending past their deadline, across users. */
export interface OverdueTasks {
  overdue(now: number, limit: number): Promise<{ userId: string; taskId: string }[]>;
}
