// Generation: styles to pick, creating avatars, the gallery, downloads, edits and the likeness guarantee.
// Its routes and their bodies; shared/api-routes.ts merges every area's routes into the one apiRoutes table.
import * as z from 'zod/mini';
import { EDIT_ASPECTS, EDIT_BODY_MAX_BYTES, EDIT_KINDS, RETOUCH_LEVELS } from '../edit-rules.ts';
import { BACKDROP_IDS, OUTFIT_IDS } from '../style-choices.ts';
import { FaceBox, FileData, Language, Style, StyleId } from './common.ts';
import { route } from './route.ts';

export const StylesList = z.object({ success: z.boolean(), styles: z.array(Style) });

const MAX_STYLE_PROMPT_LENGTH = 4000;

export const CreateTasksBatch = z.strictObject({
  styles: z.array(StyleId).check(z.maxLength(100)),
  /** checked for length only: prompts come from the styles table */
  style_prompts: z.array(z.string().check(z.maxLength(MAX_STYLE_PROMPT_LENGTH))).check(z.maxLength(100)),
  use_reference_elements: z.literal(true),
  /** beyond the original API: the page's language, which names the result files and words `msg` (default: the account's) */
  lang: z.optional(Language),
  /**
   * Beyond the original API: one entry per style, in the same order, for the styles that accept choices
   * (an empty entry for the others). Every backdrop with every outfit is one task at the style's cost.
   */
  style_choices: z.optional(
    z
      .array(
        z.strictObject({
          backdrops: z
            .array(z.enum(BACKDROP_IDS, { error: `Unknown backdrop: use ${BACKDROP_IDS.join(', ')}.` }))
            .check(z.maxLength(BACKDROP_IDS.length)),
          outfits: z
            .array(z.enum(OUTFIT_IDS, { error: `Unknown outfit: use ${OUTFIT_IDS.join(', ')}.` }))
            .check(z.maxLength(OUTFIT_IDS.length)),
        }),
      )
      .check(z.maxLength(100)),
  ),
});

/**
 * Try again: one new task with the style, choices and photos of a finished one. `expected_cost`
 * is what the confirmation showed: when the style's price is no longer that, nothing is charged (409).
 */
export const TryAgainRequest = z.strictObject({ expected_cost: z.optional(z.int().check(z.gte(1))) });

/** Spec: `msg` is shown on success; the rest is beyond the original API. */
export const CreateTasksResult = z.object({
  msg: z.string(),
  batch_id: z.string(),
  task_ids: z.array(z.string()),
  tokens_spent: z.number(),
  tokens_left: z.number(),
  /** Teams: 'team' when the member's team allowance paid (no tokens spent), and what it has left */
  paid_by: z.optional(z.literal('team')),
  allowance_left: z.optional(z.number()),
});

/**
 * An edit of a finished avatar (POST /aivatar/tasks/{taskId}/edits). The shape only: which fields a kind
 * needs, the ids, the colour, the prompt's length and the mask (a PNG data URL of the avatar's size) are
 * checked by functions/generation/domain/edits.ts, in the account's language (shared/edit-rules.ts).
 */
export const EditTaskRequest = z.strictObject({
  kind: z.string().check(z.maxLength(40)),
  /** a backdrop id of shared/style-choices.ts */
  backdrop: z.optional(z.string().check(z.maxLength(40))),
  /** '#rrggbb': a plain backdrop of that colour */
  colour: z.optional(z.string().check(z.maxLength(40))),
  /** an outfit id of shared/style-choices.ts */
  outfit: z.optional(z.string().check(z.maxLength(40))),
  aspect: z.optional(z.string().check(z.maxLength(40))),
  level: z.optional(z.string().check(z.maxLength(40))),
  /** region: what to change there, at most EDIT_PROMPT_MAX_LENGTH characters */
  prompt: z.optional(z.string().check(z.maxLength(4000))),
  /** region: the user's brush, `data:image/png;base64,...`, the avatar's size, white where to change */
  mask: z.optional(z.string()),
});

export type EditTaskRequest = z.infer<typeof EditTaskRequest>;

/** The new version: a task like any other, queued; its tokens are taken (EDIT_TOKEN_COST). */
export const EditTaskResult = z.object({
  task_id: z.string(),
  /** 2 for the first edit of an avatar, 3 for the next... (the original is version 1) */
  version: z.int().check(z.gte(2)),
  tokens_left: z.number(),
});

export type EditTaskResult = z.infer<typeof EditTaskResult>;

/** What an edit asked for, as a version of the list carries it. */
export const EditSpec = z.object({
  kind: z.enum(EDIT_KINDS),
  backdrop: z.optional(z.enum(BACKDROP_IDS)),
  colour: z.optional(z.string()),
  outfit: z.optional(z.enum(OUTFIT_IDS)),
  aspect: z.optional(z.enum(EDIT_ASPECTS)),
  level: z.optional(z.enum(RETOUCH_LEVELS)),
  prompt: z.optional(z.string()),
});

export type EditSpec = z.infer<typeof EditSpec>;

const TASK_STATUSES = ['TODO', 'IN_PROGRESS', 'DONE', 'ERROR'] as const;

export const AvatarTask = z.object({
  id: z.string(),
  status: z.enum(TASK_STATUSES),
  /** percent; may be missing (the screen then shows 0) */
  progress: z.optional(z.number()),
  /** `results/<filename>`: the result routes take the part after `results/` */
  result_path: z.nullable(z.string()),
  reference_path: z.nullable(z.string()),
  style_id: StyleId,
  style_name: z.optional(z.string()),
  created_at: z.number(),
  updated_at: z.number(),
  // Beyond the original API:
  batch_id: z.optional(z.string()),
  /** the name a download gets: the stored name before its first underscore, plus the extension */
  download_name: z.optional(z.string()),
  /** 'preview-render' when the local renderer made it (no provider key): label it as a preview */
  render_kind: z.optional(z.enum(['ai', 'preview-render'])),
  /** short-lived URLs (TASK_LIMITS.viewUrlSeconds), DONE tasks only */
  thumbnail_url: z.optional(z.string()),
  image_url: z.optional(z.string()),
  width: z.optional(z.number()),
  height: z.optional(z.number()),
  token_cost: z.optional(z.number()),
  /** ERROR tasks: why, in the user's terms, and whether the tokens came back */
  error: z.optional(z.string()),
  refunded: z.optional(z.boolean()),
  /**
   * DONE tasks whose avatar was measured against the reference photos' faces: 0-100
   * (shared/face-rules.ts), or null when the avatar shows no face. Absent when not measured.
   */
  likeness: z.optional(z.nullable(z.int().check(z.gte(0), z.lte(100)))),
  /** with `likeness`: the likeness guarantee gave the tokens back */
  likeness_refunded: z.optional(z.boolean()),
  /**
   * a refunded avatar not kept: withheld (docs/faces.md, "The guarantee"). No image, thumbnail or download:
   * only `preview_url`, a blurred copy made by the server, until "Keep it anyway" (POST .../keep) takes the
   * tokens again.
   */
  withheld: z.optional(z.boolean()),
  preview_url: z.optional(z.string()),
  /**
   * under the guarantee's threshold but charged, and why: the photos used may show someone else, or the
   * account had its refunds of the day (LIKENESS_REFUNDS_PER_DAY)
   */
  likeness_not_refunded: z.optional(z.enum(['someone-else', 'daily-limit'])),
  /** DONE tasks the user starred */
  favourite: z.optional(z.boolean()),
  /** DONE tasks: where the avatar's face is, when the face model found one (the profile crops centre it) */
  face_box: z.optional(FaceBox),
  /**
   * TODO and IN_PROGRESS tasks: the stage reached, which never goes back (a retry stays
   * `generating`), and an estimate made when the list was read, from recent tasks' durations: the seconds
   * left, the stage's typical seconds and the seconds the task has spent at it, and whether that is well
   * past the usual time.
   */
  stage: z.optional(z.enum(['queued', 'generating', 'finishing'])),
  seconds_left: z.optional(z.number()),
  stage_seconds: z.optional(z.number()),
  stage_elapsed: z.optional(z.number()),
  running_late: z.optional(z.boolean()),
  /** the backdrop and outfit the user chose (shared/style-choices.ts ids) */
  backdrop: z.optional(z.string()),
  outfit: z.optional(z.string()),
  /**
   * Teams (docs/product.md, "Teams"): the team whose allowance paid for it (absent: a personal avatar, paid
   * in tokens), and whether it is the one its member chose for that team (PUT .../chosen)
   */
  team_id: z.optional(z.string()),
  team_chosen: z.optional(z.boolean()),
  /**
   * Edits (docs/product.md, "Editing a finished avatar"): every task is a version of an avatar, 1 for the
   * original. A version made by an edit also carries the task it was made from (`edit_of`), what was asked
   * (`edit`) and its avatar's original task (`root_id`: the versions of one avatar share it). An original
   * carries `edit_count`, the edits made of it and its versions so far (at most MAX_EDITS_PER_AVATAR).
   */
  version: z.optional(z.int().check(z.gte(1))),
  edit_of: z.optional(z.string()),
  edit: z.optional(EditSpec),
  root_id: z.optional(z.string()),
  edit_count: z.optional(z.int().check(z.gte(0))),
});

export type AvatarTask = z.infer<typeof AvatarTask>;

/** Newest first. `next_cursor` (beyond the original API) fetches the next page with `?cursor=`. */
export const TaskList = z.object({
  tasks: z.array(AvatarTask),
  next_cursor: z.optional(z.nullable(z.string())),
});

/**
 * A download link: a short-lived token for one route and one file (`filename`), or for the ZIP of
 * every finished avatar; the route takes it as `?token=` and no session is ever put in a URL.
 */
export const DownloadLinkRequest = z.object({
  route: z.enum([
    'resultData',
    'resultFile',
    'resultsZip',
    'favouritesZip',
    'photoData',
    'teamMembersCsv',
    'teamHeadshotsZip',
  ]),
  filename: z.optional(z.string().check(z.minLength(1), z.maxLength(200))),
  /** the team routes (CSV, ZIP): the team the link opens; its route checks the caller's role there */
  team_id: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
});

export const DownloadLink = z.object({ token: z.string(), expires_at: z.number() });

export type DownloadLink = z.infer<typeof DownloadLink>;

/** Stars (true) or unstars (false) a finished avatar. */
export const FavouriteRequest = z.strictObject({ favourite: z.boolean() });

export const FavouriteResult = z.object({
  success: z.boolean(),
  task_id: z.string(),
  favourite: z.boolean(),
});

/** "Keep it anyway": a withheld avatar unlocked, its tokens taken again. */
export const KeepResult = z.object({
  success: z.boolean(),
  task_id: z.string(),
  tokens_spent: z.number(),
  tokens_left: z.number(),
});

/** What support needs about this user's avatars, and nothing about anyone else. */
export const Diagnostics = z.object({
  success: z.boolean(),
  tasks: z.optional(
    z.object({ TODO: z.number(), IN_PROGRESS: z.number(), DONE: z.number(), ERROR: z.number() }),
  ),
  last_error: z.optional(z.nullable(z.object({ task_id: z.string(), error: z.string(), at: z.number() }))),
  storage_reachable: z.optional(z.boolean()),
  reference_photos: z.optional(z.number()),
  /** with `?task_id=`: that task of this user, as support needs it */
  task: z.optional(
    z.object({
      id: z.string(),
      status: z.enum(TASK_STATUSES),
      progress: z.number(),
      attempts: z.number(),
      error: z.nullable(z.string()),
      refunded: z.boolean(),
      created_at: z.number(),
      updated_at: z.number(),
    }),
  ),
});

/** The "your avatars are ready" email (on by default). */
export const NotificationSettings = z.object({ success: z.boolean(), batch_finished_email: z.boolean() });

export const NotificationSettingsRequest = z.strictObject({ batch_finished_email: z.boolean() });

export const ChosenRequest = z.strictObject({ chosen: z.boolean() });

export const ChosenResult = z.object({ success: z.boolean(), task_id: z.string(), chosen: z.boolean() });

export const generationRoutes = {
  listStyles: route({
    method: 'GET',
    path: '/aivatar/styles',
    group: 'avatars',
    access: 'user',
    response: StylesList,
  }),
  createTasksBatch: route({
    method: 'POST',
    path: '/aivatar/create_tasks_batch',
    group: 'avatars',
    access: 'user',
    request: CreateTasksBatch,
    response: CreateTasksResult,
  }),
  /**
   * Newest first; `?cursor=` and `?limit=` page through (beyond the original API); `?favourites=true` lists the
   * starred ones only.
   */
  userTasks: route({
    method: 'GET',
    path: '/aivatar/user-tasks',
    group: 'avatars',
    access: 'user',
    response: TaskList,
  }),
  /**
   * Beyond the original API: one new task with the same style, choices and photos as a finished (DONE or
   * ERROR) one, charged like a create (atomic debit, Idempotency-Key required, refund on failure).
   */
  tryTaskAgain: route({
    method: 'POST',
    path: '/aivatar/tasks/{taskId}/try-again',
    group: 'avatars',
    access: 'user',
    request: TryAgainRequest,
    response: CreateTasksResult,
  }),
  /**
   * Beyond the original API: "Keep it anyway" of an avatar the likeness guarantee refunded and withholds. Takes its
   * tokens again, once (a double click or two calls debit once); 404 for another user's or an unknown task,
   * 409 when it is not withheld, 403 with too few tokens.
   */
  keepTask: route({
    method: 'POST',
    path: '/aivatar/tasks/{taskId}/keep',
    group: 'avatars',
    access: 'user',
    response: KeepResult,
  }),
  /**
   * Beyond the original API: a new version of a finished avatar with one thing changed (backdrop, outfit, framing,
   * retouch, one brushed region; docs/product.md, "Editing a finished avatar"). 202 with the new task, queued
   * like a first render and charged EDIT_TOKEN_COST in one transaction (an Idempotency-Key header makes a
   * repeat answer the same version); 404 for another user's or an unknown task, 403 for a withheld avatar or a
   * short balance, 409 past MAX_EDITS_PER_AVATAR, 400 for a bad body (shared/edit-rules.ts).
   */
  editTask: route({
    method: 'POST',
    path: '/aivatar/tasks/{taskId}/edits',
    group: 'avatars',
    access: 'user',
    request: EditTaskRequest,
    response: EditTaskResult,
    maxBodyBytes: EDIT_BODY_MAX_BYTES,
  }),
  /** `?preset=original|linkedin|profile|id-badge|4k` (beyond the original API; default original). */
  resultData: route({
    method: 'GET',
    path: '/aivatar/user-file/data/results/{filename}',
    group: 'avatars',
    access: 'user',
    response: FileData,
    queryToken: true,
  }),
  /** `?preset=` as above; answered as an attachment named after the style (and the preset). */
  resultFile: route({
    method: 'GET',
    path: '/aivatar/user-file/results/{filename}',
    group: 'avatars',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
  /**
   * A short-lived token that opens one file (or the ZIP) when passed as `?token=` to its route: what a
   * browser opens by URL ("Download all") carries it instead of the session.
   */
  createDownloadLink: route({
    method: 'POST',
    path: '/aivatar/download-links',
    group: 'avatars',
    access: 'user',
    request: DownloadLinkRequest,
    response: DownloadLink,
  }),
  /**
   * Every finished avatar in one ZIP: a redirect (302) to the archive in storage, for five minutes. The
   * archive is built once per set of results and reused until the set changes.
   */
  resultsZip: route({
    method: 'GET',
    path: '/aivatar/user-file/results.zip',
    group: 'avatars',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
  /** Beyond the original API: stars or unstars one of the caller's finished avatars. */
  setFavourite: route({
    method: 'PUT',
    path: '/aivatar/tasks/{taskId}/favourite',
    group: 'avatars',
    access: 'user',
    request: FavouriteRequest,
    response: FavouriteResult,
  }),
  /** Beyond the original API: the starred avatars in one ZIP, made and served as "Download all"'s. */
  favouritesZip: route({
    method: 'GET',
    path: '/aivatar/user-file/favourites.zip',
    group: 'avatars',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
  diagnoseDirectories: route({
    method: 'GET',
    path: '/aivatar/diagnose/directories',
    group: 'avatars',
    access: 'user',
    response: Diagnostics,
  }),
  /** Beyond the original API: the "your avatars are ready" email, on or off. */
  notificationSettings: route({
    method: 'GET',
    path: '/aivatar/notifications',
    group: 'avatars',
    access: 'user',
    response: NotificationSettings,
  }),
  setNotificationSettings: route({
    method: 'PUT',
    path: '/aivatar/notifications',
    group: 'avatars',
    access: 'user',
    request: NotificationSettingsRequest,
    response: NotificationSettings,
  }),
  /**
   * Teams (docs/product.md, "Teams"): a member marks one of their finished team avatars "Chosen for my
   * team" (true), or takes it back (false). The only avatar their team's owner and admins ever see.
   */
  setChosen: route({
    method: 'PUT',
    path: '/aivatar/tasks/{taskId}/chosen',
    group: 'avatars',
    access: 'user',
    request: ChosenRequest,
    response: ChosenResult,
  }),
} as const;
