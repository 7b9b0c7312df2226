// The task queue in memory (TaskQueue in functions/generation/domain/task-queue.ts): what was sent, in order,
// as the SQS queue would hold it (the message body goes through the same encoding); tasks named in `refuse`
// come back as not sent, as entries SQS refuses do.
import {
  decodeTaskMessage,
  encodeTaskMessage,
  type TaskMessage,
  type TaskQueue,
} from '../../../functions/generation/domain/task-queue.ts';

export class FakeTaskQueue implements TaskQueue {
  /** Message bodies, oldest first. */
  readonly bodies: string[] = [];
  /** task ids whose message is refused */
  readonly refuse = new Set<string>();
  /** the queue takes nothing (SQS unreachable): every task comes back as not sent */
  down = false;

  async enqueue(messages: readonly TaskMessage[]): Promise<{ failed: TaskMessage[] }> {
    const failed: TaskMessage[] = [];
    for (const m of messages) {
      if (this.down || this.refuse.has(m.taskId)) failed.push(m);
      else this.bodies.push(encodeTaskMessage(m));
    }
    return { failed };
  }

  /** Takes every message sent so far, oldest first (a worker's receive). */
  receive(): TaskMessage[] {
    return this.bodies.splice(0).flatMap((b) => {
      const m = decodeTaskMessage(b);
      return m ? [m] : [];
    });
  }
}
