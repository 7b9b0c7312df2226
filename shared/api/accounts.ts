// Accounts: sign-up, sign-in (password, emailed link, Google), the session, the account page and its privacy rights.
// Its routes and their bodies; shared/api-routes.ts merges every area's routes into the one apiRoutes table.
import * as z from 'zod/mini';
import { GOOGLE_CALLBACK_PATH } from '../route-paths.ts';
import { Language } from './common.ts';
import { route } from './route.ts';

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
 * Beyond the original API: where the emailed link's sign-in goes, on whatever device it is opened: the app page
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

export const AuthUrl = z.object({ auth_url: z.string() });

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

export const accountsRoutes = {
  userInfo: route({
    method: 'GET',
    path: '/user_info',
    group: 'auth',
    access: 'user',
    response: UserInfo,
  }),
  signup: route({
    method: 'POST',
    path: '/signup',
    group: 'auth',
    access: 'public',
    request: SignupRequest,
    response: Message,
  }),
  login: route({
    method: 'POST',
    path: '/login',
    group: 'auth',
    access: 'public',
    request: LoginRequest,
    response: AccessToken,
  }),
  sendLoginLink: route({
    method: 'POST',
    path: '/send_login_link',
    group: 'auth',
    access: 'public',
    request: LoginLinkRequest,
    response: LoginLinkSent,
  }),
  /** Called with credentials: a Google sign-in's token works only with the cookie of its browser. */
  loginWithToken: route({
    method: 'GET',
    path: '/login_with_token/{token}',
    group: 'auth',
    access: 'public',
    response: LinkLogin,
  }),
  /**
   * Beyond the original API: what the login link's page asks before redeeming a link this browser did not ask for
   * ("Sign in as j•••@example.com?"). Uses nothing; called with credentials (the browser's cookies say
   * whether it asked).
   */
  loginLinkPreview: route({
    method: 'GET',
    path: '/login_link/{token}',
    group: 'auth',
    access: 'public',
    response: LoginLinkPreview,
  }),
  changePassword: route({
    method: 'POST',
    path: '/account/password',
    group: 'auth',
    access: 'user',
    request: ChangePasswordRequest,
    response: ChangePasswordResponse,
  }),
  tokenLedger: route({
    method: 'GET',
    path: '/account/ledger',
    group: 'auth',
    access: 'user',
    response: LedgerPage,
  }),
  /** Called by the SPA with credentials: sets the cookie that binds the sign-in to this browser. */
  googleLogin: route({
    method: 'GET',
    path: '/auth/google/login',
    group: 'auth',
    access: 'public',
    response: AuthUrl,
  }),
  /** Where the provider sends the browser back; redirects to the web app's /login_with_token or /login. */
  googleCallback: route({
    method: 'GET',
    path: GOOGLE_CALLBACK_PATH,
    group: 'auth',
    access: 'public',
    response: 'redirect',
  }),
  requestAccountDeletionLink: route({
    method: 'POST',
    path: '/account/delete/link',
    group: 'account',
    access: 'user',
    response: Message,
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/account/delete',
    group: 'account',
    access: 'user',
    request: DeleteAccountRequest,
    response: DeletionStarted,
  }),
  /** Public: the account's sessions ended with the request; the unguessable id is the key. */
  accountDeletionStatus: route({
    method: 'GET',
    path: '/account/deletion/{deletionId}',
    group: 'account',
    access: 'public',
    response: DeletionStatus,
  }),
  exportAccountData: route({
    method: 'POST',
    path: '/account/export',
    group: 'account',
    access: 'user',
    response: ExportStarted,
  }),
  latestAccountExport: route({
    method: 'GET',
    path: '/account/export',
    group: 'account',
    access: 'user',
    response: LatestExport,
  }),
  accountExportDownload: route({
    method: 'GET',
    path: '/account/exports/{exportId}',
    group: 'account',
    access: 'user',
    response: ExportDownload,
  }),
} as const;
