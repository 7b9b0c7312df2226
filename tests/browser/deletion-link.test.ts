// Issue 23, item 11: the link in the deletion email opens, at the top of the account page and alone on it,
// why the person is there, the account, what will be deleted and the button, in English and French, at a
// phone's 390x844 and a desktop's 1440x900: no scrolling to find it. "Keep my account" brings back the whole
// page; the button starts the deletion there. The link is the one the local mail outbox received. On the
// phones it is opened without a session: the login page comes first, and the sign-in lands on it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { callRoute } from '../support/api.ts';
import {
  createAccount,
  describeInBrowser,
  type Lang,
  openSignedIn,
  PHONE,
  pathOf,
  uniqueEmail,
  useBrowser,
  WIDE,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';
import { copy as authCopy } from './copy.ts';

const SHOTS = join(import.meta.dirname, '..', '..', '.local', 'screenshots', 'deletion-link');
const PASSWORD = 'Deletion-link-2026!';

const COPY = {
  en: {
    subject: 'Confirm the deletion of your Aivatar account',
    title: 'Delete your account?',
    why: 'You opened the confirmation link from your email. Nothing is deleted until you confirm below.',
    what: [
      'your photos and all your avatars',
      'your tokens (current balance: 2), used or not, and their history',
    ],
    confirm: 'Delete my account for good',
    keep: 'Keep my account',
    history: 'Token history',
    deleting: 'Deleting your account…',
  },
  fr: {
    subject: 'Confirmez la suppression de votre compte Aivatar',
    title: 'Supprimer votre compte\u00a0?',
    why: "Vous avez ouvert le lien de confirmation reçu par e-mail. Rien n'est supprimé tant que vous n'avez pas confirmé ci-dessous.",
    what: [
      'vos photos et tous vos avatars',
      'vos jetons (solde actuel\u00a0: 2), utilisés ou non, et leur historique',
    ],
    confirm: 'Supprimer définitivement mon compte',
    keep: 'Garder mon compte',
    history: 'Historique des jetons',
    deleting: 'Suppression de votre compte…',
  },
} as const;

describeInBrowser('the deletion email link', () => {
  const browser = useBrowser();
  mkdirSync(SHOTS, { recursive: true });

  for (const [lang, size, then] of [
    ['en', WIDE, 'keep'],
    ['en', PHONE, 'confirm'],
    ['fr', PHONE, 'confirm'],
    ['fr', WIDE, 'keep'],
  ] as const) {
    const c = COPY[lang as Lang];
    test(`${lang} at ${size.width}x${size.height}: the confirmation first, in full view; then ${then}`, async () => {
      const email = uniqueEmail(`erase-${lang}`);
      const { token } = await createAccount(email, { lang, password: PASSWORD });
      expect((await callRoute('requestAccountDeletionLink', { token })).status).toBe(200);
      const mail = await waitForMail(email, { count: 2 });
      expect(mail.subject).toBe(c.subject);
      const link = pathOf(/https?:\/\/\S+\?delete=\S+/.exec(mail.text)?.[0] as string);
      expect(link.startsWith(lang === 'fr' ? '/fr/app/account?delete=' : '/app/account?delete=')).toBe(true);

      const page = await browser.newPage(size);
      if (then === 'keep') await openSignedIn(page, token, link);
      else {
        // Not signed in on this phone: the login page, then back to the link's page.
        const a = authCopy[lang];
        await page.goto(link);
        await waitForPath(page, `${a.prefix}/login`);
        await page.getByLabel(a.email).fill(email);
        await page.getByLabel(a.password, { exact: true }).fill(PASSWORD);
        await page.getByRole('button', { name: a.logIn, exact: true }).click();
        await waitForPath(page, link);
      }
      const panel = page.getByTestId('deletion-link');
      await panel.getByRole('heading', { name: c.title }).waitFor();
      await panel.getByText(c.why, { exact: true }).waitFor();
      await panel.getByText(email, { exact: false }).waitFor();
      for (const item of c.what) await panel.getByText(item, { exact: true }).waitFor();
      // The page is at its top and the button is in view without scrolling; nothing else of the page.
      const button = panel.getByRole('button', { name: c.confirm });
      const box = await button.boundingBox();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(box && box.y + box.height <= size.height && box.x >= 0 && box.x + box.width <= size.width).toBe(
        true,
      );
      // Its label whole, inside the button.
      expect(await button.evaluate((b) => b.scrollWidth <= b.clientWidth + 1)).toBe(true);
      expect(await page.getByRole('heading', { name: c.history }).count()).toBe(0);
      await page.screenshot({ path: join(SHOTS, `deletion-link-${lang}-${size.width}.png`) });

      if (then === 'keep') {
        await panel.getByRole('button', { name: c.keep }).click();
        await waitForPath(page, lang === 'fr' ? '/fr/app/account' : '/app/account');
        await page.getByRole('heading', { name: c.history }).waitFor();
        expect(await panel.count()).toBe(0);
      } else {
        await button.click();
        await panel.getByRole('heading', { name: c.deleting }).waitFor({ timeout: 20_000 });
        await page.screenshot({ path: join(SHOTS, `deleting-${lang}-${size.width}.png`) });
      }
    });
  }
});
