// The documents Stripe hosts for a customer: a charge's receipt (its `receipt_url`) and an invoice's page
// (its `hosted_invoice_url`), in the locale of the checkout that made them.
import type { Language } from '#shared/language.ts';
import { subscriptionItem } from './objects.ts';
import { esc, pageShell } from './page-style.ts';
import { day, money, type PageText, textFor } from './page-text.ts';
import { LOCAL_PRICES } from './prices.ts';
import type { Json, StandInData } from './state.ts';

function methodLine(charge: Json, t: PageText): string {
  const details = charge.payment_method_details as Json;
  const card = details.card as Json | undefined;
  if (card)
    return t.cardLine(
      `${String(card.brand)[0]?.toUpperCase()}${String(card.brand).slice(1)}`,
      String(card.last4),
    );
  const sepa = details.sepa_debit as Json;
  return `SEPA •••• ${String(sepa.last4)}`;
}

function documentPage(o: {
  title: string;
  number: string;
  amount: string;
  facts: [string, string][];
  line: string;
  state: string;
  lang: Language;
  t: PageText;
}): string {
  const body = `<article class="card doc" aria-labelledby="doc-title"><p class="eyebrow muted">${esc(o.number)}</p>
  <h1 id="doc-title">${esc(o.title)}</h1><p class="amount" data-testid="document-amount">${esc(o.amount)}</p>
  <dl>${o.facts.map(([k, v]) => `<div><dt>${esc(k)}</dt><dd>${esc(v)}</dd></div>`).join('')}</dl>
  <h2>${esc(o.t.summary)}</h2><table><tbody><tr><td data-testid="document-line">${esc(o.line)}</td><td class="num">${esc(o.amount)}</td></tr>
  <tr><td><strong>${esc(o.t.amountPaid)}</strong></td><td class="num"><strong>${esc(o.state)}</strong></td></tr></tbody></table>
  <p class="note">${esc(o.t.questions)}</p></article>`;
  return pageShell({ title: `${o.title} · Aivatar`, lang: o.lang, banner: o.t.banner, body });
}

/** The receipt of one charge, or null when there is no such charge. */
export function receiptPage(chargeId: string, data: StandInData): string | null {
  const charge = data.charges[chargeId];
  if (!charge) return null;
  const pi = String(charge.payment_intent);
  const session = Object.values(data.sessions).find((s) => s.payment_intent === pi);
  const { lang, t } = textFor(session?.locale);
  // A pack's charge has its checkout session; any other is the customer's subscription's.
  const sub = Object.values(data.subscriptions).find((x) => x.customer === charge.customer);
  const priceId = session ? session.price_id : sub && (subscriptionItem(sub).price as Json).id;
  const plan = LOCAL_PRICES.get(String(priceId))?.plan;
  const amount = money(Number(charge.amount), lang);
  return documentPage({
    title: t.receiptTitle,
    number: t.receiptNumber(String(charge.id).slice(3, 12).toUpperCase()),
    amount,
    facts: [
      [t.amountPaid, amount],
      [t.datePaid, day(Number(charge.created), lang)],
      [t.paymentMethod.replace(/ \(.*\)$/, ''), methodLine(charge, t)],
    ],
    line: plan?.name ?? '',
    state: charge.status === 'failed' ? t.failed : charge.refunded ? t.refunded : amount,
    lang,
    t,
  });
}

/** The hosted page of one finalized invoice, or null. */
export function invoicePage(invoiceId: string, data: StandInData): string | null {
  const invoice = data.invoices[invoiceId];
  if (!invoice?.hosted_invoice_url) return null;
  const parent = invoice.parent as { subscription_details?: { subscription?: string } } | null;
  const subscription = parent?.subscription_details?.subscription;
  const session = Object.values(data.sessions).find(
    (s) => s.invoice === invoiceId || (subscription && s.subscription === subscription),
  );
  const { lang, t } = textFor(session?.locale);
  const line = (invoice.lines as { data: Json[] }).data[0] as Json;
  const price = (line.pricing as { price_details: { price: string } }).price_details.price;
  const amount = money(Number(invoice.amount_due), lang);
  const paid = invoice.status === 'paid';
  return documentPage({
    title: t.invoiceTitle,
    number: t.invoiceNumber(String(invoice.number ?? invoice.id)),
    amount,
    facts: [
      [t.amount, amount],
      [paid ? t.datePaid : t.state, paid ? day(Number(invoice.created), lang) : t.open],
    ],
    line: LOCAL_PRICES.get(price)?.plan.name ?? String(line.description),
    state: paid ? amount : t.open,
    lang,
    t,
  });
}
