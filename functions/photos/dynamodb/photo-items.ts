// Photo items as stored, checked on every read; and the read-only list that generation needs (the avatars
// and worker functions list photos but never write them).
import { type DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { logger } from '#platform/observability/logger.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { QUALITY_HINTS } from '#shared/photo-rules.ts';
import type { PhotoRecord, PhotoStore } from '../domain/ports.ts';

const Point = z.object({ x: z.number(), y: z.number() });

/** The face found at upload (biometric data: it lives on this item only, and goes with it). */
const PhotoFaceItem = z.object({
  box: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  eyes: z.object({ left: Point, right: Point }),
  sharpness: z.number(),
  descriptor: z.array(z.number()),
});

/** What the quality score reads beyond the face (functions/photos/domain/faces/face-measures.ts): figures, no landmark. */
const PhotoMeasuresItem = z.object({
  faceLuma: z.number(),
  aroundLuma: z.number(),
  eyesLuma: z.number(),
  lightSide: z.number(),
  yaw: z.number(),
  pitch: z.number(),
  eyeOpening: z.number(),
  smile: z.number(),
  mouthOpen: z.number(),
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
  measures: z.optional(PhotoMeasuresItem),
  uploaded_at: z.number(),
  [TTL_ATTRIBUTE]: z.number(),
});
export type PhotoItem = z.infer<typeof PhotoItem>;

/**
 * The photo items of a Query that match their shape. One malformed item must not take the account's whole list
 * down (a 500 on every screen that lists photos): it is skipped, logged by its key and the paths that failed
 * (never its values: a face descriptor may be among them), and counted (alarm MalformedItems,
 * docs/operations.md). `malformed` gets the sort keys skipped, so a writer can still treat their places as taken.
 */
export function readPhotoItems(raw: Record<string, unknown>[], malformed: string[] = []): PhotoItem[] {
  return raw.flatMap((item) => {
    const parsed = PhotoItem.safeParse(item);
    if (parsed.success) return [parsed.data];
    const sk = typeof item.sk === 'string' ? item.sk : '(no sort key)';
    malformed.push(sk);
    logger().error('malformed photo item skipped', {
      pk: typeof item.pk === 'string' ? item.pk : null,
      sk,
      paths: parsed.error.issues.map((i) => i.path.join('.')),
    });
    businessMetrics.record('MalformedItems');
    return [];
  });
}

export const toRecord = (i: PhotoItem): PhotoRecord => ({
  filename: i.filename,
  originalName: i.original_name,
  size: i.size,
  contentType: i.content_type,
  width: i.width,
  height: i.height,
  hints: i.hints,
  face: i.face ?? null,
  ...(i.measures ? { measures: i.measures } : {}),
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
    return readPhotoItems(res.Items ?? [])
      .filter((i) => i[TTL_ATTRIBUTE] > now)
      .map(toRecord);
  }
}
