// Schema.org structured data for prerendered pages: the product with every offer of
// the catalogue, in EUR and at the same amount in USD, and FAQ pages. Used only while prerendering.
// No aggregateRating: the ratings in the product's contract are marketing copy, not reviews anyone can check.
import {
  STRUCTURED_DATA_CURRENCIES,
  SUBSCRIPTION,
  type SubscriptionPlan,
  TOKEN_PACKS,
  type TokenPack,
} from '#shared/catalogue.ts';
import type { Language } from './language.ts';

type JsonLd = Record<string, unknown>;

const NAMES = {
  en: {
    product: 'Aivatar tokens for AI avatars and headshots',
    description:
      'Tokens to generate AI avatars and professional headshots from your own photos in 25+ styles: lifetime token packs or a monthly subscription. Prices include tax.',
    pack: (tokens: number) => `${tokens} tokens (one-time pack)`,
    subscription: (tokens: number) => `Monthly subscription: ${tokens} tokens a month`,
  },
  fr: {
    product: 'Jetons Aivatar pour avatars et portraits IA',
    description:
      'Des jetons pour créer des avatars IA et des portraits professionnels à partir de vos photos, dans plus de 25 styles : packs de jetons à vie ou abonnement mensuel. Prix TTC.',
    pack: (tokens: number) => `${tokens} jetons (pack à l'unité)`,
    subscription: (tokens: number) => `Abonnement mensuel : ${tokens} jetons par mois`,
  },
} as const;

const amount = (cents: number): string => (cents / 100).toFixed(2);

function offer(plan: TokenPack | SubscriptionPlan, currency: string, lang: Language): JsonLd {
  const names = NAMES[lang];
  const base: JsonLd = {
    '@type': 'Offer',
    sku: plan.id,
    price: amount(plan.priceCents),
    priceCurrency: currency,
    availability: 'https://schema.org/InStock',
  };
  if (plan.kind === 'one-time') return { ...base, name: names.pack(plan.tokens) };
  return {
    ...base,
    name: names.subscription(plan.tokens),
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: amount(plan.priceCents),
      priceCurrency: currency,
      billingDuration: 'P1M',
      referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'MON' },
    },
  };
}

/** The product with every pack and the subscription, once per currency (EUR, then the same amount in USD). */
export function productJsonLd(lang: Language): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: NAMES[lang].product,
    description: NAMES[lang].description,
    brand: { '@type': 'Brand', name: 'Aivatar' },
    offers: STRUCTURED_DATA_CURRENCIES.flatMap((currency) =>
      [...TOKEN_PACKS, SUBSCRIPTION].map((plan) => offer(plan, currency, lang)),
    ),
  };
}

export function faqJsonLd(items: readonly { question: string; answer: string }[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
}

/** JSON for a <script> element: `<` escaped so no text can close the element early. */
export const jsonLdText = (data: JsonLd): string => JSON.stringify(data).replace(/</g, '\\u003c');
