// The pricing page's copy that never changes on screen: prerendered only, never in the JavaScript (import
// this module inside `import.meta.env.SSR &&` only).
import { JsonLd } from '../../../components/json-ld.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { useLanguage } from '../../../lib/language.ts';
import type { Localized } from '../../../lib/strings.ts';
import { faqJsonLd, productJsonLd } from '../../../lib/structured-data.ts';
import { PRICING_FAQ } from './pricing-faq.ts';

const COPY: Localized<{
  eyebrow: string;
  heading: string;
  lead: string;
  highlights: string[];
  oneTimeEyebrow: string;
  oneTimeTitle: string;
  oneTimeText: string;
  oneTimeFeatures: string[];
  badge: string;
  subscriptionTitle: string;
  subscriptionText: string;
  subscriptionFeatures: string[];
  subscriptionTerms: string[];
  notes: string[];
  faqTitle: string;
  faqLead: string;
}> = {
  en: {
    eyebrow: 'Pricing',
    heading: 'Simple pricing, no surprises',
    lead: 'Pay once for tokens that never expire, or subscribe for 100 fresh tokens every month. Every new account starts with 2 free tokens.',
    highlights: ['Prices include tax', 'One-time tokens never expire', 'Cancel the subscription at any time'],
    oneTimeEyebrow: 'Pay once',
    oneTimeTitle: 'Token packs',
    oneTimeText: 'Lifetime tokens to use whenever you like. 40 tokens make about 10 to 20 avatars.',
    oneTimeFeatures: [
      'Lifetime tokens: they never expire',
      'About 10 to 20 avatars per 40 tokens',
      'Every style, from fantasy to corporate headshots',
      'Watermark-free downloads',
    ],
    badge: 'Best value',
    subscriptionTitle: 'Monthly subscription',
    subscriptionText: '100 tokens every month for the price of a 40-token pack.',
    subscriptionFeatures: [
      'Credits refresh every month',
      'Premium styles and custom generators',
      'Cancel at any time, keep access to the end of the period',
      'Unused monthly tokens expire at month-end',
    ],
    subscriptionTerms: ['Billed monthly', 'Cancel any time'],
    notes: [
      'All prices are in euros and include tax.',
      'Payment is handled by our payment provider: you are taken to its secure checkout page, then back to Aivatar.',
    ],
    faqTitle: 'Subscription questions',
    faqLead: 'How the monthly plan and your tokens work.',
  },
  fr: {
    eyebrow: 'Tarifs',
    heading: 'Des tarifs simples, sans surprise',
    lead: "Payez une fois pour des jetons qui n'expirent jamais, ou abonnez-vous pour recevoir 100 nouveaux jetons chaque mois. Chaque nouveau compte reçoit 2 jetons offerts.",
    highlights: [
      'Prix TTC',
      "Jetons à l'unité sans date d'expiration",
      'Abonnement résiliable à tout moment',
    ],
    oneTimeEyebrow: 'Paiement unique',
    oneTimeTitle: 'Packs de jetons',
    oneTimeText:
      'Des jetons à vie, à utiliser quand vous voulez. 40 jetons permettent de créer environ 10 à 20 avatars.',
    oneTimeFeatures: [
      "Jetons à vie : ils n'expirent jamais",
      'Environ 10 à 20 avatars pour 40 jetons',
      'Tous les styles, du fantastique au portrait corporate',
      'Téléchargements sans filigrane',
    ],
    badge: 'Le plus avantageux',
    subscriptionTitle: 'Abonnement mensuel',
    subscriptionText: "100 jetons chaque mois, pour le prix d'un pack de 40 jetons.",
    subscriptionFeatures: [
      'Crédits renouvelés chaque mois',
      'Styles premium et générateurs personnalisés',
      "Résiliable à tout moment, accès jusqu'à la fin de la période",
      'Les jetons mensuels non utilisés expirent à la fin du mois',
    ],
    subscriptionTerms: ['Facturé au mois', 'Sans engagement'],
    notes: [
      'Tous les prix sont en euros, toutes taxes comprises.',
      'Le paiement est assuré par notre prestataire de paiement : vous êtes redirigé vers sa page de paiement sécurisée, puis de retour sur Aivatar.',
    ],
    faqTitle: "Questions sur l'abonnement",
    faqLead: "Comment fonctionnent l'abonnement mensuel et vos jetons.",
  },
};

function useCopy() {
  return COPY[useLanguage()];
}

function Features({ items }: { items: string[] }) {
  return (
    <ul className="price-card__features">
      {items.map((item) => (
        <li key={item}>
          <CheckIcon />
          {item}
        </li>
      ))}
    </ul>
  );
}

export function PricingIntro() {
  const copy = useCopy();
  return (
    <>
      <p className="pricing__eyebrow">{copy.eyebrow}</p>
      <h1 className="pricing__title">{copy.heading}</h1>
      <p className="pricing__lead">{copy.lead}</p>
      <ul className="pricing__highlights">
        {copy.highlights.map((item) => (
          <li key={item}>
            <CheckIcon />
            {item}
          </li>
        ))}
      </ul>
    </>
  );
}

export function OneTimeIntro({ titleId }: { titleId: string }) {
  const copy = useCopy();
  return (
    <>
      <p className="price-card__eyebrow">{copy.oneTimeEyebrow}</p>
      <h2 id={titleId} className="price-card__title">
        {copy.oneTimeTitle}
      </h2>
      <p className="price-card__text">{copy.oneTimeText}</p>
    </>
  );
}

export function OneTimeFeatures() {
  return <Features items={useCopy().oneTimeFeatures} />;
}

export function SubscriptionIntro({ titleId }: { titleId: string }) {
  const copy = useCopy();
  return (
    <>
      <p className="price-card__badge">{copy.badge}</p>
      <h2 id={titleId} className="price-card__title">
        {copy.subscriptionTitle}
      </h2>
      <p className="price-card__text">{copy.subscriptionText}</p>
    </>
  );
}

/** Beside the one-time card's pack selector: how the plan is billed. */
export function SubscriptionTerms() {
  return (
    <ul className="price-card__terms">
      {useCopy().subscriptionTerms.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function SubscriptionFeatures() {
  return <Features items={useCopy().subscriptionFeatures} />;
}

export function PricingNotes() {
  return (
    <ul className="pricing__notes">
      {useCopy().notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

export function PricingFaq() {
  const lang = useLanguage();
  const copy = COPY[lang];
  const items = PRICING_FAQ[lang];
  return (
    <>
      <header className="pricing-faq__header">
        <h2 id="pricing-faq-title" className="pricing-faq__title">
          {copy.faqTitle}
        </h2>
        <p className="muted">{copy.faqLead}</p>
      </header>
      <div className="pricing-faq__list">
        {items.map(({ question, answer }) => (
          <details key={question} className="pricing-faq__item" data-testid="faq-item">
            <summary>{question}</summary>
            <p>{answer}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqJsonLd(items)} />
      <JsonLd data={productJsonLd(lang)} />
    </>
  );
}
