// Photo records live in the account's partition, one per place: an account has exactly maxPhotos places
// (`PHOTO#00`…), and a photo takes a place with a conditional put (free, or held by an expired photo).
// So the limit holds under concurrent uploads without a counter that TTL deletions would leave wrong.
import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { PhotoConsentRecord } from '#platform/domain/ports.ts';
import {
  failedConditions,
  isConditionFailure,
  isTransactionConflict,
} from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import type { AddResult, NewPhoto, PhotoRecord, PhotoStore, UploadClaim } from '../domain/ports.ts';
import { PhotoItem, readPhotoItems, toRecord } from './photo-items.ts';

const slotOf = (sk: string) => Number(sk.slice(keys.photoPrefix.length));

/** Concurrent uploads of one account race for places; each loser looks again this many times. */
const PLACE_ATTEMPTS = 5;

export class DynamoPhotoStore extends DynamoUserReader implements PhotoStore {
  /**
   * Every photo item of the account, expired ones included (TTL deletes them within days); `malformed` gets the
   * places of items that could not be read (photo-items.ts).
   */
  private async items(userId: string, malformed: string[] = []): Promise<PhotoItem[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.photoPrefix },
        // Read-your-writes: the list right after an upload shows it.
        ConsistentRead: true,
      }),
    );
    return readPhotoItems(res.Items ?? [], malformed);
  }

  async list(userId: string, now: number): Promise<PhotoRecord[]> {
    return (await this.items(userId)).filter((i) => i[TTL_ATTRIBUTE] > now).map(toRecord);
  }

  async add(
    userId: string,
    photo: NewPhoto,
    maxPhotos: number,
    now: number,
    claim?: UploadClaim,
  ): Promise<AddResult> {
    for (let attempt = 0; attempt < PLACE_ATTEMPTS; attempt++) {
      const malformed: string[] = [];
      const live = (await this.items(userId, malformed)).filter((i) => i[TTL_ATTRIBUTE] > now);
      // A place whose item cannot be read is not known to be free: its put would fail its condition anyway.
      const taken = new Set([...live, ...malformed.map((sk) => ({ sk }))].map((i) => slotOf(i.sk)));
      const slot = Array.from({ length: maxPhotos }, (_, i) => i).find((i) => !taken.has(i));
      if (slot === undefined) return 'limit';
      const place = {
        TableName: this.table,
        Item: {
          ...keys.photo(userId, slot),
          filename: photo.filename,
          original_name: photo.originalName,
          size: photo.size,
          content_type: photo.contentType,
          width: photo.width,
          height: photo.height,
          hints: photo.hints,
          face: photo.face,
          ...(photo.measures ? { measures: photo.measures } : {}),
          uploaded_at: photo.uploadedAt,
          [TTL_ATTRIBUTE]: photo.expiresAt,
        },
        ConditionExpression: 'attribute_not_exists(pk) OR #ttl <= :now',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':now': now },
      };
      try {
        if (!claim) await this.db.send(new PutCommand(place));
        else {
          await this.db.send(
            new TransactWriteCommand({
              TransactItems: [
                { Put: place },
                {
                  Put: {
                    TableName: this.table,
                    Item: {
                      ...keys.uploadClaim(userId, claim.uploadId),
                      filename: photo.filename,
                      [TTL_ATTRIBUTE]: claim.expiresAt,
                    },
                    ConditionExpression: 'attribute_not_exists(pk)',
                  },
                },
              ],
            }),
          );
        }
        return 'added';
      } catch (e) {
        if (claim && failedConditions(e).includes(1)) {
          const claimedBy = (await this.claimedUploads(userId, [claim.uploadId])).get(claim.uploadId);
          if (claimedBy) return { claimedBy };
        }
        if (!isConditionFailure(e) && !isTransactionConflict(e)) throw e;
      }
    }
    throw new Error(`No free photo place for ${userId} after ${PLACE_ATTEMPTS} attempts`);
  }

  async claimedUploads(userId: string, uploadIds: readonly string[]): Promise<Map<string, string>> {
    const found = await Promise.all(
      uploadIds.map(async (uploadId) => {
        const res = await this.db.send(
          new GetCommand({
            TableName: this.table,
            Key: keys.uploadClaim(userId, uploadId),
            ConsistentRead: true,
          }),
        );
        const filename = res.Item?.filename;
        return typeof filename === 'string' ? ([uploadId, filename] as const) : null;
      }),
    );
    return new Map(found.filter((f) => f !== null));
  }

  async remove(userId: string, filename: string, now: number): Promise<PhotoRecord | null> {
    const item = (await this.items(userId)).find((i) => i.filename === filename && i[TTL_ATTRIBUTE] > now);
    if (!item) return null;
    try {
      const res = await this.db.send(
        new DeleteCommand({
          TableName: this.table,
          Key: keys.photo(userId, slotOf(item.sk)),
          // The place may have been taken by another photo meanwhile: delete only this one.
          ConditionExpression: 'filename = :filename',
          ExpressionAttributeValues: { ':filename': filename },
          ReturnValues: 'ALL_OLD',
        }),
      );
      return res.Attributes ? toRecord(PhotoItem.parse(res.Attributes)) : null;
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }

  async setConsent(userId: string, consent: PhotoConsentRecord): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.user(userId),
        UpdateExpression: 'SET photo_consent = :consent',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: {
          ':consent': {
            processing: consent.processing,
            rights: consent.rights,
            version: consent.version,
            updated_at: consent.updatedAt,
          },
        },
      }),
    );
  }

  async setDeleteAfterGeneration(userId: string, on: boolean): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.user(userId),
        UpdateExpression: 'SET delete_photos_after_generation = :on',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': on },
      }),
    );
  }
}
