// Issue 7, item 10: the landing page's JavaScript stays well under its budget, leaving room for the app
// screens' code that will join the shared shell. Measured as `npm run bench:web` measures it.
import { expect, test } from 'vitest';
import { firstLoadJs } from '../bench/first-load-js.ts';
import { LANDING_JS_BUDGET_KB, LANDING_JS_HEADROOM_KB } from '../bench/web-budgets.ts';
import { describeInBrowser, stack } from '../support/browser.ts';

describeInBrowser('page weight', () => {
  test(`the landing page, in both languages, keeps to its ${LANDING_JS_BUDGET_KB} KB JavaScript budget (${LANDING_JS_HEADROOM_KB} KB kept free)`, async () => {
    const measured = [
      ...(await firstLoadJs(stack().webUrl, ['/', '/fr'])),
      // A French browser at / is offered the French page (issue 23, item 9): that offer fits in the budget too.
      ...(await firstLoadJs(stack().webUrl, ['/'], { locale: 'fr-FR' })),
    ];
    for (const page of measured) {
      expect(page.gzippedKB, page.path).toBeLessThanOrEqual(LANDING_JS_BUDGET_KB - LANDING_JS_HEADROOM_KB);
    }
  });
});
