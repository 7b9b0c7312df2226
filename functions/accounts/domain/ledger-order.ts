// The order of ledger entries as they happened. The store keys an entry by its second and a random entry id
// (docs/data-model.md: `LEDGER#<created_at>#<entryId>`), so two entries of one second (a `generation` debit
// and its `generation_refund`, a purchase and a debit...) come back in either order. Each entry carries its
// pool, its signed amount and the pool's balance after it: within one pool, entry B follows entry A when
// B.balance_after - B.amount === A.balance_after, and that chain gives back the order within a second.

/** What ordering reads of an entry. */
export interface LedgerLink {
  /** the balance the entry moved: `ltd` or `subscription` (a team's seats would be a pool of their own) */
  pool: string;
  /** signed: negative for a debit */
  amount: number;
  /** the pool's balance after the entry */
  balanceAfter: number;
  /** seconds */
  createdAt: number;
}

interface Placed<T> {
  entry: T;
  link: LedgerLink;
  /** where the entry was in the input: the tie-break when the chain does not decide */
  at: number;
}

const before = (p: Placed<unknown>) => p.link.balanceAfter - p.link.amount;

/** Balances per pool the caller knows: before the first entry given, after the last one. */
export interface LedgerBounds {
  opening?: Readonly<Record<string, number>>;
  closing?: Readonly<Record<string, number>>;
}

/**
 * The entries oldest first: by second, and within a second by each pool's balance chain.
 *
 * A debit and its refund in one second make a loop (b -> b - c -> b) that the entries alone cannot orient:
 * the loop starts where the pool stood before the second, known from the previous second's entries (or
 * `opening`), or else ends where the next second's chain starts (or at `closing`, the balance now).
 *
 * `entries` are given as the store keeps them, oldest first by sort key: that order decides what the chain
 * leaves open, so the answer is the same on every read of the same entries (the sort key holds the order a
 * transaction wrote its entries in: functions/billing/dynamodb/billing-credits.ts ledgerPut `order`).
 * - Entries of different pools in one second: by their place in their pool's chain (a debit of both pools
 *   comes before the refund of both), then by input order (a transaction writes subscription before ltd).
 * - Neither side tells where a pool's chain starts (entries missing, e.g. at the edge of a page): at an
 *   entry that no other of the second leads to.
 * - Two entries that could both come next: the one after which the rest of the second still makes one chain,
 *   then the earlier in the input (entries with equal pool, amount and balance keep their input order).
 */
export function ledgerOrder<T>(
  entries: readonly T[],
  linkOf: (entry: T) => LedgerLink,
  bounds: LedgerBounds = {},
): T[] {
  const placed = entries
    .map((entry, at) => ({ entry, link: linkOf(entry), at }))
    .sort((a, b) => a.link.createdAt - b.link.createdAt || a.at - b.at);
  const seconds: Map<string, Placed<T>[]>[] = [];
  for (let i = 0; i < placed.length; i++) {
    const p = placed[i] as Placed<T>;
    if (i === 0 || placed[i - 1]?.link.createdAt !== p.link.createdAt) seconds.push(new Map());
    const pools = seconds.at(-1) as Map<string, Placed<T>[]>;
    const mine = pools.get(p.link.pool) ?? [];
    mine.push(p);
    pools.set(p.link.pool, mine);
  }
  const starts = startsFromTheEnd(seconds, bounds.closing ?? {});
  const balances = new Map(Object.entries(bounds.opening ?? {}));
  const ordered: T[] = [];
  seconds.forEach((pools, i) => {
    const ranked: { p: Placed<T>; rank: number }[] = [];
    for (const [pool, mine] of pools) {
      const held = balances.get(pool);
      const from = mine.some((p) => before(p) === held) ? held : starts[i]?.get(pool);
      const chain = poolChain(mine, from);
      chain.forEach((p, rank) => {
        ranked.push({ p, rank });
      });
      balances.set(pool, (chain.at(-1) as Placed<T>).link.balanceAfter);
    }
    ranked.sort((a, b) => a.rank - b.rank || a.p.at - b.p.at);
    ordered.push(...ranked.map(({ p }) => p.entry));
  });
  return ordered;
}

/**
 * Where each second's chain of each pool starts, as read from the newest second back: a chain from one
 * balance to another starts at the balance more entries leave than reach; a loop starts where it ends, which
 * is where the next second's chain starts (or the closing balance). Undefined where that is not known.
 */
function startsFromTheEnd(
  seconds: Map<string, Placed<unknown>[]>[],
  closing: Readonly<Record<string, number>>,
): Map<string, number | undefined>[] {
  const end = new Map<string, number | undefined>(Object.entries(closing));
  const starts: Map<string, number | undefined>[] = [];
  for (let i = seconds.length - 1; i >= 0; i--) {
    const here = new Map<string, number | undefined>();
    for (const [pool, mine] of seconds[i] as Map<string, Placed<unknown>[]>) {
      const surplus = [...flow(mine)].filter(([, n]) => n > 0);
      const known = end.get(pool);
      const start =
        surplus.length === 0
          ? mine.some((p) => before(p) === known)
            ? known
            : undefined
          : surplus.length === 1 && surplus[0]?.[1] === 1
            ? surplus[0][0]
            : undefined;
      here.set(pool, start);
      end.set(pool, start);
    }
    starts[i] = here;
  }
  return starts;
}

/** One pool's entries of one second, in chain order from `balance` (undefined: not known). */
function poolChain<T>(mine: Placed<T>[], balance: number | undefined): Placed<T>[] {
  const rest = [...mine];
  const chain: Placed<T>[] = [];
  let held = balance;
  while (rest.length > 0) {
    let next = rest.filter((p) => before(p) === held);
    if (next.length === 0) {
      // A start: an entry from a balance more entries leave than reach (all of them in a loop of balances).
      const surplus = flow(rest);
      next = rest.filter((p) => (surplus.get(before(p)) ?? 0) > 0);
      if (next.length === 0) next = rest;
    }
    const pick =
      (next.length > 1 && next.find((p) => oneChainFrom(p.link.balanceAfter, without(rest, p)))) ||
      (next[0] as Placed<T>);
    chain.push(pick);
    rest.splice(rest.indexOf(pick), 1);
    held = pick.link.balanceAfter;
  }
  return chain;
}

const without = <T>(list: T[], item: T) => list.filter((x) => x !== item);

/** For each balance, how many entries leave it minus how many reach it. */
function flow(entries: Placed<unknown>[]): Map<number, number> {
  const net = new Map<number, number>();
  for (const p of entries) {
    net.set(before(p), (net.get(before(p)) ?? 0) + 1);
    net.set(p.link.balanceAfter, (net.get(p.link.balanceAfter) ?? 0) - 1);
  }
  return net;
}

/**
 * Whether `entries` can all be laid end to end from `balance` (a path through every entry once): every
 * entry reachable from `balance`, and each balance left as often as reached but `balance` (once more) and
 * the last one (once less), or all even (the path comes back to `balance`).
 */
function oneChainFrom(balance: number, entries: Placed<unknown>[]): boolean {
  if (entries.length === 0) return true;
  const net = flow(entries);
  const start = net.get(balance) ?? 0;
  const uneven = [...net.entries()].filter(([, n]) => n !== 0);
  const balanced =
    uneven.length === 0 ||
    (start === 1 && uneven.length === 2 && uneven.some(([b, n]) => b !== balance && n === -1));
  if (!balanced) return false;
  const leads = new Map<number, number[]>();
  for (const p of entries) {
    const from = leads.get(before(p)) ?? [];
    from.push(p.link.balanceAfter);
    leads.set(before(p), from);
  }
  const reached = new Set([balance]);
  const todo = [balance];
  for (let b = todo.pop(); b !== undefined; b = todo.pop()) {
    for (const after of leads.get(b) ?? []) {
      if (!reached.has(after)) todo.push(after);
      reached.add(after);
    }
  }
  return entries.every((p) => reached.has(before(p)));
}

/** What ordering reads of an entry as the API answers it (shared/api-schemas.ts LedgerEntry). */
export const ledgerLink = (e: {
  pool: string;
  amount: number;
  balance_after: number;
  created_at: number;
}): LedgerLink => ({
  pool: e.pool,
  amount: e.amount,
  balanceAfter: e.balance_after,
  createdAt: e.created_at,
});
