// What a buyer hears after paying, against the local stack and the Stripe stand-in: one receipt per pack
// (English and French, however many times Stripe delivers the event) and per paid month of the
// subscription, a bank debit shown as pending until
// the bank answers (then credited once, or refused with one email), the security notice of a password set
// or changed, the products named as the pricing page names them, and a billing portal that shows a
// one-time buyer their invoices.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createDocumentClient } from '../../functions/adapters/dynamodb/client.ts';
import { GROUP_CONFIG, readConfig } from '../../functions/config.ts';
import { handleBillingEvent } from '../../functions/domain/billing/webhook.ts';
import { buildWebhookDeps } from '../../functions/wiring/webhook-wiring.ts';
import { LOCAL_PRICE_IDS } from '../../infra/local/stripe/prices.ts';
import { SUBSCRIPTION, TOKEN_PACKS } from '../../shared/catalogue.ts';
import { PRICING_STRINGS } from '../../web/src/features/pricing/pricing-strings.ts';
import { activatedUser, callRoute, type Mail, mailsTo, newEmail, stack } from '../support/api.ts';
import { createLocalAccount } from '../support/local-account.ts';
import {
  asPayload,
  balances,
  control,
  deliver,
  eventsOf,
  ledger,
  pay,
  type RecordedEvent,
  startCheckout,
  stripeApi,
} from '../support/stripe.ts';

const RECEIPT_EN = 'Your Aivatar receipt: 40 tokens';
const RECEIPT_FR = 'Votre reçu Aivatar : 100 jetons';
const REFUSED_EN = 'Your Aivatar payment did not go through';

/** French typography's no-break spaces (before colons, in "19 €") read as plain spaces. */
const plain = (s: string): string => s.replace(/[^\S\n]/gu, ' ');

/** The emails to `email` with this subject, their spaces plain. */
const subjects = async (email: string, subject: string): Promise<Mail[]> =>
  (await mailsTo(email))
    .map((m) => ({ ...m, subject: plain(m.subject), text: plain(m.text) }))
    .filter((m) => m.subject === subject);

/** The one event of this type Stripe made for the session, once made (a bank's answer comes later). */
async function eventOf(type: string, session: string): Promise<RecordedEvent> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const [found] = await eventsOf(type, session);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no ${type} for ${session}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const delayedPayments = async (token: string) => {
  const res = await callRoute('tokenLedger', { token });
  expect(res.status).toBe(200);
  return res.body.delayed_payments;
};

/** The receipt Stripe hosts for the session's payment (what the email must link to). */
async function stripeReceiptOf(session: string): Promise<string> {
  const pi = String((await stripeApi().checkout.sessions.retrieve(session)).payment_intent);
  const charge = String((await stripeApi().paymentIntents.retrieve(pi)).latest_charge);
  return String((await stripeApi().charges.retrieve(charge)).receipt_url);
}

describe('the receipt', () => {
  it('goes once, in English, when Stripe delivers the paid checkout five times, two at once', async () => {
    const { email, token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    await pay(session, 'card_ok', true);
    const completed = await eventOf('checkout.session.completed', session);
    const payload = asPayload(completed.event);
    const first = await Promise.all([deliver(payload), deliver(payload)]);
    for (let i = 0; i < 3; i++) first.push(await deliver(payload));
    expect(first.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect((await balances(token)).tokens_ltd).toBe(42);

    const receipts = await subjects(email, RECEIPT_EN);
    expect(receipts).toHaveLength(1);
    const [mail] = receipts as [Mail];
    expect(mail.text).toContain('40 tokens have been added to your Aivatar account');
    expect(mail.text).toContain('Amount paid (tax included): €9');
    expect(mail.text).toContain(`Open my account: ${new URL('/app/account', stack().webUrl).href}`);
    const receiptUrl = await stripeReceiptOf(session);
    expect(mail.text).toContain(`View the receipt: ${receiptUrl}`);
    expect(mail.html).toContain('<html lang="en">');
    // The link opens Stripe's receipt of this payment.
    const page = await fetch(receiptUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Receipt from Aivatar');
  });

  it('that could not be sent goes with the next delivery, once, the tokens credited once', async () => {
    const { email, token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    await pay(session, 'card_ok', true);
    const payload = asPayload((await eventOf('checkout.session.completed', session)).event);
    // The webhook's own function, in this process, with a mail transport that fails: its outbox is a file.
    const broken = join(mkdtempSync(join(tmpdir(), 'aivatar-broken-outbox-')), 'outbox');
    writeFileSync(broken, 'not a folder');
    const s = stack();
    const config = readConfig(GROUP_CONFIG['stripe-webhook'], {
      STAGE: 'local',
      TABLE_NAME: s.tableName,
      DYNAMODB_ENDPOINT: s.dynamoEndpoint,
      WEB_URL: s.webUrl,
      STRIPE_SECRET_KEY: s.stripe.secretKey,
      STRIPE_API_URL: s.stripe.url,
      STRIPE_PRICES: JSON.stringify(LOCAL_PRICE_IDS),
      STRIPE_WEBHOOK_SECRET: s.stripe.webhookSecret,
      MAIL_FROM: 'Aivatar <no-reply@aivatar.local>',
      MAIL_TRANSPORT: 'outbox',
      OUTBOX_DIR: broken,
    });
    const { deps, verifier } = await buildWebhookDeps(config, createDocumentClient(config.dynamodbEndpoint));
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: s.stripe.webhookSecret });
    await expect(handleBillingEvent(deps, verifier.verify(payload, header))).rejects.toThrow();
    // Credited, the receipt not sent: the failed delivery gave its claim on the receipt back.
    expect((await balances(token)).tokens_ltd).toBe(42);
    expect(await subjects(email, RECEIPT_EN)).toEqual([]);

    // Stripe delivers again, to the stack's webhook: the receipt goes now, and the tokens are not credited twice.
    expect((await deliver(payload)).status).toBe(200);
    expect((await deliver(payload)).status).toBe(200);
    expect(await subjects(email, RECEIPT_EN)).toHaveLength(1);
    expect((await balances(token)).tokens_ltd).toBe(42);
  });

  it('goes once, in French with French links, for a French account', async () => {
    const email = newEmail('recu');
    const token = await createLocalAccount(stack(), email, { lang: 'fr' });
    const session = await startCheckout(token, 'pack-100', 100);
    await pay(session);
    // Stripe delivers again (a retry, a replay from its dashboard).
    const completed = await eventOf('checkout.session.completed', session);
    await Promise.all([deliver(asPayload(completed.event)), deliver(asPayload(completed.event))]);
    expect((await balances(token)).tokens_ltd).toBe(102);
    const receipts = await subjects(email, RECEIPT_FR);
    expect(receipts).toHaveLength(1);
    const [mail] = receipts as [Mail];
    expect(mail.text).toContain('100 jetons ont été ajoutés à votre compte Aivatar');
    expect(mail.text).toContain('Montant payé (TTC) : 19 €');
    expect(mail.text).toContain(`Ouvrir mon compte : ${new URL('/fr/app/account', stack().webUrl).href}`);
    expect(mail.text).toContain(`Voir le reçu : ${await stripeReceiptOf(session)}`);
    expect(mail.html).toContain('<html lang="fr">');
  });
});

describe('the monthly receipt', () => {
  it('goes once per paid month, in English, with the invoice', async () => {
    const { email, token } = await activatedUser();
    await pay(await startCheckout(token, SUBSCRIPTION.id, SUBSCRIPTION.tokens));
    const { stripe_customer_id } = await balances(token);
    const customer = String(stripe_customer_id);
    await control(`customers/${customer}/advance`, {});
    // Each month's invoice.paid delivered once more.
    for (const paid of await eventsOf('invoice.paid', customer)) {
      expect((await deliver(asPayload(paid.event))).status).toBe(200);
    }
    const receipts = await subjects(email, 'Your Aivatar receipt: Monthly subscription');
    expect(receipts).toHaveLength(2);
    const invoices = await stripeApi().invoices.list({ customer });
    for (const invoice of invoices.data) {
      expect(receipts.some((m) => m.text.includes(`View the invoice: ${invoice.hosted_invoice_url}`))).toBe(
        true,
      );
    }
    expect(receipts[0]?.text).toContain('100 monthly tokens are on your Aivatar account until');
    expect(receipts[0]?.text).toContain('Amount paid (tax included): €9');
  });
});

describe('a bank debit (delayed payment)', () => {
  it('is pending until the bank confirms, then credits once and sends one receipt', async () => {
    const { email, token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    await pay(session, 'sepa_delayed', true);
    const completed = await eventOf('checkout.session.completed', session);
    expect(completed.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    // Delivered twice: one pending payment, no tokens, no receipt.
    for (let i = 0; i < 2; i++) expect((await deliver(asPayload(completed.event))).status).toBe(200);
    expect(await delayedPayments(token)).toEqual([
      expect.objectContaining({
        id: session,
        state: 'pending',
        plan_id: 'pack-40',
        tokens: 40,
        amount_cents: 900,
      }),
    ]);
    expect((await balances(token)).tokens_ltd).toBe(2);
    expect(await subjects(email, RECEIPT_EN)).toHaveLength(0);

    // The bank confirms; Stripe delivers that twice at once.
    const succeeded = await eventOf('checkout.session.async_payment_succeeded', session);
    const results = await Promise.all([
      deliver(asPayload(succeeded.event)),
      deliver(asPayload(succeeded.event)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect((await balances(token)).tokens_ltd).toBe(42);
    expect((await ledger(token)).filter((e) => e.reason === 'purchase')).toHaveLength(1);
    expect(await delayedPayments(token)).toEqual([]);
    expect(await subjects(email, RECEIPT_EN)).toHaveLength(1);

    // The first event, late once more, does not make it pending again.
    expect((await deliver(asPayload(completed.event))).status).toBe(200);
    expect(await delayedPayments(token)).toEqual([]);
    expect((await balances(token)).tokens_ltd).toBe(42);
  });

  it('refused by the bank: shown as failed, nothing credited, the owner told once', async () => {
    const { email, token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    await pay(session, 'sepa_failing', true);
    const completed = await eventOf('checkout.session.completed', session);
    await deliver(asPayload(completed.event));
    expect(await delayedPayments(token)).toEqual([
      expect.objectContaining({ id: session, state: 'pending' }),
    ]);

    const failed = await eventOf('checkout.session.async_payment_failed', session);
    expect(failed.event.data.object).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    const results = await Promise.all([deliver(asPayload(failed.event)), deliver(asPayload(failed.event))]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await delayedPayments(token)).toEqual([
      expect.objectContaining({ id: session, state: 'failed', tokens: 40 }),
    ]);
    expect((await balances(token)).tokens_ltd).toBe(2);
    const told = await subjects(email, REFUSED_EN);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('no tokens were added and you have not been charged');
    expect(told[0]?.text).toContain(`Buy tokens: ${new URL('/pricing', stack().webUrl).href}`);
    expect(await subjects(email, RECEIPT_EN)).toHaveLength(0);

    // "Completed" arriving after the refusal does not bring "pending" back.
    await deliver(asPayload(completed.event));
    expect(await delayedPayments(token)).toEqual([expect.objectContaining({ state: 'failed' })]);
  });
});

describe('the password security notice', () => {
  it('says a password was set (English), and that it was changed (French), with the account page', async () => {
    const { email, token } = await activatedUser();
    const set = await callRoute('changePassword', {
      token,
      body: { new_password: 'a calm and sunny harbour' },
    });
    expect(set.status).toBe(200);
    const [notice] = await subjects(email, 'A password was set on your Aivatar account');
    expect(notice?.text).toContain(`A password was set on your Aivatar account ${email} on `);
    expect(notice?.text).toContain(`Open my account page: ${new URL('/app/account', stack().webUrl).href}`);

    const french = newEmail('motdepasse');
    const frToken = await createLocalAccount(stack(), french, {
      lang: 'fr',
      password: 'a calm and sunny harbour',
    });
    const changed = await callRoute('changePassword', {
      token: frToken,
      body: { current_password: 'a calm and sunny harbour', new_password: 'another quiet river 7' },
    });
    expect(changed.status).toBe(200);
    const notices = await subjects(french, 'Le mot de passe de votre compte Aivatar a été modifié');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Vos autres appareils ont été déconnectés.');
    expect(notices[0]?.text).toContain(new URL('/fr/app/account', stack().webUrl).href);
    expect(await subjects(french, 'Un mot de passe a été défini sur votre compte Aivatar')).toHaveLength(1);
  });
});

describe('at Stripe', () => {
  it('names each product as the pricing page does', async () => {
    const { token } = await activatedUser();
    const en = PRICING_STRINGS.en;
    for (const plan of [...TOKEN_PACKS, SUBSCRIPTION]) {
      const session = await startCheckout(token, plan.id, plan.tokens);
      const [line] = (await stripeApi().checkout.sessions.listLineItems(session)).data;
      // The pack selector's "40 tokens · €9", the subscription card's title.
      const shown = plan.kind === 'one-time' ? en.tokens(plan.tokens) : 'Monthly subscription';
      expect(line?.description, plan.id).toBe(shown);
      const product = await stripeApi().products.retrieve(String(line?.price?.product));
      expect(product.name, plan.id).toBe(shown);
    }
  });

  it('shows a one-time buyer their invoice, payment methods and billing details in the billing portal', async () => {
    const { email, token } = await activatedUser();
    await pay(await startCheckout(token, 'pack-40', 40));
    const { stripe_customer_id } = await balances(token);
    // Checkout made the pack's invoice (invoice_creation), paid: what the portal's invoice history lists.
    const invoices = await stripeApi().invoices.list({ customer: String(stripe_customer_id) });
    expect(invoices.data).toEqual([
      expect.objectContaining({ status: 'paid', amount_paid: 900, parent: null }),
    ]);
    const res = await callRoute('billingDashboard', { token });
    expect(res.status).toBe(200);
    const html = await (await fetch(res.body.dashboard_url)).text();
    expect(html).toContain('Invoice history');
    expect(html).toContain(String(invoices.data[0]?.hosted_invoice_url));
    expect(html).toContain('Payment methods');
    expect(html).toContain(email);
    expect(html).not.toContain('You have no subscription');
    const invoicePage = await fetch(String(invoices.data[0]?.hosted_invoice_url));
    expect(await invoicePage.text()).toContain('40 tokens');
  });
});
