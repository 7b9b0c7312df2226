// Ports the domain owns; adapters (functions/adapters) implement them over DynamoDB, SES, jose...
import type { Language, LedgerEntry } from '../../shared/api-schemas.ts';

export type AccountStatus = 'PENDING' | 'ACTIVE';
export type Role = 'user' | 'admin';

export interface User {
  id: string;
  email: string;
  status: AccountStatus;
  /**
   * On a record: 'admin' only when an operator granted it (npm run admin-role). On a resolved session
   * (domain/sessions.ts): also 'admin' while the email is in the stage's ADMIN_EMAILS setting.
   */
  role: Role;
  lang: Language;
  tokensLtd: number;
  tokensSubscription: number;
  stripeCustomerId: string | null;
  passwordHash: string | null;
  /** bumped to sign out every session issued before it */
  sessionVersion: number;
  createdAt: number;
  /** The Manage Photos consents as last recorded (functions/domain/photos/consent.ts); null before any. */
  photoConsent: PhotoConsentRecord | null;
  /** "Delete my photos once my avatars are ready" */
  deletePhotosAfterGeneration: boolean;
  /** "Your avatars are ready" email when a batch finishes (on unless the user turned it off) */
  batchFinishedEmail: boolean;
}

export interface PhotoConsentRecord {
  processing: boolean;
  rights: boolean;
  version: string;
  /** Unix seconds */
  updatedAt: number;
}

export interface NewAccount {
  id: string;
  email: string;
  lang: Language;
  createdAt: number;
  /** A pending account and its email claim are deleted (TTL) at this time unless activated. */
  expiresAt: number;
}

/** What activating an account credits: the signup bonus, once per mailbox. */
export interface Activation {
  /** mailboxOf(email): sub-addresses and Gmail dots share one bonus */
  mailbox: string;
  bonusTokens: number;
  ledgerEntryId: string;
}

export type RedeemResult =
  | { outcome: 'signed-in'; user: User }
  /** the link was consumed and the account activated, but this mailbox already had its bonus */
  | { outcome: 'bonus-already-claimed' }
  | { outcome: 'invalid' };

export interface LoginLinkRecord {
  tokenHash: string;
  userId: string;
  expiresAt: number;
}

/** Reads an account by id: all that resolving a session needs. */
export interface UserReader {
  getById(id: string): Promise<User | null>;
}

export interface AccountStore extends UserReader {
  /**
   * Creates a pending account (no tokens yet) and claims its email; an email held by a pending account
   * past its expiry is free again. Throws EMAIL_TAKEN.
   */
  createPendingAccount(account: NewAccount): Promise<User>;
  findByEmail(email: string): Promise<User | null>;
  saveLoginLink(link: LoginLinkRecord): Promise<void>;
  /** The account a link belongs to, while the link is unused and unexpired. */
  findLinkOwner(tokenHash: string, now: number): Promise<User | null>;
  /**
   * Consumes a link once (atomically). A pending account is activated in the same transaction, with the
   * signup bonus when `activation.bonusTokens` > 0 and the mailbox has not had it (else
   * 'bonus-already-claimed', and nothing is written), or with a zero ledger entry saying why when 0.
   */
  redeemLoginLink(
    tokenHash: string,
    owner: User,
    now: number,
    activation: Activation | null,
  ): Promise<RedeemResult>;
  /** Grants or revokes the operator-granted admin role; false when no account has that email. */
  setRole(email: string, role: Role): Promise<boolean>;
  /** Sets a password and bumps the session version, provided nobody changed it meanwhile. */
  setPassword(userId: string, passwordHash: string, expectedSessionVersion: number): Promise<User>;
  listLedger(userId: string, limit: number): Promise<LedgerEntry[]>;
}

export interface RateVerdict {
  allowed: boolean;
  /** seconds until the current window ends (when refused: when to try again) */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one attempt; refused once `limit` attempts were made in the current window (not counted). */
  hit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateVerdict>;
  /** Whether the window still has room, without counting. */
  peek(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateVerdict>;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(email: OutgoingEmail): Promise<void>;
}

/** Judges how guessable a new password is (a common-password dictionary, patterns, the user's email). */
export interface PasswordStrength {
  isEasyToGuess(password: string, userInputs: string[]): Promise<boolean>;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export interface SessionClaims {
  userId: string;
  sessionVersion: number;
}

export interface SessionVerifier {
  /** Throws UNAUTHENTICATED for anything but a valid, unexpired token of ours. */
  verify(token: string): Promise<SessionClaims>;
}

export interface SessionTokens extends SessionVerifier {
  issue(claims: SessionClaims): Promise<string>;
}

export interface Clock {
  /** Unix seconds */
  now(): number;
}

export interface Ids {
  newId(): string;
  /** at least 128 bits of randomness, URL-safe */
  newSecret(): string;
  hashSecret(secret: string): string;
}
