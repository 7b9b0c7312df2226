// Budgets of `npm run bench`: each figure against its limit, printed as a table; a missed budget is named
// on stderr and makes the command exit non-zero. A ratio budget carries the two figures it divides, printed
// beside it, so a miss says whether our code or the stand-in it is measured against moved.

export interface Budget {
  name: string;
  value: number;
  unit: string;
  limit: number;
  /** 'max' (default): the value may not exceed the limit; 'min': it may not fall below it. */
  bound?: 'max' | 'min';
  /** For a ratio: the two figures it divides (and any other figure worth reading beside it). */
  figures?: string;
}

/** A figure that is not a finite number (a ratio whose calls failed: Infinity, null once in JSON) is a miss. */
export const met = (b: Budget): boolean =>
  typeof b.value === 'number' &&
  Number.isFinite(b.value) &&
  (b.bound === 'min' ? b.value >= b.limit : b.value <= b.limit);

const describe = (b: Budget) => `${b.bound === 'min' ? '>=' : '<='} ${b.limit}${b.unit ? ` ${b.unit}` : ''}`;
const shown = (b: Budget) => `${b.value}${b.unit ? ` ${b.unit}` : ''}`;
const beside = (b: Budget) => (b.figures ? ` [${b.figures}]` : '');

/**
 * A budget on `value.ms / floor.ms`, both measured in the same run. A figure whose calls failed, or a floor
 * of nothing, is a miss (Infinity), never a flattering ratio.
 */
export function ratioBudget(o: {
  name: string;
  value: { ms: number; failed?: boolean; label?: string };
  floor: { name: string; ms: number };
  limit: number;
  /** more figures to print beside the two (the p50s, say) */
  also?: string;
}): Budget {
  const valid = !o.value.failed && Number.isFinite(o.value.ms) && o.floor.ms > 0;
  const value = valid ? Math.round((o.value.ms / o.floor.ms) * 100) / 100 : Number.POSITIVE_INFINITY;
  return {
    name: o.name,
    value,
    unit: 'x',
    limit: o.limit,
    figures:
      `${o.value.ms} ms${o.value.failed ? ' (calls failed)' : ''} / ${o.floor.name} ${o.floor.ms} ms` +
      (o.also ? `; ${o.also}` : ''),
  };
}

/** Prints every budget, names the missed ones on stderr, and returns the exit code (1 if any missed). */
export function reportBudgets(budgets: Budget[]): number {
  console.log('\nBudgets:');
  for (const b of budgets) {
    console.log(
      `  ${met(b) ? 'ok  ' : 'OVER'} ${b.name.padEnd(48)} ${shown(b).padStart(12)}  (${describe(b)})${beside(b)}`,
    );
  }
  const missed = budgets.filter((b) => !met(b));
  for (const b of missed)
    console.error(`Budget missed: ${b.name}: ${shown(b)}, budget ${describe(b)}${beside(b)}`);
  if (missed.length) console.error(`${missed.length} of ${budgets.length} budgets missed.`);
  return missed.length ? 1 : 0;
}
