// A legal document's layout: title, last-updated date, the operator's identity, a table of contents with
// anchors (a sidebar on wide screens, a folding list on phones) and numbered sections. Prerendered only.
import { formatDate } from '../../../lib/dates.ts';
import { useLanguage } from '../../../lib/language.ts';
import type { Localized } from '../../../lib/strings.ts';
import type { LegalText } from '../content/legal-text.ts';
import { CompanyDetails } from './legal-parts.tsx';

const WORDS: Localized<{ eyebrow: string; updated: string; contents: string; backToTop: string }> = {
  en: { eyebrow: 'Legal', updated: 'Last updated:', contents: 'Contents', backToTop: 'Back to top' },
  fr: {
    eyebrow: 'Informations légales',
    updated: 'Dernière mise à jour :',
    contents: 'Sommaire',
    backToTop: 'Haut de page',
  },
};

function Contents({ text }: { text: LegalText }) {
  return (
    <ol className="legal-toc__list">
      {text.sections.map((section) => (
        <li key={section.id}>
          <a href={`#${section.id}`}>{section.title}</a>
        </li>
      ))}
    </ol>
  );
}

export function LegalDocument({ text }: { text: LegalText }) {
  const lang = useLanguage();
  const words = WORDS[lang];
  const updated = formatDate(new Date(`${text.updated}T00:00:00Z`), 'date', lang, { timeZone: 'UTC' });
  return (
    <div className="container legal">
      <header className="legal__header" id="top">
        <p className="legal__eyebrow">{words.eyebrow}</p>
        <h1 className="legal__title">{text.title}</h1>
        <p className="legal__updated" data-testid="last-updated">
          {words.updated} <time dateTime={text.updated}>{updated}</time>
        </p>
        <div className="legal__intro">{text.intro}</div>
        <CompanyDetails />
      </header>
      <div className="legal__layout">
        <nav className="legal-toc legal-toc--side" aria-label={words.contents}>
          <p className="legal-toc__title">{words.contents}</p>
          <Contents text={text} />
        </nav>
        <details className="legal-toc legal-toc--fold">
          <summary className="legal-toc__title">
            {words.contents} <span className="legal-toc__count">({text.sections.length})</span>
          </summary>
          <nav aria-label={words.contents}>
            <Contents text={text} />
          </nav>
        </details>
        <div className="legal__body">
          {text.sections.map((section, i) => (
            <section
              key={section.id}
              id={section.id}
              className="legal__section"
              aria-labelledby={`${section.id}-title`}
            >
              <h2 id={`${section.id}-title`}>
                <span className="legal__number">{i + 1}.</span> {section.title}
              </h2>
              {section.body}
            </section>
          ))}
          <p className="legal__top">
            <a href="#top">{words.backToTop}</a>
          </p>
        </div>
      </div>
    </div>
  );
}
