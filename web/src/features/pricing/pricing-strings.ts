// The pricing page's interactive strings (pack selector, prices, buttons, subscription states, errors).
// The rest of its copy is prerendered only (content/*.tsx). English error lines: the product's own words, word for word.
import type { Localized } from '../../lib/strings.ts';

interface PricingStrings {
  title: string;
  description: string;
  packLabel: string;
  packOption: (tokens: number, price: string) => string;
  tokens: (count: number) => string;
  oneTimePayment: string;
  perMonth: string;
  everyMonth: (tokens: number) => string;
  buy: (tokens: number) => string;
  logInToBuy: string;
  subscribe: string;
  logInToSubscribe: string;
  checkingSubscription: string;
  activeSubscription: string;
  manageSubscription: string;
  paymentFailed: string;
  subscriptionFailed: string;
}

export const PRICING_STRINGS: Localized<PricingStrings> = {
  en: {
    title: 'Pricing: token packs and monthly subscription · Aivatar',
    description:
      'Lifetime token packs from €3 or 100 tokens a month for €9. Prices include tax, one-time tokens never expire, and the subscription can be cancelled at any time.',
    packLabel: 'Choose your pack',
    packOption: (tokens, price) => `${tokens} tokens · ${price}`,
    tokens: (count) => `${count} tokens`,
    oneTimePayment: 'one-time payment',
    perMonth: '/month',
    everyMonth: (tokens) => `${tokens} tokens every month`,
    buy: (tokens) => `Buy ${tokens} tokens`,
    logInToBuy: 'Log in to Buy',
    subscribe: 'Subscribe',
    logInToSubscribe: 'Log in to Subscribe',
    checkingSubscription: 'Checking your subscription…',
    activeSubscription: 'You already have an active subscription',
    manageSubscription: 'Manage Subscription',
    paymentFailed: 'An error occurred while initializing the payment. Please try again.',
    subscriptionFailed: 'An error occurred while initializing the subscription. Please try again.',
  },
  fr: {
    title: 'Tarifs : packs de jetons et abonnement mensuel · Aivatar',
    description:
      "Des packs de jetons à vie dès 3 € ou 100 jetons par mois pour 9 €. Prix TTC, jetons à l'unité sans date d'expiration, abonnement résiliable à tout moment.",
    packLabel: 'Choisissez votre pack',
    packOption: (tokens, price) => `${tokens} jetons · ${price}`,
    tokens: (count) => `${count} jetons`,
    oneTimePayment: 'paiement unique',
    perMonth: '/mois',
    everyMonth: (tokens) => `${tokens} jetons chaque mois`,
    buy: (tokens) => `Acheter ${tokens} jetons`,
    logInToBuy: 'Se connecter pour acheter',
    subscribe: "S'abonner",
    logInToSubscribe: "Se connecter pour s'abonner",
    checkingSubscription: 'Vérification de votre abonnement…',
    activeSubscription: 'Vous avez déjà un abonnement actif',
    manageSubscription: "Gérer l'abonnement",
    paymentFailed: "Une erreur est survenue lors de l'initialisation du paiement. Veuillez réessayer.",
    subscriptionFailed:
      "Une erreur est survenue lors de l'initialisation de l'abonnement. Veuillez réessayer.",
  },
};
