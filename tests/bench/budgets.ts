// Budgets of `npm run bench`: each figure against its limit, printed as a table; a missed budget is named
// on stderr and makes the command exit non-zero.

export interface Budget {
  name: string;
  value: number;
  unit: string;
  limit: number;
  /** 'max' (default): the value may not exceed the limit; 'min': it may not fall below it. */
  bound?: 'max' | 'min';
}

export const met = (b: Budget): boolean => (b.bound === 'min' ? b.value >= b.limit : b.value <= b.limit);

const describe = (b: Budget) => `${b.bound === 'min' ? '>=' : '<='} ${b.limit}${b.unit ? ` ${b.unit}` : ''}`;
const shown = (b: Budget) => `${b.value}${b.unit ? ` ${b.unit}` : ''}`;

/** Prints every budget, names the missed ones on stderr, and returns the exit code (1 if any missed). */
export function reportBudgets(budgets: Budget[]): number {
  console.log('\nBudgets:');
  for (const b of budgets) {
    console.log(
      `  ${met(b) ? 'ok  ' : 'OVER'} ${b.name.padEnd(48)} ${shown(b).padStart(12)}  (${describe(b)})`,
    );
  }
  const missed = budgets.filter((b) => !met(b));
  for (const b of missed) console.error(`Budget missed: ${b.name}: ${shown(b)}, budget ${describe(b)}`);
  if (missed.length) console.error(`${missed.length} of ${budgets.length} budgets missed.`);
  return missed.length ? 1 : 0;
}
