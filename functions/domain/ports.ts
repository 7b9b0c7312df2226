// Ports the domain owns; adapters (functions/adapters) implement them over DynamoDB, SES, jose...
import type { Language, LedgerEntry } from '../../shared/api-schemas.ts';

export type AccountStatus = 'PENDING' | 'ACTIVE';
export type Role = 'user' | 'admin';

export interface User {
  id: string;
  email: string;
  status: AccountStatus;
  role: Role;
  lang: Language;
  tokensLtd: number;
  tokensSubscription: number;
  stripeCustomerId: string | null;
  passwordHash: string | null;
  /** bumped to sign out every session issued before it */
  sessionVersion: number;
  createdAt: number;
}

export interface NewAccount {
  id: string;
  email: string;
  lang: Language;
  createdAt: number;
  signupBonus: number;
  ledgerEntryId: string;
}

export interface LoginLinkRecord {
  tokenHash: string;
  userId: string;
  expiresAt: number;
}

export interface AccountStore {
  /** Creates a pending account with its signup bonus and ledger entry; throws EMAIL_TAKEN. */
  createPendingAccount(account: NewAccount): Promise<User>;
  findByEmail(email: string): Promise<User | null>;
  getById(id: string): Promise<User | null>;
  saveLoginLink(link: LoginLinkRecord): Promise<void>;
  /** Consumes a link once (atomically) and activates its account; null when unknown, used or expired. */
  redeemLoginLink(tokenHash: string, now: number): Promise<User | null>;
  /** Sets a password and bumps the session version, provided nobody changed it meanwhile. */
  setPassword(userId: string, passwordHash: string, expectedSessionVersion: number): Promise<User>;
  listLedger(userId: string, limit: number): Promise<LedgerEntry[]>;
}

export interface RateLimiter {
  /** Counts one attempt; false once `limit` attempts were made in the current window. */
  hit(bucket: string, key: string, limit: number, windowSeconds: number): Promise<boolean>;
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

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, stored: string): Promise<boolean>;
}

export interface SessionClaims {
  userId: string;
  sessionVersion: number;
}

export interface SessionTokens {
  issue(claims: SessionClaims): Promise<string>;
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
