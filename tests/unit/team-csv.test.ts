// The members CSV's cells (functions/teams/domain/members-csv.ts): quoted when needed, and never a formula
// a spreadsheet would run (names and emails come from outside the team's control).
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../functions/teams/domain/members-csv.ts';

describe('a CSV cell', () => {
  it.each([
    ['ana', 'ana'],
    ['ana@acme.test', 'ana@acme.test'],
    [42, '42'],
    [null, ''],
    ['Dupont, Ana', '"Dupont, Ana"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://evil.example")', `"'=HYPERLINK(""http://evil.example"")"`],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', `"'\rx"`],
    // A spreadsheet set to read ";" as its separator (French Excel's default) would start a cell at the
    // semicolon: quoted, the value stays one cell and its "=" never begins one.
    ['ana;=1+1', '"ana;=1+1"'],
    ['ana;@SUM(A1)', '"ana;@SUM(A1)"'],
    ["ana'x", "ana'x"],
  ] as const)('%j is written %j', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });
});
