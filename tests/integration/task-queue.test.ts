// The task queue adapter on the local SQS stand-in: what the create-batch route sends is what the worker
// decodes, and a message that cannot be sent is reported so its task can be refunded.
import { ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeTaskMessage } from '../../functions/generation/domain/task-queue.ts';
import { SqsTaskQueue } from '../../functions/generation/sqs/sqs-task-queue.ts';
import { startTestSqs, type TestSqs } from '../support/local-sqs.ts';

let t: TestSqs;
beforeAll(async () => {
  t = await startTestSqs();
});
afterAll(() => t.stop());

describe('the task queue on SQS', () => {
  it('sends one message per task, in batches of ten, each naming only the task and its owner', async () => {
    const q = await t.newQueue();
    const tasks = Array.from({ length: 23 }, (_, i) => ({ taskId: `task-${i}`, userId: 'user-7' }));
    expect(await new SqsTaskQueue(t.client, q.url).enqueue(tasks)).toEqual({ failed: [] });
    const bodies: string[] = [];
    for (;;) {
      const { Messages = [] } = await t.client.send(
        new ReceiveMessageCommand({ QueueUrl: q.url, MaxNumberOfMessages: 10 }),
      );
      if (!Messages.length) break;
      bodies.push(...Messages.map((m) => m.Body as string));
    }
    expect(bodies).toHaveLength(23);
    expect(JSON.parse(bodies[0] as string)).toEqual({ v: 1, task_id: expect.any(String), user_id: 'user-7' });
    expect(bodies.map((b) => decodeTaskMessage(b)?.taskId).sort()).toEqual(tasks.map((x) => x.taskId).sort());
  });

  it('reports every task of a batch it could not send', async () => {
    const tasks = [
      { taskId: 'a', userId: 'u' },
      { taskId: 'b', userId: 'u' },
    ];
    const gone = new SqsTaskQueue(t.client, `${t.sqs.endpoint}/000000000000/no-such-queue`);
    expect(await gone.enqueue(tasks)).toEqual({ failed: tasks });
  });
});
