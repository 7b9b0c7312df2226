// The subscription FAQ ("Subscription copy rules"). Prerendered only: shown on the
// page and, word for word, in its FAQPage structured data.
import type { Localized } from '../../../lib/strings.ts';

interface FaqItem {
  question: string;
  answer: string;
}

export const PRICING_FAQ: Localized<FaqItem[]> = {
  en: [
    {
      question: 'Can I cancel my subscription at any time?',
      answer:
        'Yes. You can cancel whenever you like from the subscription management page, with no fee. Your subscription stays active until the end of the current billing period, so you keep your monthly tokens until then, and you are not charged again.',
    },
    {
      question: 'How do the monthly credits work?',
      answer:
        'Your subscription adds 100 tokens to your account each month. The credits refresh at the start of every billing month for as long as you stay subscribed.',
    },
    {
      question: 'What happens to monthly tokens I do not use?',
      answer:
        'Unused monthly tokens expire at the end of the month: they do not roll over to the next one. Tokens bought in one-time packs are not affected.',
    },
    {
      question: 'What are one-time tokens?',
      answer:
        'Tokens bought in a one-time pack are lifetime tokens: they never expire, and you can use them whenever you want, with or without a subscription. 40 tokens make about 10 to 20 avatars, depending on the styles you choose.',
    },
  ],
  fr: [
    {
      question: 'Puis-je résilier mon abonnement à tout moment ?',
      answer:
        "Oui. Vous pouvez résilier quand vous le souhaitez depuis l'espace de gestion de votre abonnement, sans frais. L'abonnement reste actif jusqu'à la fin de la période en cours : vous gardez vos jetons du mois jusque-là, et aucun nouveau prélèvement n'est effectué.",
    },
    {
      question: 'Comment fonctionnent les crédits mensuels ?',
      answer:
        "Votre abonnement ajoute 100 jetons à votre compte chaque mois. Les crédits se renouvellent au début de chaque mois d'abonnement, tant que vous restez abonné.",
    },
    {
      question: "Que deviennent les jetons mensuels que je n'utilise pas ?",
      answer:
        "Les jetons mensuels non utilisés expirent à la fin du mois : ils ne sont pas reportés sur le mois suivant. Les jetons achetés à l'unité ne sont pas concernés.",
    },
    {
      question: "Qu'est-ce que les jetons à l'unité ?",
      answer:
        "Les jetons achetés dans un pack à l'unité sont des jetons à vie : ils n'expirent jamais et vous les utilisez quand vous voulez, avec ou sans abonnement. 40 jetons permettent de créer environ 10 à 20 avatars, selon les styles choisis.",
    },
  ],
};
