// What a buyer hears after paying that only the whole stack shows: the security notice of a password set or
// changed, the products named at Stripe as the pricing page names them, and a billing portal that shows a
// one-time buyer their invoices. The receipts (once per pack and per paid month, English and French, retried
// once) and bank debits are the domain's (tests/domain/webhook.test.ts).
import { describe, expect, it } from 'vitest';
import { SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { PRICING_STRINGS } from '../../web/src/features/pricing/pricing-strings.ts';
import { activatedUser, callRoute, type Mail, mailsTo, newEmail, stack } from '../support/api.ts';
import { createLocalAccount } from '../support/local-account.ts';
import { balances, pay, startCheckout, stripeApi } from '../support/stripe.ts';

/** French typography's no-break spaces (before colons, in "19 €") read as plain spaces. */
const plain = (s: string): string => s.replace(/[^\S\n]/gu, ' ');

/** The emails to `email` with this subject, their spaces plain. */
const subjects = async (email: string, subject: string): Promise<Mail[]> =>
  (await mailsTo(email))
    .map((m) => ({ ...m, subject: plain(m.subject), text: plain(m.text) }))
    .filter((m) => m.subject === subject);

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

  it('makes no invoice for a personal pack (its receipt email is enough); the portal shows payment methods and billing details', async () => {
    const { email, token } = await activatedUser();
    const session = await startCheckout(token, 'pack-40', 40);
    expect((await stripeApi().checkout.sessions.retrieve(session)).invoice_creation?.enabled).toBe(false);
    await pay(session);
    const { stripe_customer_id } = await balances(token);
    const invoices = await stripeApi().invoices.list({ customer: String(stripe_customer_id) });
    expect(invoices.data).toEqual([]);
    const res = await callRoute('billingDashboard', { token });
    expect(res.status).toBe(200);
    const html = await (await fetch(res.body.dashboard_url)).text();
    expect(html).toContain('Payment methods');
    expect(html).toContain(email);
    expect(html).not.toContain('You have no subscription');
  });
});
