// Issue 23, item 14: "Check your inbox" after signing up offers to send the email again, 30 seconds after
// each email (a countdown on the button); asked for too often, the server's 429 says, in the page's
// language, when the next may be asked for, and the button waits that long. English on a desktop, French on
// a phone, whose page never says "Cliquez".
import { expect, test } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../../functions/domain/accounts/rate-limits.ts';
import { describeInBrowser, FLOW_PAIRS, mailCount, uniqueEmail, useBrowser } from '../support/browser.ts';
import { copy } from './copy.ts';

/** web/src/features/auth/components/resend-email.tsx */
const RESEND_AFTER_MS = 30_000;

const WORDS = {
  en: {
    waiting: /^Resend in (30|29) s$/,
    resend: 'Resend the email',
    resent: (email: string) => `A new email is on its way to ${email}.`,
    limited: /^Too many emails in a short time\. You can ask for another in \d+ (seconds?|minutes?)\.$/,
    limitedButton: /^Resend in \d+ (s|min)$/,
  },
  fr: {
    waiting: /^Renvoyer dans (30|29) s$/,
    resend: "Renvoyer l'e-mail",
    resent: (email: string) => `Un nouvel e-mail part vers ${email}.`,
    limited:
      /^Trop d'e-mails en peu de temps\. Vous pourrez en redemander un dans \d+ (secondes?|minutes?)\.$/,
    limitedButton: /^Renvoyer dans \d+ (s|min)$/,
  },
} as const;

describeInBrowser('Resend under "Check your inbox"', () => {
  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    test(`${lang}, ${size}: a countdown, then Resend, then the limit's own words`, async () => {
      const w = WORDS[lang];
      const c = copy[lang];
      const email = uniqueEmail(`resend-${lang}-${size}`);
      const page = await browser.newPage(viewport);
      await page.clock.install();
      await page.goto(`${c.prefix}/signup`);
      await page.getByLabel(c.email).fill(email);
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: c.requestActivation }).click();
      await page.getByText(c.signupSuccess, { exact: true }).waitFor();
      const button = page.getByTestId('resend-button');
      expect(await button.innerText()).toMatch(w.waiting);
      expect(await button.isDisabled()).toBe(true);
      expect(await page.locator('body').innerText()).not.toMatch(/cliquez|click/i);

      // Each email can be asked for again 30 s later; the server allows so many from one address.
      const { limit } = DEFAULT_RATE_LIMITS.loginLinkPerEmailClient;
      for (let sent = 1; sent <= limit; sent++) {
        await page.clock.fastForward(RESEND_AFTER_MS);
        await expect.poll(() => button.innerText()).toBe(w.resend);
        await button.click();
        await page.getByTestId('resend-note').getByText(w.resent(email), { exact: true }).waitFor();
        expect(await button.innerText()).toMatch(w.waiting);
        await expect.poll(() => mailCount(email)).toBe(1 + sent);
      }
      await page.clock.fastForward(RESEND_AFTER_MS);
      await button.click();
      const refused = page.getByTestId('resend-note');
      await expect.poll(() => refused.innerText()).toMatch(w.limited);
      expect(await refused.getAttribute('role')).toBe('alert');
      expect(await button.innerText()).toMatch(w.limitedButton);
      expect(await button.isDisabled()).toBe(true);
      expect(await mailCount(email)).toBe(1 + limit);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
    });
  }
});
