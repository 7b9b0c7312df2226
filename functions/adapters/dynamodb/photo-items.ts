// Photo items as stored, checked on every read; and the read-only list that generation needs (the avatars
// and worker functions list photos but never write them).
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { QUALITY_HINTS } from '../../../shared/photo-rules.ts';
import type { PhotoRecord, PhotoStore } from '../../domain/photos/photo-ports.ts';
import { keys, TTL_ATTRIBUTE } from './keys.ts';

const Point = z.object({ x: z.number(), y: z.number() });

/** The face found at upload (biometric data: it lives on this item only, and goes with it). */
const PhotoFaceItem = z.object({
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  eyes: z.object({ left: Point, right: Point }),
  sharpness: z.number(),
  descriptor: z.array(z.number()),
});

export const PhotoItem = z.object({
  sk: z.string(),
  filename: z.string(),
  original_name: z.string(),
  size: z.number(),
  content_type: z.literal('image/jpeg'),
  width: z.number(),
  height: z.number(),
  hints: z.array(z.enum(QUALITY_HINTS)),
  face: z.optional(z.nullable(PhotoFaceItem)),
  uploaded_at: z.number(),
  [TTL_ATTRIBUTE]: z.number(),
});
export type PhotoItem = z.infer<typeof PhotoItem>;

export const toRecord = (i: PhotoItem): PhotoRecord => ({
  filename: i.filename,
  originalName: i.original_name,
  size: i.size,
  contentType: i.content_type,
  width: i.width,
  height: i.height,
  hints: i.hints,
  face: i.face ?? null,
  uploadedAt: i.uploaded_at,
  expiresAt: i[TTL_ATTRIBUTE],
});

export class DynamoPhotoLister implements Pick<PhotoStore, 'list'> {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async list(userId: string, now: number): Promise<PhotoRecord[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.photoPrefix },
        ConsistentRead: true,
      }),
    );
    return (res.Items ?? [])
      .map((raw) => PhotoItem.parse(raw))
      .filter((i) => i[TTL_ATTRIBUTE] > now)
      .map(toRecord);
  }
}
