// `npm run bench:web` fails when a budget is missed (tests/bench/web-budgets.ts decides which).
import { describe, expect, it } from 'vitest';
import { LANDING_JS_BUDGET_KB, missedBudgets } from '../bench/web-budgets.ts';

const good = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };

describe('web budgets', () => {
  it('are met by scores at or above each budget and landing JS within its budget', () => {
    expect(missedBudgets({ '/': good, '/fr': { ...good, performance: 95 } }, LANDING_JS_BUDGET_KB)).toEqual(
      [],
    );
  });

  it('name every score below its budget, a score not measured, and landing JS over budget', () => {
    const missed = missedBudgets(
      { '/': { ...good, performance: 94 }, '/pricing': { ...good, seo: 92 }, '/fr': { performance: 99 } },
      LANDING_JS_BUDGET_KB + 0.1,
    );
    expect(missed).toEqual([
      '/ performance 94 < 95',
      '/pricing seo 92 < 100',
      '/fr accessibility not measured < 95',
      '/fr best-practices not measured < 95',
      '/fr seo not measured < 100',
      `landing JS ${LANDING_JS_BUDGET_KB + 0.1} KB > ${LANDING_JS_BUDGET_KB} KB`,
    ]);
    expect(missedBudgets({ '/': good }, undefined)).toEqual(['landing JS not measured KB > 110 KB']);
  });
});
