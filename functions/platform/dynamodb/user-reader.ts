// Reads accounts back, checked, so a malformed item fails loudly instead of leaking into a response.
import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { LANGUAGES } from '#shared/language.ts';
import type { User, UserReader } from '../domain/ports.ts';
import { keys } from './keys.ts';

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
  photo_consent: z.optional(
    z.object({ processing: z.boolean(), rights: z.boolean(), version: z.string(), updated_at: z.number() }),
  ),
  delete_photos_after_generation: z.optional(z.boolean()),
  batch_email: z.optional(z.boolean()),
  google_sign_in: z.optional(
    z.object({ issuer: z.string(), subject: z.string(), email: z.string(), linked_at: z.number() }),
  ),
});

export function toUser(item: unknown): User {
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
    photoConsent: u.photo_consent
      ? {
          processing: u.photo_consent.processing,
          rights: u.photo_consent.rights,
          version: u.photo_consent.version,
          updatedAt: u.photo_consent.updated_at,
        }
      : null,
    deletePhotosAfterGeneration: u.delete_photos_after_generation ?? false,
    batchFinishedEmail: u.batch_email ?? true,
    googleSignIn: u.google_sign_in
      ? { email: u.google_sign_in.email, linkedAt: u.google_sign_in.linked_at }
      : null,
  };
}

/**
 * The account an item holds, or null; an account being deleted reads as gone (privacy-jobs: job-records.ts),
 * so from the deletion's request on no session resolves and no sign-in (password, link, Google) finds it.
 */
export const liveUser = (item: Record<string, unknown> | undefined): User | null =>
  item && item.deletion_job === undefined ? toUser(item) : null;

export class DynamoUserReader implements UserReader {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  /** The account; null when there is none or it is being deleted (liveUser). */
  async getById(id: string): Promise<User | null> {
    const res = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.user(id) }));
    return liveUser(res.Item);
  }
}
