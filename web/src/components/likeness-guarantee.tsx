// The likeness guarantee, stated where prices are: on the landing page's pricing section and the
// pricing page. Prerendered only: use it inside `import.meta.env.SSR &&` code. It lives outside
// components/marketing (its icon is drawn by the shell's Icon) so that, used by two pages, it costs them no
// chunk of its own: the landing page's JavaScript budget has no room for one. Its styles are in
// likeness-guarantee.css, which both pages' stylesheets @import.
import { useLanguage } from '../lib/language.ts';
import type { Localized } from '../lib/strings.ts';
import { Icon } from './ui/shell-icons.tsx';

const COPY: Localized<{ title: string; text: string }> = {
  en: {
    title: 'Likeness guarantee',
    text: 'Every avatar is measured against the face in your photos. If one does not look enough like you, or shows no face at all, its tokens come back to your account automatically, with no form to fill in (up to 10 a day, for photos of one person). Like it anyway? Keep it for its tokens.',
  },
  fr: {
    title: 'Garantie de ressemblance',
    text: "Chaque avatar est comparé au visage de vos photos. S'il ne vous ressemble pas assez, ou ne montre aucun visage, ses jetons reviennent automatiquement sur votre compte, sans formulaire à remplir (jusqu'à 10 par jour, pour des photos d'une seule personne). Il vous plaît quand même\u00a0? Gardez-le pour ses jetons.",
  },
};

export function LikenessGuarantee({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const copy = COPY[useLanguage()];
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <aside
      className="likeness-guarantee"
      aria-labelledby="likeness-guarantee-title"
      data-testid="likeness-guarantee"
    >
      <span className="likeness-guarantee__icon">
        <Icon>
          <path d="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2" />
          <circle cx="12" cy="11" r="4" />
          <path d="M9.5 11.5l1.7 1.5 3.3-3.5" />
        </Icon>
      </span>
      <div>
        <Heading id="likeness-guarantee-title" className="likeness-guarantee__title">
          {copy.title}
        </Heading>
        <p className="likeness-guarantee__text">{copy.text}</p>
      </div>
    </aside>
  );
}
