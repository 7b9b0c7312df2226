// The landing page, for now: the product's promise and a way in. The full marketing page (social proof,
// examples, FAQ, pricing teaser) comes with its own issue.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { ArrowRightIcon, DownloadIcon, PaletteIcon, UploadIcon } from '../../components/ui/icons.tsx';
import { useLocalizedPath } from '../../lib/language.ts';
import { StyleIllustration } from './style-illustration.tsx';
import './home.css';

export default function HomePage() {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const steps = [
    { Icon: UploadIcon, title: t('home.step1Title'), text: t('home.step1Text') },
    { Icon: PaletteIcon, title: t('home.step2Title'), text: t('home.step2Text') },
    { Icon: DownloadIcon, title: t('home.step3Title'), text: t('home.step3Text') },
  ];
  return (
    <>
      <title>{t('home.title')}</title>
      <meta name="description" content={t('home.description')} />
      <section className="hero">
        <div className="container hero__inner">
          <div className="hero__copy">
            <p className="hero__eyebrow">{t('home.eyebrow')}</p>
            <h1 className="hero__title">{t('home.heading')}</h1>
            <p className="hero__lead">{t('home.lead')}</p>
            <div className="hero__actions">
              <Link to={path('signup')} className={buttonClass({ size: 'lg' })}>
                {t('home.cta')}
                <ArrowRightIcon />
              </Link>
              <Link to={path('login')} className={buttonClass({ variant: 'secondary', size: 'lg' })}>
                {t('home.secondaryCta')}
              </Link>
            </div>
            <p className="hero__note">{t('home.ctaNote')}</p>
          </div>
          <StyleIllustration
            label={t('home.illustrationLabel')}
            styles={[
              t('home.styleProfessional'),
              t('home.styleFantasy'),
              t('home.styleAnime'),
              t('home.stylePainterly'),
            ]}
          />
        </div>
      </section>
      <section className="container steps" aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          {t('home.stepsTitle')}
        </h2>
        <ol className="steps__list">
          {steps.map(({ Icon, title, text }, i) => (
            <li key={title} className="steps__item card">
              <span className="steps__number" aria-hidden="true">
                {i + 1}
              </span>
              <span className="steps__icon">
                <Icon />
              </span>
              <h3>{title}</h3>
              <p className="muted">{text}</p>
            </li>
          ))}
        </ol>
      </section>
      <section className="container audience" aria-labelledby="audience-title">
        <h2 id="audience-title" className="section-title">
          {t('home.audienceTitle')}
        </h2>
        <ul className="audience__list">
          <li>{t('home.audienceProfessionals')}</li>
          <li>{t('home.audienceCreators')}</li>
          <li>{t('home.audienceEveryone')}</li>
        </ul>
      </section>
    </>
  );
}
