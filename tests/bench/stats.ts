// The arithmetic every bench shares: nearest-rank percentiles of sorted samples, milliseconds to a tenth.

/** The nearest-rank p-th percentile (0 < p <= 100) of samples sorted ascending. */
export const percentile = (sorted: readonly number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;

/** Milliseconds rounded to a tenth, as the benches print them. */
export const tenths = (n: number): number => Math.round(n * 10) / 10;
