// The account page's "Your data": exporting (the job's state on the screen, then a Download button, and the
// emailed link comes back to it) and deleting the account (the job's progress, then signed out), by password
// or by the emailed link, in English and French, at desktop and phone widths. The export offered on the page
// in both languages and sizes: pending-payment-and-export.test.ts.
import { expect, test } from 'vitest';
import {
  createAccount,
  describeInBrowser,
  openSignedIn,
  PHONE,
  pathOf,
  uniqueEmail,
  useBrowser,
  waitForMail,
  waitForPath,
} from '../support/browser.ts';

const PASSWORD = 'a long and quiet afternoon';
const SHOTS = process.env.PRIVACY_SHOTS;

describeInBrowser('account page: your data', () => {
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
    // Offered here as soon as it is ready (the French and phone versions: pending-payment-and-export.test.ts).
    await section
      .getByText(/^Your data export is ready: download it now\. It stays available until \d+ [A-Z][a-z]+, /)
      .waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/export-ready-en-desktop.png`, fullPage: true });
    const mail = await waitForMail(email, { count: 2 });
    expect(mail.subject).toBe('Your Aivatar data export is ready');
    const link = /https?:\/\/\S+\?export=\S+/.exec(mail.text)?.[0] as string;
    await page.goto(pathOf(link));
    await section
      .getByText(/^Your data export is ready\. You can download it until [A-Z][a-z]+ \d+\.$/)
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
    await progress.getByText(/^Step \d of 6\./).waitFor();
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
    await progress.getByText(/^Étape \d sur 6\./).waitFor();
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/deleting-fr-phone.png`, fullPage: true });
    await progress.getByRole('heading', { name: 'Compte supprimé' }).waitFor();
    await progress.getByText('Votre compte a été supprimé.', { exact: false }).waitFor();
    await waitForPath(page, '/fr');
    await page.getByText('Votre compte a été supprimé.', { exact: false }).waitFor();
    expect((await waitForMail(email, { count: 3 })).subject).toBe('Votre compte Aivatar a été supprimé');
  });
});
