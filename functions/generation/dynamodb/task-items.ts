// Task items as stored, checked on every read (a malformed task fails loudly instead of reaching a screen).
import * as z from 'zod/mini';
import { EDIT_ASPECTS, EDIT_KINDS, RETOUCH_LEVELS } from '#shared/edit-rules.ts';
import { BACKDROP_IDS, OUTFIT_IDS } from '#shared/style-choices.ts';
import type { RelativePoint } from '../../photos/public.ts';
import { Recipe } from '../../styles/public.ts';
import type { EditSpec } from '../domain/image-provider.ts';
import type { TaskRecord, TaskSummary } from '../domain/tasks.ts';

const ERROR_CODES = [
  'refused',
  'provider',
  'no-photos',
  'dead-letter',
  'timed-out',
  'not-queued',
  'edit-source',
  'edit-unfit',
] as const;
const STATUSES = ['TODO', 'IN_PROGRESS', 'DONE', 'ERROR'] as const;
const RENDER_KINDS = ['ai', 'preview-render'] as const;
const NOT_REFUNDED = ['someone-else', 'daily-limit'] as const;
const PAID_BY = ['tokens', 'team'] as const;

/** The 68 landmarks' x and y. */
const FACE_LANDMARK_VALUES = 136;

/** A landmark's shares are kept to four decimals: a sixth of a px of a 1536 px avatar. */
const LANDMARK_PRECISION = 1e4;

const nullableNumber = z.optional(z.nullable(z.number()));
const nullableString = z.optional(z.nullable(z.string()));

/** What an edit asked (functions/generation/domain/edits.ts checked it before it was stored). */
const EditItem = z.object({
  kind: z.enum(EDIT_KINDS),
  backdrop: z.optional(z.enum(BACKDROP_IDS)),
  colour: z.optional(z.string()),
  outfit: z.optional(z.enum(OUTFIT_IDS)),
  aspect: z.optional(z.enum(EDIT_ASPECTS)),
  level: z.optional(z.enum(RETOUCH_LEVELS)),
  prompt: z.optional(z.string()),
});

const TaskItem = z.object({
  id: z.string(),
  user_id: z.string(),
  batch_id: z.string(),
  status: z.enum(STATUSES),
  progress: z.number(),
  token_cost: z.number(),
  debit_subscription: z.number(),
  debit_ltd: z.number(),
  attempt: z.number(),
  lease_until: nullableNumber,
  deadline_at: z.number(),
  style_id: z.number(),
  style_name: z.string(),
  slug: z.string(),
  prompt: z.string(),
  size: z.enum(['1024x1024', '1024x1536']),
  quality: z.enum(['low', 'medium', 'high']),
  reference_count: z.number(),
  input_fidelity: z.enum(['low', 'high']),
  recipe: Recipe,
  /** the user's choices */
  backdrop: z.optional(z.enum(BACKDROP_IDS)),
  outfit: z.optional(z.enum(OUTFIT_IDS)),
  reference_files: z.optional(z.array(z.string())),
  /** a team avatar: the team and member whose allowance paid it (docs/data-model.md, "Teams") */
  paid_by: z.optional(z.enum(PAID_BY)),
  team_id: z.optional(z.string()),
  team_member_id: z.optional(z.string()),
  /** Unix seconds its member chose it for the team; absent otherwise */
  team_chosen_at: z.optional(z.number()),
  result_file: nullableString,
  reference_file: nullableString,
  render_kind: z.optional(z.nullable(z.enum(RENDER_KINDS))),
  width: nullableNumber,
  height: nullableNumber,
  error_code: z.optional(z.nullable(z.enum(ERROR_CODES))),
  refunded: z.optional(z.boolean()),
  /** absent: not measured; null: the avatar showed no face */
  likeness: z.optional(z.nullable(z.number())),
  likeness_refunded: z.optional(z.boolean()),
  /** under the threshold but charged: why (docs/faces.md, "The guarantee") */
  likeness_not_refunded: z.optional(z.enum(NOT_REFUNDED)),
  /** a refunded avatar's blurred copy is stored (result-thumbs/<user>/<task>-withheld.webp) */
  likeness_preview: z.optional(z.boolean()),
  /** Unix seconds "Keep it anyway" took a refunded avatar's tokens again; absent while withheld */
  kept_at: z.optional(z.number()),
  /** the avatar's face (shares of its width and height); absent when none was found or not measured */
  face_box: z.optional(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })),
  /**
   * that face's 68 landmarks, x and y by turn (shares, faceLandmarksItem): what an edit of this version masks
   * with. Not a summary attribute: no list reads it.
   */
  face_landmarks: z.optional(z.array(z.number()).check(z.length(FACE_LANDMARK_VALUES))),
  /** Unix seconds the owner starred it; absent when not starred */
  favourite_at: z.optional(z.number()),
  /** the stages' times: set once each, by the first delivery that reached the stage */
  generating_at: z.optional(z.number()),
  finishing_at: z.optional(z.number()),
  /** a version made by an edit (docs/data-model.md): its number, the task it was made from, its original, what it asked */
  version: z.optional(z.number()),
  edit_of: z.optional(z.string()),
  root_id: z.optional(z.string()),
  edit: z.optional(EditItem),
  /** an original: the edits made of it and its versions (the counter the edits' transaction conditions) */
  edit_count: z.optional(z.number()),
  created_at: z.number(),
  updated_at: z.number(),
});
export type TaskItem = z.infer<typeof TaskItem>;

/** The attributes a list reads (no prompt, no recipe: most of a task's bytes). */
export const SUMMARY_ATTRIBUTES = [
  'id',
  'user_id',
  'batch_id',
  'status',
  'progress',
  'token_cost',
  'style_id',
  'style_name',
  'backdrop',
  'outfit',
  'result_file',
  'reference_file',
  'render_kind',
  'width',
  'height',
  'error_code',
  'refunded',
  'likeness',
  'likeness_refunded',
  'likeness_not_refunded',
  'likeness_preview',
  'kept_at',
  'face_box',
  'favourite_at',
  'paid_by',
  'team_id',
  'team_member_id',
  'team_chosen_at',
  'generating_at',
  'finishing_at',
  'version',
  'edit_of',
  'root_id',
  'edit',
  'edit_count',
  'created_at',
  'updated_at',
] as const;

const SummaryItem = z.pick(
  TaskItem,
  Object.fromEntries(SUMMARY_ATTRIBUTES.map((a) => [a, true])) as {
    [K in (typeof SUMMARY_ATTRIBUTES)[number]]: true;
  },
);

type SummaryItem = z.infer<typeof SummaryItem>;

// The same rules as SummaryItem, written out for the task list: parsing a page of 200 items with the schema
// allocated about 1.5 MB and took about as long as describing and serialising the whole answer
// (tests/bench/api-ratios.ts measures that page against its own Query, replayed raw, and a no-op request). An item this check does not vouch for
// goes through the schema, which answers for it exactly as before: a malformed task still fails loudly.
// tests/unit/task-items.test.ts holds the two to the same verdicts.
const oneOf = (values: readonly string[]) => {
  const set = new Set(values);
  return (v: unknown): boolean => typeof v === 'string' && set.has(v);
};
const isStatus = oneOf(STATUSES);
const isRenderKind = oneOf(RENDER_KINDS);
const isErrorCode = oneOf(ERROR_CODES);
const isNotRefunded = oneOf(NOT_REFUNDED);
const isPaidBy = oneOf(PAID_BY);
const isBackdrop = oneOf(BACKDROP_IDS);
const isOutfit = oneOf(OUTFIT_IDS);
const isEditKind = oneOf(EDIT_KINDS);
const isAspect = oneOf(EDIT_ASPECTS);
const isLevel = oneOf(RETOUCH_LEVELS);
const isString = (v: unknown): boolean => typeof v === 'string';
const isBoolean = (v: unknown): boolean => typeof v === 'boolean';
/** z.number(): finite numbers only */
const isNumber = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const optional = (v: unknown, check: (v: unknown) => boolean): boolean => v === undefined || check(v);
const nullable = (v: unknown, check: (v: unknown) => boolean): boolean =>
  v === undefined || v === null || check(v);

const isFaceBox = (v: unknown): boolean =>
  isRecord(v) && isNumber(v.x) && isNumber(v.y) && isNumber(v.width) && isNumber(v.height);

const isEdit = (v: unknown): boolean =>
  isRecord(v) &&
  isEditKind(v.kind) &&
  optional(v.backdrop, isBackdrop) &&
  optional(v.colour, isString) &&
  optional(v.outfit, isOutfit) &&
  optional(v.aspect, isAspect) &&
  optional(v.level, isLevel) &&
  optional(v.prompt, isString);

function isSummaryItem(i: unknown): i is SummaryItem {
  return (
    isRecord(i) &&
    isString(i.id) &&
    isString(i.user_id) &&
    isString(i.batch_id) &&
    isStatus(i.status) &&
    isNumber(i.progress) &&
    isNumber(i.token_cost) &&
    isNumber(i.style_id) &&
    isString(i.style_name) &&
    optional(i.backdrop, isBackdrop) &&
    optional(i.outfit, isOutfit) &&
    nullable(i.result_file, isString) &&
    nullable(i.reference_file, isString) &&
    nullable(i.render_kind, isRenderKind) &&
    nullable(i.width, isNumber) &&
    nullable(i.height, isNumber) &&
    nullable(i.error_code, isErrorCode) &&
    optional(i.refunded, isBoolean) &&
    nullable(i.likeness, isNumber) &&
    optional(i.likeness_refunded, isBoolean) &&
    optional(i.likeness_not_refunded, isNotRefunded) &&
    optional(i.likeness_preview, isBoolean) &&
    optional(i.kept_at, isNumber) &&
    optional(i.face_box, isFaceBox) &&
    optional(i.favourite_at, isNumber) &&
    optional(i.paid_by, isPaidBy) &&
    optional(i.team_id, isString) &&
    optional(i.team_member_id, isString) &&
    optional(i.team_chosen_at, isNumber) &&
    optional(i.generating_at, isNumber) &&
    optional(i.finishing_at, isNumber) &&
    optional(i.version, isNumber) &&
    optional(i.edit_of, isString) &&
    optional(i.root_id, isString) &&
    optional(i.edit, isEdit) &&
    optional(i.edit_count, isNumber) &&
    isNumber(i.created_at) &&
    isNumber(i.updated_at)
  );
}

/** What an edit asked, its known fields only (as the schema's output: anything else stored is not read). */
function editSpec(e: NonNullable<SummaryItem['edit']>): EditSpec {
  return {
    kind: e.kind,
    ...(e.backdrop !== undefined ? { backdrop: e.backdrop } : {}),
    ...(e.colour !== undefined ? { colour: e.colour } : {}),
    ...(e.outfit !== undefined ? { outfit: e.outfit } : {}),
    ...(e.aspect !== undefined ? { aspect: e.aspect } : {}),
    ...(e.level !== undefined ? { level: e.level } : {}),
    ...(e.prompt !== undefined ? { prompt: e.prompt } : {}),
  };
}

function summaryOf(i: SummaryItem): TaskSummary {
  return {
    id: i.id,
    userId: i.user_id,
    batchId: i.batch_id,
    status: i.status,
    progress: i.progress,
    tokenCost: i.token_cost,
    styleId: i.style_id,
    styleName: i.style_name,
    choice: { ...(i.backdrop ? { backdrop: i.backdrop } : {}), ...(i.outfit ? { outfit: i.outfit } : {}) },
    resultFile: i.result_file ?? null,
    referenceFile: i.reference_file ?? null,
    renderKind: i.render_kind ?? null,
    width: i.width ?? null,
    height: i.height ?? null,
    errorCode: i.error_code ?? null,
    refunded: i.refunded ?? false,
    likeness:
      i.likeness === undefined
        ? null
        : {
            score: i.likeness,
            refunded: i.likeness_refunded ?? false,
            keptAt: i.kept_at ?? null,
            notRefunded: i.likeness_not_refunded ?? null,
            preview: i.likeness_preview ?? false,
          },
    faceBox: i.face_box
      ? { x: i.face_box.x, y: i.face_box.y, width: i.face_box.width, height: i.face_box.height }
      : null,
    favourite: i.favourite_at !== undefined,
    team:
      i.paid_by === 'team' && i.team_id && i.team_member_id
        ? { teamId: i.team_id, memberId: i.team_member_id }
        : null,
    teamChosen: i.team_chosen_at !== undefined,
    stageTimes: { generatingAt: i.generating_at ?? null, finishingAt: i.finishing_at ?? null },
    version: i.version ?? 1,
    edit:
      i.edit_of && i.root_id && i.edit
        ? { editOf: i.edit_of, rootId: i.root_id, spec: editSpec(i.edit) }
        : null,
    editCount: i.edit_count ?? 0,
    createdAt: i.created_at,
    updatedAt: i.updated_at,
  };
}

export const toSummary = (raw: unknown): TaskSummary =>
  summaryOf(isSummaryItem(raw) ? raw : SummaryItem.parse(raw));

/** A face's landmarks as stored: x and y by turn, rounded (some 0.6 KB of the item; unrounded points, 2 KB). */
export function faceLandmarksItem(points: readonly RelativePoint[]): number[] {
  return points.flatMap((p) => [
    Math.round(p.x * LANDMARK_PRECISION) / LANDMARK_PRECISION,
    Math.round(p.y * LANDMARK_PRECISION) / LANDMARK_PRECISION,
  ]);
}

function faceLandmarksOf(values: readonly number[] | undefined): RelativePoint[] | null {
  if (!values) return null;
  const points: RelativePoint[] = [];
  for (let k = 0; k + 1 < values.length; k += 2)
    points.push({ x: values[k] as number, y: values[k + 1] as number });
  return points;
}

export function toTask(raw: unknown): TaskRecord {
  const i = TaskItem.parse(raw);
  return {
    ...summaryOf(i),
    faceLandmarks: faceLandmarksOf(i.face_landmarks),
    debit: { subscription: i.debit_subscription, ltd: i.debit_ltd },
    attempt: i.attempt,
    leaseUntil: i.lease_until ?? null,
    deadlineAt: i.deadline_at,
    slug: i.slug,
    prompt: i.prompt,
    size: i.size,
    quality: i.quality,
    referenceCount: i.reference_count,
    inputFidelity: i.input_fidelity,
    recipe: i.recipe as TaskRecord['recipe'],
    referenceFiles: i.reference_files ?? [],
  };
}
