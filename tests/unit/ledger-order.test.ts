// The ledger's entries in the order they happened, within a second too (functions/accounts/domain/ledger-order.ts):
// the store's sort key orders a second's entries by their random ids, the balance chain gives the true order.
import { describe, expect, it } from 'vitest';
import { type LedgerBounds, ledgerOrder } from '../../functions/accounts/domain/ledger-order.ts';
import { exportContents } from '../../functions/privacy/domain/export-contents.ts';

interface Entry {
  id: string;
  pool: 'ltd' | 'subscription';
  amount: number;
  balance_after: number;
  created_at: number;
}

const entry = (id: string, pool: Entry['pool'], amount: number, after: number, at: number): Entry => ({
  id,
  pool,
  amount,
  balance_after: after,
  created_at: at,
});

const ids = (entries: Entry[], bounds?: LedgerBounds) =>
  ledgerOrder(
    entries,
    (e) => ({ pool: e.pool, amount: e.amount, balanceAfter: e.balance_after, createdAt: e.created_at }),
    bounds,
  ).map((e) => e.id);

/** Every order of the list (small lists only). */
function orders<T>(list: T[]): T[][] {
  if (list.length <= 1) return [list];
  return list.flatMap((x, i) =>
    orders([...list.slice(0, i), ...list.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
}

describe('the ledger in the order it happened', () => {
  it('puts a debit before its refund of the same second, however the entries come', () => {
    const bonus = entry('bonus', 'ltd', 5, 5, 100);
    const debit = entry('debit', 'ltd', -2, 3, 200);
    const refund = entry('refund', 'ltd', 2, 5, 200);
    const later = entry('later', 'ltd', -1, 4, 300);
    for (const input of orders([bonus, debit, refund, later])) {
      expect(ids(input)).toEqual(['bonus', 'debit', 'refund', 'later']);
    }
    // Without the entry before them, the next second's start says where the loop 5 -> 3 -> 5 ends.
    for (const input of orders([debit, refund, later]))
      expect(ids(input)).toEqual(['debit', 'refund', 'later']);
    // Without either, the balance now (closing) says it; or the balance before (opening).
    for (const input of orders([debit, refund])) {
      expect(ids(input, { closing: { ltd: 5 } })).toEqual(['debit', 'refund']);
      expect(ids(input, { opening: { ltd: 5 } })).toEqual(['debit', 'refund']);
    }
    // A refund that was spent again in the same second: 5 -> 3 -> 5 -> 3.
    const again = entry('again', 'ltd', -2, 3, 200);
    for (const input of orders([bonus, debit, refund, again])) {
      expect(ids(input).map((id) => (id === 'again' ? 'debit' : id))).toEqual([
        'bonus',
        'debit',
        'refund',
        'debit',
      ]);
    }
  });

  it('orders two pools of one second each by its chain, a debit of both before the refund of both', () => {
    const start = [entry('s0', 'subscription', 10, 10, 100), entry('l0', 'ltd', 4, 4, 100)];
    const second = [
      entry('debit-s', 'subscription', -3, 7, 200),
      entry('debit-l', 'ltd', -1, 3, 200),
      entry('refund-s', 'subscription', 3, 10, 200),
      entry('refund-l', 'ltd', 1, 4, 200),
    ];
    // The store's order within the second is by random id: whatever it is, each pool's chain holds and the
    // pools meet by place in their chains; the input order only settles which pool shows first.
    for (const input of orders(second)) {
      const got = ids([...start, ...input]).slice(2);
      expect(got.filter((id) => id.endsWith('-s'))).toEqual(['debit-s', 'refund-s']);
      expect(got.filter((id) => id.endsWith('-l'))).toEqual(['debit-l', 'refund-l']);
      expect(got.slice(0, 2).sort()).toEqual(['debit-l', 'debit-s']);
    }
    // As a transaction writes them (subscription, then ltd): that order between the pools.
    expect(ids([...start, ...second])).toEqual(['s0', 'l0', 'debit-s', 'debit-l', 'refund-s', 'refund-l']);
  });

  it("continues a pool's chain from the previous second, which decides a loop of balances", () => {
    // A renewal of 100 tokens when 100 were left: the expiry (100 -> 0) and the renewal (0 -> 100) loop.
    const expiry = entry('expiry', 'subscription', -100, 0, 200);
    const renewal = entry('renewal', 'subscription', 100, 100, 200);
    const held = entry('held', 'subscription', 100, 100, 100);
    const empty = entry('empty', 'subscription', -100, 0, 100);
    for (const input of orders([expiry, renewal])) {
      expect(ids([held, ...input])).toEqual(['held', 'expiry', 'renewal']);
      expect(ids([empty, ...input])).toEqual(['empty', 'renewal', 'expiry']);
    }
    // From 10: +5 then -5 come back to 10 before the -3; the -3 first would leave the others unchained.
    const prev = entry('prev', 'ltd', 10, 10, 100);
    const up = entry('up', 'ltd', 5, 15, 200);
    const down = entry('down', 'ltd', -5, 10, 200);
    const spend = entry('spend', 'ltd', -3, 7, 200);
    for (const input of orders([up, down, spend]))
      expect(ids([prev, ...input])).toEqual(['prev', 'up', 'down', 'spend']);
  });

  it('keeps the input order where nothing else decides: equal entries, a broken chain, other seconds', () => {
    const a = entry('a', 'ltd', -1, 4, 200);
    const b = entry('b', 'ltd', -1, 4, 200);
    expect(ids([a, b])).toEqual(['a', 'b']);
    expect(ids([b, a])).toEqual(['b', 'a']);
    const same = { ...a };
    const both = ledgerOrder([a, same], (e) => ({
      pool: e.pool,
      amount: e.amount,
      balanceAfter: e.balance_after,
      createdAt: e.created_at,
    }));
    expect(both[0]).toBe(a);
    expect(both[1]).toBe(same);
    // Two entries of one second that do not chain (one between them is missing): as given.
    const x = entry('x', 'ltd', -1, 9, 200);
    const y = entry('y', 'ltd', -1, 4, 200);
    expect(ids([x, y])).toEqual(['x', 'y']);
    expect(ids([y, x])).toEqual(['y', 'x']);
    // Seconds in time order whatever the input order; entries without numbers keep theirs.
    expect(ids([entry('late', 'ltd', 1, 1, 300), entry('early', 'ltd', 1, 1, 100)])).toEqual([
      'early',
      'late',
    ]);
    const blank = (id: string) => entry(id, 'ltd', Number.NaN, Number.NaN, 100);
    expect(ids([blank('1'), blank('2'), blank('3')])).toEqual(['1', '2', '3']);
  });
});

describe("the data export's ledger", () => {
  it('lists the entries oldest first in the order they happened, not by the sort key', () => {
    const pk = 'USER#u1';
    const stored = (sk: string, reason: string, amount: number, after: number, at: number) => ({
      pk,
      sk,
      entry_id: sk.split('#').at(-1),
      reason,
      pool: 'ltd',
      amount,
      balance_after: after,
      created_at: at,
    });
    // As a partition page reads them, by sort key: the refund's id sorts before its debit's.
    const items = [
      stored('LEDGER#000000000100#bonus', 'signup_bonus', 2, 2, 100),
      stored('LEDGER#000000000200#1#aa', 'generation_refund', 2, 2, 200),
      stored('LEDGER#000000000200#1#zz', 'generation', -2, 0, 200),
      { pk, sk: 'PROFILE', tokens_ltd: 2, tokens_subscription: 0 },
    ];
    expect(exportContents('u1', items).ledger.map((e) => e.reason)).toEqual([
      'signup_bonus',
      'generation',
      'generation_refund',
    ]);
  });
});
