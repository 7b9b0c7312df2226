// Single-table keys. docs/data-model.md explains each item and access pattern.
import { createHash } from 'node:crypto';
import { OWNER_INDEX, TABLE_DESIGN } from '#shared/table-design.ts';

/** The start of one second's ledger sort keys (the account's and a team's): entries sort by time. */
const ledgerSecond = (at: number) => `LEDGER#${String(at).padStart(12, '0')}#`;

export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  email: (email: string) => ({ pk: `EMAIL#${email}`, sk: 'EMAIL' }),
  /**
   * One signup bonus per mailbox (shared/email-address.ts mailboxOf), keyed by the mailbox's SHA-256: the
   * claim outlives a deleted account (so deleting and signing up again does not pay twice) without
   * holding the address.
   */
  bonus: (mailbox: string) => ({
    pk: `BONUS#${createHash('sha256').update(mailbox).digest('hex')}`,
    sk: 'BONUS',
  }),
  ledger: (userId: string, at: number, entryId: string) => ({
    pk: `USER#${userId}`,
    sk: `${ledgerSecond(at)}${entryId}`,
  }),
  ledgerPrefix: 'LEDGER#',
  /** One second's ledger entries (the history's last second: functions/accounts/domain/accounts.ts). */
  ledgerSecondPrefix: ledgerSecond,
  /**
   * A pack paid by a delayed method (bank debit) the bank has not confirmed (deleted by the credit), or has
   * refused: in the account's partition, so the account page lists them with its token history.
   */
  delayedPayment: (userId: string, sessionId: string) => ({
    pk: `USER#${userId}`,
    sk: `DELAYED_PAYMENT#${sessionId}`,
  }),
  delayedPaymentPrefix: 'DELAYED_PAYMENT#',
  /** One of the account's PHOTO_LIMITS.maxPhotos places for a photo (photo-store.ts). */
  photo: (userId: string, slot: number) => ({
    pk: `USER#${userId}`,
    sk: `PHOTO#${String(slot).padStart(2, '0')}`,
  }),
  photoPrefix: 'PHOTO#',
  /** A browser upload taken by a photo (photo-store.ts): a confirm of the same upload id again adds nothing. */
  uploadClaim: (userId: string, uploadId: string) => ({ pk: `USER#${userId}`, sk: `UPLOAD#${uploadId}` }),
  /**
   * The account's capture link (capture-link-store.ts): one item, so a new link replaces the previous one. Its
   * 10-photo count is a conditional counter on it.
   */
  captureLink: (userId: string) => ({ pk: `USER#${userId}`, sk: 'CAPTURE_LINK' }),
  /** Which account a capture code (its SHA-256) was made for: the phone comes with the code alone. */
  captureCode: (codeHash: string) => ({ pk: `CAPTURE#${codeHash}`, sk: 'CAPTURE' }),
  loginLink: (tokenHash: string) => ({ pk: `LINK#${tokenHash}`, sk: 'LINK' }),
  /** Which account a Google (OpenID provider) subject signs in to. */
  googleSubject: (issuer: string, subject: string) => ({ pk: `GOOGLE#${issuer}#${subject}`, sk: 'GOOGLE' }),
  /** A "Sign in with Google" in progress, by the SHA-256 of its state. */
  googleAttempt: (stateHash: string) => ({ pk: `GOOGLE_ATTEMPT#${stateHash}`, sk: 'ATTEMPT' }),
  /** billing: the payment provider's objects we keep a record of */
  customer: (customerId: string) => ({ pk: `CUSTOMER#${customerId}`, sk: 'CUSTOMER' }),
  checkout: (sessionId: string) => ({ pk: `CHECKOUT#${sessionId}`, sk: 'CHECKOUT' }),
  payment: (paymentIntentId: string) => ({ pk: `PAYMENT#${paymentIntentId}`, sk: 'PAYMENT' }),
  invoice: (invoiceId: string) => ({ pk: `INVOICE#${invoiceId}`, sk: 'INVOICE' }),
  subscription: (subscriptionId: string) => ({ pk: `SUBSCRIPTION#${subscriptionId}`, sk: 'SUBSCRIPTION' }),
  /** a provider event already applied (its id), kept past the provider's 3 days of retries */
  providerEvent: (eventId: string) => ({ pk: `EVENT#${eventId}`, sk: 'EVENT' }),
  /** The stage's provider calls of one UTC day (cost guard: functions/generation/domain/provider-budget.ts). */
  providerBudget: (day: string) => ({ pk: `BUDGET#provider#${day}`, sk: 'ALL' }),
  /** One account's provider calls of one UTC day: in the account's partition, so deleting it removes them. */
  accountProviderBudget: (userId: string, day: string) => ({
    pk: `USER#${userId}`,
    sk: `BUDGET#provider#${day}`,
  }),
  /**
   * One account's likeness guarantee of one UTC day: avatars measured and refunds (at most
   * LIKENESS_REFUNDS_PER_DAY, a condition of the refund's transaction). In the account's partition, so
   * deleting it removes them; expires a few days later.
   */
  likenessDay: (userId: string, day: string) => ({ pk: `USER#${userId}`, sk: `LIKENESS_DAY#${day}` }),
  /** A rate counter: one item, its window starting at its first attempt (adapters/dynamodb/rate-limiter.ts). */
  rate: (bucket: string, key: string) => ({ pk: `RATE#${bucket}#${key}`, sk: 'WINDOW' }),
  /** An avatar task, in its owner's partition; ids start with their creation time, so newest sort last. */
  task: (userId: string, taskId: string) => ({ pk: `USER#${userId}`, sk: `TASK#${taskId}` }),
  taskPrefix: 'TASK#',
  /** A batch of tasks created by one click: how many are still pending, and its "finished" notice. */
  batch: (userId: string, batchId: string) => ({ pk: `USER#${userId}`, sk: `BATCH#${batchId}` }),
  batchPrefix: 'BATCH#',
  /** An Idempotency-Key of a create (its SHA-256), kept 24 h: the batch it created. */
  idempotency: (userId: string, keyHash: string) => ({
    pk: `IDEMPOTENCY#${userId}#${keyHash}`,
    sk: 'IDEMPOTENCY',
  }),
  /**
   * gsi1 keys of a pending task (removed when it finishes): the sweeper reads the tasks whose deadline has
   * passed, in deadline order. Spread over a few partitions so creates do not all write one.
   */
  taskDeadline: (shard: number, deadlineAt: number, userId: string, taskId: string) => ({
    gsi1pk: `TASK_DEADLINE#${shard}`,
    gsi1sk: `${String(deadlineAt).padStart(12, '0')}#${userId}#${taskId}`,
  }),
  taskDeadlineShards: 4,
  /**
   * How long recent finished tasks took at each stage (the gallery's estimate): one stage-wide
   * item of a few fixed places, read by key. Durations only: it names no one.
   */
  taskDurations: { pk: 'STATS', sk: 'TASK_DURATIONS' },
  /** Every style in one partition, in id order: the catalogue is small and read whole. */
  style: (id: number) => ({ pk: 'STYLE', sk: `STYLE#${String(id).padStart(10, '0')}` }),
  stylePartition: 'STYLE',
  /** A data export of the account (the job and, once built, the file), in its owner's partition. */
  dataExport: (userId: string, exportId: string) => ({ pk: `USER#${userId}`, sk: `EXPORT#${exportId}` }),
  exportPrefix: 'EXPORT#',
  /**
   * An account deletion job, by the SHA-256 of its status secret: outside the user's partition, so it
   * outlives what it deletes (the account screen follows it after every session has ended).
   */
  deletionJob: (secretHash: string) => ({ pk: `DELETION#${secretHash}`, sk: 'DELETION' }),
  /** gsi1 keys of an unfinished privacy job: the sweep re-queues those whose check time has passed. */
  privacyJobCheck: (checkAt: number, jobRef: string) => ({
    gsi1pk: 'PRIVACY_JOB',
    gsi1sk: `${String(checkAt).padStart(12, '0')}#${jobRef}`,
  }),
  /**
   * Teams (docs/data-model.md, "Teams"): one partition per team holds the team (seats counter, allowed
   * styles), its members (invited ones too), the invitations' email claims, the open links and the
   * team's ledger (seats bought). A member's pointer sits on their account (one team per person); a join
   * code is found by its SHA-256 only.
   */
  team: (teamId: string) => ({ pk: `TEAM#${teamId}`, sk: 'TEAM' }),
  teamMember: (teamId: string, memberId: string) => ({ pk: `TEAM#${teamId}`, sk: `MEMBER#${memberId}` }),
  teamMemberPrefix: 'MEMBER#',
  teamInvite: (teamId: string, email: string) => ({ pk: `TEAM#${teamId}`, sk: `INVITE#${email}` }),
  /**
   * The one seat a mailbox holds in a team (team-seat-claims.ts): keyed by the SHA-256 of the mailbox its
   * members' address delivers to (shared/email-address.ts mailboxOf, the sign-up bonus's rule).
   */
  teamSeatClaim: (teamId: string, mailbox: string) => ({
    pk: `TEAM#${teamId}`,
    sk: `SEAT_CLAIM#${createHash('sha256').update(mailbox).digest('hex')}`,
  }),
  teamLink: (teamId: string, linkId: string) => ({ pk: `TEAM#${teamId}`, sk: `LINK#${linkId}` }),
  teamLinkPrefix: 'LINK#',
  teamLedger: (teamId: string, at: number, entryId: string) => ({
    pk: `TEAM#${teamId}`,
    sk: `${ledgerSecond(at)}${entryId}`,
  }),
  teamLedgerPrefix: 'LEDGER#',
  teamCode: (codeHash: string) => ({ pk: `TEAMCODE#${codeHash}`, sk: 'CODE' }),
  teamMembership: (userId: string) => ({ pk: `USER#${userId}`, sk: 'TEAM' }),
  /** The last style id given out. */
  styleCounter: { pk: 'COUNTER', sk: 'STYLE' },
  /** Held by the one import running: imports check duplicates against a catalogue no other import changes. */
  styleImportLease: { pk: 'LEASE', sk: 'STYLE_IMPORT' },
  /** A catalogue style was seeded once (kept after an admin deletes the style, so it is not re-seeded). */
  styleSeed: (key: string) => ({ pk: `STYLE_SEED#${key}`, sk: 'STYLE_SEED' }),
  /**
   * A seat purchase of the team (seat-purchases.ts): pending or refused bank debit, or paid with its invoice;
   * by its checkout's creation time, so the team page reads them newest first.
   */
  teamPurchase: (teamId: string, createdAt: number, sessionId: string) => ({
    pk: `TEAM#${teamId}`,
    sk: `SEAT_PURCHASE#${String(createdAt).padStart(12, '0')}#${sessionId}`,
  }),
  teamPurchasePrefix: 'SEAT_PURCHASE#',
};

/** Attribute DynamoDB's TTL deletes items by (Unix seconds). */
export const TTL_ATTRIBUTE = TABLE_DESIGN.ttlAttribute;

/** The attribute the sparse `owned` index is keyed by (shared/table-design.ts). */
export const OWNER_ATTRIBUTE = OWNER_INDEX.partitionKey;

/** An account's owner key: what `owned_by` holds on its items outside `USER#<id>`. */
export const accountOwner = (userId: string): string => `USER#${userId}`;
/** An email's owner key: counters keyed by an address, kept before (and whether or not) it has an account. */
export const emailOwner = (email: string): string => `EMAIL#${email}`;

/** The attribute to spread into an item kept outside the user's partition. */
export const ownedBy = (userId: string) => ({ [OWNER_ATTRIBUTE]: accountOwner(userId) });
