// The account page after paying by bank debit, and its data export, in English on a desktop and in French on
// a phone (one page load each): back from the checkout the payment says it is pending (no tokens yet,
// the history says why) until the bank confirms, then the tokens arrive; an export asked for on the page
// is offered for download on the page once ready (seconds), by a short-lived link, and mailed for the record.
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { mailsTo } from '../support/api.ts';
import {
  createAccount,
  describeInBrowser,
  FLOW_PAIRS,
  openSignedIn,
  uniqueEmail,
  useBrowser,
} from '../support/browser.ts';
import { control, eventsOf, pay, type RecordedEvent, startCheckout } from '../support/stripe.ts';

const SHOTS = process.env.PAYMENT_SHOTS;

const COPY = {
  en: {
    account: '/app/account',
    pending:
      'Payment pending: your 40 tokens arrive when your bank confirms the payment, usually within a few business days. We will email you a receipt.',
    historyPending: 'Payment pending: tokens arrive when your bank confirms',
    received: 'Payment received: 40 tokens added. Your balance is 42 tokens.',
    exportButton: 'Export my data',
    preparing: 'It usually takes a few seconds: stay here to download it',
    ready:
      /^Your data export is ready: download it now\. It stays available until .+, and we have emailed you a link too\.$/,
    download: 'Download',
    mail: 'Your Aivatar data export is ready',
  },
  fr: {
    account: '/fr/app/account',
    pending:
      'Paiement en attente : vos 40 jetons arriveront quand votre banque aura confirmé le paiement, en général sous quelques jours ouvrés. Nous vous enverrons un reçu par e-mail.',
    historyPending: 'Paiement en attente : les jetons arrivent quand votre banque confirme',
    received: 'Paiement reçu : 40 jetons ajoutés. Votre solde est de 42 jetons.',
    exportButton: 'Exporter mes données',
    preparing: 'Cela prend en général quelques secondes : restez ici pour le télécharger',
    ready:
      /^Votre export de données est prêt : téléchargez-le maintenant\. Il reste disponible jusqu'au .+, et nous vous avons aussi envoyé un lien par e-mail\.$/,
    download: 'Télécharger',
    mail: 'Votre export de données Aivatar est prêt',
  },
} as const;

/** French typography puts no-break spaces before colons: compare plain spaces. */
const plain = (s: string | null): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** A pack paid by SEPA debit at "Stripe", its events held; "completed" (still unpaid) delivered. */
async function bankDebit(token: string): Promise<string> {
  const session = await startCheckout(token, 'pack-40', 40);
  await pay(session, 'sepa_delayed', true);
  const [completed] = await eventsOf('checkout.session.completed', session);
  await control(`events/${completed?.event.id}/deliver`, {});
  return session;
}

/** The bank's confirmation, made by "Stripe" a few seconds after the payment, delivered now. */
async function bankConfirms(session: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  let event: RecordedEvent | undefined;
  while (!event) {
    [event] = await eventsOf('checkout.session.async_payment_succeeded', session);
    if (Date.now() > deadline) throw new Error('the bank never answered');
    if (!event) await new Promise((r) => setTimeout(r, 200));
  }
  await control(`events/${event.event.id}/deliver`, {});
}

const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describeInBrowser('account page: a bank debit pending, then the export offered on the page', () => {
  const browser = useBrowser();

  for (const { lang, viewport } of FLOW_PAIRS) {
    const size = viewport.width;
    test(`in ${lang} at ${size} px`, async () => {
      const copy = COPY[lang];
      const email = uniqueEmail(`debit-${size}`);
      const { token } = await createAccount(email, { lang });
      const session = await bankDebit(token);
      const page = await browser.newPage(viewport);
      await openSignedIn(page, token, `${copy.account}?checkout=success&session_id=${session}`);

      // Back from the checkout: pending, said once at the top and in the history; no tokens yet.
      const notice = page.getByTestId('checkout-notice');
      await expect.poll(async () => notice.getAttribute('data-state')).toBe('pending');
      expect(plain(await notice.textContent())).toBe(copy.pending);
      const row = page.locator('tr[data-state="pending"]');
      expect(plain(await row.textContent())).toContain(copy.historyPending);
      expect(plain(await row.locator('.amount').textContent())).toBe('+40');
      expect(await page.getByTestId('account-balance').textContent()).toBe('2');
      await shot(page, `pending-${lang}-${size}`);

      // The bank confirms while the page is open: the tokens arrive, the pending state goes.
      await bankConfirms(session);
      await expect
        .poll(async () => plain(await page.locator('.toast').first().textContent()))
        .toBe(copy.received);
      await expect.poll(() => notice.count()).toBe(0);
      await expect.poll(() => row.count()).toBe(0);
      expect(await page.getByTestId('account-balance').textContent()).toBe('42');

      // The export: ready in seconds, offered right here, downloaded by a short-lived link.
      const section = page.getByTestId('export-section');
      await section.getByRole('button', { name: copy.exportButton }).click();
      await section.getByText(copy.preparing, { exact: false }).waitFor();
      const ready = section.getByText(copy.ready);
      await ready.waitFor({ timeout: 20_000 });
      await section.scrollIntoViewIfNeeded();
      await shot(page, `export-ready-${lang}-${size}`);
      const download = page.waitForEvent('download');
      await section.getByRole('button', { name: copy.download, exact: true }).click();
      const file = await download;
      // Named in the page's language (issue 23, item 9).
      const stem = lang === 'fr' ? 'aivatar-donnees' : 'aivatar-data';
      expect(file.suggestedFilename()).toMatch(new RegExp(`^${stem}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
      const link = new URL(file.url());
      expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(file.url()).not.toContain(token);
      expect(new URL(page.url()).pathname).toBe(copy.account);
      // The email goes too, for the record.
      expect((await mailsTo(email)).map((m) => m.subject)).toContain(copy.mail);
    });
  }
});
