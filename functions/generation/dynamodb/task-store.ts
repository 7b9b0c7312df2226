// Avatar tasks and batches in the one table (docs/data-model.md): tasks and batches in their owner's
// partition, pending tasks also in gsi1 by deadline for the sweeper. Status changes are conditional writes.
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailure, writtenUnlessConditionFails } from '#platform/dynamodb/conditions.ts';
import { keys } from '#platform/dynamodb/keys.ts';
import { queryPages } from '#platform/dynamodb/query-pages.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import {
  type CompleteOutcome,
  type CreateBatchOutcome,
  type CreateEditOutcome,
  type DoneResult,
  type FinishedBatch,
  isWithheld,
  type KeepOutcome,
  type NewBatch,
  type NewEdit,
  type TaskCounts,
  type TaskErrorCode,
  type TaskPage,
  type TaskRecord,
  type TaskStatus,
  type TaskStore,
} from '../domain/tasks.ts';
import { createEdit } from './task-edits.ts';
import { SUMMARY_ATTRIBUTES, toSummary, toTask } from './task-items.ts';
import { keepTask } from './task-keep.ts';
import { completeTask, createBatch, type FailOptions, failTask } from './task-money.ts';

const TASK_ID = /^[A-Za-z0-9-]{1,64}$/;
const STATUS = { '#status': 'status' };
/** Tasks read per Query while looking for favourites. */
const FAVOURITES_READ_PAGE = 200;

export class DynamoTaskStore extends DynamoUserReader implements TaskStore {
  createBatch(batch: NewBatch): Promise<CreateBatchOutcome> {
    return createBatch(this.db, this.table, batch);
  }

  createEdit(edit: NewEdit): Promise<CreateEditOutcome> {
    return createEdit(this.db, this.table, edit);
  }

  async get(userId: string, taskId: string): Promise<TaskRecord | null> {
    if (!TASK_ID.test(taskId)) return null;
    const res = await this.db.send(
      new GetCommand({ TableName: this.table, Key: keys.task(userId, taskId), ConsistentRead: true }),
    );
    return res.Item ? toTask(res.Item) : null;
  }

  async list(userId: string, limit: number, after: string | null): Promise<TaskPage> {
    const res = await this.querySummaries(userId, limit, after);
    const tasks = (res.Items ?? []).map(toSummary);
    return { tasks, next: res.LastEvaluatedKey ? (tasks.at(-1)?.id ?? null) : null };
  }

  /**
   * The account's task summaries filtered on the star (a Query of its own partition, read page by page until
   * `limit` favourites are found): it reads every task it passes, as "Download all" does (docs/data-model.md).
   */
  async listFavourites(userId: string, limit: number, after: string | null): Promise<TaskPage> {
    const tasks: TaskPage['tasks'] = [];
    let from = after;
    for (;;) {
      const res = await this.querySummaries(
        userId,
        FAVOURITES_READ_PAGE,
        from,
        'attribute_exists(favourite_at)',
      );
      for (const item of res.Items ?? []) {
        tasks.push(toSummary(item));
        if (tasks.length === limit) return { tasks, next: tasks.at(-1)?.id ?? null };
      }
      const last = res.LastEvaluatedKey?.sk;
      if (typeof last !== 'string') return { tasks, next: null };
      from = last.slice(keys.taskPrefix.length);
    }
  }

  private querySummaries(userId: string, limit: number, after: string | null, filter?: string) {
    const start = after && TASK_ID.test(after) ? keys.task(userId, after) : undefined;
    return this.db.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.taskPrefix },
        ScanIndexForward: false,
        Limit: limit,
        ExclusiveStartKey: start,
        ...(filter ? { FilterExpression: filter } : {}),
        ProjectionExpression: SUMMARY_ATTRIBUTES.map((a) => `#${a}`).join(', '),
        ExpressionAttributeNames: Object.fromEntries(SUMMARY_ATTRIBUTES.map((a) => [`#${a}`, a])),
      }),
    );
  }

  async setFavourite(
    userId: string,
    taskId: string,
    favourite: boolean,
    now: number,
  ): Promise<'done' | 'not-found' | 'not-finished' | 'withheld'> {
    if (!TASK_ID.test(taskId)) return 'not-found';
    const written = await writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.task(userId, taskId),
          ...(favourite
            ? {
                UpdateExpression: 'SET favourite_at = if_not_exists(favourite_at, :now)',
                // Not a withheld avatar (refunded by the likeness guarantee and not kept).
                ConditionExpression:
                  'attribute_exists(pk) AND #status = :done AND (attribute_not_exists(likeness_refunded) OR likeness_refunded = :no OR attribute_exists(kept_at))',
                ExpressionAttributeNames: STATUS,
                ExpressionAttributeValues: { ':now': now, ':done': 'DONE', ':no': false },
              }
            : { UpdateExpression: 'REMOVE favourite_at', ConditionExpression: 'attribute_exists(pk)' }),
        }),
      ),
    );
    if (written) return 'done';
    const task = await this.get(userId, taskId);
    if (!task) return 'not-found';
    return isWithheld(task) ? 'withheld' : 'not-finished';
  }

  async claim(userId: string, taskId: string, now: number, leaseSeconds: number): Promise<TaskRecord | null> {
    try {
      const res = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.task(userId, taskId),
          // The stage's time is kept from the first claim: a retry is still generating, not queued again.
          UpdateExpression:
            'SET #status = :inProgress, progress = :p, lease_until = :lease, updated_at = :now, ' +
            'generating_at = if_not_exists(generating_at, :now) ADD attempt :one',
          ConditionExpression:
            'attribute_exists(pk) AND (#status = :todo OR (#status = :inProgress AND lease_until < :now))',
          ExpressionAttributeNames: STATUS,
          ExpressionAttributeValues: {
            ':inProgress': 'IN_PROGRESS',
            ':todo': 'TODO',
            ':p': 5,
            ':lease': now + leaseSeconds,
            ':now': now,
            ':one': 1,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return toTask(res.Attributes);
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }

  private async whileClaimed(task: TaskRecord, update: string, values: Record<string, unknown>) {
    return writtenUnlessConditionFails(
      this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.task(task.userId, task.id),
          UpdateExpression: update,
          ConditionExpression: '#status = :inProgress AND attempt = :attempt',
          ExpressionAttributeNames: STATUS,
          ExpressionAttributeValues: { ...values, ':inProgress': 'IN_PROGRESS', ':attempt': task.attempt },
        }),
      ),
    );
  }

  progress(
    task: TaskRecord,
    percent: number,
    now: number,
    more: { stage?: 'finishing'; referenceFiles?: string[] } = {},
  ): Promise<boolean> {
    // A stage's time is set where absent only: a late or repeated write never moves the task back.
    const sets = ['progress = :p', 'updated_at = :now'];
    const values: Record<string, unknown> = { ':p': percent, ':now': now };
    if (more.stage === 'finishing') sets.push('finishing_at = if_not_exists(finishing_at, :now)');
    if (more.referenceFiles?.length) {
      sets.push('reference_files = :files');
      values[':files'] = more.referenceFiles;
    }
    return this.whileClaimed(task, `SET ${sets.join(', ')}`, values);
  }

  release(task: TaskRecord, now: number): Promise<boolean> {
    return this.whileClaimed(
      task,
      'SET #status = :todo, progress = :zero, updated_at = :now REMOVE lease_until',
      {
        ':todo': 'TODO',
        ':zero': 0,
        ':now': now,
      },
    );
  }

  complete(
    task: TaskRecord,
    r: DoneResult,
    now: number,
    o: { ledgerEntryIds: { subscription: string; ltd: string }; refundsPerDay: number },
  ): Promise<CompleteOutcome> {
    return completeTask(this.db, this.table, task, r, now, o.ledgerEntryIds, o.refundsPerDay);
  }

  keep(
    userId: string,
    taskId: string,
    now: number,
    o: { ledgerEntryIds: { subscription: string; ltd: string } },
  ): Promise<KeepOutcome> {
    if (!TASK_ID.test(taskId)) return Promise.resolve({ outcome: 'not-found' });
    return keepTask(this.db, this.table, userId, taskId, now, o.ledgerEntryIds);
  }

  fail(userId: string, taskId: string, code: TaskErrorCode, now: number, o: FailOptions): Promise<boolean> {
    return failTask(this.db, this.table, userId, taskId, code, now, o);
  }

  async claimBatchFinished(userId: string, batchId: string, now: number): Promise<FinishedBatch | null> {
    try {
      const res = await this.db.send(
        new UpdateCommand({
          TableName: this.table,
          Key: keys.batch(userId, batchId),
          UpdateExpression: 'SET notified_at = :now',
          ConditionExpression:
            'attribute_exists(pk) AND remaining <= :zero AND attribute_not_exists(notified_at)',
          ExpressionAttributeValues: { ':now': now, ':zero': 0 },
          ReturnValues: 'ALL_NEW',
        }),
      );
      const a = res.Attributes ?? {};
      return {
        batchId,
        userId,
        done: Number(a.done_count ?? 0),
        failed: Number(a.failed_count ?? 0),
        kind: a.kind === 'edit' ? 'edit' : 'avatars',
      };
    } catch (e) {
      if (isConditionFailure(e)) return null;
      throw e;
    }
  }

  async hasPendingBatches(userId: string): Promise<boolean> {
    for await (const items of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      FilterExpression: 'remaining > :zero',
      ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.batchPrefix, ':zero': 0 },
      ProjectionExpression: 'batch_id',
      ConsistentRead: true,
    }))
      if (items.length > 0) return true;
    return false;
  }

  async counts(userId: string): Promise<TaskCounts> {
    const byStatus: Record<TaskStatus, number> = { TODO: 0, IN_PROGRESS: 0, DONE: 0, ERROR: 0 };
    let lastError: TaskCounts['lastError'] = null;
    for await (const items of queryPages(this.db, {
      TableName: this.table,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.user(userId).pk, ':prefix': keys.taskPrefix },
      ProjectionExpression: 'id, #status, error_code, updated_at',
      ExpressionAttributeNames: STATUS,
    })) {
      for (const i of items) {
        const status = i.status as TaskStatus;
        if (status in byStatus) byStatus[status]++;
        if (status === 'ERROR' && (!lastError || Number(i.updated_at) > lastError.at)) {
          lastError = { taskId: String(i.id), code: i.error_code as TaskErrorCode, at: Number(i.updated_at) };
        }
      }
    }
    return { byStatus, lastError };
  }

  async setBatchEmail(userId: string, on: boolean): Promise<void> {
    await this.db.send(
      new UpdateCommand({
        TableName: this.table,
        Key: keys.user(userId),
        UpdateExpression: 'SET batch_email = :on',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':on': on },
      }),
    );
  }
}
