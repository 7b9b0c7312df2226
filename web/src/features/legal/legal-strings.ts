// The legal pages' titles and descriptions: the only strings of theirs in the JavaScript (the browser
// keeps rendering the <title>); the texts themselves are prerendered only (content/*.tsx).
import type { Localized } from '../../lib/strings.ts';

interface Head {
  title: string;
  description: string;
}

export const TERMS_HEAD: Localized<Head> = {
  en: {
    title: 'Terms of Service · Aivatar',
    description:
      'The terms for using Aivatar: accounts, acceptable content, tokens and subscription, refunds, intellectual property, liability and contact.',
  },
  fr: {
    title: "Conditions générales d'utilisation · Aivatar",
    description:
      "Les conditions d'utilisation d'Aivatar : compte, contenus autorisés, jetons et abonnement, remboursements, propriété intellectuelle, responsabilité et contact.",
  },
};

export const PRIVACY_HEAD: Localized<Head> = {
  en: {
    title: 'Privacy Policy · Aivatar',
    description:
      'What personal data Aivatar collects, how it is used, stored and shared, how long it is kept, and your rights in the EU and California.',
  },
  fr: {
    title: 'Politique de confidentialité · Aivatar',
    description:
      "Les données personnelles collectées par Aivatar, leur utilisation, leur stockage, leur partage et leur durée de conservation, et vos droits dans l'Union européenne et en Californie.",
  },
};
