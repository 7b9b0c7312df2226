// POST /aivatar/tasks/{taskId}/try-again: one new avatar like a finished one, charged by the
// server at the style's own price; `expected_cost` is the price the confirmation showed (a changed price is
// refused, nothing charged). One Idempotency-Key per confirmation: a repeated click is charged once.
import { api, isApiError } from '../../../lib/api-client.ts';
import { invalidateRoutes } from '../../../lib/server-state.tsx';
import type { Task } from './tasks.ts';

export async function tryAgain(
  task: Task,
  expectedCost: number,
  idempotencyKey: string,
): Promise<{ msg: string }> {
  const answer = await api('tryTaskAgain', {
    params: { taskId: task.id },
    body: { expected_cost: expectedCost },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  void invalidateRoutes('userTasks', 'tokenLedger');
  return answer;
}

/** The style's price changed since the confirmation was shown (409 PRICE_CHANGED). */
export const isPriceChange = (e: unknown): boolean => isApiError(e) && e.code === 'PRICE_CHANGED';
