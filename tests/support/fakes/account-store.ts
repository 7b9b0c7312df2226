// Accounts in memory, with the rules of functions/accounts/dynamodb/account-store.ts (and activation-writes.ts,
// google-sign-in-writes.ts): one claim per email (a pending account's claim is free again past its expiry),
// links used once and only before they expire, a provider subject claimed once, one signup bonus per mailbox.
// Each write checks every condition of its transaction before changing anything, with no await in between:
// of two concurrent writes exactly one wins, and a lost transaction writes nothing, as DynamoDB decides.

import { DomainError } from '#platform/domain/errors.ts';
import type { Clock, Role, User } from '#platform/domain/ports.ts';
import type { LedgerEntry } from '#shared/api-schemas.ts';
import type {
  AccountStore,
  Activation,
  DelayedPaymentView,
  LoginLinkFound,
  LoginLinkRecord,
  NewAccount,
  NewGoogleAccount,
  RedeemResult,
  VerifiedIdentity,
} from '../../../functions/accounts/domain/ports.ts';
import { conditionFailed } from './conditions.ts';

interface AccountRow {
  user: User;
  /** a pending account's expiry (TTL); null once active */
  expiresAt: number | null;
  /** the provider subject it is linked to */
  google: { issuer: string; subject: string } | null;
}

interface EmailClaim {
  userId: string;
  /** null: held for good (an active account) */
  expiresAt: number | null;
}

interface StoredLedgerEntry extends LedgerEntry {
  userId: string;
  /** orders entries written in one transaction (same second): the lower sorts first */
  order: number;
}

/** Which write of a transaction failed its condition (by name), as failedConditions() reads them. */
type Failures = Set<'link' | 'user' | 'email' | 'subject' | 'bonus'>;

export class FakeAccountStore implements AccountStore {
  private readonly accounts = new Map<string, AccountRow>();
  private readonly emails = new Map<string, EmailClaim>();
  private readonly links = new Map<string, LoginLinkRecord>();
  private readonly subjects = new Map<string, string>();
  private readonly bonuses = new Set<string>();
  private readonly ledger: StoredLedgerEntry[] = [];
  private readonly delayed = new Map<string, DelayedPaymentView[]>();
  private readonly clock: Clock;

  constructor(clock: Clock) {
    this.clock = clock;
  }

  async getById(id: string): Promise<User | null> {
    return this.peek(id);
  }

  /**
   * The account now, read with no await: other fakes whose writes are conditioned on the account (billing's,
   * the photos' consents) read and write in one step, as a conditional update does.
   */
  peek(id: string): User | null {
    const row = this.accounts.get(id);
    return row ? structuredClone(row.user) : null;
  }

  async createPendingAccount(a: NewAccount): Promise<User> {
    const claim = this.emails.get(a.email);
    const claimFree = !claim || (claim.expiresAt !== null && claim.expiresAt < a.createdAt);
    if (!claimFree || this.accounts.has(a.id)) {
      throw new DomainError('EMAIL_TAKEN', 'This email is already registered.');
    }
    this.emails.set(a.email, { userId: a.id, expiresAt: a.expiresAt });
    const user = newUser(a);
    this.accounts.set(a.id, { user, expiresAt: a.expiresAt, google: null });
    return structuredClone(user);
  }

  async findByEmail(email: string): Promise<User | null> {
    const claim = this.emails.get(email);
    if (!claim) return null;
    // A pending account past its expiry is gone, whether or not TTL has deleted it yet.
    if (claim.expiresAt !== null && claim.expiresAt < this.clock.now()) return null;
    return this.getById(claim.userId);
  }

  async saveLoginLink(link: LoginLinkRecord): Promise<void> {
    if (this.links.has(link.tokenHash)) throw conditionFailed('link exists');
    this.links.set(link.tokenHash, structuredClone(link));
  }

  async findLinkOwner(tokenHash: string, now: number): Promise<User | null> {
    return (await this.findLink(tokenHash, now))?.owner ?? null;
  }

  async findLink(tokenHash: string, now: number): Promise<LoginLinkFound | null> {
    const link = this.links.get(tokenHash);
    if (!link || link.expiresAt <= now) return null;
    const owner = await this.getById(link.userId);
    if (!owner) return null;
    return {
      owner,
      activation: link.activation ? { ...link.activation } : null,
      browser: link.browser ? { ...link.browser } : null,
    };
  }

  async redeemLoginLink(
    tokenHash: string,
    owner: User,
    now: number,
    activation: Activation | null,
  ): Promise<RedeemResult> {
    const failures: Failures = new Set();
    const link = this.links.get(tokenHash);
    if (!link || link.expiresAt <= now || link.userId !== owner.id) failures.add('link');
    if (activation) this.checkActivation(owner, now, activation, failures);
    else if (this.accounts.get(owner.id)?.user.status !== 'ACTIVE') failures.add('user');
    const lost = verdict(failures);
    if (lost) return lost;
    this.links.delete(tokenHash);
    if (activation) this.activate(owner, now, activation);
    return this.signedIn(owner.id);
  }

  async findByGoogleSubject(issuer: string, subject: string): Promise<User | null> {
    const userId = this.subjects.get(subjectKey(issuer, subject));
    return userId ? this.getById(userId) : null;
  }

  async linkGoogleSignIn(
    owner: User,
    identity: VerifiedIdentity,
    now: number,
    activation: Activation | null,
  ): Promise<RedeemResult> {
    const failures: Failures = new Set();
    if (this.subjects.has(subjectKey(identity.issuer, identity.subject))) failures.add('subject');
    const row = this.accounts.get(owner.id);
    if (!row || row.google !== null) failures.add('user');
    if (activation) this.checkActivation(owner, now, activation, failures);
    else if (row?.user.status !== 'ACTIVE') failures.add('user');
    const lost = verdict(failures);
    if (lost) return lost;
    this.subjects.set(subjectKey(identity.issuer, identity.subject), owner.id);
    const linked = this.accounts.get(owner.id) as AccountRow;
    linked.google = { issuer: identity.issuer, subject: identity.subject };
    linked.user.googleSignIn = { email: identity.email ?? owner.email, linkedAt: now };
    if (activation) this.activate(owner, now, activation);
    return this.signedIn(owner.id);
  }

  async createGoogleAccount(
    account: NewGoogleAccount,
    identity: VerifiedIdentity,
    activation: Activation,
  ): Promise<RedeemResult> {
    const now = account.createdAt;
    const failures: Failures = new Set();
    const claim = this.emails.get(account.email);
    // As at signup: free, or held by a pending account past its expiry (an active account's claim has none).
    if (claim && !(claim.expiresAt !== null && claim.expiresAt < now)) failures.add('email');
    if (this.accounts.has(account.id)) failures.add('user');
    if (this.subjects.has(subjectKey(identity.issuer, identity.subject))) failures.add('subject');
    if (activation.bonusTokens > 0 && this.bonuses.has(activation.mailbox)) failures.add('bonus');
    const lost = verdict(failures);
    if (lost) return lost;
    this.emails.set(account.email, { userId: account.id, expiresAt: null });
    const user: User = {
      ...newUser(account),
      status: 'ACTIVE',
      tokensLtd: activation.bonusTokens,
      googleSignIn: { email: account.email, linkedAt: now },
    };
    this.accounts.set(account.id, {
      user,
      expiresAt: null,
      google: { issuer: identity.issuer, subject: identity.subject },
    });
    this.subjects.set(subjectKey(identity.issuer, identity.subject), account.id);
    this.writeBonus(account.id, 0, now, activation);
    return this.signedIn(account.id);
  }

  async setRole(email: string, role: Role): Promise<boolean> {
    const user = await this.findByEmail(email);
    if (!user) return false;
    (this.accounts.get(user.id) as AccountRow).user.role = role;
    return true;
  }

  async setPassword(userId: string, passwordHash: string, expectedSessionVersion: number): Promise<User> {
    const row = this.accounts.get(userId);
    if (!row || row.user.sessionVersion !== expectedSessionVersion) {
      throw new DomainError('SESSION_REVOKED', 'Your session has ended. Please log in again.');
    }
    row.user.passwordHash = passwordHash;
    row.user.sessionVersion += 1;
    return structuredClone(row.user);
  }

  async listLedger(userId: string, limit: number): Promise<LedgerEntry[]> {
    return this.ledgerOf(userId, () => true).slice(0, limit);
  }

  async listLedgerSecond(userId: string, createdAt: number): Promise<LedgerEntry[]> {
    return this.ledgerOf(userId, (e) => e.created_at === createdAt);
  }

  /** Newest first, by the sort key LEDGER#<created_at>#<order>#<entry id>. */
  private ledgerOf(userId: string, keep: (e: StoredLedgerEntry) => boolean): LedgerEntry[] {
    return this.ledger
      .filter((e) => e.userId === userId && keep(e))
      .sort(
        (a, b) =>
          b.created_at - a.created_at || b.order - a.order || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0),
      )
      .map(({ userId: _, order: __, ...entry }) => ({ ...entry }));
  }

  async listDelayedPayments(userId: string, _now: number): Promise<DelayedPaymentView[]> {
    return [...(this.delayed.get(userId) ?? [])]
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((p) => ({ ...p }));
  }

  // ---- Set-up for tests (what other writers put in the table: payments, operators, the privacy jobs) ----

  /** An active account with a password hash and tokens, as signup + activation + a payment would leave it. */
  seedActive(fields: Partial<User> & { id: string; email: string }): User {
    const user: User = {
      ...newUser({ id: fields.id, email: fields.email, lang: 'en', createdAt: this.clock.now() }),
      status: 'ACTIVE',
      ...fields,
    };
    this.accounts.set(user.id, { user: structuredClone(user), expiresAt: null, google: null });
    this.emails.set(user.email, { userId: user.id, expiresAt: null });
    return user;
  }

  /** Changes fields of a stored account (a payment's credit, a consent recorded elsewhere). */
  update(userId: string, fields: Partial<User>): void {
    const row = this.accounts.get(userId);
    if (!row) throw conditionFailed(`no account ${userId}`);
    Object.assign(row.user, structuredClone(fields));
  }

  /** Adds or replaces (by session) a pack paid by bank debit, as the webhook writes it. */
  addDelayedPayment(userId: string, payment: DelayedPaymentView): void {
    const others = (this.delayed.get(userId) ?? []).filter((p) => p.sessionId !== payment.sessionId);
    this.delayed.set(userId, [...others, { ...payment }]);
  }

  delayedPayment(userId: string, sessionId: string): DelayedPaymentView | null {
    const found = this.delayed.get(userId)?.find((p) => p.sessionId === sessionId);
    return found ? { ...found } : null;
  }

  removeDelayedPayment(userId: string, sessionId: string): void {
    this.delayed.set(
      userId,
      (this.delayed.get(userId) ?? []).filter((p) => p.sessionId !== sessionId),
    );
  }

  /** A ledger entry written by another port's transaction (billing's credits). */
  appendLedger(userId: string, entry: LedgerEntry, order = 0): void {
    this.ledger.push({ ...entry, userId, order });
  }

  /** Whether the mailbox has had its signup bonus (the BONUS# claim). */
  bonusClaimed(mailbox: string): boolean {
    return this.bonuses.has(mailbox);
  }

  // ---- The transactions' parts ----

  private checkActivation(owner: User, now: number, activation: Activation, failures: Failures): void {
    const row = this.accounts.get(owner.id);
    const stillPending =
      row?.user.status === 'PENDING' &&
      row.user.tokensLtd === owner.tokensLtd &&
      (row.expiresAt === null || row.expiresAt > now);
    if (!stillPending) failures.add('user');
    if (this.emails.get(owner.email)?.userId !== owner.id) failures.add('email');
    if (activation.bonusTokens > 0 && this.bonuses.has(activation.mailbox)) failures.add('bonus');
  }

  private activate(owner: User, now: number, activation: Activation): void {
    const row = this.accounts.get(owner.id) as AccountRow;
    row.user.status = 'ACTIVE';
    row.user.tokensLtd += activation.bonusTokens;
    row.expiresAt = null;
    (this.emails.get(owner.email) as EmailClaim).expiresAt = null;
    this.writeBonus(owner.id, owner.tokensLtd, now, activation);
  }

  private writeBonus(userId: string, balanceBefore: number, now: number, activation: Activation): void {
    const bonus = activation.bonusTokens;
    this.ledger.push({
      userId,
      order: 0,
      id: activation.ledgerEntryId,
      reason: bonus > 0 ? 'signup_bonus' : 'signup_bonus_already_claimed',
      pool: 'ltd',
      amount: bonus,
      balance_after: balanceBefore + bonus,
      created_at: now,
    });
    if (bonus > 0) this.bonuses.add(activation.mailbox);
  }

  private async signedIn(userId: string): Promise<RedeemResult> {
    const user = await this.getById(userId);
    return user ? { outcome: 'signed-in', user } : { outcome: 'invalid' };
  }
}

/** A lost transaction's answer: the bonus claim's condition alone means the mailbox already had it. */
function verdict(failures: Failures): RedeemResult | null {
  if (failures.size === 0) return null;
  if (failures.size === 1 && failures.has('bonus')) return { outcome: 'bonus-already-claimed' };
  return { outcome: 'invalid' };
}

const subjectKey = (issuer: string, subject: string) => `${issuer}#${subject}`;

/** An account as every account starts: pending, no tokens, no password, session version 1. */
function newUser(a: { id: string; email: string; lang: User['lang']; createdAt: number }): User {
  return {
    id: a.id,
    email: a.email,
    status: 'PENDING',
    role: 'user',
    lang: a.lang,
    tokensLtd: 0,
    tokensSubscription: 0,
    stripeCustomerId: null,
    passwordHash: null,
    sessionVersion: 1,
    createdAt: a.createdAt,
    photoConsent: null,
    deletePhotosAfterGeneration: false,
    batchFinishedEmail: true,
    googleSignIn: null,
  };
}
