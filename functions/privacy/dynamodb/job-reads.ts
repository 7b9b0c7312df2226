// Reading privacy jobs back by key: a deletion by its record key, an export in its owner's partition.
import { type DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { keys } from '#platform/dynamodb/keys.ts';
import type { DeletionJob, ExportJob } from '../domain/jobs.ts';
import type { PrivacyJobReads } from '../domain/ports.ts';
import { toDeletionJob, toExportJob } from './job-items.ts';

/** Exports read to find the latest: ids start with their time, older ones (random ids) may not sort. */
const RECENT_EXPORTS = 5;

export class DynamoPrivacyJobReads implements PrivacyJobReads {
  protected readonly db: DynamoDBDocumentClient;
  protected readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async deletion(ref: string): Promise<DeletionJob | null> {
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.deletionJob(ref), ConsistentRead: true }),
    );
    return res.Item ? toDeletionJob(res.Item) : null;
  }

  async recentExports(userId: string): Promise<ExportJob[]> {
    const res = await this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :export)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':export': keys.exportPrefix },
        ScanIndexForward: false,
        Limit: RECENT_EXPORTS,
        ConsistentRead: true,
      }),
    );
    return (res.Items ?? []).map(toExportJob).sort((a, b) => b.createdAt - a.createdAt);
  }

  async dataExport(userId: string, exportId: string): Promise<ExportJob | null> {
    const res = await this.db.send(
      new GetCommand({
        TableName: this.table,
        Key: keys.dataExport(userId, exportId),
        ConsistentRead: true,
      }),
    );
    return res.Item ? toExportJob(res.Item) : null;
  }
}
