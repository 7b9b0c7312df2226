// How much traffic API Gateway lets through before a function runs: the stage's default, stricter limits
// for the routes that hash passwords or send mail, and the concurrency each function may use. These are
// account-wide ceilings (every client together); per-client limits live in the auth rules (rate-limits.ts).
import type { RouteId } from '#shared/api-routes.ts';

export interface Throttle {
  /** Steady requests per second. */
  rateLimit: number;
  /** Requests API Gateway accepts at once above the steady rate. */
  burstLimit: number;
}

/** Every route, unless ROUTE_THROTTLES names it. */
export const STAGE_THROTTLE: Throttle = { rateLimit: 50, burstLimit: 100 };

/**
 * signup and send_login_link each send one email per accepted request, login runs scrypt (128 MiB, about
 * 100 ms of CPU); changing the password and deleting the account run it too, behind a session, and share
 * the auth and account functions' concurrency with sign-in and the account page (their failures are also
 * counted per account: functions/accounts/domain/password-check.ts); confirming uploads and the multipart
 * upload decode and re-encode up to 5 photos each (seconds of CPU). Over these rates API Gateway answers
 * 429 without invoking the function.
 */
export const ROUTE_THROTTLES = {
  signup: { rateLimit: 1, burstLimit: 5 },
  sendLoginLink: { rateLimit: 1, burstLimit: 5 },
  login: { rateLimit: 5, burstLimit: 10 },
  changePassword: { rateLimit: 1, burstLimit: 3 },
  deleteAccount: { rateLimit: 1, burstLimit: 3 },
  confirmPhotoUploads: { rateLimit: 5, burstLimit: 10 },
  uploadPhotos: { rateLimit: 2, burstLimit: 5 },
  // A sized download (400x400, 1080, 600, 4K) resizes once (about 450 ms of CPU for 4K), then reads the stored size; a ZIP
  // lists every task and may build an archive of up to 300 MB; a ZIP's link prepares that archive. Each is
  // also limited per user (GALLERY_LIMITS in functions/generation/domain/gallery.ts).
  resultData: { rateLimit: 20, burstLimit: 40 },
  resultFile: { rateLimit: 20, burstLimit: 40 },
  resultsZip: { rateLimit: 2, burstLimit: 5 },
  favouritesZip: { rateLimit: 2, burstLimit: 5 },
  createDownloadLink: { rateLimit: 10, burstLimit: 20 },
  // An edit decodes the user's brush (a PNG of up to the avatar's size, its header read first) and writes a
  // transaction; also limited per user (EDIT_REQUESTS in functions/generation/domain/edits.ts).
  editTask: { rateLimit: 5, burstLimit: 10 },
  // A team's invitations (up to 500 emails a request) and reminders (one each) send mail from our domain:
  // also limited per team and day, and per address (functions/teams/domain/team-emails.ts).
  teamInvites: { rateLimit: 1, burstLimit: 5 },
  remindMember: { rateLimit: 2, burstLimit: 10 },
} as const satisfies Partial<Record<RouteId, Throttle>>;

/** Concurrent executions reserved for (and capped at) each function whose GROUP_NEEDS entry sets none. */
export const DEFAULT_RESERVED_CONCURRENCY = 10;
