// The TaskQueue port's contract (functions/generation/domain/task-queue.ts): every task sent arrives once as
// the message the worker decodes, whatever the batch size; a queue that takes nothing reports every task
// as not sent (the caller refunds those). Run against the SQS adapter on the local SQS stand-in and the fake.
import { describe, expect, it } from 'vitest';
import type { TaskMessage, TaskQueue } from '../../functions/generation/domain/task-queue.ts';

export interface TaskQueueSubject {
  queue: TaskQueue;
  /** every message waiting, taken off the queue and decoded */
  receiveAll(): Promise<TaskMessage[]>;
  /** a queue of the same kind that cannot take messages (gone, or down) */
  unavailable: TaskQueue;
}

export function taskQueueContract(make: () => TaskQueueSubject | Promise<TaskQueueSubject>) {
  describe('TaskQueue contract', () => {
    it('delivers each task once, in batches of any size', async () => {
      const { queue, receiveAll } = await make();
      const messages = Array.from({ length: 23 }, (_, i) => ({ taskId: `t${i}`, userId: `u${i % 3}` }));
      expect(await queue.enqueue(messages)).toEqual({ failed: [] });
      expect(await queue.enqueue([])).toEqual({ failed: [] });
      const received = await receiveAll();
      const byId = (a: TaskMessage, b: TaskMessage) => a.taskId.localeCompare(b.taskId);
      expect(received.sort(byId)).toEqual([...messages].sort(byId));
    });

    it('reports every task as not sent when the queue takes nothing', async () => {
      const { unavailable } = await make();
      const messages = Array.from({ length: 12 }, (_, i) => ({ taskId: `t${i}`, userId: 'u1' }));
      const { failed } = await unavailable.enqueue(messages);
      expect(failed).toEqual(expect.arrayContaining(messages));
      expect(failed).toHaveLength(12);
    });
  });
}
