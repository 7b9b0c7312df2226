// The account page's data journeys in a browser: the export followed to its download and its emailed link,
// deleting the account with the password, and the deletion email's link (keep or confirm).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { DELETION_STEPS } from '../../functions/privacy/domain/jobs.ts';
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

// The account page's "Your data": exporting (the job's state on the screen, then a Download button, and the
// emailed link comes back to it) and deleting the account (the job's progress, then signed out), by password
// or by the emailed link, in English and French, at desktop and phone widths. The export offered on the page
// in both languages and sizes: payments.test.ts.

describeInBrowser('account page: your data', () => {
  const PASSWORD = 'a long and quiet afternoon';

  const SHOTS = process.env.PRIVACY_SHOTS;

  const browser = useBrowser();

  test('export: the screen follows the job until the download is ready, and the emailed link comes back to it', async () => {
    const email = uniqueEmail('export');
    const { token } = await createAccount(email);
    const page = await browser.newPage();
    await openSignedIn(page, token, '/app/account');
    await page.getByRole('button', { name: 'Export my data' }).click();
    const section = page.getByTestId('export-section');
    await section.getByText('It usually takes a few seconds', { exact: false }).waitFor();
    expect(await section.getByRole('button', { name: 'Preparing your export…' }).isDisabled()).toBe(true);
    if (SHOTS) await section.screenshot({ path: `${SHOTS}/export-preparing-en-desktop.png` });
    // Offered here as soon as it is ready (the French and phone versions: payments.test.ts).
    await section
      .getByText(/^Your data export is ready: download it now\. It stays available until \d+ [A-Z][a-z]+, /)
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/export-ready-en-desktop.png`, fullPage: true });
    const mail = await waitForMail(email, { count: 2 });
    expect(mail.subject).toBe('Your Aivatar data export is ready');
    const link = /https?:\/\/\S+\?export=\S+/.exec(mail.text)?.[0] as string;
    await page.goto(pathOf(link));
    await section
      .getByText(/^Your data export is ready\. You can download it until \d+ [A-Z][a-z]+\.$/)
      .waitFor();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: 'Download' }).click();
    expect((await download).suggestedFilename()).toMatch(/^aivatar-data-\d{4}-\d{2}-\d{2}\.zip$/);
  });

  test('delete with the password: a wrong one is refused, the right one deletes and signs out', async () => {
    const email = uniqueEmail('delete');
    const { token } = await createAccount(email, { password: PASSWORD });
    const page = await browser.newPage();
    await openSignedIn(page, token, '/app/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const form = page.getByRole('form', { name: 'Delete my account' });
    await form.getByText('Your account and everything in it will be deleted for good').waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-en-desktop.png`, fullPage: true });
    await form.getByLabel('Confirm with your password').fill('not the password');
    await form.getByRole('button', { name: 'Delete my account for good' }).click();
    await form.getByText('Your password is incorrect.').waitFor();
    await form.getByLabel('Confirm with your password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Delete my account for good' }).click();
    // The job's progress, then that the account is gone, then the home page, signed out.
    const progress = page.getByTestId('deletion-progress');
    await progress.getByRole('heading', { name: 'Deleting your account…' }).waitFor();
    await progress.getByText(new RegExp(`^Step \\d of ${DELETION_STEPS.length - 1}\\.`)).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deleting-en-desktop.png`, fullPage: true });
    await progress.getByRole('heading', { name: 'Account deleted' }).waitFor();
    expect(await progress.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deleted-en-desktop.png`, fullPage: true });
    await waitForPath(page, '/');
    await page
      .getByText('Your account has been deleted. A confirmation has been sent to your email.')
      .waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // The activation link, the notice of the password set, then the deletion's.
    expect((await waitForMail(email, { count: 3 })).subject).toBe('Your Aivatar account has been deleted');
  });

  test('delete by the emailed link, in French on a phone', async () => {
    const email = uniqueEmail('supprimer');
    const { token } = await createAccount(email, { lang: 'fr' });
    const page = await browser.newPage(PHONE);
    await openSignedIn(page, token, '/fr/app/account');
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await page.getByText("Votre compte n'a pas de mot de passe").waitFor();
    await page.getByRole('button', { name: "M'envoyer un lien de confirmation" }).click();
    await page
      .getByText('Nous vous avons envoyé un lien par e-mail pour confirmer la suppression.', { exact: false })
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-fr-phone.png`, fullPage: true });
    const mail = await waitForMail(email, { count: 2 });
    expect(mail.subject).toBe('Confirmez la suppression de votre compte Aivatar');
    const link = /https?:\/\/\S+\?delete=\S+/.exec(mail.text)?.[0] as string;
    await page.goto(pathOf(link));
    await page
      .getByText('Vous avez ouvert le lien de confirmation reçu par e-mail.', { exact: false })
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/delete-link-fr-phone.png`, fullPage: true });
    await page.getByRole('button', { name: 'Supprimer définitivement mon compte' }).click();
    const progress = page.getByTestId('deletion-progress');
    await progress.getByRole('heading', { name: 'Suppression de votre compte…' }).waitFor();
    await progress.getByText(new RegExp(`^Étape \\d sur ${DELETION_STEPS.length - 1}\\.`)).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deleting-fr-phone.png`, fullPage: true });
    await progress.getByRole('heading', { name: 'Compte supprimé' }).waitFor();
    await progress.getByText('Votre compte a été supprimé.', { exact: false }).waitFor();
    await waitForPath(page, '/fr');
    await page.getByText('Votre compte a été supprimé.', { exact: false }).waitFor();
    expect((await waitForMail(email, { count: 3 })).subject).toBe('Votre compte Aivatar a été supprimé');
  });
});

// The link in the deletion email opens, at the top of the account page and alone on it,
// why the person is there, the account, what will be deleted and the button, in English and French, at a
// phone's 390x844 and a desktop's 1440x900: no scrolling to find it. "Keep my account" brings back the whole
// page; the button starts the deletion there. The link is the one the local mail outbox received. On the
// phones it is opened without a session: the login page comes first, and the sign-in lands on it.

describeInBrowser('the deletion email link', () => {
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

  const browser = useBrowser();
  mkdirSync(SHOTS, { recursive: true });

  for (const [lang, size, then] of [
    // FLOW_PAIRS (tests/support/browser.ts): English on the wide desktop, French on the phone.
    ['en', WIDE, 'keep'],
    ['fr', PHONE, 'confirm'],
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
        await waitForPath(page, '/app/account');
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
