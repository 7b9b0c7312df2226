// POST /aivatar/tasks/{taskId}/keep: "Keep it anyway" of an avatar the likeness guarantee refunded and
// withholds (docs/faces.md, "The guarantee"). The server takes its tokens again, once however many clicks;
// the lists and the token history are read again, and the card becomes an avatar like any other.
import { api } from '../../../lib/api-client.ts';
import { invalidateRoutes } from '../../../lib/server-state.tsx';
import type { Task } from './tasks.ts';

export async function keepAnyway(task: Task): Promise<{ tokens_left: number }> {
  const answer = await api('keepTask', { params: { taskId: task.id } });
  await invalidateRoutes('userTasks', 'tokenLedger');
  return answer;
}
