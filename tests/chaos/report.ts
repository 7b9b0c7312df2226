// What a chaos run found, and how `npm run chaos` prints it.
import type { AuditResult } from './audit.ts';
import type { Customer } from './customers.ts';
import { KILL_KINDS, type Kill } from './kills.ts';

export interface ChaosReport {
  options: { seed: number; cycles: number };
  kills: Kill[];
  customers: { batches: number; tasksAnswered: number; resends: number; unexpected: string[] };
  provider: Record<string, number>;
  /** ms from the end of the spending and the kills until no task was pending */
  settleMs: number;
  boundMs: number;
  queuesLeft: { tasks: number; deadLetters: number };
  audit: AuditResult;
  durationMs: number;
  losses: string[];
}

/** The run's figures, and every loss: the audit's, the answers nobody expected, messages never deleted. */
export function reportOf(
  r: Omit<ChaosReport, 'customers' | 'losses'> & { customers: Customer[] },
): ChaosReport {
  const unexpected = r.customers.flatMap((c) => c.unexpected.map((u) => `${c.email}: ${u}`));
  const losses = [...r.audit.losses, ...unexpected];
  if (r.queuesLeft.tasks || r.queuesLeft.deadLetters)
    losses.push(
      `messages never delivered and deleted: ${r.queuesLeft.tasks} tasks, ${r.queuesLeft.deadLetters} dead letters`,
    );
  return {
    ...r,
    customers: {
      batches: r.customers.reduce((a, c) => a + c.batches.length, 0),
      tasksAnswered: r.customers.reduce((a, c) => a + c.batches.reduce((b, k) => b + k.taskIds.length, 0), 0),
      resends: r.customers.reduce((a, c) => a + c.resends, 0),
      unexpected,
    },
    losses,
  };
}

/** The report, as the command prints it. */
export function formatReport(r: ChaosReport): string {
  const t = r.audit.totals;
  const planned = r.kills.filter((x) => !x.unplanned);
  const unplanned = r.kills.length - planned.length;
  const kills = `${KILL_KINDS.map((k) => `${planned.filter((x) => x.kind === k).length} ${k}`).join(', ')}${unplanned ? `; npm start also found ended ${unplanned} time(s)` : ''}`;
  const lines = [
    `Chaos run: seed ${r.options.seed}, ${r.options.cycles} kills (${kills}), ${(r.durationMs / 1000).toFixed(0)} s`,
    `  customers   ${t.accounts}, granted ${t.granted} tokens; ${r.customers.batches} batches, ${r.customers.tasksAnswered} tasks answered; ${r.customers.resends} creates sent again after no answer`,
    `  provider    ${Object.entries(r.provider)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}`,
    `  tasks       ${t.tasks}: ${t.done} DONE, ${t.failed} ERROR (${
      Object.entries(t.errorsByCode)
        .map(([k, n]) => `${n} ${k}`)
        .join(', ') || 'none'
    }), ${t.pending} pending`,
    `  tokens      spent on DONE ${t.spentOnDone}, refunded ${t.refunded} (${t.likenessRefunds} DONE under the likeness guarantee), balances ${t.balance} = granted ${t.granted} - ${t.spentOnDone}: ${t.balance === t.granted - t.spentOnDone ? 'yes' : 'NO'}`,
    `  results     ${t.done} stored once each; ${t.orphanResults} made for tasks that had already failed (waste, not loss)`,
    `  settled     ${(r.settleMs / 1000).toFixed(1)} s after the spending and kills ended (bound ${(r.boundMs / 1000).toFixed(0)} s); queues left ${r.queuesLeft.tasks} + ${r.queuesLeft.deadLetters} dead letters`,
    `  kills       ${r.kills.map((k) => `${k.unplanned ? `found ended (${k.unplanned})` : k.kind}@${(k.at / 1000).toFixed(1)}s (down ${(k.downMs / 1000).toFixed(1)} s)`).join(', ')}`,
    r.losses.length
      ? `  LOSSES      ${r.losses.length}:\n${r.losses.map((l) => `    - ${l}`).join('\n')}`
      : '  losses      none',
  ];
  return lines.join('\n');
}
