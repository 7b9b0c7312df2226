// The single source of the API. API Gateway routes (infra/), the local server
// (infra/local/), the SPA's typed client (web/) and the tests all read this table.
import type * as z from 'zod/mini';
import * as s from './api-schemas.ts';
import { EDIT_BODY_MAX_BYTES } from './edit-rules.ts';
import { assertPathParamsKnown } from './path-params.ts';
import { GOOGLE_CALLBACK_PATH } from './route-paths.ts';
import { TEAM_LIMITS } from './team-rules.ts';

// Path filling and matching live in a zod-free module the SPA imports too.
export { buildPath, matchPath } from './route-paths.ts';

export const LAMBDA_GROUPS = [
  'auth',
  'photos',
  'photo-intake',
  'avatars',
  'billing',
  'admin-styles',
  'stripe-webhook',
  'account',
  'teams',
] as const;
export type LambdaGroup = (typeof LAMBDA_GROUPS)[number];
/**
 * public: anyone; user: a session; admin: an admin's session; user-or-capture: a session, or instead the
 * phone's capture code and device (X-Capture-Code and X-Capture-Device, shared/capture-rules.ts), which add
 * photos to the link's account and reach no other route.
 */
export type Access = 'public' | 'user' | 'admin' | 'user-or-capture';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** API Gateway path syntax: `{name}` is a path parameter. */
  path: string;
  group: LambdaGroup;
  access: Access;
  /** JSON body schema; 'multipart' for form uploads; absent for no body. */
  request?: z.ZodMiniType | 'multipart';
  /**
   * JSON response schema; 'binary' for a file body; 'redirect' for a route a browser navigates to, which
   * answers by sending it on (302 with Location).
   */
  response: z.ZodMiniType | 'binary' | 'redirect';
  /**
   * The caller may also come as `?token=` (the image-URL helper): only GET routes that answer
   * a file have it, and there it is a short-lived download link for one file (createDownloadLink), never the
   * session, which ends up in history, proxies and logs once it is in a URL.
   */
  queryToken?: true;
  /** The JSON body's limit in bytes when it is not the default (functions/platform/http/middleware.ts MAX_JSON_BODY_BYTES). */
  maxBodyBytes?: number;
  /**
   * Public routes only: a session sent along makes its account the caller (its answer then says more about
   * them); none, or one no longer valid, leaves the caller unknown, never a 401.
   */
  optionalSession?: true;
}

const route = <const R extends ApiRoute>(r: R): R => {
  // Each `{name}` has its kind's shape (shared/path-params.ts): a path with a new name says what it takes.
  assertPathParamsKnown(r.path);
  if (r.queryToken && r.method !== 'GET')
    throw new Error(`${r.method} ${r.path}: only GET routes take ?token=`);
  if (r.optionalSession && r.access !== 'public')
    throw new Error(`${r.method} ${r.path}: only public routes take an optional session`);
  return r;
};

export const apiRoutes = {
  // auth
  userInfo: route({
    method: 'GET',
    path: '/user_info',
    group: 'auth',
    access: 'user',
    response: s.UserInfo,
  }),
  signup: route({
    method: 'POST',
    path: '/signup',
    group: 'auth',
    access: 'public',
    request: s.SignupRequest,
    response: s.Message,
  }),
  login: route({
    method: 'POST',
    path: '/login',
    group: 'auth',
    access: 'public',
    request: s.LoginRequest,
    response: s.AccessToken,
  }),
  sendLoginLink: route({
    method: 'POST',
    path: '/send_login_link',
    group: 'auth',
    access: 'public',
    request: s.LoginLinkRequest,
    response: s.LoginLinkSent,
  }),
  /** Called with credentials: a Google sign-in's token works only with the cookie of its browser. */
  loginWithToken: route({
    method: 'GET',
    path: '/login_with_token/{token}',
    group: 'auth',
    access: 'public',
    response: s.LinkLogin,
  }),
  /**
   * Beyond the spec: what the login link's page asks before redeeming a link this browser did not ask for
   * ("Sign in as j•••@example.com?"). Uses nothing; called with credentials (the browser's cookies say
   * whether it asked).
   */
  loginLinkPreview: route({
    method: 'GET',
    path: '/login_link/{token}',
    group: 'auth',
    access: 'public',
    response: s.LoginLinkPreview,
  }),
  changePassword: route({
    method: 'POST',
    path: '/account/password',
    group: 'auth',
    access: 'user',
    request: s.ChangePasswordRequest,
    response: s.ChangePasswordResponse,
  }),
  tokenLedger: route({
    method: 'GET',
    path: '/account/ledger',
    group: 'auth',
    access: 'user',
    response: s.LedgerPage,
  }),
  /** Called by the SPA with credentials: sets the cookie that binds the sign-in to this browser. */
  googleLogin: route({
    method: 'GET',
    path: '/auth/google/login',
    group: 'auth',
    access: 'public',
    response: s.AuthUrl,
  }),
  /** Where the provider sends the browser back; redirects to the web app's /login_with_token or /login. */
  googleCallback: route({
    method: 'GET',
    path: GOOGLE_CALLBACK_PATH,
    group: 'auth',
    access: 'public',
    response: 'redirect',
  }),

  // photos
  listPhotos: route({
    method: 'GET',
    path: '/photos',
    group: 'photos',
    access: 'user',
    response: s.PhotoList,
  }),
  photoData: route({
    method: 'GET',
    path: '/photos/data/{filename}',
    group: 'photos',
    access: 'user',
    response: s.FileData,
    queryToken: true,
  }),
  uploadPhotos: route({
    method: 'POST',
    path: '/photos/upload',
    // Decoded and face-checked: a function of its own, so GET /photos never waits behind it.
    group: 'photo-intake',
    access: 'user',
    request: 'multipart',
    response: s.UploadResult,
  }),
  deletePhoto: route({
    method: 'DELETE',
    path: '/photos/{filename}',
    group: 'photos',
    access: 'user',
    response: s.Success,
  }),
  /** Beyond the spec: presigned POSTs the browser uploads to S3 with, then confirms. */
  photoUploadTargets: route({
    method: 'POST',
    path: '/photos/upload-targets',
    group: 'photos',
    access: 'user-or-capture',
    request: s.UploadTargetsRequest,
    response: s.UploadTargets,
  }),
  confirmPhotoUploads: route({
    method: 'POST',
    path: '/photos/confirm',
    // Decoded and face-checked: a function of its own, so GET /photos never waits behind it.
    group: 'photo-intake',
    access: 'user-or-capture',
    request: s.ConfirmUploadsRequest,
    response: s.UploadResult,
  }),
  /** Records (or, with false, withdraws) the two consents of the Manage Photos screen. */
  photoConsent: route({
    method: 'PUT',
    path: '/photos/consent',
    group: 'photos',
    access: 'user',
    request: s.PhotoConsentRequest,
    response: s.PhotoConsentResult,
  }),
  /** "Delete my photos once my avatars are ready". */
  photoRetention: route({
    method: 'PUT',
    path: '/photos/retention',
    group: 'photos',
    access: 'user',
    request: s.PhotoRetentionRequest,
    response: s.PhotoRetentionResult,
  }),
  /**
   * Beyond the spec: a capture link for taking selfies with the phone (docs/product.md, "Selfies from the
   * phone"); needs both photo consents. Making one ends the account's previous one.
   */
  createCaptureLink: route({
    method: 'POST',
    path: '/photos/capture-links',
    group: 'photos',
    access: 'user',
    request: s.CaptureLinkRequest,
    response: s.CaptureLink,
  }),
  /** The account's latest capture link and how far it went; 404 when it has none. */
  currentCaptureLink: route({
    method: 'GET',
    path: '/photos/capture-links/current',
    group: 'photos',
    access: 'user',
    response: s.CaptureLinkState,
  }),
  /**
   * The phone opens a link with its X-Capture-Code header alone: the first device is bound to it (its secret
   * in the answer); another one gets 403. Rate-limited per source address.
   */
  openCaptureLink: route({
    method: 'POST',
    path: '/photos/capture-links/open',
    group: 'photos',
    access: 'public',
    response: s.CaptureLinkOpened,
  }),
  /** The desktop closes its link (owner only; another account's code is 404). */
  revokeCaptureLink: route({
    method: 'DELETE',
    path: '/photos/capture-links/{code}',
    group: 'photos',
    access: 'user',
    response: s.Success,
  }),

  // avatars
  listStyles: route({
    method: 'GET',
    path: '/aivatar/styles',
    group: 'avatars',
    access: 'user',
    response: s.StylesList,
  }),
  createTasksBatch: route({
    method: 'POST',
    path: '/aivatar/create_tasks_batch',
    group: 'avatars',
    access: 'user',
    request: s.CreateTasksBatch,
    response: s.CreateTasksResult,
  }),
  /**
   * Newest first; `?cursor=` and `?limit=` page through (beyond the spec); `?favourites=true` lists the
   * starred ones only.
   */
  userTasks: route({
    method: 'GET',
    path: '/aivatar/user-tasks',
    group: 'avatars',
    access: 'user',
    response: s.TaskList,
  }),
  /**
   * Beyond the spec: one new task with the same style, choices and photos as a finished (DONE or
   * ERROR) one, charged like a create (atomic debit, Idempotency-Key required, refund on failure).
   */
  tryTaskAgain: route({
    method: 'POST',
    path: '/aivatar/tasks/{taskId}/try-again',
    group: 'avatars',
    access: 'user',
    request: s.TryAgainRequest,
    response: s.CreateTasksResult,
  }),
  /**
   * Beyond the spec: "Keep it anyway" of an avatar the likeness guarantee refunded and withholds. Takes its
   * tokens again, once (a double click or two calls debit once); 404 for another user's or an unknown task,
   * 409 when it is not withheld, 403 with too few tokens.
   */
  keepTask: route({
    method: 'POST',
    path: '/aivatar/tasks/{taskId}/keep',
    group: 'avatars',
    access: 'user',
    response: s.KeepResult,
  }),
  /**
   * Beyond the spec: a new version of a finished avatar with one thing changed (backdrop, outfit, framing,
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
    request: s.EditTaskRequest,
    response: s.EditTaskResult,
    maxBodyBytes: EDIT_BODY_MAX_BYTES,
  }),
  /** `?preset=original|linkedin|profile|id-badge|4k` (beyond the spec; default original). */
  resultData: route({
    method: 'GET',
    path: '/aivatar/user-file/data/results/{filename}',
    group: 'avatars',
    access: 'user',
    response: s.FileData,
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
    request: s.DownloadLinkRequest,
    response: s.DownloadLink,
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
  /** Beyond the spec: stars or unstars one of the caller's finished avatars. */
  setFavourite: route({
    method: 'PUT',
    path: '/aivatar/tasks/{taskId}/favourite',
    group: 'avatars',
    access: 'user',
    request: s.FavouriteRequest,
    response: s.FavouriteResult,
  }),
  /** Beyond the spec: the starred avatars in one ZIP, made and served as "Download all"'s. */
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
    response: s.Diagnostics,
  }),
  /** Beyond the spec: the "your avatars are ready" email, on or off. */
  notificationSettings: route({
    method: 'GET',
    path: '/aivatar/notifications',
    group: 'avatars',
    access: 'user',
    response: s.NotificationSettings,
  }),
  setNotificationSettings: route({
    method: 'PUT',
    path: '/aivatar/notifications',
    group: 'avatars',
    access: 'user',
    request: s.NotificationSettingsRequest,
    response: s.NotificationSettings,
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
    request: s.ChosenRequest,
    response: s.ChosenResult,
  }),

  // billing
  billingDashboard: route({
    method: 'GET',
    path: '/stripe_dashboard',
    group: 'billing',
    access: 'user',
    response: s.DashboardUrl,
  }),
  checkSubscription: route({
    method: 'GET',
    path: '/check_subscription',
    group: 'billing',
    access: 'user',
    response: s.SubscriptionStatus,
  }),
  checkoutOneTime: route({
    method: 'POST',
    path: '/checkout/one-time/{priceId}',
    group: 'billing',
    access: 'user',
    request: s.CheckoutRequest,
    response: s.CheckoutUrl,
  }),
  checkoutSubscription: route({
    method: 'POST',
    path: '/checkout/subscription/{priceId}',
    group: 'billing',
    access: 'user',
    request: s.CheckoutRequest,
    response: s.CheckoutUrl,
  }),
  stripeWebhook: route({
    method: 'POST',
    path: '/stripe/webhook',
    group: 'stripe-webhook',
    access: 'public',
    response: s.WebhookAck,
  }),

  // account: privacy rights (deletion, data export)
  requestAccountDeletionLink: route({
    method: 'POST',
    path: '/account/delete/link',
    group: 'account',
    access: 'user',
    response: s.Message,
  }),
  deleteAccount: route({
    method: 'POST',
    path: '/account/delete',
    group: 'account',
    access: 'user',
    request: s.DeleteAccountRequest,
    response: s.DeletionStarted,
  }),
  /** Public: the account's sessions ended with the request; the unguessable id is the key. */
  accountDeletionStatus: route({
    method: 'GET',
    path: '/account/deletion/{deletionId}',
    group: 'account',
    access: 'public',
    response: s.DeletionStatus,
  }),
  exportAccountData: route({
    method: 'POST',
    path: '/account/export',
    group: 'account',
    access: 'user',
    response: s.ExportStarted,
  }),
  latestAccountExport: route({
    method: 'GET',
    path: '/account/export',
    group: 'account',
    access: 'user',
    response: s.LatestExport,
  }),
  accountExportDownload: route({
    method: 'GET',
    path: '/account/exports/{exportId}',
    group: 'account',
    access: 'user',
    response: s.ExportDownload,
  }),

  // admin-styles
  adminListStyles: route({
    method: 'GET',
    path: '/api/admin/styles',
    group: 'admin-styles',
    access: 'admin',
    response: s.AdminStyleList,
  }),
  adminCreateStyle: route({
    method: 'POST',
    path: '/api/admin/styles',
    group: 'admin-styles',
    access: 'admin',
    request: s.AdminStyleInput,
    response: s.AdminStyle,
  }),
  adminUpdateStyle: route({
    method: 'PUT',
    path: '/api/admin/styles/{id}',
    group: 'admin-styles',
    access: 'admin',
    request: s.AdminStyleInput,
    response: s.AdminStyle,
  }),
  adminDeleteStyle: route({
    method: 'DELETE',
    path: '/api/admin/styles/{id}',
    group: 'admin-styles',
    access: 'admin',
    response: s.Success,
  }),
  adminImportStyles: route({
    method: 'POST',
    path: '/api/admin/styles/import',
    group: 'admin-styles',
    access: 'admin',
    request: 'multipart',
    response: s.ImportResult,
  }),
  adminExportStyles: route({
    method: 'GET',
    path: '/api/admin/styles/export',
    group: 'admin-styles',
    access: 'admin',
    response: 'binary',
  }),
  /** Beyond the spec: who changed which style, newest first (the bottom of the admin screen). */
  adminStyleAudit: route({
    method: 'GET',
    path: '/api/admin/styles/audit',
    group: 'admin-styles',
    access: 'admin',
    response: s.StyleAuditList,
  }),
  /** Beyond the spec: a presigned POST the admin's browser uploads a style picture with, then confirms. */
  adminStyleImageTarget: route({
    method: 'POST',
    path: '/api/admin/styles/images',
    group: 'admin-styles',
    access: 'admin',
    request: s.StyleImageTargetRequest,
    response: s.StyleImageTarget,
  }),
  adminConfirmStyleImage: route({
    method: 'POST',
    path: '/api/admin/styles/images/confirm',
    group: 'admin-styles',
    access: 'admin',
    request: s.StyleImageConfirmRequest,
    response: s.StyleImageConfirmed,
  }),
  /** An uploaded style picture, for every screen that shows styles (public, like the seeded previews). */
  styleImage: route({
    method: 'GET',
    path: '/style-images/{filename}',
    group: 'admin-styles',
    access: 'public',
    response: 'binary',
  }),

  // teams (docs/product.md, "Teams"): every route checks the caller's membership and role on the server; an
  // admin of another team gets 404, a member 403 on admin actions.
  createTeam: route({
    method: 'POST',
    path: '/teams',
    group: 'teams',
    access: 'user',
    request: s.CreateTeamRequest,
    response: s.TeamCreated,
  }),
  /** The caller's team, role, seats and allowance; 404 when they belong to none. */
  myTeam: route({
    method: 'GET',
    path: '/teams/mine',
    group: 'teams',
    access: 'user',
    response: s.MyTeam,
  }),
  /**
   * Owner and admins: a Stripe Checkout for `quantity` seats (invoice created). Served by the billing
   * group, which carries Stripe (the teams function does not); the same membership and role checks.
   */
  teamSeatCheckout: route({
    method: 'POST',
    path: '/teams/{teamId}/checkout/seats',
    group: 'billing',
    access: 'user',
    request: s.SeatCheckoutRequest,
    response: s.SeatCheckout,
  }),
  /**
   * Owner and admins: the team's seat purchases, newest first, with their invoices and any bank debit
   * pending or refused (a team-keyed Query). Served by the billing group, beside the seat checkout.
   */
  teamPurchases: route({
    method: 'GET',
    path: '/teams/{teamId}/purchases',
    group: 'billing',
    access: 'user',
    response: s.SeatPurchases,
  }),
  teamInvites: route({
    method: 'POST',
    path: '/teams/{teamId}/invites',
    group: 'teams',
    access: 'user',
    request: s.InvitesRequest,
    response: s.InvitesResult,
    // 500 addresses of up to 320 characters, quoted and separated: the default 16 KB held about 500 short
    // ones only (docs/product.md, "Teams").
    maxBodyBytes: TEAM_LIMITS.maxInvitesPerRequest * 324 + 64,
  }),
  createInviteLink: route({
    method: 'POST',
    path: '/teams/{teamId}/invite-links',
    group: 'teams',
    access: 'user',
    request: s.InviteLinkRequest,
    response: s.InviteLink,
  }),
  /** Owner and admins: the open links that still let someone join (never their codes). */
  teamInviteLinks: route({
    method: 'GET',
    path: '/teams/{teamId}/invite-links',
    group: 'teams',
    access: 'user',
    response: s.TeamInviteLinks,
  }),
  revokeInviteLink: route({
    method: 'DELETE',
    path: '/teams/{teamId}/invite-links/{linkId}',
    group: 'teams',
    access: 'user',
    response: s.Success,
  }),
  /**
   * Joins with an emailed invitation's or an open link's code: 403 (domain, revoked, expired, email not
   * verified) or 409 (no seat, cap reached, already in a team) with shared/team-rules.ts's words.
   */
  joinTeam: route({
    method: 'POST',
    path: '/teams/join/{code}',
    group: 'teams',
    access: 'user',
    response: s.JoinedTeam,
  }),
  /**
   * Owner and admins take one of the team's seats for their own headshot (409 when none is free or they hold
   * one), and give it back as a member's leaving does.
   */
  takeTeamSeat: route({
    method: 'POST',
    path: '/teams/{teamId}/seat',
    group: 'teams',
    access: 'user',
    response: s.OwnSeatTaken,
  }),
  giveBackTeamSeat: route({
    method: 'DELETE',
    path: '/teams/{teamId}/seat',
    group: 'teams',
    access: 'user',
    response: s.OwnSeatGivenBack,
  }),
  /**
   * What a join code opens, before joining: the join screen and the sign-in pages' note. Public, a session
   * optional (it adds the caller's own refusals); limited per address, as the login link's look is; 404 for
   * a code that is none.
   */
  joinPreview: route({
    method: 'GET',
    path: '/teams/join/{code}',
    group: 'teams',
    access: 'public',
    optionalSession: true,
    response: s.JoinPreview,
  }),
  /** Owner and admins: the language of the team's emails (an invitation carries the other one below). */
  setTeamLanguage: route({
    method: 'PUT',
    path: '/teams/{teamId}/language',
    group: 'teams',
    access: 'user',
    request: s.TeamLanguage,
    response: s.TeamLanguage,
  }),
  /** Owner: the styles and backdrop x outfit combinations members may create. */
  setTeamAllowed: route({
    method: 'PUT',
    path: '/teams/{teamId}/allowed',
    group: 'teams',
    access: 'user',
    request: s.TeamAllowed,
    response: s.TeamAllowedResult,
  }),
  /** Owner and admins: the dashboard's members, `?cursor=` and `?limit=` (a team-keyed Query). */
  teamMembers: route({
    method: 'GET',
    path: '/teams/{teamId}/members',
    group: 'teams',
    access: 'user',
    response: s.TeamMembersPage,
  }),
  /** Owner and admins: one email, at most once a day per member. */
  remindMember: route({
    method: 'POST',
    path: '/teams/{teamId}/members/{memberId}/remind',
    group: 'teams',
    access: 'user',
    response: s.RemindResult,
  }),
  /** Owner and admins: one extra avatar on the member's allowance. */
  grantMemberRetry: route({
    method: 'POST',
    path: '/teams/{teamId}/members/{memberId}/retry',
    group: 'teams',
    access: 'user',
    response: s.RetryGrantResult,
  }),
  /** Owner: makes a member an admin (manager), or back. */
  setMemberRole: route({
    method: 'PUT',
    path: '/teams/{teamId}/members/{memberId}/role',
    group: 'teams',
    access: 'user',
    request: s.MemberRoleRequest,
    response: s.Success,
  }),
  /**
   * Owner and admins remove a member (the seat is freed if they generated nothing); a member removes
   * themself (leaves). Their personal account stays.
   */
  removeMember: route({
    method: 'DELETE',
    path: '/teams/{teamId}/members/{memberId}',
    group: 'teams',
    access: 'user',
    response: s.Success,
  }),
  /** Owner and admins: name, email, status, chosen headshot's file name, likeness, dates; streamed. */
  teamMembersCsv: route({
    method: 'GET',
    path: '/teams/{teamId}/members.csv',
    group: 'teams',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
  /** Owner and admins: one folder per member, the 1080 px face-centred square and the full-size file. */
  teamHeadshotsZip: route({
    method: 'GET',
    path: '/teams/{teamId}/headshots.zip',
    group: 'teams',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
} as const;

export type ApiRoutes = typeof apiRoutes;
export type RouteId = keyof ApiRoutes;

/** `GET /user_info`: the key API Gateway v2 uses for a route. */
export const routeKey = (r: ApiRoute): string => `${r.method} ${r.path}`;

/** The routes of one group (every route without a group named). */
export const groupRoutes = (group?: LambdaGroup): [RouteId, ApiRoute][] =>
  (Object.entries(apiRoutes) as [RouteId, ApiRoute][]).filter(([, r]) => !group || r.group === group);

/** The groups that have routes: each is one Lambda function. */
export const routedGroups = (): LambdaGroup[] => LAMBDA_GROUPS.filter((g) => groupRoutes(g).length > 0);

type Infer<T> = T extends z.ZodMiniType ? z.infer<T> : T extends 'binary' ? Blob : never;
type PathParams<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? { [K in Name | keyof PathParams<Rest>]: string }
  : // biome-ignore lint/complexity/noBannedTypes: the empty object is the type of "no parameters"
    {};
export type ResponseOf<K extends RouteId> = Infer<ApiRoutes[K]['response']>;
export type RequestOf<K extends RouteId> = ApiRoutes[K] extends { request: infer Q }
  ? Q extends 'multipart'
    ? FormData
    : Q extends z.ZodMiniType
      ? z.input<Q>
      : undefined
  : undefined;
export type ParamsOf<K extends RouteId> = PathParams<ApiRoutes[K]['path']>;
