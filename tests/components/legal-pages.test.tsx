// The terms of service and the privacy policy as their prerendered HTML shows them once the app has hydrated
// it, in English and French: every section in order, the table of contents, the last-updated date, the facts
// the product's contract fixes (both readings of its contradictions included), the footer's legal links, and
// the operator's identity from the build's configuration, or the notice that it is not configured. Scrolling
// to a section, the folded contents on a phone, the session arriving on a loaded page and the link from the
// terms to the privacy policy (a page load) stay in tests/browser/public-pages.test.ts.
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PRIVACY_IDS, TERMS_IDS } from '../support/legal-sections.ts';
import { renderPrerendered } from './support/render.tsx';

// Written out here, not read from the app: a section that goes missing or is renamed fails the tests.
const DOCUMENTS = {
  en: {
    terms: {
      path: '/terms-of-service',
      title: 'Terms of Service',
      sections: [
        'General',
        'The service',
        'Accounts',
        'Your content and acceptable use',
        'Photos and personal data',
        'Tokens, prices and payment',
        'Refunds',
        'Intellectual property',
        'Disclaimer',
        'Limitation of liability',
        'Indemnification',
        'Suspension and termination',
        'Changes to these terms',
        'Governing law and disputes',
        'Hosting',
        'Contact',
      ],
      facts: [
        'You may use the images you generate for personal use only. Any commercial use requires our prior written permission.',
        'Uploaded photos are deleted automatically once generation completes.',
        'You can also delete your photos from your dashboard at any time.',
        'at least 30 days before they take effect',
        'limited to the amount you paid us in the 3 months before',
        'You must be at least 18 years old to create an account, or have the consent of a parent or legal guardian.',
        'Sales are final once a generation has started.',
        'Refunds are at our discretion and only granted when a technical failure on our side',
        'Tokens from one-time packs are lifetime tokens: they never expire.',
        'unused monthly tokens expire at the end of the month',
        'You can cancel at any time, and it stays active until the end of the current billing period.',
        'Prices are in euros and include tax.',
        'processed by a third-party AI provider',
        'after you have given your consent',
        'hosted by Amazon Web Services',
        '10 tokens: €3',
        '500 tokens: €79',
        'Monthly subscription: 100 tokens a month for €9 a month',
      ],
      prohibited: 6,
      updated: 'Last updated: 22 November 2026',
      datetime: '2026-11-22',
    },
    privacy: {
      path: '/privacy-policy',
      title: 'Privacy Policy',
      sections: [
        'Data we collect',
        'How we use your data',
        'Storage and retention',
        'Sharing',
        'Your rights (EU and California)',
        'Cookies and local storage',
        'Email marketing',
        'Children',
        'International transfers',
        'AI provider',
        'Contact and changes',
      ],
      facts: [
        'Usage data is kept for up to 24 months.',
        // Both readings of photo deletion, each true: the automatic one is a setting, off until turned on.
        'Uploaded photos are deleted automatically once generation completes if you ask for it: this is off until you turn on "Delete my photos once my avatars are ready" on your dashboard (Manage Photos)',
        'You can delete your photos yourself at any time from your dashboard.',
        'every photo is removed from your account automatically, and our storage erases it within a few days of that date.',
        'In the European Union (GDPR)',
        'In California (CCPA, as amended by the CPRA)',
        'We do not sell your personal data.',
        'you must be 18 or older, or have the consent of a parent or legal guardian',
        'Standard Contractual Clauses',
        'Your photos are processed by a third-party AI provider',
        'only after you have consented on the upload page',
        'servers of Amazon Web Services',
        // What the face check measures, why, and how long it is kept.
        'These numbers are biometric data.',
        'days of that date. Like everything deleted from our database, they then remain in its backups for up to 35 days',
        'Your data export says which photos were measured',
        'remains in those backups for up to 35 days after its deletion. Photo and image files are not in these backups.',
      ],
      prohibited: 0,
      updated: 'Last updated: 27 November 2026',
      datetime: '2026-11-27',
    },
    contents: 'Contents',
    notConfigured: "The operator's details are not configured for this deployment",
    operator: 'Operator of the service',
  },
  fr: {
    terms: {
      path: '/fr/terms-of-service',
      title: "Conditions générales d'utilisation",
      sections: [
        'Dispositions générales',
        'Le service',
        'Compte utilisateur',
        "Vos contenus et règles d'utilisation",
        'Photos et données personnelles',
        'Jetons, prix et paiement',
        'Remboursements',
        'Propriété intellectuelle',
        'Avertissement',
        'Limitation de responsabilité',
        'Garantie',
        'Suspension et résiliation',
        'Modification des conditions',
        'Droit applicable et litiges',
        'Hébergement',
        'Contact',
      ],
      facts: [
        'Vous pouvez utiliser les images générées pour un usage strictement personnel. Tout usage commercial nécessite notre autorisation écrite préalable.',
        'Les photos importées sont supprimées automatiquement une fois la génération terminée.',
        'Vous pouvez aussi supprimer vos photos à tout moment depuis votre tableau de bord.',
        'au moins 30 jours avant son entrée en vigueur',
        'limitée au montant que vous nous avez payé au cours des 3 mois précédant',
        "Vous devez avoir au moins 18 ans pour créer un compte, ou disposer de l'accord d'un parent ou représentant légal.",
        "Toute vente est définitive dès qu'une génération a commencé.",
        "Un remboursement reste à notre appréciation et n'est accordé qu'en cas de défaillance technique",
        "Les jetons achetés à l'unité sont des jetons à vie : ils n'expirent jamais.",
        'les jetons mensuels non utilisés expirent à la fin du mois',
        "Vous pouvez le résilier à tout moment ; il reste actif jusqu'à la fin de la période en cours.",
        'Les prix sont indiqués en euros, toutes taxes comprises.',
        "traitées par un prestataire d'IA tiers",
        'après avoir recueilli votre consentement',
        'hébergés par Amazon Web Services',
        '10 jetons : 3 €',
        '500 jetons : 79 €',
        'Abonnement mensuel : 100 jetons par mois pour 9 € par mois',
      ],
      prohibited: 6,
      updated: 'Dernière mise à jour : 22 novembre 2026',
      datetime: '2026-11-22',
    },
    privacy: {
      path: '/fr/privacy-policy',
      title: 'Politique de confidentialité',
      sections: [
        'Données collectées',
        'Utilisation des données',
        'Stockage et durée de conservation',
        'Partage des données',
        'Vos droits (Union européenne et Californie)',
        'Cookies et stockage local',
        'Prospection par e-mail',
        'Mineurs',
        "Transferts hors de l'Union européenne",
        "Prestataire d'IA",
        'Contact et modifications',
      ],
      facts: [
        "Les données d'utilisation sont conservées 24 mois au maximum.",
        "Les photos importées sont supprimées automatiquement une fois la génération terminée si vous le demandez : c'est désactivé tant que vous n'avez pas coché « Supprimer mes photos dès que mes avatars sont prêts » sur votre tableau de bord (Mes photos)",
        'Vous pouvez aussi supprimer vos photos vous-même à tout moment depuis votre tableau de bord.',
        "chaque photo est retirée automatiquement de votre compte, et notre stockage l'efface dans les quelques jours qui suivent cette date.",
        'ils restent ensuite dans ses sauvegardes 35 jours au plus',
        'reste donc dans ces sauvegardes 35 jours au plus après sa suppression.',
        "Dans l'Union européenne (RGPD)",
        'En Californie (CCPA, modifié par le CPRA)',
        'Nous ne vendons pas vos données personnelles.',
        "vous devez avoir 18 ans ou plus, ou disposer de l'accord d'un parent ou représentant légal",
        'clauses contractuelles types',
        "Vos photos sont traitées par un prestataire d'IA tiers",
        'Ces nombres sont des données biométriques.',
        "qu'après votre consentement sur la page d'import",
        "serveurs d'Amazon Web Services",
      ],
      prohibited: 0,
      updated: 'Dernière mise à jour : 27 novembre 2026',
      datetime: '2026-11-27',
    },
    contents: 'Sommaire',
    notConfigured: "Les informations de l'éditeur ne sont pas configurées pour ce déploiement",
    operator: 'Éditeur du service',
  },
} as const;

const LANGS = ['en', 'fr'] as const;

const COMPANY_VARIABLES = [
  'VITE_COMPANY_NAME',
  'VITE_COMPANY_ADDRESS',
  'VITE_COMPANY_REGISTRATION',
  'VITE_COMPANY_EMAIL',
];

// The pages are built with this process's environment (web/vite.config.ts, virtual:company), so it tells
// which of the two the pages must show.
const companyConfigured = COMPANY_VARIABLES.every((name) => process.env[name]?.trim());

/** French typography puts no-break spaces before : ; ? and inside « »: compare plain spaces. */
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

const all = (scope: ParentNode, selector: string): Element[] => [...scope.querySelectorAll(selector)];

// A page is prerendered, then hydrated: a few seconds beside the other files on two shared cores.
describe('legal pages', { timeout: 30_000 }, () => {
  describe.each(LANGS)('in %s', (lang) => {
    const doc = DOCUMENTS[lang];

    test.each([
      ['terms', TERMS_IDS],
      ['privacy', PRIVACY_IDS],
    ] as const)(
      '%s: every section, in order, with a table of contents and the facts of the product’s contract',
      async (kind, ids) => {
        const text = doc[kind];
        const page = await renderPrerendered(text.path);
        await screen.findByRole('heading', { level: 1, name: text.title });
        expect(all(document, '.legal__section h2').map((h) => plain(h.textContent))).toEqual(
          text.sections.map((title, i) => `${i + 1}. ${title}`),
        );
        expect(all(document, '.legal__section').map((el) => el.id)).toEqual(ids);

        // The contents link to every section.
        const [contents] = screen.getAllByRole('navigation', { name: doc.contents });
        expect(
          within(contents as HTMLElement)
            .getAllByRole('link')
            .map((a) => a.getAttribute('href')),
        ).toEqual(ids.map((id) => `#${id}`));
        expect(plain(screen.getByTestId('last-updated').textContent)).toBe(text.updated);
        expect(document.querySelector('time')?.getAttribute('datetime')).toBe(text.datetime);

        const body = plain(document.querySelector('.legal')?.textContent);
        for (const fact of text.facts) expect(body, fact).toContain(fact);
        expect(all(document, '#content li')).toHaveLength(text.prohibited);

        // The footer's legal links are there on the legal pages too.
        const footer = screen.getByRole('contentinfo');
        for (const other of ['terms', 'privacy'] as const) {
          expect(all(footer, `a[href="${doc[other].path}"]`)).toHaveLength(1);
        }
        expect(page.consoleErrors).toEqual([]);
      },
    );

    test(
      companyConfigured
        ? "both pages show the operator's identity from the build's configuration"
        : "without a configured company, both pages say the operator's details are not configured",
      async () => {
        for (const kind of ['terms', 'privacy'] as const) {
          const page = await renderPrerendered(doc[kind].path);
          await screen.findByRole('heading', { level: 1, name: doc[kind].title });
          if (companyConfigured) {
            const details = screen.getByTestId('company-details');
            expect(plain(details.querySelector('p')?.textContent)).toBe(doc.operator);
            const shown = plain(details.textContent);
            for (const name of COMPANY_VARIABLES.slice(0, 3)) {
              expect(shown).toContain(plain(process.env[name] as string));
            }
            expect(details.querySelector('a')?.getAttribute('href')).toBe(
              `mailto:${process.env.VITE_COMPANY_EMAIL?.trim()}`,
            );
            expect(screen.queryByTestId('company-not-configured')).toBeNull();
          } else {
            const notice = screen.getByTestId('company-not-configured');
            expect(plain(notice.querySelector('p')?.textContent)).toBe(doc.notConfigured);
            expect(all(notice, 'code').map((c) => c.textContent)).toEqual(COMPANY_VARIABLES);
            expect(screen.queryByTestId('company-details')).toBeNull();
            // Nothing made up: no contact address anywhere on the page.
            expect(all(document, 'a[href^="mailto:"]')).toHaveLength(0);
          }
          page.unmount();
          page.container.remove();
        }
      },
    );
  });
});
