// A login link opened in a browser that did not ask for it (issue 23, login CSRF): the page first asks
// "Sign in as j•••@example.com?" with Continue and Cancel, in English whatever the link's language (spec
// section 2), and redeems nothing until Continue; Cancel leaves the link unused. The link's `lang` decides
// where Cancel and Continue lead (/fr, /fr/app/create). Opened in the browser that asked, it signs in at
// once. An English link on a desktop and a French one on a phone, with screenshots in .local/screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  FLOW_PAIRS,
  type Lang,
  loginLinkIn,
  PHONE,
  pathOf,
  stack,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { newClientIp } from '../support/local-account.ts';
import { copy } from './copy.ts';
import { masked, tokenPage, waitForEnglishTokenPage } from './token-page.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots');

/** A login link asked for somewhere else (the API, as from another device), in `lang`. */
async function linkAskedElsewhere(email: string, lang: Lang): Promise<string> {
  const res = await fetch(`${stack().apiUrl}/send_login_link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': newClientIp() },
    body: JSON.stringify({ email, lang }),
  });
  expect(res.status).toBe(200);
  return pathOf(loginLinkIn(await waitForMail(email, { count: 2 })));
}

// Written out, not read from the app: the French login page's words for a used or expired link.
const USED_LINK_FR = 'Ce lien de connexion est invalide ou a expiré. Demandez-en un nouveau.';
const storedSession = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** Nothing sticks out of the viewport sideways, and both buttons are on screen. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const viewport = page.viewportSize() as { width: number; height: number };
  for (const name of [tokenPage.continue, tokenPage.cancel]) {
    const box = await page.getByRole('button', { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    if (!box) continue;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  }
}

describeInBrowser('a login link opened in a browser that did not ask for it', () => {
  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    const c = copy[lang];
    test(`${lang} at ${size} px: asks "Sign in as …?", Cancel uses nothing, Continue signs in`, async () => {
      const email = uniqueEmail(`confirm-${lang}`);
      await createAccount(email, { lang });
      const link = await linkAskedElsewhere(email, lang);
      const page = await browser.newPage(viewport);
      await page.goto(link);

      const question = page.getByRole('heading', { name: tokenPage.signInAs(masked(email)), level: 1 });
      await question.waitFor();
      await page.getByText(tokenPage.signInAsText, { exact: true }).waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      expect(await page.title()).toBe(tokenPage.title);
      await expectFits(page);
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, `login-link-confirm-${lang}-${size}.png`) });
      expect(await storedSession(page)).toBeNull();

      // Cancel: home, in the link's language, signed out; the link is still unused.
      await page.getByRole('button', { name: tokenPage.cancel, exact: true }).click();
      await waitForPath(page, c.prefix || '/');
      await page.getByRole('heading', { name: c.homeHeading, level: 1 }).waitFor();
      await page.waitForLoadState('load');
      expect(await storedSession(page)).toBeNull();

      await page.goto(link);
      await question.waitFor();
      await page.getByRole('button', { name: tokenPage.continue, exact: true }).click();
      await waitForEnglishTokenPage(page, tokenPage.success);
      // Then the app in the link's language.
      await waitForPath(page, `${c.prefix}/app/create`);
      await page.getByRole('heading', { name: c.createHeading, level: 1 }).waitFor();
      // Signed in to the account of the link.
      const session = await storedSession(page);
      const me = await fetch(`${stack().apiUrl}/user_info`, {
        headers: { authorization: `Bearer ${session}` },
      });
      expect(((await me.json()) as { email: string }).email).toBe(email);
    });
  }

  test('a link this browser asked for from the login page signs in at once, without the question', async () => {
    const email = uniqueEmail('asked-here');
    await createAccount(email, { lang: 'fr' });
    const page = await browser.newPage(PHONE);
    await page.goto('/fr/login');
    await page.getByLabel(copy.fr.email).fill(email);
    await page.getByRole('button', { name: copy.fr.sendLink }).click();
    await page.getByText(copy.fr.linkSent(email), { exact: true }).waitFor();
    const mail = await waitForMail(email, { count: 2 });
    expect(mail.subject).toBe(copy.fr.loginLinkSubject);
    await page.goto(pathOf(loginLinkIn(mail)));
    await waitForEnglishTokenPage(page, tokenPage.success);
    expect(await page.getByRole('button', { name: tokenPage.continue }).count()).toBe(0);
    await waitForPath(page, '/fr/app/create');
  });

  test('a used French link, opened again after the question, goes on to /fr/login, which says why in French', async () => {
    const email = uniqueEmail('confirm-used');
    await createAccount(email, { lang: 'fr' });
    const link = await linkAskedElsewhere(email, 'fr');
    const first = await browser.newPage();
    await first.goto(link);
    await first.getByRole('button', { name: tokenPage.continue, exact: true }).click();
    await waitForPath(first, '/fr/app/create');
    await first.evaluate(() => localStorage.clear());
    await first.goto(link);
    // Issue 23 item 9: every page reached from a French email is French.
    await waitForPath(first, '/fr/login');
    await first.getByText(USED_LINK_FR, { exact: true }).waitFor();
    expect(await first.evaluate(() => document.documentElement.lang)).toBe('fr');
  });
});
