// Prices on the marketing pages, read from the catalogue (shared/catalogue.ts): a teaser on
// the landing page, every pack on the headshot page; both link to /pricing. Prerendered only.
import { formatPrice, SUBSCRIPTION, TOKEN_PACKS, type TokenPack } from '#shared/catalogue.ts';
import { pagePath } from '#shared/web-routes.ts';
import { type Language, useLanguage } from '../../../lib/language.ts';
import { Icon } from './marketing-icons.tsx';

interface Quote {
  tokens: number;
  price: string;
}

/** The offers the copy quotes, priced in the page's language. */
export interface QuotedPrices {
  /** the smallest pack: "from €3" */
  first: Quote;
  /** the pack of "about 10 to 20 avatars per 40 tokens" */
  popular: Quote;
  /** the largest pack */
  last: Quote;
  monthly: Quote;
}

// A function, not module-level constants: the browser build drops this module only if it runs nothing.
export function quotedPrices(lang: Language): QuotedPrices {
  const quote = (plan: { tokens: number; priceCents: number }): Quote => ({
    tokens: plan.tokens,
    price: formatPrice(plan.priceCents, lang),
  });
  const first = TOKEN_PACKS[0] as TokenPack;
  return {
    first: quote(first),
    popular: quote(TOKEN_PACKS.find((p) => p.tokens === 40) ?? first),
    last: quote(TOKEN_PACKS[TOKEN_PACKS.length - 1] as TokenPack),
    monthly: quote(SUBSCRIPTION),
  };
}

interface PricingCopy {
  tokens: (n: number) => string;
  free: { title: string; value: string; text: string };
  packs: { title: string; value: string; text: string; all: string };
  monthly: { title: string; value: string; unit: string; text: string };
  taxNote: string;
  more: string;
}

const COPY: { [L in Language]: (p: QuotedPrices) => PricingCopy } = {
  en: (p) => ({
    tokens: (n) => `${n} tokens`,
    free: {
      title: 'Try it free',
      value: '2 tokens',
      text: 'Free with every new account, enough to try your first styles. No card needed.',
    },
    packs: {
      title: 'Token packs',
      value: `From ${p.first.price}`,
      text: `${p.first.tokens} tokens for ${p.first.price}, ${p.popular.tokens} tokens for ${p.popular.price} (about 10 to 20 avatars), up to ${p.last.tokens} tokens for ${p.last.price}. Lifetime tokens, paid once.`,
      all: `Lifetime tokens, paid once: about 10 to 20 avatars per ${p.popular.tokens} tokens.`,
    },
    monthly: {
      title: 'Monthly plan',
      value: `${p.monthly.price} a month`,
      unit: 'a month',
      text: `${p.monthly.tokens} tokens every month. Unused monthly tokens expire at the end of the month; cancel at any time.`,
    },
    taxNote: 'Prices include tax.',
    more: 'See all prices',
  }),
  fr: (p) => ({
    tokens: (n) => `${n} jetons`,
    free: {
      title: 'Essai gratuit',
      value: '2 jetons',
      text: 'Offerts à chaque nouveau compte, de quoi essayer vos premiers styles. Sans carte bancaire.',
    },
    packs: {
      title: 'Packs de jetons',
      value: `Dès ${p.first.price}`,
      text: `${p.first.tokens} jetons pour ${p.first.price}, ${p.popular.tokens} jetons pour ${p.popular.price} (environ 10 à 20 avatars), jusqu'à ${p.last.tokens} jetons pour ${p.last.price}. Des jetons à vie, payés une seule fois.`,
      all: `Des jetons à vie, payés une seule fois\u00a0: environ 10 à 20 avatars pour ${p.popular.tokens} jetons.`,
    },
    monthly: {
      title: 'Abonnement mensuel',
      value: `${p.monthly.price} par mois`,
      unit: 'par mois',
      text: `${p.monthly.tokens} jetons chaque mois. Les jetons mensuels non utilisés expirent à la fin du mois\u00a0; résiliable à tout moment.`,
    },
    taxNote: 'Prix TTC.',
    more: 'Voir tous les tarifs',
  }),
};

function usePricingCopy(): PricingCopy {
  const lang = useLanguage();
  return COPY[lang](quotedPrices(lang));
}

function PricingLink({ label }: { label: string }) {
  return (
    <p className="lp-pricing__more">
      <a href={pagePath('pricing', useLanguage())} className="lp-link-arrow">
        {label}
        <Icon name="arrowRight" />
      </a>
    </p>
  );
}

/** Landing page: free tokens, packs from the smallest price, the monthly plan. */
export function PricingTeaser() {
  const copy = usePricingCopy();
  const cards = [
    { ...copy.free, icon: 'sparkles' as const },
    { ...copy.packs, icon: 'coins' as const },
    { ...copy.monthly, icon: 'refresh' as const },
  ];
  return (
    <>
      <ul className="lp-pricing">
        {cards.map((card) => (
          <li key={card.title} className="lp-price">
            <span className="lp-card__icon">
              <Icon name={card.icon} />
            </span>
            <h3 className="lp-price__title">{card.title}</h3>
            <p className="lp-price__value">{card.value}</p>
            <p className="lp-card__text">{card.text}</p>
          </li>
        ))}
      </ul>
      <p className="lp-note lp-note--center">{copy.taxNote}</p>
      <PricingLink label={copy.more} />
    </>
  );
}

/** Headshot page: every pack with its price, the monthly plan and the free tokens. */
export function PricingTable() {
  const lang = useLanguage();
  const copy = usePricingCopy();
  return (
    <>
      <div className="lp-pricing lp-pricing--table">
        <article className="lp-price" aria-labelledby="packs-title">
          <span className="lp-card__icon">
            <Icon name="coins" />
          </span>
          <h3 id="packs-title" className="lp-price__title">
            {copy.packs.title}
          </h3>
          <ul className="lp-packs">
            {TOKEN_PACKS.map((pack) => (
              <li key={pack.id}>
                <span>{copy.tokens(pack.tokens)}</span>
                <strong>{formatPrice(pack.priceCents, lang)}</strong>
              </li>
            ))}
          </ul>
          <p className="lp-card__text">{copy.packs.all}</p>
        </article>
        <article className="lp-price lp-price--featured" aria-labelledby="monthly-title">
          <span className="lp-card__icon">
            <Icon name="refresh" />
          </span>
          <h3 id="monthly-title" className="lp-price__title">
            {copy.monthly.title}
          </h3>
          <p className="lp-price__value">
            {formatPrice(SUBSCRIPTION.priceCents, lang)}{' '}
            <span className="lp-price__unit">{copy.monthly.unit}</span>
          </p>
          <p className="lp-card__text">{copy.monthly.text}</p>
          <p className="lp-price__free">
            <Icon name="sparkles" />
            <span>
              <strong>{copy.free.value}</strong> · {copy.free.text}
            </span>
          </p>
        </article>
      </div>
      <p className="lp-note lp-note--center">{copy.taxNote}</p>
      <PricingLink label={copy.more} />
    </>
  );
}
