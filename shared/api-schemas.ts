// Request and response bodies of the API, shared by the functions, the SPA's typed client and the tests.
// zod/mini keeps the SPA bundle small: only the schemas a screen touches are bundled.
import * as z from 'zod/mini';
import { LANGUAGES, type Language as LanguageCode } from './language.ts';
import { PHOTO_LIMITS, QUALITY_HINTS, REJECTION_REASONS } from './photo-rules.ts';

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

export const SignupRequest = z.strictObject({
  email: Email,
  terms_accepted: z.literal(true, { error: 'You must accept the terms of service.' }),
  lang: z.optional(Language),
});
export const LoginRequest = z.strictObject({ email: Email, password: Password });
export const LoginLinkRequest = z.strictObject({ email: Email, lang: z.optional(Language) });

export const UserInfo = z.object({
  email: z.string(),
  tokens_ltd: z.number(),
  tokens_subscription: z.number(),
  stripe_customer_id: z.nullable(z.string()),
  has_password: z.boolean(),
  /** present when the account signs in with Google: the Google email it was linked with, and when */
  google_sign_in: z.optional(z.object({ email: z.string(), linked_at: z.number() })),
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
export const LedgerPage = z.object({ entries: z.array(LedgerEntry) });

// Declared now so the contract is whole; served by later groups.
const StyleId = z.int().check(z.positive());
/** Spec section 3: an integer, at least 1, default 1. */
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
});
export type Style = z.infer<typeof Style>;
export const AdminStyle = z.object({
  ...Style.shape,
  is_active: z.boolean(),
  format: z.enum(['square', 'portrait']),
});
export const AdminStyleInput = z.strictObject({
  name: z.string(),
  description: z.optional(z.string()),
  category: z.string(),
  image_url: z.optional(z.string()),
  token_cost: z._default(TokenCost, 1),
  prompt: z.string(),
  is_active: z.optional(z.boolean()),
  format: z.optional(z.enum(['square', 'portrait'])),
});
/** The spec's admin client reads the list as a bare array. */
export const AdminStyleList = z.array(AdminStyle);
export const StylesList = z.object({ success: z.boolean(), styles: z.array(Style) });
export const FileData = z.object({ success: z.boolean(), data: z.string(), content_type: z.string() });

// Reference photos (spec sections 3 and 7, and issue 8). Beyond the spec's `filename` and `size`, a photo
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
});
export type PhotoFile = z.infer<typeof PhotoFile>;
export const PhotoList = z.object({
  success: z.boolean(),
  /** newest first */
  files: z.array(PhotoFile),
  consent: PhotoConsent,
  delete_after_generation: z.boolean(),
});
export type PhotoList = z.infer<typeof PhotoList>;

const Rejection = z.object({ name: z.string(), reason: z.enum(REJECTION_REASONS), message: z.string() });
export type Rejection = z.infer<typeof Rejection>;
/** Spec section 3's upload response; `rejections` says why each rejected file was refused. */
export const UploadResult = z.object({
  success: z.boolean(),
  files: z.array(z.string()),
  rejected: z.array(z.string()),
  rejectedCount: z.number(),
  rejections: z.array(Rejection),
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
export const CreateTasksBatch = z.strictObject({
  styles: z.array(StyleId),
  style_prompts: z.array(z.string()),
  use_reference_elements: z.literal(true),
});
export const AvatarTask = z.object({
  id: z.string(),
  status: z.enum(['TODO', 'IN_PROGRESS', 'DONE', 'ERROR']),
  /** percent; may be missing (the screen then shows 0) */
  progress: z.optional(z.number()),
  result_path: z.nullable(z.string()),
  reference_path: z.nullable(z.string()),
  style_id: StyleId,
  style_name: z.optional(z.string()),
  created_at: z.number(),
  updated_at: z.number(),
});
export const TaskList = z.object({ tasks: z.array(AvatarTask) });
export const Diagnostics = z.object({ success: z.boolean() });
/** `tokens` must match the plan (spec section 7 sends it); the server charges from shared/catalogue.ts. */
export const CheckoutRequest = z.strictObject({ tokens: z.number(), lang: z.optional(Language) });
export const CheckoutUrl = z.object({ checkout_url: z.string() });
export const DashboardUrl = z.object({ dashboard_url: z.string() });
export const AuthUrl = z.object({ auth_url: z.string() });
export const SubscriptionStatus = z.object({ hasActiveSubscription: z.boolean() });
export const ImportResult = z.object({ added: z.number(), skipped: z.number() });
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
