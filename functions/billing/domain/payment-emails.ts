// The emails a purchase sends, in the account's language: a pack's receipt once its tokens are credited, a
// month's once the subscription's tokens are granted, and the word that the bank refused a delayed payment.
// Links go to the account's pages in that language.

import { noticeEmail } from '#platform/domain/email-layout.ts';
import type { OutgoingEmail } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { formatPrice, type SubscriptionPlan, type TokenPack } from '#shared/catalogue.ts';
import { pagePath } from '#shared/web-routes.ts';

const COPY = {
  en: {
    tokens: (n: number) => `${n} tokens`,
    month: {
      subject: 'Your Aivatar receipt: Monthly subscription',
      heading: 'Thank you: your subscription is paid',
      body: (tokens: number, until: string) =>
        `${tokens} monthly tokens are on your Aivatar account until ${until}. Unused monthly tokens expire at the end of the month.`,
      plan: 'Plan',
      name: 'Monthly subscription',
      tokensLabel: 'Monthly tokens',
      invoice: 'View the invoice',
      note: 'The payment was handled by our payment provider, Stripe. Keep this email for your records: your invoices are also in the billing dashboard (the Subscription button in the app).',
    },
    receipt: {
      subject: (tokens: string) => `Your Aivatar receipt: ${tokens}`,
      heading: 'Thank you for your purchase',
      body: (tokens: string) =>
        `${tokens} have been added to your Aivatar account. Tokens from a pack never expire.`,
      pack: 'Pack',
      tokensLabel: 'Tokens added',
      amount: 'Amount paid (tax included)',
      account: 'Open my account',
      stripeReceipt: 'View the receipt',
      // A pack makes no invoice (docs/payments.md): Stripe's receipt is where its proof of payment is.
      note: 'The payment was handled by our payment provider, Stripe. Keep this email and Stripe’s receipt (View the receipt) for your records: a token pack’s proof of payment is its receipt.',
    },
    failed: {
      subject: 'Your Aivatar payment did not go through',
      heading: 'Your bank refused the payment',
      body: (tokens: string, amount: string) =>
        `Your bank did not confirm the debit of ${amount} for ${tokens}: no tokens were added and you have not been charged.`,
      again: 'You can buy the pack again with another payment method.',
      pricing: 'Buy tokens',
      note: 'If you think this is a mistake, ask your bank why the debit was refused.',
    },
  },
  fr: {
    tokens: (n: number) => `${n} jetons`,
    month: {
      subject: 'Votre reçu Aivatar : Abonnement mensuel',
      heading: 'Merci : votre abonnement est payé',
      body: (tokens: number, until: string) =>
        `${tokens} jetons mensuels sont sur votre compte Aivatar jusqu'au ${until}. Les jetons mensuels non utilisés expirent à la fin du mois.`,
      plan: 'Offre',
      name: 'Abonnement mensuel',
      tokensLabel: 'Jetons mensuels',
      invoice: 'Voir la facture',
      note: "Le paiement a été traité par notre prestataire de paiement, Stripe. Conservez cet e-mail : vos factures sont aussi dans l'espace de facturation (le bouton Abonnement de l'application).",
    },
    receipt: {
      subject: (tokens: string) => `Votre reçu Aivatar : ${tokens}`,
      heading: 'Merci pour votre achat',
      body: (tokens: string) =>
        `${tokens} ont été ajoutés à votre compte Aivatar. Les jetons d'un pack n'expirent jamais.`,
      pack: 'Pack',
      tokensLabel: 'Jetons ajoutés',
      amount: 'Montant payé (TTC)',
      account: 'Ouvrir mon compte',
      stripeReceipt: 'Voir le reçu',
      note: "Le paiement a été traité par notre prestataire de paiement, Stripe. Conservez cet e-mail et le reçu de Stripe (Voir le reçu) : la preuve de paiement d'un pack de jetons est son reçu.",
    },
    failed: {
      subject: "Votre paiement Aivatar n'a pas abouti",
      heading: 'Votre banque a refusé le paiement',
      body: (tokens: string, amount: string) =>
        `Votre banque n'a pas confirmé le prélèvement de ${amount} pour ${tokens} : aucun jeton n'a été ajouté et rien ne vous a été débité.`,
      again: 'Vous pouvez acheter ce pack à nouveau avec un autre moyen de paiement.',
      pricing: 'Acheter des jetons',
      note: "Si vous pensez qu'il s'agit d'une erreur, demandez à votre banque pourquoi le prélèvement a été refusé.",
    },
  },
} as const;

const link = (webUrl: string, page: 'appAccount' | 'pricing', lang: Language) =>
  new URL(pagePath(page, lang), webUrl).toString();

/** The receipt of a pack: what was bought, the tokens, the amount, the account page and the provider's receipt. */
export function packReceiptEmail(
  to: string,
  lang: Language,
  o: { pack: TokenPack; webUrl: string; receiptUrl: string | null },
): OutgoingEmail {
  const c = COPY[lang];
  const tokens = c.tokens(o.pack.tokens);
  return noticeEmail(to, {
    lang,
    subject: c.receipt.subject(tokens),
    heading: c.receipt.heading,
    paragraphs: [c.receipt.body(tokens)],
    facts: [
      [c.receipt.pack, tokens],
      [c.receipt.tokensLabel, `+${o.pack.tokens}`],
      [c.receipt.amount, formatPrice(o.pack.priceCents, lang)],
    ],
    buttons: [
      { label: c.receipt.account, url: link(o.webUrl, 'appAccount', lang) },
      ...(o.receiptUrl ? [{ label: c.receipt.stripeReceipt, url: o.receiptUrl }] : []),
    ],
    note: c.receipt.note,
  });
}

/** The day a month's tokens last until, in the email's language (UTC, the provider's periods are). */
const day = (unix: number, lang: Language) =>
  new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(
    unix * 1000,
  );

/** A month of the subscription, paid: its tokens, until when, the amount, the account and the invoice. */
export function monthReceiptEmail(
  to: string,
  lang: Language,
  o: {
    plan: SubscriptionPlan;
    amountCents: number;
    until: number;
    webUrl: string;
    invoiceUrl: string | null;
  },
): OutgoingEmail {
  const c = COPY[lang];
  return noticeEmail(to, {
    lang,
    subject: c.month.subject,
    heading: c.month.heading,
    paragraphs: [c.month.body(o.plan.tokens, day(o.until, lang))],
    facts: [
      [c.month.plan, c.month.name],
      [c.month.tokensLabel, String(o.plan.tokens)],
      [c.receipt.amount, formatPrice(o.amountCents, lang)],
    ],
    buttons: [
      { label: c.receipt.account, url: link(o.webUrl, 'appAccount', lang) },
      ...(o.invoiceUrl ? [{ label: c.month.invoice, url: o.invoiceUrl }] : []),
    ],
    note: c.month.note,
  });
}

/** A delayed payment the bank refused: nothing was added, nothing charged; the way back to the packs. */
export function paymentFailedEmail(
  to: string,
  lang: Language,
  o: { pack: TokenPack; webUrl: string },
): OutgoingEmail {
  const c = COPY[lang];
  return noticeEmail(to, {
    lang,
    subject: c.failed.subject,
    heading: c.failed.heading,
    paragraphs: [
      c.failed.body(c.tokens(o.pack.tokens), formatPrice(o.pack.priceCents, lang)),
      c.failed.again,
    ],
    buttons: [{ label: c.failed.pricing, url: link(o.webUrl, 'pricing', lang) }],
    note: c.failed.note,
  });
}
