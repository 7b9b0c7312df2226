// The ports every area uses (users and sessions, mail, throttles, the clock, ids); each area's adapters implement them.
import type { Language } from '#shared/api-schemas.ts';

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
  /** The Manage Photos consents as last recorded (functions/photos/domain/consent.ts); null before any. */
  photoConsent: PhotoConsentRecord | null;
  /** "Delete my photos once my avatars are ready" */
  deletePhotosAfterGeneration: boolean;
  /** "Your avatars are ready" email when a batch finishes (on unless the user turned it off) */
  batchFinishedEmail: boolean;
  /** The Google account this one signs in with ("Sign in with Google"), if linked. */
  googleSignIn: LinkedGoogleSignIn | null;
}
export interface PhotoConsentRecord {
  processing: boolean;
  rights: boolean;
  version: string;
  /** Unix seconds */
  updatedAt: number;
}

export interface LinkedGoogleSignIn {
  /** the email Google gave when the link was made */
  email: string;
  linkedAt: number;
}
/** Reads an account by id: all that resolving a session needs. */
export interface UserReader {
  getById(id: string): Promise<User | null>;
}

export interface RateVerdict {
  allowed: boolean;
  /** seconds until the current window ends (when refused: when to try again) */
  retryAfterSeconds: number;
}
/**
 * Whose a counter is, when its key names someone: deleting an account deletes its counters and those of its
 * address (docs/data-model.md, "Whose items, by key"). Counters of a client address belong to nobody.
 */
export type CounterOwner = { userId: string } | { email: string };

export interface RateLimiter {
  /**
   * Counts one attempt (or `count`); refused, and nothing counted, when that would pass `limit` attempts in
   * the current window. `owner`: the account or email the counter belongs to (found by key when that account
   * is deleted or exported).
   */
  hit(
    bucket: string,
    key: string,
    limit: number,
    windowSeconds: number,
    owner?: CounterOwner,
    count?: number,
  ): Promise<RateVerdict>;
  /** Whether the window still has room, without counting. */
  peek(bucket: string, key: string, limit: number, windowSeconds: number): Promise<RateVerdict>;
  /**
   * Gives back one attempt counted in the current window (an attempt counted before its outcome was known,
   * that turned out not to count). Never goes below zero.
   */
  release(bucket: string, key: string, windowSeconds: number): Promise<void>;
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
export interface SessionClaims {
  userId: string;
  sessionVersion: number;
}

export interface SessionVerifier {
  /** Throws UNAUTHENTICATED for anything but a valid, unexpired token of ours. */
  verify(token: string): Promise<SessionClaims>;
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

/** The domain's view of logging (the worker logs usage and failures for the business metrics). */
export type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  fields?: Record<string, unknown>,
) => void;

/** What the phone's two upload routes run as, once its code and device were checked (resolveCapture). */
export interface CaptureGrant {
  userId: string;
  codeHash: string;
}

/** How the HTTP edge turns the phone's two headers into the caller of an upload route (resolveCapture). */
export type CaptureResolver = (
  code: string,
  device: string | undefined,
  clientAddress: string,
) => Promise<{ user: User; grant: CaptureGrant }>;
