// Capture links (functions/photos/domain/capture-links.ts) in the table, read by key only
// (docs/data-model.md, "Capture links"): the account's one link item in its partition, and a lookup item by the
// code's SHA-256 that names the account. The lookup is never trusted alone: every write to a link is
// conditioned on the link item's code hash, so a replaced link's code changes nothing. The photos added through
// a link are a counter on its item, moved by conditional updates only.
import {
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, ownedBy, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { LANGUAGES } from '#shared/language.ts';
import type { CaptureLinkEnd, CaptureLinkRecord, CaptureLinkStore } from '../domain/ports.ts';

const LinkItem = z.object({
  user_id: z.string(),
  link_id: z.string(),
  code_hash: z.string(),
  language: z.enum(LANGUAGES),
  created_at: z.number(),
  ends_at: z.number(),
  device_hash: z.optional(z.string()),
  photos_added: z.number(),
  ended: z.optional(z.enum(['revoked', 'photo-limit'])),
  session_version: z.number(),
});

/** Reserving places races other confirms of the same link; each loser looks again this many times. */
const RESERVE_ATTEMPTS = 6;

export class DynamoCaptureLinkStore implements CaptureLinkStore {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async put(link: CaptureLinkRecord, keepUntil: number): Promise<void> {
    await this.db.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: this.table,
              Item: {
                ...keys.captureLink(link.userId),
                user_id: link.userId,
                link_id: link.linkId,
                code_hash: link.codeHash,
                language: link.language,
                created_at: link.createdAt,
                // expires_at is the table's TTL (keepUntil): the link itself stops working at ends_at.
                ends_at: link.expiresAt,
                ...(link.deviceHash ? { device_hash: link.deviceHash } : {}),
                photos_added: link.photosAdded,
                ...(link.ended ? { ended: link.ended } : {}),
                session_version: link.sessionVersion,
                [TTL_ATTRIBUTE]: keepUntil,
              },
            },
          },
          {
            Put: {
              TableName: this.table,
              // Outside the account's partition: owned_by finds it when the account is deleted or exported.
              Item: {
                ...keys.captureCode(link.codeHash),
                user_id: link.userId,
                ...ownedBy(link.userId),
                [TTL_ATTRIBUTE]: keepUntil,
              },
              // A code is made once: two links never share one.
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
  }

  async current(userId: string): Promise<CaptureLinkRecord | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.captureLink(userId), ConsistentRead: true }),
    );
    if (!res.Item) return null;
    const i = LinkItem.parse(res.Item);
    return {
      userId: i.user_id,
      linkId: i.link_id,
      codeHash: i.code_hash,
      language: i.language,
      createdAt: i.created_at,
      expiresAt: i.ends_at,
      deviceHash: i.device_hash ?? null,
      photosAdded: i.photos_added,
      ended: i.ended ?? null,
      sessionVersion: i.session_version,
    };
  }

  async ownerOf(codeHash: string): Promise<string | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.captureCode(codeHash), ConsistentRead: true }),
    );
    const owner = res.Item?.user_id;
    return typeof owner === 'string' ? owner : null;
  }

  async bindDevice(userId: string, codeHash: string, deviceHash: string): Promise<'bound' | 'taken'> {
    const bound = await writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.captureLink(userId),
          UpdateExpression: 'SET device_hash = :device',
          ConditionExpression: 'code_hash = :code AND attribute_not_exists(device_hash)',
          ExpressionAttributeValues: { ':device': deviceHash, ':code': codeHash },
        }),
      ),
    );
    return bound ? 'bound' : 'taken';
  }

  end(userId: string, codeHash: string, reason: CaptureLinkEnd): Promise<boolean> {
    return writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.captureLink(userId),
          UpdateExpression: 'SET ended = :reason',
          ConditionExpression: 'code_hash = :code AND attribute_not_exists(ended)',
          ExpressionAttributeValues: { ':reason': reason, ':code': codeHash },
        }),
      ),
    );
  }

  async reserve(userId: string, codeHash: string, wanted: number, max: number, now: number): Promise<number> {
    let count = Math.min(wanted, max);
    for (let attempt = 0; attempt < RESERVE_ATTEMPTS && count > 0; attempt++) {
      // The count and the link's state are decided by the condition, never by what was read.
      const written = await writtenUnlessConditionFails(
        this.db.send(
          new UpdateCommand({
            TableName: this.table,
            Key: keys.captureLink(userId),
            UpdateExpression: 'ADD photos_added :count',
            ConditionExpression:
              'code_hash = :code AND attribute_not_exists(ended) AND ends_at > :now AND photos_added <= :room',
            ExpressionAttributeValues: {
              ':count': count,
              ':code': codeHash,
              ':now': now,
              ':room': max - count,
            },
          }),
        ),
      );
      if (written) return count;
      // Lost: fewer places left than asked, or the link is over. Ask for what is left, if anything.
      const link = await this.current(userId);
      if (!link || link.codeHash !== codeHash || link.ended || link.expiresAt <= now) return 0;
      count = Math.min(wanted, max - link.photosAdded);
    }
    return 0;
  }

  async release(userId: string, codeHash: string, count: number): Promise<void> {
    if (count <= 0) return;
    await writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.captureLink(userId),
          UpdateExpression: 'ADD photos_added :back',
          ConditionExpression: 'code_hash = :code AND photos_added >= :count',
          ExpressionAttributeValues: { ':back': -count, ':code': codeHash, ':count': count },
        }),
      ),
    );
  }
}
