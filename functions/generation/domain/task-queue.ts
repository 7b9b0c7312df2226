// The task queue: one message per avatar task, carrying only which task and whose. The worker reads the
// task itself (its status decides what to do), so a duplicate, late or replayed message changes nothing
// that the task's conditional writes do not allow.

export interface TaskMessage {
  taskId: string;
  userId: string;
}

export interface TaskQueue {
  /**
   * Sends one message per task. Returns the tasks whose message could not be sent: the caller fails and
   * refunds those at once, since no worker will ever see them.
   */
  enqueue(messages: readonly TaskMessage[]): Promise<{ failed: TaskMessage[] }>;
}

/** Bumped when the body changes shape; a worker refuses versions it does not know. */
const TASK_MESSAGE_VERSION = 1;

export function encodeTaskMessage(m: TaskMessage): string {
  return JSON.stringify({ v: TASK_MESSAGE_VERSION, task_id: m.taskId, user_id: m.userId });
}

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The message a body carries, or null for anything else (a poison message: report it, never retry it). */
export function decodeTaskMessage(body: string): TaskMessage | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { v, task_id, user_id } = parsed as Record<string, unknown>;
  if (v !== TASK_MESSAGE_VERSION) return null;
  if (typeof task_id !== 'string' || !ID.test(task_id)) return null;
  if (typeof user_id !== 'string' || !ID.test(user_id)) return null;
  return { taskId: task_id, userId: user_id };
}
