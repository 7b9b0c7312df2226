// Request and response bodies of the API, shared by the functions, the SPA's typed client and the tests.
// zod/mini keeps the SPA bundle small: only the schemas a screen touches are bundled.
import * as z from 'zod/mini';
import {
  isAcceptableImageUrl,
  STYLE_FIELD_LIMITS,
  STYLE_FORMATS,
  STYLE_MESSAGES,
} from './admin-style-rules.ts';
import { CAPTURE_LINK_STATUSES } from './capture-rules.ts';
import { EDIT_ASPECTS, EDIT_KINDS, RETOUCH_LEVELS } from './edit-rules.ts';
import { LANGUAGES, type Language as LanguageCode } from './language.ts';
import {
  PHOTO_LIMITS,
  PHOTO_TYPES,
  QUALITY_HINTS,
  QUALITY_REASONS,
  REJECTION_REASONS,
  SET_QUALITY_REASONS,
} from './photo-rules.ts';
import { BACKDROP_IDS, MAX_AVATARS_PER_BATCH, OUTFIT_IDS } from './style-choices.ts';
import { MEMBER_STATUSES, TEAM_LIMITS, TEAM_ROLES } from './team-rules.ts';

export { LANGUAGES };
/** The zod enum of shared/language.ts's list; the type is that module's. */
export const Language = z.enum(LANGUAGES);
export type Language = LanguageCode;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

const Email = z.string().check(z.maxLength(320));
const Password = z.string().check(z.maxLength(1024));

export const Message = z.object({ msg: z.string() });
/** Which email went out (an account not yet activated gets the activation email), or that one just did. */
export const LoginLinkSent = z.object({
  msg: z.string(),
  kind: z.enum(['login', 'activation']),
  /** false: the mailbox got a link in the last few minutes that still works; no new email was sent */
  sent: z.boolean(),
});
export const Success = z.object({ success: z.boolean() });
export const ErrorBody = z.object({
  msg: z.string(),
  code: z.string(),
  error: z.optional(z.string()),
  correlation_id: z.optional(z.string()),
  /** SUBSCRIPTION_EXISTS: the billing dashboard where the subscription is managed */
  dashboard_url: z.optional(z.string()),
  /** NOT_ENOUGH_TOKENS: what the batch costs and what the account has (monthly + lifetime) */
  needed: z.optional(z.number()),
  available: z.optional(z.number()),
  /** RATE_LIMITED: the Retry-After header's seconds, for a page that cannot read the header cross-origin */
  retry_after: z.optional(z.number()),
  /** NOT_ENOUGH_SEATS_TO_INVITE: how many people the team may still invite now */
  can_invite: z.optional(z.number()),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const AccessToken = z.object({ access_token: z.string() });
/** An emailed link's token exchange: also says when this link activated the account, and its bonus. */
export const LinkLogin = z.object({
  access_token: z.string(),
  activated: z.boolean(),
  /** tokens credited on activation: 2, or 0 when the mailbox already had its bonus */
  signup_bonus: z.optional(z.number()),
});
export type LinkLogin = z.infer<typeof LinkLogin>;
/**
 * What a login link's page shows before anything is redeemed: whom the link signs in (the address masked,
 * j•••@example.com) and whether this browser is the one that asked for it (then it signs in at once).
 */
export const LoginLinkPreview = z.object({ email: z.string(), same_browser: z.boolean() });
export type LoginLinkPreview = z.infer<typeof LoginLinkPreview>;

/**
 * Beyond the spec: where the emailed link's sign-in goes, on whatever device it is opened: the app page
 * (`return_to`) and the plan chosen first (`buy`) this browser kept (shared/sign-in-return.ts). Whatever is
 * not an app page or a plan of the catalogue is dropped by the server, never refused: a value that is not a
 * string is taken as none.
 */
const SignInReturn = z.optional(z.catch(z.string(), ''));
export const SignupRequest = z.strictObject({
  email: Email,
  terms_accepted: z.literal(true, { error: 'You must accept the terms of service.' }),
  lang: z.optional(Language),
  return_to: SignInReturn,
  buy: SignInReturn,
});
export const LoginRequest = z.strictObject({ email: Email, password: Password });
export const LoginLinkRequest = z.strictObject({
  email: Email,
  lang: z.optional(Language),
  return_to: SignInReturn,
  buy: SignInReturn,
});

export const UserInfo = z.object({
  email: z.string(),
  tokens_ltd: z.number(),
  tokens_subscription: z.number(),
  stripe_customer_id: z.nullable(z.string()),
  has_password: z.boolean(),
  /** present when the account signs in with Google: the Google email it was linked with, and when */
  google_sign_in: z.optional(z.object({ email: z.string(), linked_at: z.number() })),
  /** present (true) for an administrator: the account page then links to the styles manager */
  is_admin: z.optional(z.literal(true)),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const ChangePasswordRequest = z.strictObject({
  current_password: z.optional(Password),
  new_password: Password,
});
export const ChangePasswordResponse = z.object({ msg: z.string(), access_token: z.string() });

export const LEDGER_REASONS = [
  'signup_bonus',
  /** the account was activated, but its mailbox (a +tag or Gmail-dots variant) already had the bonus */
  'signup_bonus_already_claimed',
  'purchase',
  'subscription_renewal',
  'subscription_expiry',
  'generation',
  'refund',
  /** a refunded pack whose tokens were partly spent: only what was left is taken back (never below 0) */
  'refund_partly_spent',
  /** an avatar task failed (refusal, errors, timeout): its tokens came back to the pool they left */
  'generation_refund',
  /** the likeness guarantee: a finished avatar that did not look enough like the user (withheld until kept) */
  'likeness_refund',
  /** "Keep it anyway": the tokens of a refunded avatar taken again, once, to unlock it */
  'likeness_keep',
  /** an edit of a finished avatar (a new version), and its refund when it failed */
  'edit',
  'edit_refund',
] as const;
export const LedgerEntry = z.object({
  id: z.string(),
  reason: z.enum(LEDGER_REASONS),
  pool: z.enum(['ltd', 'subscription']),
  amount: z.number(),
  balance_after: z.number(),
  created_at: z.number(),
});
export type LedgerEntry = z.infer<typeof LedgerEntry>;
/**
 * A pack paid by a delayed method (bank debit): pending until the bank confirms it (then its tokens are a
 * `purchase` entry of the ledger), or refused (shown for 30 days). `id` is the checkout session's.
 */
export const DelayedPayment = z.object({
  id: z.string(),
  state: z.enum(['pending', 'failed']),
  plan_id: z.string(),
  tokens: z.number(),
  amount_cents: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
});
export type DelayedPayment = z.infer<typeof DelayedPayment>;
export const LedgerPage = z.object({
  entries: z.array(LedgerEntry),
  delayed_payments: z.array(DelayedPayment),
});
export type LedgerPage = z.infer<typeof LedgerPage>;

// Declared now so the contract is whole; served by later groups.
const StyleId = z.int().check(z.positive());
/** An integer, at least 1, default 1. */
const TokenCost = z.int().check(z.gte(1));
const StyleText = z.object({ name: z.string(), description: z.string() });
export const Style = z.object({
  id: StyleId,
  name: z.string(),
  description: z.string(),
  category: z.string(),
  image_url: z.string(),
  token_cost: TokenCost,
  prompt: z.string(),
  /** Beyond the spec: the name and description in French, for the French screens. */
  translations: z.optional(z.object({ fr: z.optional(StyleText) })),
  /** Beyond the spec: the user may pick backdrops and outfits for this style. */
  accepts_choices: z.optional(z.boolean()),
});
export type Style = z.infer<typeof Style>;
export const AdminStyle = z.object({
  ...Style.shape,
  is_active: z.boolean(),
  format: z.enum(STYLE_FORMATS),
});
export type AdminStyle = z.infer<typeof AdminStyle>;

// The admin form's body. Each rule answers in the form's own French words, so a body the
// form would refuse is refused by the server with the same message; values are trimmed.
const requiredText = (max: number, required: string, tooLong: string) =>
  z.string({ error: required }).check(z.trim(), z.minLength(1, required), z.maxLength(max, tooLong));
const optionalText = (max: number, tooLong: string) =>
  z._default(z.string({ error: STYLE_MESSAGES.textInvalid }).check(z.trim(), z.maxLength(max, tooLong)), '');
const AdminStyleFields = {
  name: requiredText(STYLE_FIELD_LIMITS.name, STYLE_MESSAGES.nameRequired, STYLE_MESSAGES.nameTooLong),
  description: optionalText(STYLE_FIELD_LIMITS.description, STYLE_MESSAGES.descriptionTooLong),
  category: requiredText(
    STYLE_FIELD_LIMITS.category,
    STYLE_MESSAGES.categoryRequired,
    STYLE_MESSAGES.categoryTooLong,
  ),
  image_url: z._default(
    z
      .string({ error: STYLE_MESSAGES.imageUrlInvalid })
      .check(
        z.trim(),
        z.maxLength(STYLE_FIELD_LIMITS.imageUrl, STYLE_MESSAGES.imageUrlInvalid),
        z.refine(isAcceptableImageUrl, STYLE_MESSAGES.imageUrlInvalid),
      ),
    '',
  ),
  token_cost: z._default(
    z
      .number({ error: STYLE_MESSAGES.tokenCostMin })
      .check(
        z.gte(1, STYLE_MESSAGES.tokenCostMin),
        z.refine(Number.isInteger, STYLE_MESSAGES.tokenCostInteger),
        z.lte(STYLE_FIELD_LIMITS.tokenCost, STYLE_MESSAGES.tokenCostMax),
      ),
    1,
  ),
  prompt: requiredText(
    STYLE_FIELD_LIMITS.prompt,
    STYLE_MESSAGES.promptRequired,
    STYLE_MESSAGES.promptTooLong,
  ),
  is_active: z._default(z.boolean({ error: STYLE_MESSAGES.isActiveInvalid }), true),
  format: z._default(z.enum(STYLE_FORMATS, { error: STYLE_MESSAGES.formatInvalid }), 'square'),
  /** Beyond the spec: absent keeps the style's setting (false for a new style). */
  accepts_choices: z.optional(z.boolean({ error: STYLE_MESSAGES.acceptsChoicesInvalid })),
};
export const AdminStyleInput = z.strictObject(AdminStyleFields);
export type AdminStyleInput = z.output<typeof AdminStyleInput>;
/**
 * One entry of an import file, and of an export (the same shape): the form's fields, and
 * beyond the spec what makes an export re-import as the same catalogue (French text, the catalogue key,
 * the generation settings). Other keys (an exported `id`) are ignored.
 */
export const StyleTransferEntry = z.object({
  ...AdminStyleFields,
  translations: z.optional(z.object({ fr: z.optional(StyleText) })),
  key: z.optional(z.nullable(z.string().check(z.maxLength(100)))),
  quality: z.optional(z.enum(['low', 'medium', 'high'])),
  reference_count: z.optional(z.int().check(z.gte(1), z.lte(16))),
  input_fidelity: z.optional(z.enum(['low', 'high'])),
});
export type StyleTransferEntry = z.output<typeof StyleTransferEntry>;
/** Who changed which style, when, and what it was before and after (the bottom of the admin screen). */
export const StyleAuditEntry = z.object({
  id: z.string(),
  at: z.number(),
  action: z.enum(['create', 'update', 'delete', 'import']),
  actor: z.object({ id: z.string(), email: z.string() }),
  style_id: z.nullable(z.number()),
  before: z.nullable(AdminStyle),
  after: z.nullable(AdminStyle),
  /** import only: what was added and skipped */
  added: z.optional(z.number()),
  skipped: z.optional(z.number()),
});
export type StyleAuditEntry = z.infer<typeof StyleAuditEntry>;
export const StyleAuditList = z.object({ entries: z.array(StyleAuditEntry) });
export const StyleImageTargetRequest = z.strictObject({
  type: z.enum(PHOTO_TYPES, { error: "L'image doit être un fichier JPG, PNG ou WEBP." }),
  size: z.int().check(z.positive()),
});
export const StyleImageTarget = z.object({
  id: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
  expires_in: z.number(),
});
export const StyleImageConfirmRequest = z.strictObject({ id: z.string().check(z.maxLength(200)) });
/** `path` is relative to the API's URL (shared/admin-style-rules.ts STYLE_IMAGE_PATH_PREFIX). */
export const StyleImageConfirmed = z.object({ path: z.string(), width: z.number(), height: z.number() });
/** The spec's admin client reads the list as a bare array. */
export const AdminStyleList = z.array(AdminStyle);
export const StylesList = z.object({ success: z.boolean(), styles: z.array(Style) });
export const FileData = z.object({ success: z.boolean(), data: z.string(), content_type: z.string() });

// Reference photos. Beyond the spec's `filename` and `size`, a photo
// carries what the Manage Photos screen shows without moving base64 in its hot path.
const QualityHint = z.enum(QUALITY_HINTS);
export const PhotoConsent = z.object({
  /** consent to processing by the AI provider */
  processing: z.boolean(),
  /** confirmation of the rights to the images and the consent of identifiable people */
  rights: z.boolean(),
  /** the wording version both were given under; null before any */
  version: z.nullable(z.string()),
  /** Unix seconds of the last change; null before any */
  updated_at: z.nullable(z.number()),
});
export type PhotoConsent = z.infer<typeof PhotoConsent>;
/** A face's box in an image, as shares of its width and height (0-1): not biometric, a box. */
const FaceBox = z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() });
/** A photo's quality score, 0-100, and what lowered it, the costliest first (docs/faces.md, "Quality score"). */
export const PhotoQuality = z.object({ score: z.number(), reasons: z.array(z.enum(QUALITY_REASONS)) });
export type PhotoQuality = z.infer<typeof PhotoQuality>;
/** The set's score; its first reason is the one thing that would raise it most. */
export const SetQuality = z.object({ score: z.number(), reasons: z.array(z.enum(SET_QUALITY_REASONS)) });
export type SetQuality = z.infer<typeof SetQuality>;
export const PhotoFile = z.object({
  filename: z.string(),
  size: z.number(),
  /** the name the file had on the user's device */
  original_name: z.string(),
  content_type: z.string(),
  width: z.number(),
  height: z.number(),
  uploaded_at: z.number(),
  /** deleted automatically at this time (Unix seconds) */
  expires_at: z.number(),
  hints: z.array(QualityHint),
  /** short-lived URLs (PHOTO_LIMITS.viewUrlSeconds) */
  thumbnail_url: z.string(),
  url: z.string(),
  /** where the face is, when the upload's face check found it (the gallery's before/after frames it) */
  face_box: z.optional(FaceBox),
  quality: PhotoQuality,
});
export type PhotoFile = z.infer<typeof PhotoFile>;
export const PhotoList = z.object({
  success: z.boolean(),
  /** newest first */
  files: z.array(PhotoFile),
  consent: PhotoConsent,
  delete_after_generation: z.boolean(),
  set_quality: SetQuality,
});
export type PhotoList = z.infer<typeof PhotoList>;

const Rejection = z.object({ name: z.string(), reason: z.enum(REJECTION_REASONS), message: z.string() });
export type Rejection = z.infer<typeof Rejection>;
/** The upload response; `rejections` says why each rejected file was refused. */
export const UploadResult = z.object({
  success: z.boolean(),
  files: z.array(z.string()),
  rejected: z.array(z.string()),
  rejectedCount: z.number(),
  rejections: z.array(Rejection),
  /** the photos kept, with their scores: the phone's capture page cannot list photos */
  photos: z.optional(
    z.array(z.object({ filename: z.string(), quality: PhotoQuality, hints: z.array(QualityHint) })),
  ),
});
export type UploadResult = z.infer<typeof UploadResult>;

const DisplayName = z.string().check(z.minLength(1), z.maxLength(255));
export const UploadTargetsRequest = z.strictObject({
  files: z
    .array(z.strictObject({ name: DisplayName, type: z.string().check(z.maxLength(100)), size: z.int() }))
    .check(z.minLength(1), z.maxLength(PHOTO_LIMITS.maxPhotos)),
});
/** A browser upload straight to S3: POST `fields` and then the file, as multipart/form-data, to `url`. */
export const UploadTarget = z.object({
  /** the file's name on the device, as sent */
  name: z.string(),
  /** the upload to confirm */
  id: z.string(),
  url: z.string(),
  fields: z.record(z.string(), z.string()),
});
export type UploadTarget = z.infer<typeof UploadTarget>;
export const UploadTargets = z.object({
  success: z.boolean(),
  targets: z.array(UploadTarget),
  rejected: z.array(z.string()),
  rejectedCount: z.number(),
  rejections: z.array(Rejection),
  expires_in: z.number(),
});
export type UploadTargets = z.infer<typeof UploadTargets>;
export const ConfirmUploadsRequest = z.strictObject({
  uploads: z
    .array(z.strictObject({ id: z.string().check(z.maxLength(200)), name: z.optional(DisplayName) }))
    .check(z.minLength(1), z.maxLength(PHOTO_LIMITS.maxPerConfirm)),
});
export const PhotoConsentRequest = z.strictObject({ processing: z.boolean(), rights: z.boolean() });
export const PhotoConsentResult = z.object({ success: z.boolean(), consent: PhotoConsent });
export const PhotoRetentionRequest = z.strictObject({ delete_after_generation: z.boolean() });
export const PhotoRetentionResult = z.object({ success: z.boolean(), delete_after_generation: z.boolean() });
/** Capture links (shared/capture-rules.ts): the desktop makes one in the page's language. */
export const CaptureLinkRequest = z.strictObject({ language: Language });
/** `url` opens the phone's capture page (`/capture/<code>`, `/fr/capture/<code>`); `expires_at` ISO 8601. */
export const CaptureLink = z.object({ code: z.string(), url: z.string(), expires_at: z.string() });
export type CaptureLink = z.infer<typeof CaptureLink>;
/** The account's latest link, as the desktop panel polls it. */
export const CaptureLinkState = z.object({
  code: z.string(),
  url: z.string(),
  expires_at: z.string(),
  photos_added: z.number(),
  status: z.enum(CAPTURE_LINK_STATUSES),
});
export type CaptureLinkState = z.infer<typeof CaptureLinkState>;
/** The phone's open: `device` is the secret it sends back as X-Capture-Device from then on. */
export const CaptureLinkOpened = z.object({
  device: z.string(),
  language: Language,
  expires_at: z.string(),
  photos_added: z.number(),
  photos_left: z.number(),
});
export type CaptureLinkOpened = z.infer<typeof CaptureLinkOpened>;
/** At most this many styles, and avatars, per batch (the screen's hint says 10 styles; the server allows 20). */
export const MAX_STYLES_PER_BATCH = MAX_AVATARS_PER_BATCH;
const MAX_STYLE_PROMPT_LENGTH = 4000;
export const CreateTasksBatch = z.strictObject({
  styles: z.array(StyleId).check(z.maxLength(100)),
  /** checked for length only: prompts come from the styles table */
  style_prompts: z.array(z.string().check(z.maxLength(MAX_STYLE_PROMPT_LENGTH))).check(z.maxLength(100)),
  use_reference_elements: z.literal(true),
  /** beyond the spec: the page's language, which names the result files and words `msg` (default: the account's) */
  lang: z.optional(Language),
  /**
   * Beyond the spec: one entry per style, in the same order, for the styles that accept choices
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
/** Spec: `msg` is shown on success; the rest is beyond the spec. */
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
  // Beyond the spec:
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
/** Newest first. `next_cursor` (beyond the spec) fetches the next page with `?cursor=`. */
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
/** `tokens` must match the plan (clients send it); the server charges from shared/catalogue.ts. */
export const CheckoutRequest = z.strictObject({ tokens: z.number(), lang: z.optional(Language) });
export const CheckoutUrl = z.object({ checkout_url: z.string() });
export const DashboardUrl = z.object({ dashboard_url: z.string() });
export const AuthUrl = z.object({ auth_url: z.string() });
export const SubscriptionStatus = z.object({ hasActiveSubscription: z.boolean() });
/** The import's `added, skipped`, and why each skipped entry was skipped. */
export const ImportResult = z.object({
  added: z.number(),
  skipped: z.number(),
  skipped_entries: z.optional(z.array(z.object({ index: z.number(), name: z.string(), reason: z.string() }))),
});
export type ImportResult = z.infer<typeof ImportResult>;
export const WebhookAck = z.object({ received: z.boolean() });

/** POST /account/delete: confirmed by the password, or by the code of the emailed link. */
export const DeleteAccountRequest = z.strictObject({
  password: z.optional(Password),
  code: z.optional(z.string().check(z.minLength(16), z.maxLength(128))),
});
export type DeleteAccountRequest = z.infer<typeof DeleteAccountRequest>;

/** GET /account/exports/{exportId}: a short-lived address of the ZIP. */
export const ExportDownload = z.object({
  url: z.string(),
  size: z.number(),
  created_at: z.number(),
  expires_at: z.number(),
});
export type ExportDownload = z.infer<typeof ExportDownload>;

/** A privacy job's state: queued, running, done, or failed (given up: support finishes it). */
const JobState = z.enum(['queued', 'running', 'done', 'failed']);

/** An account deletion's progress, as the account screen follows it (by the secret `id`). */
export const DeletionStatus = z.object({
  state: JobState,
  /** steps done, of steps_total: the payment provider, files, items elsewhere, items, account, email */
  steps_done: z.number(),
  steps_total: z.number(),
  items_deleted: z.number(),
  files_deleted: z.number(),
  created_at: z.number(),
  finished_at: z.nullable(z.number()),
});
export type DeletionStatus = z.infer<typeof DeletionStatus>;

/** POST /account/delete: the deletion is under way; `deletion.id` follows it (GET /account/deletion/{id}). */
export const DeletionStarted = z.object({
  msg: z.string(),
  deletion: z.object({ id: z.string(), status: DeletionStatus }),
});

/** An export of the account: being prepared, ready to download until expires_at, or failed. */
export const ExportStatus = z.object({
  id: z.string(),
  state: z.enum(['queued', 'running', 'ready', 'failed']),
  created_at: z.number(),
  expires_at: z.number(),
  size: z.nullable(z.number()),
});
export type ExportStatus = z.infer<typeof ExportStatus>;

/** POST /account/export: the export is being prepared (or already was: the same one). */
export const ExportStarted = z.object({ msg: z.string(), export: ExportStatus });
/** GET /account/export: the latest export that has not expired, if any. */
export const LatestExport = z.object({ export: z.nullable(ExportStatus) });

// Teams (docs/product.md, "Teams"; numbers and words in shared/team-rules.ts).
/** A company email domain as typed (`acme.test`); the server keeps its ASCII (punycode) form. */
const TeamDomain = z.string().check(z.trim(), z.minLength(3), z.maxLength(253));
const TeamRole = z.enum(TEAM_ROLES);
const MemberStatus = z.enum(MEMBER_STATUSES);
/** One backdrop with one outfit, for the styles that take choices (shared/style-choices.ts ids). */
export const TeamCombo = z.strictObject({ backdrop: z.enum(BACKDROP_IDS), outfit: z.enum(OUTFIT_IDS) });
export type TeamCombo = z.infer<typeof TeamCombo>;
/**
 * What members may create: `styles` (ids; null: every active style) and, for the styles that take
 * choices, `combos` (null: any backdrop with any outfit). Changing it never touches finished avatars.
 */
export const TeamAllowed = z.object({
  styles: z.nullable(z.array(StyleId).check(z.maxLength(200))),
  combos: z.nullable(z.array(TeamCombo).check(z.maxLength(BACKDROP_IDS.length * OUTFIT_IDS.length))),
});
export type TeamAllowed = z.infer<typeof TeamAllowed>;
export const CreateTeamRequest = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(TEAM_LIMITS.nameMaxLength)),
  domains: z.optional(z.array(TeamDomain).check(z.maxLength(TEAM_LIMITS.maxDomains))),
  /** the language of the team's emails (default: the owner's) */
  lang: z.optional(Language),
});
export const TeamCreated = z.object({ team_id: z.string() });
/** GET /teams/mine: the caller's team as their role sees it. */
export const MyTeam = z.object({
  team_id: z.string(),
  name: z.string(),
  role: TeamRole,
  /** the caller's own member id: a member leaves with DELETE .../members/{memberId} */
  member_id: z.optional(z.string()),
  domains: z.array(z.string()),
  lang: Language,
  seats_total: z.number(),
  seats_used: z.number(),
  /** members with a seat: avatars left to create from the team's allowance (absent without a seat) */
  allowance_left: z.optional(z.number()),
  allowed: TeamAllowed,
  /** the team avatar the caller chose for the team, if any */
  chosen_task_id: z.nullable(z.string()),
});
export type MyTeam = z.infer<typeof MyTeam>;
export const SeatCheckoutRequest = z.strictObject({
  quantity: z.int().check(z.gte(TEAM_LIMITS.minSeatsPerCheckout), z.lte(TEAM_LIMITS.maxSeatsPerCheckout)),
  lang: z.optional(Language),
});
export const SeatCheckout = z.object({ url: z.string() });
/**
 * A team's seat purchase (docs/payments.md, "Team seats"): paid (its seats credited; `invoice_url`, the
 * invoice's page at Stripe, once made), or paid by bank debit and not yet confirmed (`pending`), or refused
 * by the bank (`failed`: no seats, nothing charged). `id` is the checkout session's.
 */
export const SeatPurchase = z.object({
  id: z.string(),
  state: z.enum(['pending', 'failed', 'paid']),
  seats: z.number(),
  amount_cents: z.number(),
  created_at: z.number(),
  updated_at: z.number(),
  invoice_url: z.nullable(z.string()),
  invoice_number: z.nullable(z.string()),
});
export type SeatPurchase = z.infer<typeof SeatPurchase>;
/** Newest first. */
export const SeatPurchases = z.object({ purchases: z.array(SeatPurchase) });
export const InvitesRequest = z.strictObject({
  emails: z
    .array(z.string().check(z.maxLength(320)))
    .check(z.minLength(1), z.maxLength(TEAM_LIMITS.maxInvitesPerRequest)),
});
/** `invited`: the addresses emailed; `skipped`: the others and why (not emailed again). */
export const InvitesResult = z.object({
  invited: z.array(z.string()),
  skipped: z.array(
    z.object({
      email: z.string(),
      /**
       * recently_emailed: the team emailed this address less than a day ago (the invitation not made);
       * no_seat: the team's free seats were taken meanwhile (docs/product.md, "Teams")
       */
      reason: z.enum(['invalid', 'duplicate', 'member', 'already_invited', 'recently_emailed', 'no_seat']),
    }),
  ),
});
export type InvitesResult = z.infer<typeof InvitesResult>;
export const InviteLinkRequest = z.strictObject({
  domains: z.array(TeamDomain).check(z.minLength(1), z.maxLength(TEAM_LIMITS.maxDomains)),
  max_uses: z.int().check(z.gte(1), z.lte(TEAM_LIMITS.maxLinkUses)),
  expires_in_days: z.int().check(z.gte(TEAM_LIMITS.minLinkDays), z.lte(TEAM_LIMITS.maxLinkDays)),
});
/** The code is shown once (only its SHA-256 is stored); `url` is the web app's join page with it. */
export const InviteLink = z.object({
  link_id: z.string(),
  url: z.string(),
  code: z.string(),
  expires_at: z.number(),
  max_uses: z.number(),
});
export type InviteLink = z.infer<typeof InviteLink>;
/** A link that still opens the team, as the owner and admins list it: never its code (only a hash is kept). */
export const TeamInviteLinkItem = z.object({
  link_id: z.string(),
  domains: z.array(z.string()),
  uses: z.number(),
  max_uses: z.number(),
  expires_at: z.number(),
  created_at: z.number(),
  /** the address of the owner or admin who made it (null: not known) */
  created_by: z.nullable(z.string()),
});
export type TeamInviteLinkItem = z.infer<typeof TeamInviteLinkItem>;
export const TeamInviteLinks = z.object({ links: z.array(TeamInviteLinkItem) });
/** An owner or admin took a seat: what their allowance is. */
export const OwnSeatTaken = z.object({ success: z.boolean(), allowance_left: z.number() });
/** The seat given back: `seat_freed` false when avatars were made from it (it was used). */
export const OwnSeatGivenBack = z.object({ success: z.boolean(), seat_freed: z.boolean() });
export const JoinedTeam = z.object({ team_id: z.string() });
/**
 * What a join code would do, seen before joining (docs/product.md, "Teams"): the team's name and language,
 * an open link's domains, an emailed invitation's address (while it can still be used), and what a join
 * would answer now. Without a session only the code's own state (`valid`, `revoked`, `used`, `expired`);
 * with one, the caller's too: `for_another` (an invitation of another address), `domain_refused` (an open
 * link not for their address), `in_other_team`, `member` (already in this team: `team_id` then says which).
 * Nothing else of the team.
 */
export const JoinPreview = z.object({
  team_name: z.string(),
  lang: Language,
  kind: z.enum(['invite', 'link']),
  /** an open link's domains ([] for an invitation) */
  domains: z.array(z.string()),
  /** an invitation's address, while it stands; null otherwise */
  email: z.nullable(z.string()),
  status: z.enum([
    'valid',
    'revoked',
    'used',
    'expired',
    'for_another',
    'domain_refused',
    'in_other_team',
    'member',
  ]),
  /** the caller's own team, when `member` */
  team_id: z.optional(z.string()),
});
export type JoinPreview = z.infer<typeof JoinPreview>;
/** The language a team's emails are written in (its invitations then carry the other one below). */
export const TeamLanguage = z.strictObject({ lang: Language });
export const TeamAllowedResult = z.object({ success: z.boolean(), allowed: TeamAllowed });
/**
 * A member on the dashboard. Never their photos or personal avatars; `chosen` only once they chose a team
 * avatar (docs/faces.md, "Teams").
 */
export const TeamMember = z.object({
  member_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: TeamRole,
  status: MemberStatus,
  has_seat: z.boolean(),
  allowance_left: z.number(),
  allowance_total: z.number(),
  invited_at: z.nullable(z.number()),
  joined_at: z.nullable(z.number()),
  left_at: z.nullable(z.number()),
  reminded_at: z.nullable(z.number()),
  chosen: z.nullable(
    z.object({
      task_id: z.string(),
      file_name: z.string(),
      likeness: z.nullable(z.number()),
      chosen_at: z.number(),
      /** the chosen headshot's thumbnail, a short-lived URL signed as the gallery's are */
      thumbnail_url: z.optional(z.string()),
    }),
  ),
});
export type TeamMember = z.infer<typeof TeamMember>;
/** `?cursor=` and `?limit=` page through (a team-keyed Query, never a scan). */
export const TeamMembersPage = z.object({
  members: z.array(TeamMember),
  seats_total: z.number(),
  seats_used: z.number(),
  next_cursor: z.nullable(z.string()),
});
export type TeamMembersPage = z.infer<typeof TeamMembersPage>;
export const RemindResult = z.object({ success: z.boolean(), reminded_at: z.number() });
export const RetryGrantResult = z.object({ success: z.boolean(), allowance_left: z.number() });
/** The owner makes a member an admin, or back. */
export const MemberRoleRequest = z.strictObject({ role: z.enum(['admin', 'member']) });
export const ChosenRequest = z.strictObject({ chosen: z.boolean() });
export const ChosenResult = z.object({ success: z.boolean(), task_id: z.string(), chosen: z.boolean() });
