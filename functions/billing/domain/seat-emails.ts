// The emails of a team's seat purchase, to the team's owner in their language: the receipt once the seats
// are credited, with the link to the company's invoice at the provider, and the word that the bank refused
// a seat purchase's debit (docs/payments.md, "Team seats"). Links go to the team page in that language.

import { noticeEmail } from '#platform/domain/email-layout.ts';
import type { OutgoingEmail } from '#platform/domain/ports.ts';
import type { Language } from '#shared/api-schemas.ts';
import { formatPrice } from '#shared/catalogue.ts';
import { TEAM_LIMITS } from '#shared/team-rules.ts';
import { teamPageUrl } from '../../teams/public.ts';

const COPY = {
  en: {
    seats: (n: number) => (n === 1 ? '1 team seat' : `${n} team seats`),
    receipt: {
      subject: (seats: string) => `Your Aivatar receipt: ${seats}`,
      heading: 'Thank you: your team’s seats are paid',
      body: (seats: string, team: string, avatars: number, _n: number) =>
        `${seats} added to ${team}. Each seat lets one member create ${avatars} avatars.`,
      team: 'Team',
      added: 'Seats added',
      amount: 'Amount paid (tax included)',
      invoiceNumber: 'Invoice',
      invoice: 'View the invoice',
      teamPage: 'Open the team page',
      note: 'The payment was handled by our payment provider, Stripe. The invoice is made out to your team; the team page lists every purchase with its invoice.',
    },
    failed: {
      subject: 'Your Aivatar payment for team seats did not go through',
      heading: 'Your bank refused the payment',
      body: (seats: string, amount: string, team: string) =>
        `Your bank did not confirm the debit of ${amount} for ${seats} for ${team}: no seats were added and you have not been charged.`,
      again: 'You can buy the seats again from the team page with another payment method.',
      teamPage: 'Open the team page',
      note: 'If you think this is a mistake, ask your bank why the debit was refused.',
    },
  },
  fr: {
    seats: (n: number) => (n === 1 ? '1 place d’équipe' : `${n} places d’équipe`),
    receipt: {
      subject: (seats: string) => `Votre reçu Aivatar : ${seats}`,
      heading: 'Merci : les places de votre équipe sont payées',
      body: (seats: string, team: string, avatars: number, n: number) =>
        `${seats} ${n === 1 ? 'ajoutée' : 'ajoutées'} à l’équipe ${team}. Chaque place permet à un membre de créer ${avatars} avatars.`,
      team: 'Équipe',
      added: 'Places ajoutées',
      amount: 'Montant payé (TTC)',
      invoiceNumber: 'Facture',
      invoice: 'Voir la facture',
      teamPage: 'Ouvrir la page de l’équipe',
      note: 'Le paiement a été traité par notre prestataire de paiement, Stripe. La facture est établie au nom de votre équipe ; la page de l’équipe liste chaque achat avec sa facture.',
    },
    failed: {
      subject: 'Votre paiement Aivatar pour des places d’équipe n’a pas abouti',
      heading: 'Votre banque a refusé le paiement',
      body: (seats: string, amount: string, team: string) =>
        `Votre banque n’a pas confirmé le prélèvement de ${amount} pour ${seats} (équipe ${team}) : aucune place n’a été ajoutée et rien ne vous a été débité.`,
      again: 'Vous pouvez racheter ces places depuis la page de l’équipe avec un autre moyen de paiement.',
      teamPage: 'Ouvrir la page de l’équipe',
      note: 'Si vous pensez qu’il s’agit d’une erreur, demandez à votre banque pourquoi le prélèvement a été refusé.',
    },
  },
} as const;

/** What a seat purchase's emails say about it. */
export interface SeatPurchaseFacts {
  teamName: string;
  seats: number;
  amountCents: number;
  webUrl: string;
}

/** The receipt of a seat purchase: the team, the seats, the amount, the invoice and the team page. */
export function seatReceiptEmail(
  to: string,
  lang: Language,
  o: SeatPurchaseFacts & { invoice: { url: string; number: string | null } },
): OutgoingEmail {
  const c = COPY[lang];
  const seats = c.seats(o.seats);
  return noticeEmail(to, {
    lang,
    subject: c.receipt.subject(seats),
    heading: c.receipt.heading,
    paragraphs: [c.receipt.body(seats, o.teamName, TEAM_LIMITS.avatarsPerSeat, o.seats)],
    facts: [
      [c.receipt.team, o.teamName],
      [c.receipt.added, `+${o.seats}`],
      [c.receipt.amount, formatPrice(o.amountCents, lang)],
      ...(o.invoice.number ? [[c.receipt.invoiceNumber, o.invoice.number] as [string, string]] : []),
    ],
    buttons: [
      { label: c.receipt.invoice, url: o.invoice.url },
      { label: c.receipt.teamPage, url: teamPageUrl(o.webUrl, lang) },
    ],
    note: c.receipt.note,
  });
}

/** A seat purchase's debit the bank refused: nothing added, nothing charged; the way back to the team page. */
export function seatPaymentFailedEmail(to: string, lang: Language, o: SeatPurchaseFacts): OutgoingEmail {
  const c = COPY[lang];
  return noticeEmail(to, {
    lang,
    subject: c.failed.subject,
    heading: c.failed.heading,
    paragraphs: [
      c.failed.body(c.seats(o.seats), formatPrice(o.amountCents, lang), o.teamName),
      c.failed.again,
    ],
    buttons: [{ label: c.failed.teamPage, url: teamPageUrl(o.webUrl, lang) }],
    note: c.failed.note,
  });
}
