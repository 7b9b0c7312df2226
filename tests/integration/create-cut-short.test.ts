// A create cut short between its transaction and its messages (the function died, or timed out, before
// SendMessageBatch): its tasks are charged and TODO, and no worker will see them before the sweeper's
// deadline refunds them. The client's retry with the same Idempotency-Key answers the same batch, charges
// nothing more, and queues those tasks, which are then made.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PROVIDER_BUDGET } from '#platform/domain/provider-limits.ts';
import { createDocumentClient } from '#platform/dynamodb/client.ts';
import { DynamoUserReader } from '#platform/dynamodb/user-reader.ts';
import { domainLog } from '#platform/observability/logger.ts';
import { businessMetrics } from '#platform/observability/metrics.ts';
import { cryptoIds, systemClock } from '#platform/system.ts';
import { createAvatarBatch } from '../../functions/generation/domain/create-batch.ts';
import { DynamoProviderBudgetStore } from '../../functions/generation/dynamodb/provider-budget-store.ts';
import { DynamoTaskStore } from '../../functions/generation/dynamodb/task-store.ts';
import { DynamoPhotoLister } from '../../functions/photos/dynamodb/photo-items.ts';
import { DynamoStyleReader } from '../../functions/styles/dynamodb/style-reader.ts';
import { callRoute, stack } from '../support/api.ts';
import {
  balanceOf,
  createBody,
  creator,
  ledgerOf,
  ledgerSum,
  stylesCosting,
  waitForTasks,
} from '../support/avatars.ts';

describe('a create cut short after its transaction', () => {
  it('is finished by the retry with the same Idempotency-Key: the tasks are queued and made, charged once', async () => {
    const user = await creator({ ltd: 5 });
    const styles = await stylesCosting(2);
    const key = `cut-short-${Date.now()}`;
    const s = stack();
    const db = createDocumentClient(s.dynamoEndpoint);
    const account = await new DynamoUserReader(db, s.tableName).getById(user.userId);
    if (!account) throw new Error('no account');
    // The real create path, whose process dies where it sends the messages: that send never returns.
    void createAvatarBatch(
      {
        styles: new DynamoStyleReader(db, s.tableName),
        tasks: new DynamoTaskStore(db, s.tableName),
        photos: new DynamoPhotoLister(db, s.tableName),
        queue: { enqueue: () => new Promise(() => undefined) },
        clock: systemClock,
        ids: cryptoIds,
        log: domainLog,
        budget: {
          store: new DynamoProviderBudgetStore(db, s.tableName),
          clock: systemClock,
          metrics: businessMetrics,
          limits: DEFAULT_PROVIDER_BUDGET,
        },
      },
      account,
      { styles: styles.map((x) => x.id), style_prompts: styles.map((x) => x.prompt) },
      key,
    );
    await expect
      .poll(async () => (await callRoute('userTasks', { token: user.token })).body.tasks.length, {
        timeout: 10_000,
      })
      .toBe(2);
    expect((await balanceOf(user.token)).ltd).toBe(3);

    const retry = await callRoute('createTasksBatch', {
      token: user.token,
      body: createBody(styles),
      headers: { 'idempotency-key': key },
    });
    expect(retry.status).toBe(200);
    // Made by the stack's worker, behind the tasks of the files running beside this one (each measured by
    // the face model): 90 s, as the other files that wait on the shared worker allow, not 30.
    const tasks = await waitForTasks(user.token, retry.body.task_ids, 90_000);
    expect(tasks.map((t) => t.status)).toEqual(['DONE', 'DONE']);
    expect((await balanceOf(user.token)).ltd).toBe(3);
    expect(ledgerSum(await ledgerOf(user.token), 'generation')).toBe(-2);
    db.destroy();
  }, 150_000);
});
