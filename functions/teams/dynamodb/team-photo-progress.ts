// The photo functions' one write to a team (functions/photos/domain/team-photo-progress.ts): until when a member's
// kept photos are enough, on their row, found by their pointer (two reads by key, one conditional update;
// nothing for someone in no team). Apart from team-store.ts so the photo bundles carry only this.
import { type DynamoDBDocumentClient, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys, TTL_ATTRIBUTE } from '#platform/dynamodb/keys.ts';
import type { MemberPhotos, TeamPhotoProgress } from '../../photos/public.ts';

/**
 * A joining person's kept photos, only their expiries (the photo store's places, photo-store.ts): one Query
 * of the account's own partition, so the teams bundle carries no photo writes.
 */
export class DynamoMemberPhotos implements MemberPhotos {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async list(userId: string, now: number): Promise<{ expiresAt: number }[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ProjectionExpression: '#ttl',
        ExpressionAttributeNames: { '#ttl': TTL_ATTRIBUTE },
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.photoPrefix },
        ConsistentRead: true,
      }),
    );
    return (res.Items ?? [])
      .map((i) => ({ expiresAt: Number(i[TTL_ATTRIBUTE] ?? 0) }))
      .filter((p) => p.expiresAt > now);
  }
}

export class DynamoTeamPhotoProgress implements TeamPhotoProgress {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;
  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async setPhotosReadyUntil(userId: string, until: number | null): Promise<void> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.teamMembership(userId), ConsistentRead: true }),
    );
    const pointer = res.Item;
    if (!pointer) return;
    // Only the member's own row while they are in the team: a row left behind is never written again.
    await writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.teamMember(String(pointer.team_id), String(pointer.member_id)),
          UpdateExpression: until === null ? 'REMOVE photos_ready_until' : 'SET photos_ready_until = :until',
          ConditionExpression: 'user_id = :user AND attribute_not_exists(left_at)',
          ExpressionAttributeValues: { ':user': userId, ...(until === null ? {} : { ':until': until }) },
        }),
      ),
    );
  }
}
