// The professional headshot page's prerendered sections (Headshot landing page). Prerendered
// only: import this module inside `import.meta.env.SSR &&` code, so none of it ships in the JavaScript.
import { pagePath } from '#shared/web-routes.ts';
import { JsonLd } from '../../../components/json-ld.tsx';
import { IllustrationCredits } from '../../../components/marketing/content/illustration-credits.tsx';
import {
  CardGrid,
  CheckList,
  CtaBand,
  FactStrip,
  FaqSection,
  Hero,
  heroTiles,
  type Illustration,
  Section,
  SectionHeading,
  StyleGallery,
} from '../../../components/marketing/content/marketing-blocks.tsx';
import { Icon } from '../../../components/marketing/content/marketing-icons.tsx';
import { PricingTable } from '../../../components/marketing/content/pricing-overview.tsx';
import exampleManifest from '../../../content/examples.json';
import illustrations from '../../../content/illustrations.json';
import { useLanguage } from '../../../lib/language.ts';
import { productJsonLd } from '../../../lib/structured-data.ts';
import { headshotCopy } from './headshot-copy.ts';

// No module-level reads of the manifest: the browser build could not drop them along with this module.
const examples = (): Illustration[] => exampleManifest.headshotExamples;
const HERO_STYLES = ['studio', 'office', 'executive', 'creative'];

/** Above the carousel: the hero and the fact strip. */
export function HeadshotTop() {
  const lang = useLanguage();
  const copy = headshotCopy(lang);
  const tiles = heroTiles(examples(), HERO_STYLES, copy.gallery.names);
  return (
    <>
      <Hero
        copy={{
          ...copy.hero,
          cta: { href: pagePath('signup', lang), label: copy.hero.cta },
          secondary: { href: '#before-after', label: copy.hero.secondary },
        }}
        tiles={tiles}
      />
      <FactStrip label={copy.facts.label} facts={copy.facts.items} />
    </>
  );
}

function BeforeAfter() {
  const copy = headshotCopy(useLanguage()).beforeAfter;
  const { before, after } = illustrations;
  return (
    <Section id="before-after" className="lp-section--white">
      <SectionHeading id="before-after-title" title={copy.title} lead={copy.lead} />
      <figure className="hs-compare">
        <div className="hs-compare__pair">
          <div className="hs-compare__side">
            <img
              src={before.src}
              width={before.width}
              height={before.height}
              alt={copy.beforeAlt}
              loading="lazy"
              decoding="async"
            />
            <span className="hs-compare__label">{copy.before}</span>
          </div>
          <span className="hs-compare__arrow" aria-hidden="true">
            <Icon name="arrowRight" />
          </span>
          <div className="hs-compare__side hs-compare__side--after">
            <img
              src={after.src}
              width={after.width}
              height={after.height}
              alt={copy.afterAlt}
              loading="lazy"
              decoding="async"
            />
            <span className="hs-compare__label">{copy.after}</span>
          </div>
        </div>
        <figcaption className="lp-note lp-note--center">{copy.caption}</figcaption>
      </figure>
    </Section>
  );
}

/** Below the carousel: every other section, the structured data and the illustration credits. */
export function HeadshotBody() {
  const lang = useLanguage();
  const copy = headshotCopy(lang);
  const { headshots, before, after } = illustrations;
  const styles = new Set([
    ...[...headshots, before, after].map((i) => i.style),
    ...exampleManifest.headshotExamples.map((e) => e.drawnWith),
  ]);
  const note =
    exampleManifest.renderer === 'local-renderer' ? copy.gallery.note.preview : copy.gallery.note.ai;
  return (
    <>
      <Section id="problem">
        <SectionHeading id="problem-title" title={copy.problem.title} lead={copy.problem.lead} />
        <div className="hs-versus">
          <div className="hs-versus__side">
            <h3 className="hs-versus__title">{copy.problem.painTitle}</h3>
            <CheckList items={copy.problem.pains} kind="cross" />
          </div>
          <div className="hs-versus__side hs-versus__side--promise">
            <h3 className="hs-versus__title">{copy.problem.promiseTitle}</h3>
            <CheckList items={copy.problem.promises} />
          </div>
        </div>
      </Section>
      <BeforeAfter />
      <Section id="styles">
        <SectionHeading id="styles-title" title={copy.gallery.title} lead={copy.gallery.lead} />
        <StyleGallery images={examples()} names={copy.gallery.names} note={note} />
      </Section>
      <Section id="features" className="lp-section--white">
        <SectionHeading id="features-title" title={copy.features.title} lead={copy.features.lead} />
        <CardGrid cards={copy.features.cards} />
      </Section>
      <Section id="photo-tips">
        <SectionHeading id="photo-tips-title" title={copy.guidance.title} lead={copy.guidance.lead} />
        <div className="hs-versus">
          <div className="hs-versus__side hs-versus__side--promise">
            <h3 className="hs-versus__title">{copy.guidance.doTitle}</h3>
            <CheckList items={copy.guidance.dos} />
          </div>
          <div className="hs-versus__side">
            <h3 className="hs-versus__title">{copy.guidance.dontTitle}</h3>
            <CheckList items={copy.guidance.donts} kind="cross" />
          </div>
        </div>
      </Section>
      <Section id="example" className="lp-section--tinted">
        <article className="hs-example">
          <p className="lp-eyebrow">{copy.example.tag}</p>
          <h2 id="example-title" className="lp-heading__title">
            {copy.example.title}
          </h2>
          <p className="hs-example__text">{copy.example.text}</p>
          <ul className="hs-example__outcome">
            {copy.example.outcome.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </article>
      </Section>
      <Section id="pricing" className="lp-section--white">
        <SectionHeading id="pricing-title" title={copy.pricing.title} lead={copy.pricing.lead} />
        <PricingTable />
      </Section>
      <FaqSection title={copy.faq.title} lead={copy.faq.lead} items={copy.faq.items} />
      <CtaBand
        title={copy.cta.title}
        text={copy.cta.text}
        cta={{ href: pagePath('signup', lang), label: copy.cta.button }}
        secondary={{ href: pagePath('home', lang), label: copy.cta.secondary }}
      />
      <IllustrationCredits styles={styles} />
      <JsonLd data={productJsonLd(lang)} />
    </>
  );
}
