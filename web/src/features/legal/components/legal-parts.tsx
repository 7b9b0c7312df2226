// Pieces the legal texts share: links between the documents, the contact address, the token catalogue, and
// the operator's identity from the build's configuration (config/company.ts). Prerendered only.
import type { ReactNode } from 'react';
import { formatPrice, SUBSCRIPTION, TOKEN_PACKS } from '#shared/catalogue.ts';
import { pagePath } from '#shared/web-routes.ts';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { company } from '../../../config/company.ts';
import { useLanguage } from '../../../lib/language.ts';
import type { Localized } from '../../../lib/strings.ts';

const WORDS: Localized<{
  operator: string;
  name: string;
  address: string;
  registration: string;
  vat: string;
  director: string;
  email: string;
  notConfiguredTitle: string;
  notConfiguredText: string;
  missing: string;
  emailNotConfigured: string;
  pack: (tokens: number, price: string) => string;
  subscription: (tokens: number, price: string) => string;
}> = {
  en: {
    operator: 'Operator of the service',
    name: 'Company',
    address: 'Registered address',
    registration: 'Registration number',
    vat: 'VAT number',
    director: 'Publication director',
    email: 'Contact email',
    notConfiguredTitle: "The operator's details are not configured for this deployment",
    notConfiguredText:
      'The legal name, postal address, registration number and contact email of the company that runs this site have not been set, so they cannot be shown here. They must be configured before this site is published.',
    missing: 'Missing settings:',
    emailNotConfigured: 'the contact email (not configured for this deployment)',
    pack: (tokens, price) => `${tokens} tokens: ${price}`,
    subscription: (tokens, price) => `Monthly subscription: ${tokens} tokens a month for ${price} a month`,
  },
  fr: {
    operator: 'Éditeur du service',
    name: 'Société',
    address: 'Siège social',
    registration: "Numéro d'immatriculation",
    vat: 'Numéro de TVA intracommunautaire',
    director: 'Directeur de la publication',
    email: 'E-mail de contact',
    notConfiguredTitle: "Les informations de l'éditeur ne sont pas configurées pour ce déploiement",
    notConfiguredText:
      "La dénomination sociale, l'adresse postale, le numéro d'immatriculation et l'e-mail de contact de la société qui exploite ce site n'ont pas été renseignés : ils ne peuvent donc pas être affichés ici. Ils doivent être configurés avant la mise en ligne du site.",
    missing: 'Paramètres manquants :',
    emailNotConfigured: "l'e-mail de contact (non configuré pour ce déploiement)",
    pack: (tokens, price) => `${tokens} jetons : ${price}`,
    subscription: (tokens, price) => `Abonnement mensuel : ${tokens} jetons par mois pour ${price} par mois`,
  },
};

export function PrivacyLink({ children }: { children: ReactNode }) {
  return <a href={pagePath('privacy', useLanguage())}>{children}</a>;
}

export function TermsLink({ children }: { children: ReactNode }) {
  return <a href={pagePath('terms', useLanguage())}>{children}</a>;
}

/** The configured contact address as a mail link, or a plain marker that there is none. */
export function ContactEmail() {
  const words = WORDS[useLanguage()];
  const email = company.configured ? company.identity.email : company.email;
  if (!email) return <span className="legal__unset">{words.emailNotConfigured}</span>;
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The one-time packs and the subscription, from the shared catalogue. */
export function PackList() {
  const lang = useLanguage();
  const words = WORDS[lang];
  return (
    <ul>
      {TOKEN_PACKS.map((pack) => (
        <li key={pack.id}>{words.pack(pack.tokens, formatPrice(pack.priceCents, lang))}</li>
      ))}
      <li>{words.subscription(SUBSCRIPTION.tokens, formatPrice(SUBSCRIPTION.priceCents, lang))}</li>
    </ul>
  );
}

/** Who runs the site, or a clearly marked notice that this build was made without those details. */
export function CompanyDetails() {
  const words = WORDS[useLanguage()];
  if (!company.configured) {
    return (
      <div
        className="legal-operator legal-operator--missing"
        role="note"
        data-testid="company-not-configured"
      >
        <span className="legal-operator__icon">
          <AlertIcon />
        </span>
        <div className="legal-operator__body">
          <p className="legal-operator__title">{words.notConfiguredTitle}</p>
          <p>{words.notConfiguredText}</p>
          <p className="legal-operator__missing">
            {words.missing}{' '}
            {company.missing.map((name, i) => (
              <span key={name}>
                {i > 0 && ', '}
                <code>{name}</code>
              </span>
            ))}
          </p>
        </div>
      </div>
    );
  }
  const { identity } = company;
  const rows: [string, ReactNode][] = [
    [words.name, identity.name],
    [words.address, identity.address],
    [words.registration, identity.registration],
    ...(identity.vatNumber ? [[words.vat, identity.vatNumber] as [string, ReactNode]] : []),
    ...(identity.publicationDirector
      ? [[words.director, identity.publicationDirector] as [string, ReactNode]]
      : []),
    [
      words.email,
      <a key="email" href={`mailto:${identity.email}`}>
        {identity.email}
      </a>,
    ],
  ];
  return (
    <div className="legal-operator" data-testid="company-details">
      <p className="legal-operator__title">{words.operator}</p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="legal-operator__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
