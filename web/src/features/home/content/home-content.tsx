// The landing page's prerendered sections (Landing page). Prerendered only: import this
// module inside `import.meta.env.SSR &&` code, so none of it ships in the JavaScript.
import { pagePath } from '#shared/web-routes.ts';
import { JsonLd } from '../../../components/json-ld.tsx';
import { LikenessGuarantee } from '../../../components/likeness-guarantee.tsx';
import { IllustrationCredits } from '../../../components/marketing/content/illustration-credits.tsx';
import {
  CardGrid,
  CheckList,
  CtaBand,
  DemoVideo,
  FactStrip,
  FaqSection,
  Hero,
  heroTiles,
  type Illustration,
  Section,
  SectionHeading,
  StepList,
  StyleGallery,
} from '../../../components/marketing/content/marketing-blocks.tsx';
import { PricingTeaser } from '../../../components/marketing/content/pricing-overview.tsx';
import exampleManifest from '../../../content/examples.json';
import illustrations from '../../../content/illustrations.json';
import { useLanguage } from '../../../lib/language.ts';
import { productJsonLd } from '../../../lib/structured-data.ts';
import { homeCopy } from './home-copy.ts';

// No module-level reads of the manifest: the browser build could not drop them along with this module.
const examples = (): Illustration[] => exampleManifest.examples;
const HERO_STYLES = ['professional', 'fantasy', 'anime', 'painterly'];

/** Above the carousel: the hero and the fact strip. */
export function HomeTop() {
  const lang = useLanguage();
  const copy = homeCopy(lang);
  const tiles = heroTiles(examples(), HERO_STYLES, copy.styles.names);
  return (
    <>
      <Hero
        copy={{
          ...copy.hero,
          cta: { href: pagePath('signup', lang), label: copy.hero.cta },
          secondary: { href: '#demo', label: copy.hero.secondary },
        }}
        tiles={tiles}
      />
      <FactStrip label={copy.facts.label} facts={copy.facts.items} />
    </>
  );
}

/** Below the carousel: every other section, the structured data and the illustration credits. */
export function HomeBody() {
  const lang = useLanguage();
  const copy = homeCopy(lang);
  // Every avatar set the page shows: the carousel's, and the faces the examples are drawn on.
  const styles = new Set([
    ...illustrations.carousel.map((i) => i.style),
    ...exampleManifest.examples.map((e) => e.drawnWith),
  ]);
  const note = exampleManifest.renderer === 'local-renderer' ? copy.styles.note.preview : copy.styles.note.ai;
  return (
    <>
      <Section id="audience">
        <SectionHeading id="audience-title" title={copy.audience.title} lead={copy.audience.lead} />
        <CardGrid cards={copy.audience.cards} />
      </Section>
      <Section id="how-it-works" className="lp-section--white">
        <SectionHeading
          id="how-it-works-title"
          eyebrow={copy.steps.eyebrow}
          title={copy.steps.title}
          lead={copy.steps.lead}
        />
        <StepList steps={copy.steps.items} />
      </Section>
      <DemoVideo copy={copy.demo} />
      <Section id="styles" className="lp-section--white">
        <SectionHeading id="styles-title" title={copy.styles.title} lead={copy.styles.lead} />
        <StyleGallery images={examples()} names={copy.styles.names} note={note} />
      </Section>
      <Section id="benefits">
        <SectionHeading id="benefits-title" title={copy.benefits.title} lead={copy.benefits.lead} />
        <CardGrid cards={copy.benefits.cards} />
      </Section>
      <Section id="pricing" className="lp-section--white">
        <SectionHeading id="pricing-title" title={copy.pricing.title} lead={copy.pricing.lead} />
        <PricingTeaser />
        <LikenessGuarantee />
      </Section>
      <Section id="what-is-an-ai-avatar">
        <div className="lp-split">
          <div className="lp-prose">
            <h2 id="what-is-an-ai-avatar-title" className="lp-heading__title">
              {copy.whatIs.title}
            </h2>
            {copy.whatIs.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
          <aside className="lp-aside" aria-labelledby="what-you-need-title">
            <h3 id="what-you-need-title" className="lp-aside__title">
              {copy.whatIs.asideTitle}
            </h3>
            <CheckList items={copy.whatIs.aside} />
          </aside>
        </div>
      </Section>
      <FaqSection title={copy.faq.title} lead={copy.faq.lead} items={copy.faq.items} />
      <CtaBand
        title={copy.cta.title}
        text={copy.cta.text}
        cta={{ href: pagePath('signup', lang), label: copy.cta.button }}
        secondary={{ href: pagePath('linkedinHeadshot', lang), label: copy.cta.secondary }}
      />
      <IllustrationCredits styles={styles} />
      <JsonLd data={productJsonLd(lang)} />
    </>
  );
}
