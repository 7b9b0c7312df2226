// What a balance buys of one style on the Create screen, and the pack offered for what
// is missing (the smallest that covers it).
import { describe, expect, it } from 'vitest';
import { affordabilityOf } from '../../web/src/features/create/affordability.ts';

describe('what the balance buys of a style', () => {
  it('counts the avatars a balance pays for', () => {
    expect(affordabilityOf(2, 2)).toEqual({ kind: 'enough', avatars: 1 });
    expect(affordabilityOf(2, 5)).toEqual({ kind: 'enough', avatars: 2 });
    expect(affordabilityOf(1, 100)).toEqual({ kind: 'enough', avatars: 100 });
  });

  it('names the tokens missing and the smallest pack that covers them', () => {
    const short = (cost: number, balance: number) => {
      const can = affordabilityOf(cost, balance);
      return can.kind === 'short' ? [can.missing, can.pack.id] : can;
    };
    expect(short(3, 2)).toEqual([1, 'pack-10']);
    expect(short(3, 0)).toEqual([3, 'pack-10']);
    expect(short(12, 1)).toEqual([11, 'pack-40']);
    expect(short(150, 0)).toEqual([150, 'pack-200']);
    // Past the largest pack, the largest one.
    expect(short(900, 0)).toEqual([900, 'pack-500']);
  });

  it('says nothing while the balance is unknown', () => {
    expect(affordabilityOf(3, null)).toEqual({ kind: 'unknown' });
  });
});
