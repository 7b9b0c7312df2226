// The building blocks of the marketing pages (the landing page and the headshot page): hero, fact strip,
// card grids, steps, style gallery, demo video, FAQ, call to action. Prerendered only: import this module
// inside `import.meta.env.SSR &&` code, so neither these components nor the copy they get ship in the
// JavaScript. Styles: ../landing.css (imported by the pages).
import type { ReactNode } from 'react';
import { faqJsonLd } from '../../../lib/structured-data.ts';
import { JsonLd } from '../../json-ld.tsx';
import { buttonClass } from '../../ui/button.tsx';
import { Icon, type IconName } from './marketing-icons.tsx';

export interface Illustration {
  src: string;
  width: number;
  height: number;
  style: string;
}

interface LinkAction {
  href: string;
  label: string;
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  lead,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
}) {
  return (
    <header className="lp-heading">
      {eyebrow && <p className="lp-eyebrow">{eyebrow}</p>}
      <h2 id={id} className="lp-heading__title">
        {title}
      </h2>
      {lead && <p className="lp-heading__lead">{lead}</p>}
    </header>
  );
}

/** A page section with its heading: a landmark named by that heading, and an anchor (#id). */
export function Section({
  id,
  className,
  children,
}: {
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`lp-section${className ? ` ${className}` : ''}`}
    >
      <div className="container">{children}</div>
    </section>
  );
}

/** The hero's tiles: the example image of each named style, labelled with its name. */
export function heroTiles(
  examples: Illustration[],
  styles: string[],
  names: Record<string, string>,
): { image: Illustration; label: string }[] {
  return styles.flatMap((style) => {
    const image = examples.find((e) => e.style === style);
    return image ? [{ image, label: names[style] ?? style }] : [];
  });
}

interface HeroCopy {
  eyebrow: string;
  title: string;
  lead: string;
  cta: LinkAction;
  secondary: LinkAction;
  note: string;
  /** The eager hero image: four tiles, each labelled with its style. */
  visualLabel: string;
}

export function Hero({ copy, tiles }: { copy: HeroCopy; tiles: { image: Illustration; label: string }[] }) {
  return (
    <section className="lp-hero" aria-labelledby="hero-title">
      <div className="container lp-hero__inner">
        <div className="lp-hero__copy">
          <p className="lp-eyebrow">{copy.eyebrow}</p>
          <h1 id="hero-title" className="lp-hero__title">
            {copy.title}
          </h1>
          <p className="lp-hero__lead">{copy.lead}</p>
          <div className="lp-actions">
            <a href={copy.cta.href} className={buttonClass({ size: 'lg' })}>
              {copy.cta.label}
              <Icon name="arrowRight" />
            </a>
            <a href={copy.secondary.href} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
              {copy.secondary.label}
            </a>
          </div>
          <p className="lp-hero__note">{copy.note}</p>
        </div>
        <figure className="lp-hero__visual">
          <ul className="lp-tiles" aria-label={copy.visualLabel}>
            {tiles.map(({ image, label }, i) => (
              <li key={image.src} className="lp-tile">
                <img
                  src={image.src}
                  width={image.width}
                  height={image.height}
                  alt=""
                  // Above the fold: loaded at once, the first one first.
                  fetchPriority={i === 0 ? 'high' : undefined}
                  decoding={i === 0 ? 'sync' : 'async'}
                />
                <span className="lp-tile__label">{label}</span>
              </li>
            ))}
          </ul>
        </figure>
      </div>
    </section>
  );
}

/** Short, checkable facts about the product (no invented user counts, ratings or logos). */
export function FactStrip({ label, facts }: { label: string; facts: { value: string; label: string }[] }) {
  return (
    <div className="lp-facts">
      <ul className="container lp-facts__list" aria-label={label}>
        {facts.map((fact) => (
          <li key={fact.label} className="lp-facts__item">
            <strong className="lp-facts__value">{fact.value}</strong>
            <span className="lp-facts__label">{fact.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export interface Card {
  icon: IconName;
  title: string;
  text: string;
}

export function CardGrid({ cards, columns = 3 }: { cards: Card[]; columns?: 2 | 3 }) {
  return (
    <ul className={`lp-cards lp-cards--${columns}`}>
      {cards.map((card) => (
        <li key={card.title} className="lp-card">
          <span className="lp-card__icon">
            <Icon name={card.icon} />
          </span>
          <h3 className="lp-card__title">{card.title}</h3>
          <p className="lp-card__text">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}

export function StepList({ steps }: { steps: Card[] }) {
  return (
    <ol className="lp-steps">
      {steps.map((step, i) => (
        <li key={step.title} className="lp-step">
          <span className="lp-step__number" aria-hidden="true">
            {i + 1}
          </span>
          <span className="lp-card__icon">
            <Icon name={step.icon} />
          </span>
          <h3 className="lp-card__title">{step.title}</h3>
          <p className="lp-card__text">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}

/** Eight example images, each captioned with its style's name. */
export function StyleGallery({
  images,
  names,
  note,
}: {
  images: readonly Illustration[];
  names: Record<string, string>;
  note: string;
}) {
  return (
    <>
      <ul className="lp-gallery">
        {images.map((image) => (
          <li key={image.src}>
            <figure className="lp-gallery__item">
              <img
                src={image.src}
                width={image.width}
                height={image.height}
                alt=""
                loading="lazy"
                decoding="async"
              />
              <figcaption>{names[image.style] ?? image.style}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="lp-note">{note}</p>
    </>
  );
}

export interface DemoCopy {
  title: string;
  lead: string;
  caption: string;
  fallback: string;
}

/** The demo video (web/public/demo, recorded from the running app). Silent: no captions needed. */
export function DemoVideo({ copy }: { copy: DemoCopy }) {
  return (
    <Section id="demo" className="lp-section--tinted">
      <SectionHeading id="demo-title" title={copy.title} lead={copy.lead} />
      <figure className="lp-video">
        <video
          className="lp-video__player"
          controls
          muted
          playsInline
          preload="none"
          poster="/demo/poster.webp"
          width={1280}
          height={720}
        >
          <source src="/demo/aivatar-demo.mp4" type="video/mp4" />
          <a href="/demo/aivatar-demo.mp4">{copy.fallback}</a>
        </video>
        <figcaption className="lp-note">{copy.caption}</figcaption>
      </figure>
    </Section>
  );
}

export interface FaqItem {
  question: string;
  answer: string;
}

/** Native <details> (works without JavaScript), and the same questions and answers as FAQPage data. */
export function FaqSection({ title, lead, items }: { title: string; lead: string; items: FaqItem[] }) {
  return (
    <Section id="faq" className="lp-section--white">
      <SectionHeading id="faq-title" title={title} lead={lead} />
      <div className="lp-faq">
        {items.map(({ question, answer }) => (
          <details key={question} className="lp-faq__item">
            <summary className="lp-faq__question">{question}</summary>
            <p className="lp-faq__answer">{answer}</p>
          </details>
        ))}
      </div>
      <JsonLd data={faqJsonLd(items)} />
    </Section>
  );
}

export function CtaBand({
  title,
  text,
  cta,
  secondary,
}: {
  title: string;
  text: string;
  cta: LinkAction;
  secondary?: LinkAction;
}) {
  return (
    <section className="container lp-cta" aria-labelledby="cta-title">
      <h2 id="cta-title" className="lp-cta__title">
        {title}
      </h2>
      <p className="lp-cta__text">{text}</p>
      <div className="lp-actions lp-actions--center">
        <a href={cta.href} className={`${buttonClass({ size: 'lg' })} lp-cta__button`}>
          {cta.label}
          <Icon name="arrowRight" />
        </a>
        {secondary && (
          <a href={secondary.href} className="lp-cta__link">
            {secondary.label}
          </a>
        )}
      </div>
    </section>
  );
}

export function CheckList({ items, kind = 'check' }: { items: string[]; kind?: 'check' | 'cross' }) {
  return (
    <ul className={`lp-checks lp-checks--${kind}`}>
      {items.map((item) => (
        <li key={item}>
          <Icon name={kind} />
          {item}
        </li>
      ))}
    </ul>
  );
}
