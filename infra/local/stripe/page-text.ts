// The hosted pages' words, in the checkout's or portal's locale (English by default, French).
import type { Language } from '../../../shared/language.ts';
export const PAGE_TEXT = {
  en: {
    banner:
      '<strong>Local stand-in for Stripe.</strong> No real payment is taken: this page is served by Aivatar’s development stack.',
    checkoutTitle: 'Checkout',
    payTo: 'Pay Aivatar',
    tokens: (n: number) => `${n} tokens`,
    oneTime: 'One-time payment · lifetime tokens',
    perMonth: 'per month',
    monthly: (n: number) => `${n} tokens every month · cancel any time`,
    subtotal: 'Subtotal',
    totalDue: 'Total due today',
    taxIncluded: 'VAT included',
    email: 'Email',
    paymentMethod: 'Payment method (test)',
    cardOk: 'Visa test card, succeeds',
    cardDeclined: 'Test card that is declined',
    sepa: 'SEPA Direct Debit, settles a few seconds later (delayed payment)',
    pay: (amount: string) => `Pay ${amount}`,
    subscribe: (amount: string) => `Subscribe for ${amount} a month`,
    cancel: 'Cancel and return to Aivatar',
    declined: 'Your card was declined. Try the Visa test card 4242 4242 4242 4242.',
    closed: 'This checkout session is no longer open.',
    backTo: 'Back to Aivatar',
    portalTitle: 'Billing',
    portalIntro: 'Manage your Aivatar subscription and see your payments.',
    currentPlan: 'Current plan',
    noSubscription: 'You have no subscription. Subscribe from the pricing page to get monthly tokens.',
    status: {
      active: 'Active',
      ending: 'Cancels at period end',
      ended: 'Cancelled',
      past_due: 'Payment failed',
    } as Record<string, string>,
    renewsOn: (d: string) => `Renews on ${d}`,
    endsOn: (d: string) => `Your subscription ends on ${d}. Monthly tokens stay usable until then.`,
    endedOn: (d: string) => `Ended on ${d}.`,
    cancelSub: 'Cancel subscription',
    resumeSub: 'Don’t cancel',
    testClock: 'Test clock',
    clockNow: (d: string) => `Time for this customer: ${d}`,
    advance: 'Advance one month',
    advanceHint:
      'Moves this customer’s time on by one month, like a Stripe test clock: the next invoice is paid (invoice.paid) or, for a cancelled subscription, the period ends (customer.subscription.deleted).',
    failNext: 'Make the next renewal fail',
    invoices: 'Invoices',
    payments: 'One-time payments',
    date: 'Date',
    description: 'Description',
    amount: 'Amount',
    state: 'Status',
    paid: 'Paid',
    refunded: 'Refunded',
    partRefunded: 'Partly refunded',
    refund: 'Refund',
    operatorNote:
      'Refunds are an operator action in Stripe’s dashboard; the button is here for local testing only.',
    none: 'Nothing yet.',
    monthlyPlan: 'Aivatar Monthly',
  },
  fr: {
    banner:
      '<strong>Remplaçant local de Stripe.</strong> Aucun paiement réel n’est effectué : cette page est servie par l’environnement de développement d’Aivatar.',
    checkoutTitle: 'Paiement',
    payTo: 'Payer Aivatar',
    tokens: (n: number) => `${n} jetons`,
    oneTime: 'Paiement unique · jetons à vie',
    perMonth: 'par mois',
    monthly: (n: number) => `${n} jetons chaque mois · résiliable à tout moment`,
    subtotal: 'Sous-total',
    totalDue: 'Total à payer aujourd’hui',
    taxIncluded: 'TVA incluse',
    email: 'E-mail',
    paymentMethod: 'Moyen de paiement (test)',
    cardOk: 'Carte Visa de test, acceptée',
    cardDeclined: 'Carte de test refusée',
    sepa: 'Prélèvement SEPA, réglé quelques secondes plus tard (paiement différé)',
    pay: (amount: string) => `Payer ${amount}`,
    subscribe: (amount: string) => `S’abonner pour ${amount} par mois`,
    cancel: 'Annuler et revenir sur Aivatar',
    declined: 'Votre carte a été refusée. Essayez la carte Visa de test 4242 4242 4242 4242.',
    closed: 'Cette session de paiement n’est plus ouverte.',
    backTo: 'Retour sur Aivatar',
    portalTitle: 'Facturation',
    portalIntro: 'Gérez votre abonnement Aivatar et consultez vos paiements.',
    currentPlan: 'Offre actuelle',
    noSubscription:
      'Vous n’avez pas d’abonnement. Abonnez-vous depuis la page des tarifs pour recevoir des jetons chaque mois.',
    status: {
      active: 'Actif',
      ending: 'Résilié en fin de période',
      ended: 'Résilié',
      past_due: 'Paiement échoué',
    } as Record<string, string>,
    renewsOn: (d: string) => `Renouvellement le ${d}`,
    endsOn: (d: string) =>
      `Votre abonnement prend fin le ${d}. Les jetons mensuels restent utilisables jusque-là.`,
    endedOn: (d: string) => `Terminé le ${d}.`,
    cancelSub: 'Résilier l’abonnement',
    resumeSub: 'Ne pas résilier',
    testClock: 'Horloge de test',
    clockNow: (d: string) => `Date pour ce client : ${d}`,
    advance: 'Avancer d’un mois',
    advanceHint:
      'Avance d’un mois le temps de ce client, comme une horloge de test Stripe : la facture suivante est payée (invoice.paid) ou, pour un abonnement résilié, la période se termine (customer.subscription.deleted).',
    failNext: 'Faire échouer le prochain renouvellement',
    invoices: 'Factures',
    payments: 'Paiements uniques',
    date: 'Date',
    description: 'Description',
    amount: 'Montant',
    state: 'État',
    paid: 'Payé',
    refunded: 'Remboursé',
    partRefunded: 'Partiellement remboursé',
    refund: 'Rembourser',
    operatorNote:
      'Dans Stripe, le remboursement se fait depuis le tableau de bord ; ce bouton ne sert qu’aux tests locaux.',
    none: 'Rien pour l’instant.',
    monthlyPlan: 'Aivatar Mensuel',
  },
};

export type PageText = (typeof PAGE_TEXT)['en'];
export const textFor = (locale: unknown): { lang: Language; t: PageText } =>
  locale === 'fr' ? { lang: 'fr', t: PAGE_TEXT.fr as PageText } : { lang: 'en', t: PAGE_TEXT.en };

export function money(cents: number, lang: Language): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-IE', {
    style: 'currency',
    currency: 'EUR',
  }).format(cents / 100);
}

export function day(unix: number, lang: Language, style: 'long' | 'medium' = 'long'): string {
  return new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-GB', {
    dateStyle: style,
    timeZone: 'UTC',
  }).format(unix * 1000);
}
