// A prerendered page is shown from its own HTML document (components/document-page.tsx): a client-side
// navigation to it loads that document. With a #hash too, the load must still happen: the router has
// already put the address in the bar, and asking the browser for the same address with a hash only
// scrolls the current page, which left the app on its loading spinner. In English and French.
import { expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';

const COPY = {
  en: { app: '/app/create', pricing: '/pricing', heading: 'Simple pricing, no surprises' },
  fr: { app: '/fr/app/create', pricing: '/fr/pricing', heading: 'Des tarifs simples, sans surprise' },
} as const;

describeInBrowser('a client-side link to a prerendered page with a #hash', () => {
  const browser = useBrowser();

  for (const lang of ['en', 'fr'] as const) {
    test(`${lang}: loads the page's document and scrolls to the hash`, async () => {
      const c = COPY[lang];
      const { token } = await createAccount(uniqueEmail(`hash-${lang}`), { lang });
      const page = await browser.newPage();
      await openSignedIn(page, token, c.app);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // What a router <Link to="/pricing#tokens"> does: push the address, then render its route.
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, `${c.pricing}#tokens`);
      await page.getByRole('heading', { level: 1, name: c.heading }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).hash).toBe('#tokens');
      // The token packs' card is scrolled into view.
      await expect
        .poll(() =>
          page.evaluate(() => {
            const box = document.getElementById('tokens')?.getBoundingClientRect();
            return Boolean(box && box.top < innerHeight && box.bottom > 0);
          }),
        )
        .toBe(true);
    });
  }
});
