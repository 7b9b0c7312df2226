// "One look for everyone" (functions/generation/domain/team-allowed.ts): the styles and backdrop x outfit
// combinations a team allows, as a table.
import { describe, expect, it } from 'vitest';
import { outsideAllowed } from '../../functions/generation/domain/team-allowed.ts';

const plain = { id: 1, acceptsChoices: false };
const choosy = { id: 2, acceptsChoices: true };
const greySuit = { backdrop: 'studio-grey', outfit: 'suit' } as const;

describe('a pick against the team rules', () => {
  it.each([
    ['any style, any look', { styles: null, combos: null }, [{ style: choosy, choice: {} }], null],
    ['an allowed style', { styles: [1], combos: null }, [{ style: plain, choice: {} }], null],
    ['a style left out', { styles: [1], combos: null }, [{ style: choosy, choice: greySuit }], 'style'],
    [
      'the allowed combination',
      { styles: null, combos: [greySuit] },
      [{ style: choosy, choice: greySuit }],
      null,
    ],
    [
      'another backdrop',
      { styles: null, combos: [greySuit] },
      [{ style: choosy, choice: { backdrop: 'office', outfit: 'suit' } }],
      'combo',
    ],
    [
      'a backdrop without an outfit',
      { styles: null, combos: [greySuit] },
      [{ style: choosy, choice: { backdrop: 'studio-grey' } }],
      'combo',
    ],
    [
      'a plain render of a style that takes choices',
      { styles: null, combos: [greySuit] },
      [{ style: choosy, choice: {} }],
      'combo',
    ],
    [
      'a style that takes no choices',
      { styles: null, combos: [greySuit] },
      [{ style: plain, choice: {} }],
      null,
    ],
    [
      'one bad pick among good ones',
      { styles: [1, 2], combos: [greySuit] },
      [
        { style: plain, choice: {} },
        { style: choosy, choice: greySuit },
        { style: choosy, choice: { backdrop: 'city', outfit: 'suit' } },
      ],
      'combo',
    ],
  ] as const)('%s', (_, allowed, picks, expected) => {
    expect(outsideAllowed(allowed as never, picks as never)).toBe(expected);
  });
});
