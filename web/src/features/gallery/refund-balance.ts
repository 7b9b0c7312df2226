// The navbar's balance after a refund: the worker gives tokens back on its own (a failure, or the likeness
// guarantee, docs/faces.md), so the gallery's poll is where the app learns of it. A task seen on screen
// without its refund that comes back refunded reads the account again (GET /user_info), once per refund.
import { useEffect, useRef } from 'react';
import { useSession } from '../../lib/session.tsx';
import type { Task } from './api/tasks.ts';

/** Its tokens came back: a failure's refund, or the likeness guarantee's. */
export const wasRefunded = (task: Task): boolean => task.refunded === true || task.likeness_refunded === true;

export function useBalanceAfterRefunds(tasks: Task[]): void {
  const { refreshUser } = useSession();
  // Tasks seen without a refund: only these turning refunded mean the balance on screen is out of date
  // (an older page read later, or the favourites, bring refunds the balance already had).
  const unrefunded = useRef(new Set<string>());
  useEffect(() => {
    let turned = false;
    for (const task of tasks) {
      if (!wasRefunded(task)) unrefunded.current.add(task.id);
      else if (unrefunded.current.delete(task.id)) turned = true;
    }
    if (turned) void refreshUser();
  }, [tasks, refreshUser]);
}
