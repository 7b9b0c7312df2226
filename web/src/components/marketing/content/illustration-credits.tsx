// Who drew the illustrations a page shows: each DiceBear style's creator and license, from the manifest
// written by web/scripts/generate-illustrations.ts. CC BY styles require this credit. Prerendered only.
import illustrations from '../../../content/illustrations.json';
import { useLanguage } from '../../../lib/language.ts';
import type { Localized } from '../../../lib/strings.ts';

const COPY: Localized<{ title: string; intro: string; by: string; note: string }> = {
  en: {
    title: 'Illustrations',
    intro: 'The avatars on this page are illustrations generated with',
    by: 'by',
    note: 'They illustrate styles and ideas; your own avatars are generated from your photos.',
  },
  fr: {
    title: 'Illustrations',
    intro: 'Les avatars de cette page sont des illustrations générées avec',
    by: 'par',
    note: 'Elles illustrent des styles et des idées\u00a0; vos propres avatars sont créés à partir de vos photos.',
  },
};

/** Credits for the DiceBear styles in `styles` (the manifest's `style` keys), in the manifest's order. */
export function IllustrationCredits({ styles }: { styles: ReadonlySet<string> }) {
  const copy = COPY[useLanguage()];
  const credits = illustrations.credits.filter((c) => styles.has(c.key));
  return (
    <aside className="container lp-credits" aria-labelledby="credits-title">
      <h2 id="credits-title" className="lp-credits__title">
        {copy.title}
      </h2>
      <p>
        {copy.intro} <a href="https://www.dicebear.com/">DiceBear</a>. {copy.note}
      </p>
      <ul className="lp-credits__list">
        {credits.map((c) => (
          <li key={c.key}>
            <a href={c.source}>{c.title}</a> {copy.by} {c.creator},{' '}
            <a href={c.licenseUrl} rel="license">
              {c.license}
            </a>
          </li>
        ))}
      </ul>
    </aside>
  );
}
