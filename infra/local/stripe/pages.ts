// The hosted checkout page and the billing portal page, rendered on the server (plain forms, no script).

import type { Language } from '#shared/language.ts';
import { subscriptionItem } from './objects.ts';
import { esc, pageShell } from './page-style.ts';
import { day, money, type PageText, textFor } from './page-text.ts';
import { LOCAL_PRICES } from './prices.ts';
import type { Json, StandInData } from './state.ts';

export function checkoutPage(session: Json, error: string | null): string {
  const { lang, t } = textFor(session.locale);
  const price = LOCAL_PRICES.get(String(session.price_id));
  const plan = price?.plan;
  const amount = money(Number(session.amount_total), lang);
  const subscription = session.mode === 'subscription';
  const open = session.status === 'open';
  const cancelUrl = String(session.cancel_url ?? '');
  const summary = `<section class="card summary" aria-labelledby="plan">
  <p class="eyebrow">${esc(t.payTo)}</p>
  <h1 id="plan">${esc(plan?.name)}</h1>
  <p class="amount" data-testid="checkout-amount">${esc(amount)}${subscription ? ` <small>${esc(t.perMonth)}</small>` : ''}</p>
  <p class="muted">${esc(subscription ? t.monthly(plan && 'tokens' in plan ? plan.tokens : 0) : t.oneTime)}</p>
  <ul class="lines"><li><span>${esc(t.subtotal)}</span><span>${esc(amount)}</span></li>
  <li><strong>${esc(t.totalDue)}</strong><strong>${esc(amount)}</strong></li></ul>
  <p class="muted" style="margin:.75rem 0 0;font-size:.8125rem">${esc(t.taxIncluded)}</p></section>`;
  const option = (value: string, label: string, code: string, checked = false) =>
    `<label class="option"><input type="radio" name="method" value="${value}"${checked ? ' checked' : ''}><span><b>${esc(label)}</b><code>${esc(code)}</code></span></label>`;
  const form = open
    ? `<form method="post" action="/c/pay/${esc(session.id)}">
  <label class="field"><span>${esc(t.email)}</span><input type="email" value="${esc((session.customer_details as Json | null)?.email)}" readonly></label>
  <fieldset style="border:none;padding:0;margin:0 0 1rem"><legend class="field" style="font-size:.875rem;font-weight:600;margin-bottom:.35rem">${esc(t.paymentMethod)}</legend>
  ${option('card_ok', t.cardOk, '4242 4242 4242 4242 · 12/34 · 123', true)}
  ${option('card_declined', t.cardDeclined, '4000 0000 0000 0002')}
  ${subscription ? '' : `${option('sepa_delayed', t.sepa, 'DE89 3704 0044 0532 0130 00')}${option('sepa_failing', t.sepaFailing, 'DE62 3704 0044 0532 0130 01')}`}</fieldset>
  <button class="btn btn--block" type="submit">${esc(subscription ? t.subscribe(amount) : t.pay(amount))}</button>
  </form>
  <div class="actions" style="justify-content:center"><a class="back" href="${esc(cancelUrl)}">${esc(t.cancel)}</a></div>`
    : `<div class="alert alert--info">${esc(t.closed)}</div><a class="btn btn--secondary" href="${esc(cancelUrl)}">${esc(t.backTo)}</a>`;
  const body = `<div class="grid">${summary}<section class="card" aria-label="${esc(t.paymentMethod)}">
  ${error ? `<div class="alert alert--error" role="alert">${esc(error)}</div>` : ''}${form}</section></div>`;
  return pageShell({
    title: `${t.checkoutTitle} · Aivatar`,
    lang,
    banner: t.banner,
    body,
    ...(cancelUrl ? { back: { href: cancelUrl, label: t.backTo } } : {}),
  });
}

/** Rows of cells (HTML); on a phone each row stacks, its cells labelled by their column (data-label). */
const table = (head: string[], rows: string[][], testId: string, none: string) =>
  rows.length
    ? `<div class="table-scroll"><table class="rows" data-testid="${testId}"><thead><tr>${head.map((h, i) => `<th${i === 2 ? ' class="num"' : ''}>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows
        .map(
          (cells) =>
            `<tr>${cells.map((c, i) => `<td data-label="${esc(head[i])}"${i === 2 ? ' class="num"' : ''}>${c}</td>`).join('')}</tr>`,
        )
        .join('')}</tbody></table></div>`
    : `<p class="muted" data-testid="${testId}-none">${esc(none)}</p>`;

/** The customer's subscription, as the portal shows it: plan, state, cancel or don't cancel. */
function subscriptionSection(sub: Json, base: string, lang: Language, t: PageText): string {
  const item = subscriptionItem(sub);
  const end = item.current_period_end as number;
  const ended = sub.status === 'canceled';
  const key = ended
    ? 'ended'
    : sub.status === 'past_due'
      ? 'past_due'
      : sub.cancel_at_period_end
        ? 'ending'
        : 'active';
  const pill = { active: 'active', ending: 'ending', ended: 'ended', past_due: 'failed' }[key];
  const line = ended
    ? t.endedOn(day(Number(sub.ended_at), lang))
    : sub.cancel_at_period_end
      ? t.endsOn(day(end, lang))
      : t.renewsOn(day(end, lang));
  const action = ended
    ? ''
    : sub.cancel_at_period_end
      ? `<form class="inline" method="post" action="${base}/resume"><button class="btn" type="submit">${esc(t.resumeSub)}</button></form>`
      : `<form class="inline" method="post" action="${base}/cancel"><button class="btn btn--danger" type="submit">${esc(t.cancelSub)}</button></form>`;
  const price = item.price as Json;
  return `<section class="card" aria-labelledby="current-plan"><h2 id="current-plan">${esc(t.currentPlan)}</h2>
  <div class="clock"><div><p style="font-size:1.125rem;font-weight:700;margin:0">${esc(LOCAL_PRICES.get(String(price.id))?.plan.name)}</p>
  <p class="muted" style="margin:0">${esc(money(Number(price.unit_amount), lang))} ${esc(t.perMonth)} · ${esc(t.tokens(100))}</p></div>
  <span class="pill pill--${pill}" data-testid="portal-status">${esc(t.status[key])}</span></div>
  <p data-testid="portal-period">${esc(line)}</p><div class="actions">${action}</div></section>`;
}

/**
 * The billing portal as Stripe's shows a customer: their subscription (only when they have one), saved
 * payment methods, billing information and invoice history. Below, apart, what Stripe does from its
 * dashboard or a test clock (refunds, advancing time), for local testing.
 */
export function portalPage(portal: Json, data: StandInData, now: number): string {
  const { lang, t } = textFor(portal.locale);
  const customerId = String(portal.customer);
  const customer = data.customers[customerId] ?? {};
  const base = `/p/session/${esc(portal.id)}`;
  const subs = Object.values(data.subscriptions)
    .filter((s) => s.customer === customerId)
    .sort((a, b) => (b.created as number) - (a.created as number));
  const sub = subs.find((s) => s.status !== 'canceled') ?? subs[0];
  const defaults = new Set(subs.map((s) => s.default_payment_method).filter(Boolean));
  const cards = Object.values(data.paymentMethods)
    .filter((m) => m.customer === customerId)
    .map((m) => {
      const card = m.card as Json;
      const brand = String(card.brand);
      return `<li class="method"><span><b>${esc(t.cardLine(brand[0]?.toUpperCase() + brand.slice(1), String(card.last4)))}</b>
      <span class="muted">${esc(t.expires(Number(card.exp_month), Number(card.exp_year)))}</span></span>${defaults.has(m.id) ? `<span class="pill pill--ended">${esc(t.defaultMethod)}</span>` : ''}</li>`;
    })
    .join('');
  const methods = cards
    ? `<ul class="methods" data-testid="portal-payment-methods">${cards}</ul>`
    : `<p class="muted" data-testid="portal-payment-methods-none">${esc(t.noPaymentMethods)}</p>`;
  const invoiceRows = Object.values(data.invoices)
    .filter((i) => i.customer === customerId && i.status !== 'draft')
    .sort((a, b) => (b.created as number) - (a.created as number))
    .map((i) => {
      const line = (i.lines as { data: Json[] }).data[0] as Json;
      const price = (line.pricing as { price_details: { price: string } }).price_details.price;
      const paid = i.status === 'paid';
      const name = esc(LOCAL_PRICES.get(price)?.plan.name ?? line.description);
      // The description opens the invoice's hosted page, as in Stripe's portal.
      const described = i.hosted_invoice_url ? `<a href="${esc(i.hosted_invoice_url)}">${name}</a>` : name;
      return [
        esc(day(i.created as number, lang, 'medium')),
        described,
        esc(money(i.amount_due as number, lang)),
        `<span class="pill pill--${paid ? 'active' : 'failed'}">${esc(paid ? t.paid : t.open)}</span>`,
      ];
    });
  const body = `<div class="stack"><header><h1>${esc(t.portalTitle)}</h1><p class="muted" style="margin:0">${esc(t.portalIntro)}</p></header>
  ${sub ? subscriptionSection(sub, base, lang, t) : ''}
  <section class="card" aria-labelledby="methods"><h2 id="methods">${esc(t.paymentMethods)}</h2>${methods}</section>
  <section class="card" aria-labelledby="billing-info"><h2 id="billing-info">${esc(t.billingInfo)}</h2>
  <dl class="details"><div><dt>${esc(t.email)}</dt><dd data-testid="portal-email">${esc(customer.email)}</dd></div>${customer.name ? `<div><dt>${esc(t.name)}</dt><dd>${esc(customer.name)}</dd></div>` : ''}</dl></section>
  <section class="card" aria-labelledby="invoices"><h2 id="invoices">${esc(t.invoiceHistory)}</h2>${table([t.date, t.description, t.amount, t.state], invoiceRows, 'portal-invoices', t.none)}</section>
  ${testControls(customerId, sub, base, data, lang, t, now)}</div>`;
  const back = portal.return_url ? { back: { href: String(portal.return_url), label: t.backTo } } : {};
  return pageShell({ title: `${t.portalTitle} · Aivatar`, lang, banner: t.banner, body, ...back });
}

/** Not in Stripe's portal: its dashboard's refunds and a test clock, for trying the product locally. */
function testControls(
  customerId: string,
  sub: Json | undefined,
  base: string,
  data: StandInData,
  lang: Language,
  t: PageText,
  now: number,
): string {
  const packRows = Object.values(data.sessions)
    .filter((s) => s.customer === customerId && s.mode === 'payment' && s.payment_intent)
    .sort((a, b) => (b.created as number) - (a.created as number))
    .map((s) => {
      const pi = data.paymentIntents[String(s.payment_intent)];
      const charge = pi && data.charges[String(pi.latest_charge)];
      const plan = LOCAL_PRICES.get(String(s.price_id))?.plan;
      const refunded = Number(charge?.amount_refunded ?? 0);
      const state =
        charge?.status === 'failed'
          ? t.failed
          : !charge?.paid
            ? '…'
            : refunded === 0
              ? t.paid
              : charge.refunded
                ? t.refunded
                : t.partRefunded;
      const button =
        charge?.paid && !charge.refunded
          ? `<form class="inline" method="post" action="${base}/refund"><input type="hidden" name="payment_intent" value="${esc(pi?.id)}"><button class="btn btn--secondary btn--small" type="submit">${esc(t.refund)}</button></form>`
          : '';
      return [
        esc(day(s.created as number, lang, 'medium')),
        esc(plan?.name),
        esc(money(Number(s.amount_total), lang)),
        `<div class="state-action">${esc(state)}${button}</div>`,
      ];
    });
  const clock =
    sub && sub.status !== 'canceled'
      ? `<div class="clock" style="margin-bottom:1.25rem"><div><h3 style="margin:0">${esc(t.testClock)}</h3>
      <p class="muted" style="margin:.25rem 0 0" data-testid="portal-clock">${esc(t.clockNow(day(now, lang)))}</p></div>
      <form method="post" action="${base}/advance" class="clock"><label style="font-size:.875rem"><input type="checkbox" name="fail" value="1"> ${esc(t.failNext)}</label>
      <button class="btn btn--secondary" type="submit">${esc(t.advance)}</button></form></div>
      <p class="note" style="margin-top:0">${esc(t.advanceHint)}</p>`
      : '';
  return `<section class="card card--test" aria-labelledby="test-controls"><h2 id="test-controls">${esc(t.testControls)}</h2>
  <p class="note" style="margin-top:0">${esc(t.testControlsIntro)}</p>${clock}
  <h3>${esc(t.payments)}</h3>${table([t.date, t.description, t.amount, t.state], packRows, 'portal-payments', t.none)}
  <p class="note">${esc(t.operatorNote)}</p></section>`;
}
