// Recent task durations (functions/generation/domain/task-progress.ts) in one stage-wide item: each finished
// task writes its sample into one of a fixed number of places (`s00`…`s15`), so the item never grows, a
// write is one UpdateItem without a condition (the last one wins a place, as a sample should), and the
// gallery reads every place with one GetItem. Each place is checked when read: a bad one is skipped.
import { type DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { keys } from '#platform/dynamodb/keys.ts';
import { DURATION_SLOTS, type DurationSample, type TaskDurations } from '../domain/task-progress.ts';

const Sample = z.object({
  queued: z.number().check(z.gte(0)),
  generating: z.number().check(z.gte(0)),
  finishing: z.number().check(z.gte(0)),
  at: z.number(),
});

const place = (slot: number) => `s${String(slot).padStart(2, '0')}`;

export class DynamoTaskDurations implements TaskDurations {
  private readonly db: DynamoDBDocumentClient;
  private readonly table: string;

  constructor(db: DynamoDBDocumentClient, table: string) {
    this.db = db;
    this.table = table;
  }

  async record(slot: number, sample: DurationSample): Promise<void> {
    if (!Number.isInteger(slot) || slot < 0 || slot >= DURATION_SLOTS) throw new Error(`No place ${slot}`);
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.taskDurations,
        UpdateExpression: 'SET #place = :sample',
        ExpressionAttributeNames: { '#place': place(slot) },
        ExpressionAttributeValues: { ':sample': Sample.parse(sample) },
      }),
    );
  }

  async recent(): Promise<DurationSample[]> {
    const res = await this.db.send(new GetCommand({ TableName: this.table, Key: keys.taskDurations }));
    const samples: DurationSample[] = [];
    for (let slot = 0; slot < DURATION_SLOTS; slot++) {
      const parsed = Sample.safeParse(res.Item?.[place(slot)]);
      if (parsed.success) samples.push(parsed.data);
    }
    return samples;
  }
}
