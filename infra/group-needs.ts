// What each endpoint group's function is and may touch: its memory, concurrency, table actions, secrets, bucket
// prefixes, queues and installed modules. The stack (aivatar-stack.ts) builds and binds each function from its
// entry here; tests/infra/iam.test.ts checks the table actions against the code each bundle calls.
import type { LambdaGroup } from '#shared/api-routes.ts';
import { DEFAULT_RESERVED_CONCURRENCY } from './api-limits.ts';
import type { ApiFunctionProps } from './constructs/api-function.ts';
import { SEND_TASK_ACTIONS } from './constructs/avatar-generation.ts';
import {
  GOOGLE_CLIENT_SECRET_ACTIONS,
  MEDIA_OBJECT_ACTIONS,
  ORIGIN_SECRET_ACTIONS,
  SEND_MAIL_ACTIONS,
  SESSION_KEY_ACTIONS,
  STRIPE_SECRET_ACTIONS,
  type TableAccess,
  TRACING_ACTIONS,
} from './constructs/function-bindings.ts';
import { SEND_JOB_ACTIONS } from './constructs/privacy-jobs.ts';
import type { Stage } from './stage.ts';

export interface GroupNeeds {
  /** MiB; also buys CPU. Default 512. */
  memorySize?: number;
  /** Concurrent executions reserved for the function, which are also its ceiling. */
  reservedConcurrency?: number;
  /** TABLE_NAME, and the exact DynamoDB actions the group's code calls (tests/infra/iam.test.ts checks). */
  table?: TableAccess;
  /** JWT_SECRET_ARN and reading that secret. */
  sessionSigningKey?: true;
  /** MAIL_FROM, and sending from the product's address. */
  mail?: true;
  /** The "Sign in with Google" settings and reading its client secret, where the stage has a Google client. */
  googleSignIn?: true;
  /** The login link's browser cookie: the API's public URL and the cookie's SameSite. */
  linkCookie?: true;
  /** STRIPE_SECRET_KEY_ARN and STRIPE_PRICES, and reading that secret. */
  stripeApi?: true;
  /** STRIPE_WEBHOOK_SECRET_ARN, and reading that secret. */
  stripeWebhookSecret?: true;
  /** MEDIA_BUCKET, and get/put/delete on objects under these key prefixes only. */
  media?: { prefixes: readonly string[] };
  /** Default 10. */
  timeoutSeconds?: number;
  /** Packages installed beside the bundle, not in it (ApiFunctionProps.installedModules). */
  installedModules?: readonly string[];
  /** TASK_QUEUE_URL, and sending avatar task messages to that queue. */
  taskQueue?: true;
  /** The face model beside the bundle (ApiFunctionProps.faceAnalysis). */
  faceAnalysis?: true;
  /** PRIVACY_JOB_QUEUE_URL, and sending privacy job messages (deletions, exports) to that queue. */
  privacyJobQueue?: true;
}

/** Reading, writing and updating single items: every group with table access does all three. */
const ITEM_READ_WRITE = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'] as const;

/**
 * What each endpoint group's function may touch. A group gets a function once it has a served route;
 * synth fails if that group is missing here, so access is decided when the group is built.
 * Note: functions/platform/config.ts requires MAIL_FROM and MAIL_TRANSPORT of every function today.
 */
export const GROUP_NEEDS: Partial<Record<LambdaGroup, GroupNeeds>> = {
  auth: {
    // scrypt takes 128 MiB per hash, and Lambda's CPU share grows with memory.
    memorySize: 1024,
    // Every signed-in screen calls GET /user_info here.
    reservedConcurrency: 20,
    table: {
      // Get/Put/Update/Query on accounts, links and counters; the sign-up transaction puts, the
      // login-link transaction deletes the link and updates the account (or checks it is active).
      actions: [...ITEM_READ_WRITE, 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem', 'dynamodb:Query'],
    },
    // The common-password dictionaries (about 1.5 MB), loaded when a password is set.
    installedModules: ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common'],
    sessionSigningKey: true,
    mail: true,
    googleSignIn: true,
    linkCookie: true,
  },
  avatars: {
    // sharp makes the 4K preset (4096 px long side) and the 400x400 one on demand.
    memorySize: 1024,
    timeoutSeconds: 15,
    table: {
      // The session's account, styles, tasks (GetItem, Query); the picked styles (BatchGetItem); the
      // create transaction (account Update, ledger, batch, tasks and idempotency Puts); a task that could
      // not be queued fails with its refund (Update, Put); the batch email setting (Update).
      actions: [...ITEM_READ_WRITE, 'dynamodb:BatchGetItem', 'dynamodb:Query'],
    },
    sessionSigningKey: true,
    // Reads results for downloads, signs their URLs; stores the download sizes made from them and the
    // "download all" ZIPs, and reads both back.
    media: { prefixes: ['results/', 'result-thumbs/', 'result-sizes/', 'archives/'] },
    taskQueue: true,
    // "Chosen for my team" announces the team's changed set: its ZIP is built ahead by the job function.
    privacyJobQueue: true,
    installedModules: ['sharp'],
  },
  billing: {
    table: {
      // GetItem: the session's account, the billing account; for a team's seat checkout the caller's team
      // pointer and the team (functions/teams/domain/seat-checkout.ts). PutItem: the checkout record (a
      // pack's, a subscription's, a team's seats), and in the customer transaction the customer map.
      // UpdateItem: the account's customer id and its one subscription checkout, the team's customer id.
      // Query: a team's seat purchases (its partition, for the team page).
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query'],
    },
    sessionSigningKey: true,
    stripeApi: true,
  },
  'stripe-webhook': {
    table: {
      // GetItem: checkout, customer map, account, payment. PutItem and UpdateItem: the credit
      // transactions (event id, invoice, ledger entry, payment; checkout, subscription, account; a team's
      // seats and purchase), a delayed payment's state (a pack's, a team's seat purchase and its invoice), a
      // checkout's email claims. ConditionCheckItem: a delayed payment is recorded only while its checkout
      // is not credited. DeleteItem: the credit ends the payment's pending state.
      actions: [...ITEM_READ_WRITE, 'dynamodb:ConditionCheckItem', 'dynamodb:DeleteItem'],
    },
    // No session key: Stripe's signature is the caller's proof. The API key reads a subscription's
    // current state, a payment's receipt and a seat checkout's invoice; the signing secret verifies
    // deliveries.
    stripeApi: true,
    stripeWebhookSecret: true,
    // Each pack's receipt, and the word that a bank refused a debit.
    mail: true,
  },
  account: {
    // scrypt (128 MiB) confirms a deletion.
    memorySize: 1024,
    reservedConcurrency: 5,
    table: {
      // GetItem/PutItem/UpdateItem: the session's account, deletion link, rate counters, a job's record (the
      // deletion's in a transaction with the account's update); Query: the account's latest exports. The
      // work itself is the privacy job function's (infra/constructs/privacy-jobs.ts).
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query'],
    },
    sessionSigningKey: true,
    mail: true,
    // Signs the short-lived download address of a ready export.
    media: { prefixes: ['exports/'] },
    privacyJobQueue: true,
  },
  photos: {
    // Lists photos (signing their URLs), shows one, deletes, hands out upload targets, records consent: no
    // decoding and no face model, so it starts small and answers fast while intake is busy.
    table: {
      // The session's account read, the photo list (Query), the upload-target counter (Put, Update), consent
      // and retention on the account (Update), a delete (conditional Delete), capture links (two Puts in a
      // transaction, GetItem, conditional Updates).
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // Signs upload targets (uploads/), reads and deletes photos and their thumbnails.
    media: { prefixes: ['uploads/', 'photos/', 'thumbs/'] },
  },
  'photo-intake': {
    // sharp decodes up to 40-megapixel images, and the face check runs a neural network on each photo
    // (docs/faces.md): 2048 MiB buys more than one full vCPU, which both need.
    memorySize: 2048,
    faceAnalysis: true,
    // A confirm checks up to 5 photos.
    timeoutSeconds: 15,
    // Its own instances: a flood of uploads never takes the ones that list and show photos.
    reservedConcurrency: 10,
    table: {
      // The session's account read, the photo list (Query), a photo taking a place with its upload's claim
      // (conditional Put, in a transaction), the claims read back (GetItem), the hourly check counter
      // (Put, Update), a capture link's places (GetItem, conditional Update). DeleteItem: the photo store's
      // delete is in the bundle (tests/infra/iam.test.ts reads the code), though no intake route deletes a
      // photo record.
      actions: [...ITEM_READ_WRITE, 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // Reads and discards the browser's uploads, stores the checked photo and its thumbnail.
    media: { prefixes: ['uploads/', 'photos/', 'thumbs/'] },
    installedModules: ['sharp'],
  },
  'admin-styles': {
    // A style picture is decoded like a photo (up to 40 megapixels).
    memorySize: 2048,
    timeoutSeconds: 15,
    table: {
      // The session's account and a style as stored (GetItem), the styles and the audit log (Query), the id
      // counter (UpdateItem), each change with its audit entry (a transaction of Put/Delete) and the seed
      // claims of imported catalogue styles (PutItem).
      actions: [...ITEM_READ_WRITE, 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // The admin's browser upload (uploads/<adminId>/...) and the checked pictures every screen shows.
    media: { prefixes: ['uploads/', 'style-images/'] },
    installedModules: ['sharp'],
  },
  teams: {
    // sharp makes a chosen headshot's 1080 px square the first time a team's ZIP holds it.
    memorySize: 1024,
    timeoutSeconds: 29,
    table: {
      // GetItem: the session's account, the caller's team pointer, the team, a member, a link, a join code.
      // Query: the dashboard's members and the team's open links (the team's partition, a page at a time). BatchGetItem: which pasted
      // addresses the team already knows. PutItem/UpdateItem/DeleteItem: the transactions that create a
      // team, invite, join (seats counter, pointer, member, link uses, the mailbox's seat claim), remove a
      // member (pointer, invitation, code and seat claim deleted, the chosen task's mark removed); a
      // reminder's and a retry's update.
      actions: [...ITEM_READ_WRITE, 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:DeleteItem'],
    },
    sessionSigningKey: true,
    // Invitations and reminders. No Stripe: seats are bought through the billing function.
    mail: true,
    // The chosen headshots (read), their 1080 px squares (made once, kept) and the team's ZIPs.
    media: { prefixes: ['results/', 'result-sizes/', 'archives/'] },
    // A removal announces the team's changed set: its ZIP is built ahead by the job function.
    privacyJobQueue: true,
    installedModules: ['sharp'],
  },
};

/** A served group's GROUP_NEEDS entry: synth fails without one. */
export function groupNeeds(group: LambdaGroup): GroupNeeds {
  const needs = GROUP_NEEDS[group];
  if (!needs) {
    throw new Error(`Group ${group} has served routes but no entry in GROUP_NEEDS (infra/group-needs.ts)`);
  }
  return needs;
}

/**
 * The function a group gets from its GROUP_NEEDS entry: its code, bundle and settings (what it may touch is
 * bound by the stack). tests/infra/bundles.test.ts bundles the functions it reads from these alone.
 */
export function groupFunctionProps(
  group: LambdaGroup,
  stage: Stage,
  environment: Record<string, string>,
): ApiFunctionProps {
  const needs = groupNeeds(group);
  return {
    group,
    stage,
    environment,
    reservedConcurrency: needs.reservedConcurrency ?? DEFAULT_RESERVED_CONCURRENCY,
    ...(needs.memorySize ? { memorySize: needs.memorySize } : {}),
    ...(needs.timeoutSeconds ? { timeoutSeconds: needs.timeoutSeconds } : {}),
    ...(needs.installedModules ? { installedModules: needs.installedModules } : {}),
    ...(needs.faceAnalysis ? { faceAnalysis: true } : {}),
    // Every API group is traced (functions/platform/http/group-handler.ts runs the Tracer).
    traced: true,
  };
}

/**
 * Every IAM action a group's function is granted beyond writing its own logs, its traces included (every
 * group is traced). `behindEdge`: the API sits behind its CloudFront distribution, whose header secret every
 * group reads.
 */
export function declaredActions(needs: GroupNeeds, behindEdge = false): string[] {
  return [
    ...TRACING_ACTIONS,
    ...(behindEdge ? ORIGIN_SECRET_ACTIONS : []),
    ...(needs.table?.actions ?? []),
    ...(needs.sessionSigningKey ? SESSION_KEY_ACTIONS : []),
    ...(needs.mail ? SEND_MAIL_ACTIONS : []),
    ...(needs.googleSignIn ? GOOGLE_CLIENT_SECRET_ACTIONS : []),
    ...(needs.stripeApi || needs.stripeWebhookSecret ? STRIPE_SECRET_ACTIONS : []),
    ...(needs.media ? MEDIA_OBJECT_ACTIONS : []),
    ...(needs.taskQueue ? SEND_TASK_ACTIONS : []),
    ...(needs.privacyJobQueue ? SEND_JOB_ACTIONS : []),
  ];
}
