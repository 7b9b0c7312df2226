import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { LANGUAGES, LEDGER_REASONS, type LedgerEntry } from '../../../shared/api-schemas.ts';
import { DomainError } from '../../domain/errors.ts';
import type { AccountStore, LoginLinkRecord, NewAccount, User } from '../../domain/ports.ts';
import { keys, TTL_ATTRIBUTE } from './keys.ts';

// What we read back is checked, so a malformed item fails loudly instead of leaking into a response.
const UserItem = z.object({
  id: z.string(),
  email: z.string(),
  status: z.enum(['PENDING', 'ACTIVE']),
  role: z.enum(['user', 'admin']),
  lang: z.enum(LANGUAGES),
  tokens_ltd: z.number(),
  tokens_subscription: z.number(),
  stripe_customer_id: z.optional(z.nullable(z.string())),
  password_hash: z.optional(z.nullable(z.string())),
  session_version: z.number(),
  created_at: z.number(),
});

const LedgerItem = z.object({
  entry_id: z.string(),
  reason: z.enum(LEDGER_REASONS),
  pool: z.enum(['ltd', 'subscription']),
  amount: z.number(),
  balance_after: z.number(),
  created_at: z.number(),
});

const LinkItem = z.object({ user_id: z.string(), link_expires_at: z.number() });

function toUser(item: unknown): User {
  const u = UserItem.parse(item);
  return {
    id: u.id,
    email: u.email,
    status: u.status,
    role: u.role,
    lang: u.lang,
    tokensLtd: u.tokens_ltd,
    tokensSubscription: u.tokens_subscription,
    stripeCustomerId: u.stripe_customer_id ?? null,
    passwordHash: u.password_hash ?? null,
    sessionVersion: u.session_version,
    createdAt: u.created_at,
  };
}

const isConditionFailure = (e: unknown): boolean =>
  (e instanceof TransactionCanceledException &&
    (e.CancellationReasons ?? []).some((r) => r.Code === 'ConditionalCheckFailed')) ||
  (e instanceof Error && e.name === 'ConditionalCheckFailedException');

export class DynamoAccountStore implements AccountStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  private readonly adminEmails: ReadonlySet<string>;

  constructor(db: DynamoDBDocumentClient, table: string, adminEmails: readonly string[] = []) {
    this.db = db;
    this.table = table;
    this.adminEmails = new Set(adminEmails);
  }

  async createPendingAccount(a: NewAccount): Promise<User> {
    const item = {
      ...keys.user(a.id),
      id: a.id,
      email: a.email,
      status: 'PENDING',
      role: this.adminEmails.has(a.email) ? 'admin' : 'user',
      lang: a.lang,
      tokens_ltd: a.signupBonus,
      tokens_subscription: 0,
      stripe_customer_id: null,
      password_hash: null,
      session_version: 1,
      created_at: a.createdAt,
    };
    try {
      // The EMAIL# item makes the address unique: of concurrent signups exactly one transaction wins.
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: this.table,
                Item: { ...keys.email(a.email), user_id: a.id },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
            { Put: { TableName: this.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Put: {
                TableName: this.table,
                Item: {
                  ...keys.ledger(a.id, a.createdAt, a.ledgerEntryId),
                  entry_id: a.ledgerEntryId,
                  reason: 'signup_bonus',
                  pool: 'ltd',
                  amount: a.signupBonus,
                  balance_after: a.signupBonus,
                  created_at: a.createdAt,
                },
                ConditionExpression: 'attribute_not_exists(pk)',
              },
            },
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
    return typeof userId === 'string' ? this.getById(userId) : null;
  }

  async getById(id: string): Promise<User | null> {
    const res = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.user(id) }));
    return res.Item ? toUser(res.Item) : null;
  }

  async saveLoginLink(link: LoginLinkRecord): Promise<void> {
    await this.db.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...keys.loginLink(link.tokenHash),
          user_id: link.userId,
          link_expires_at: link.expiresAt,
          // TTL removes old links eventually; expiry itself is enforced by the condition on redeem.
          [TTL_ATTRIBUTE]: link.expiresAt + 86_400,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async redeemLoginLink(tokenHash: string, now: number): Promise<User | null> {
    const found = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.loginLink(tokenHash) }),
    );
    if (!found.Item) return null;
    const link = LinkItem.parse(found.Item);
    if (link.link_expires_at <= now) return null;
    try {
      // Deleting the link under a condition is what makes it single-use, even for concurrent clicks.
      await this.db.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Delete: {
                TableName: this.table,
                Key: keys.loginLink(tokenHash),
                ConditionExpression: 'attribute_exists(pk) AND link_expires_at > :now AND user_id = :uid',
                ExpressionAttributeValues: { ':now': now, ':uid': link.user_id },
              },
            },
            {
              Update: {
                TableName: this.table,
                Key: keys.user(link.user_id),
                UpdateExpression: 'SET #status = :active',
                ConditionExpression: 'attribute_exists(pk)',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':active': 'ACTIVE' },
              },
            },
          ],
        }),
      );
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
    return this.getById(link.user_id);
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

  async listLedger(userId: string, limit: number): Promise<LedgerEntry[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.ledgerPrefix },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((raw) => {
      const e = LedgerItem.parse(raw);
      return {
        id: e.entry_id,
        reason: e.reason,
        pool: e.pool,
        amount: e.amount,
        balance_after: e.balance_after,
        created_at: e.created_at,
      };
    });
  }
}
