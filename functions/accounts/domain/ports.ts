// Ports the domain owns; adapters (functions/accounts/{dynamodb,jose,passwords,openid}) implement them over DynamoDB, SES, jose...

import type { Role, SessionClaims, SessionVerifier, User, UserReader } from '#platform/domain/ports.ts';
import type { Language, LedgerEntry } from '#shared/api-schemas.ts';

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

/**
 * Who the identity provider says signed in, after the ID token was verified. Any OpenID provider: the
 * product calls it Google. The subject is the stable id; the email may change on the provider's side.
 */
export interface VerifiedIdentity {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean;
}
export interface NewGoogleAccount {
  id: string;
  /** normalised, and verified by the provider */
  email: string;
  lang: Language;
  createdAt: number;
}

/**
 * The browser a login link belongs to: the hash of the secret its cookie holds. `google-sign-in`: the
 * token a Google sign-in hands the web app, which works in that browser only; `link-request`: an emailed
 * link, which signs in at once there and only after a confirmation elsewhere.
 */
export interface LinkBrowser {
  hash: string;
  from: 'google-sign-in' | 'link-request';
}
export interface LoginLinkRecord {
  tokenHash: string;
  userId: string;
  expiresAt: number;
  /** The link hands over an account its maker has just activated (a Google sign-in), with this bonus. */
  activation?: { signupBonus: number };
  browser?: LinkBrowser;
}

/** A link that still works, and whom it signs in. */
export interface LoginLinkFound {
  owner: User;
  activation: { signupBonus: number } | null;
  /** null: a link made before links knew their browser */
  browser: LinkBrowser | null;
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
  /** The same, with what the link says about the account's activation. */
  findLink(tokenHash: string, now: number): Promise<LoginLinkFound | null>;
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
  /** The account linked to this provider subject, if any. */
  findByGoogleSubject(issuer: string, subject: string): Promise<User | null>;
  /**
   * Links an account to a provider subject (claiming the subject for good). A pending account is activated
   * in the same transaction, with `activation` as in redeemLoginLink. 'invalid': the subject was claimed,
   * or the account changed or got another link meanwhile.
   */
  linkGoogleSignIn(
    owner: User,
    identity: VerifiedIdentity,
    now: number,
    activation: Activation | null,
  ): Promise<RedeemResult>;
  /**
   * Creates an active account signed in with a provider subject: email claim, account, subject claim and
   * the signup bonus ledger entry (and BONUS# claim) in one transaction. 'invalid': the email or the
   * subject was claimed meanwhile.
   */
  createGoogleAccount(
    account: NewGoogleAccount,
    identity: VerifiedIdentity,
    activation: Activation,
  ): Promise<RedeemResult>;
  /** Grants or revokes the operator-granted admin role; false when no account has that email. */
  setRole(email: string, role: Role): Promise<boolean>;
  /** Sets a password and bumps the session version, provided nobody changed it meanwhile. */
  setPassword(userId: string, passwordHash: string, expectedSessionVersion: number): Promise<User>;
  /** The account's newest ledger entries, newest first by sort key (LEDGER#<created_at>#<entry id>). */
  listLedger(userId: string, limit: number): Promise<LedgerEntry[]>;
  /** Every ledger entry of one second (`created_at`), in the same order: what a page of the above cut off. */
  listLedgerSecond(userId: string, createdAt: number): Promise<LedgerEntry[]>;
  /** The account's packs paid by bank debit that are pending or were refused (functions/billing/domain). */
  listDelayedPayments(userId: string, now: number): Promise<DelayedPaymentView[]>;
}

/** A pack paid by bank debit, as the account page lists it with the token history. */
export interface DelayedPaymentView {
  sessionId: string;
  planId: string;
  tokens: number;
  amountCents: number;
  state: 'pending' | 'failed';
  createdAt: number;
  updatedAt: number;
}
/**
 * One "Sign in with Google" in progress: what the callback must match (state, the browser's cookie) and
 * needs (nonce, PKCE verifier), single-use and short-lived. State and browser key are stored hashed.
 */
export interface SignInAttempt {
  stateHash: string;
  browserHash: string;
  nonce: string;
  codeVerifier: string;
  lang: Language;
  expiresAt: number;
}

export interface SignInAttemptStore {
  save(attempt: SignInAttempt): Promise<void>;
  /**
   * Removes and returns the attempt with this state, when it belongs to this browser and has not expired;
   * null otherwise. Atomic: of two callbacks with the same state, one at most gets it.
   */
  take(stateHash: string, browserHash: string, now: number): Promise<SignInAttempt | null>;
}
/** Where to send the browser, and what its answer must carry. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export type IdentityCheck =
  | { ok: true; identity: VerifiedIdentity }
  /**
   * cancelled: the person said no at the provider; rejected: the answer failed a check (code, ID token
   * issuer, audience, expiry, nonce, signature); unavailable: the provider could not be reached.
   */
  | { ok: false; reason: 'cancelled' | 'rejected' | 'unavailable'; detail: string };
/** The OpenID provider behind "Sign in with Google" (code flow, PKCE S256, state and nonce). */
export interface IdentityProvider {
  authorizationRequest(): Promise<AuthorizationRequest>;
  /**
   * Exchanges the code of the callback (its raw query string) and verifies the ID token: issuer, audience,
   * expiry, nonce and signature (the provider's published keys). Never throws for a bad answer.
   */
  verifyCallback(
    callbackQuery: string,
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<IdentityCheck>;
}

/** Judges how guessable a new password is (a common-password dictionary, patterns, the user's email). */
export interface PasswordStrength {
  isEasyToGuess(password: string, userInputs: string[]): Promise<boolean>;
}
/**
 * Why a password is checked. A sign-in (login) comes before a check a signed-in user makes to confirm an
 * action (changing the password, deleting the account): guessing behind a stolen session must not slow
 * everyone's sign-in down.
 */
export type PasswordCheckPurpose = 'sign-in' | 'confirm-action';

export interface PasswordHasher {
  /** A new password's hash: only ever made for a signed-in user (setting or changing a password). */
  hash(password: string): Promise<string>;
  verify(password: string, stored: string, purpose: PasswordCheckPurpose): Promise<boolean>;
}
export interface SessionTokens extends SessionVerifier {
  issue(claims: SessionClaims): Promise<string>;
}
