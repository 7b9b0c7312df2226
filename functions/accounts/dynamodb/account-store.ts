import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { DomainError } from '#platform/domain/errors.ts';
import type { Role, User } from '#platform/domain/ports.ts';
import { failedConditions, isConditionFailure } from '#platform/dynamodb/conditions.ts';
import { keys, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { queryPages } from '#platform/dynamodb/query-pages.ts';
import { DynamoUserReader, toUser } from '#platform/dynamodb/user-reader.ts';
import { LEDGER_REASONS, type LedgerEntry } from '#shared/api/accounts.ts';
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
} from '../domain/ports.ts';
import { activationWrites, type TransactItem } from './activation-writes.ts';
import { listDelayedPayments } from './delayed-payment-list.ts';
import { googleAccountWrites, googleLinkWrites, newAccountItem } from './google-sign-in-writes.ts';

const LedgerItem = z.object({
  entry_id: z.string(),
  reason: z.enum(LEDGER_REASONS),
  pool: z.enum(['ltd', 'subscription']),
  amount: z.number(),
  balance_after: z.number(),
  created_at: z.number(),
});

const LinkItem = z.object({
  user_id: z.string(),
  link_expires_at: z.number(),
  activated_signup_bonus: z.optional(z.number()),
  browser_hash: z.optional(z.string()),
  browser_from: z.optional(z.enum(['google-sign-in', 'link-request'])),
});

export class DynamoAccountStore extends DynamoUserReader implements AccountStore {
  async createPendingAccount(a: NewAccount): Promise<User> {
    const item = { ...newAccountItem(a), [TTL_ATTRIBUTE]: a.expiresAt };
    try {
      // The EMAIL# item makes the address unique: of concurrent signups exactly one transaction wins. A
      // claim held by a pending account past its expiry is free (TTL deletes it only within a few days).
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.email(a.email),
                  user_id: a.id,
                  ...ownedBy(a.id),
                  [TTL_ATTRIBUTE]: a.expiresAt,
                },
                ConditionExpression: 'attribute_not_exists(pk) OR #ttl < :now',
                ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
                ExpressionAttributeValues: { ':now': a.createdAt },
              },
            },
            { Put: { TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
          ],
        }),
      );
    } catch (e) {
      if (isConditionFailure(e)) throw new DomainError('EMAIL_TAKEN', 'This email is already registered.');
      throw e;
    }
    return toUser(item);
  }

  async findByEmail(email: string): Promise<User | null> {
    const ref = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.email(email) }));
    const userId = ref.Item?.user_id;
    // A pending account past its expiry is gone, whether or not TTL has deleted it yet.
    const expiresAt = ref.Item?.[TTL_ATTRIBUTE];
    if (typeof expiresAt === 'number' && expiresAt < Math.floor(Date.now() / 1000)) return null;
    return typeof userId === 'string' ? this.getById(userId) : null;
  }

  async saveLoginLink(link: LoginLinkRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.loginLink(link.tokenHash),
          user_id: link.userId,
          ...ownedBy(link.userId),
          link_expires_at: link.expiresAt,
          ...(link.activation ? { activated_signup_bonus: link.activation.signupBonus } : {}),
          ...(link.browser ? { browser_hash: link.browser.hash, browser_from: link.browser.from } : {}),
          // TTL removes old links eventually; expiry itself is enforced by the condition on redeem.
          [TTL_ATTRIBUTE]: link.expiresAt + 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async findLinkOwner(tokenHash: string, now: number): Promise<User | null> {
    return (await this.findLink(tokenHash, now))?.owner ?? null;
  }

  async findLink(tokenHash: string, now: number): Promise<LoginLinkFound | null> {
    const found = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.loginLink(tokenHash) }),
    );
    if (!found.Item) return null;
    const link = LinkItem.parse(found.Item);
    if (link.link_expires_at <= now) return null;
    const owner = await this.getById(link.user_id);
    if (!owner) return null;
    const bonus = link.activated_signup_bonus;
    const { browser_hash: hash, browser_from: from } = link;
    return {
      owner,
      activation: bonus === undefined ? null : { signupBonus: bonus },
      browser: hash && from ? { hash, from } : null,
    };
  }

  async redeemLoginLink(
    tokenHash: string,
    owner: User,
    now: number,
    activation: Activation | null,
  ): Promise<RedeemResult> {
    const uid = owner.id;
    // Deleting the link under a condition is what makes it single-use, even for concurrent clicks.
    const items: TransactItem[] = [
      {
        Delete: {
          TableName: this.table,
          Key: keys.loginLink(tokenHash),
          ConditionExpression: 'attribute_exists(pk) AND link_expires_at > :now AND user_id = :uid',
          ExpressionAttributeValues: { ':now': now, ':uid': uid },
        },
      },
    ];
    let bonusIndex = -1;
    if (activation) {
      const activating = activationWrites(this.table, owner, now, activation);
      if (activating.bonusAt >= 0) bonusIndex = items.length + activating.bonusAt;
      items.push(...activating.items);
    } else {
      items.push({
        ConditionCheck: {
          TableName: this.table,
          Key: keys.user(uid),
          ConditionExpression: '#status = :active',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':active': 'ACTIVE' },
        },
      });
    }
    return this.signInWrites(items, bonusIndex, uid);
  }

  async findByGoogleSubject(issuer: string, subject: string): Promise<User | null> {
    const claim = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.googleSubject(issuer, subject) }),
    );
    const userId = claim.Item?.user_id;
    return typeof userId === 'string' ? this.getById(userId) : null;
  }

  linkGoogleSignIn(
    owner: User,
    identity: VerifiedIdentity,
    now: number,
    activation: Activation | null,
  ): Promise<RedeemResult> {
    const { items, bonusAt } = googleLinkWrites(this.table, owner, identity, now, activation);
    return this.signInWrites(items, bonusAt, owner.id);
  }

  createGoogleAccount(
    account: NewGoogleAccount,
    identity: VerifiedIdentity,
    activation: Activation,
  ): Promise<RedeemResult> {
    const { items, bonusAt } = googleAccountWrites(this.table, account, identity, activation);
    return this.signInWrites(items, bonusAt, account.id);
  }

  /**
   * One transaction that ends with `userId` signed in: a lost condition is 'invalid', except the BONUS#
   * claim's alone, which means the mailbox already had its bonus (nothing was written).
   */
  private async signInWrites(
    items: TransactItem[],
    bonusIndex: number,
    userId: string,
  ): Promise<RedeemResult> {
    try {
      await this.db.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      const failed = failedConditions(e);
      if (failed.length === 1 && failed[0] === bonusIndex) return { outcome: 'bonus-already-claimed' };
      if (isConditionFailure(e)) return { outcome: 'invalid' };
      throw e;
    }
    const user = await this.getById(userId);
    return user ? { outcome: 'signed-in', user } : { outcome: 'invalid' };
  }

  async setRole(email: string, role: Role): Promise<boolean> {
    const user = await this.findByEmail(email);
    if (!user) return false;
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.user(user.id),
        UpdateExpression: 'SET #role = :role',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeNames: { '#role': 'role' },
        ExpressionAttributeValues: { ':role': role },
      }),
    );
    return true;
  }

  async setPassword(userId: string, passwordHash: string, expectedSessionVersion: number): Promise<User> {
    try {
      const res = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.user(userId),
          UpdateExpression: 'SET password_hash = :hash, session_version = session_version + :one',
          ConditionExpression: 'session_version = :expected',
          ExpressionAttributeValues: {
            ':hash': passwordHash,
            ':one': 1,
            ':expected': expectedSessionVersion,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toUser(res.Attributes);
    } catch (e) {
      if (isConditionFailure(e)) {
        throw new DomainError('SESSION_REVOKED', 'Your session has ended. Please log in again.');
      }
      throw e;
    }
  }

  listDelayedPayments(userId: string, now: number): Promise<DelayedPaymentView[]> {
    return listDelayedPayments(this.db, this.table, userId, now);
  }

  listLedger(userId: string, limit: number): Promise<LedgerEntry[]> {
    return this.queryLedger(userId, keys.ledgerPrefix, limit);
  }

  listLedgerSecond(userId: string, createdAt: number): Promise<LedgerEntry[]> {
    return this.queryLedger(userId, keys.ledgerSecondPrefix(createdAt));
  }

  /** Newest first by sort key: one Query of `limit` entries, or without a limit every page. */
  private async queryLedger(userId: string, prefix: string, limit?: number): Promise<LedgerEntry[]> {
    const entries: LedgerEntry[] = [];
    for await (const items of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': prefix },
      ScanIndexForward: false,
      Limit: limit,
    })) {
      entries.push(...items.map(toLedgerEntry));
      if (limit !== undefined) break;
    }
    return entries;
  }
}

function toLedgerEntry(raw: Record<string, unknown>): LedgerEntry {
  const e = LedgerItem.parse(raw);
  return {
    id: e.entry_id,
    reason: e.reason,
    pool: e.pool,
    amount: e.amount,
    balance_after: e.balance_after,
    created_at: e.created_at,
  };
}
