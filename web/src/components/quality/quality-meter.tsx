// The set's quality score as a meter (docs/faces.md, "Quality score"), with the one thing that would raise it
// most, and under 60 what the user risks. Shown on Manage Photos and on the Create screen, which never blocks
// on it: the product's rule (at least 2 photos) is the only one that stops a create. The screens that show it
// merge QUALITY_STRINGS (quality-strings.ts) with their own.
import { useId } from 'react';
import type { PhotoQuality, SetQuality } from '#shared/api-schemas.ts';
import { qualityBand as band, QUALITY_RISK_BELOW, type QualityHint } from '#shared/photo-rules.ts';
import { useTranslation } from '../../lib/i18n.ts';
import './quality-meter.css';

export function SetQualityMeter({ quality }: { quality: SetQuality }) {
  const { t } = useTranslation();
  const [first] = quality.reasons;
  const label = useId();
  return (
    <section className={`quality-meter quality-meter--${band(quality.score)}`} data-testid="set-quality">
      <div className="quality-meter__head">
        <span id={label} className="quality-meter__title">
          {t('quality.title')}
        </span>
        <span className="quality-meter__score" data-testid="set-quality-score">
          {t('quality.outOf', { score: quality.score })}
        </span>
      </div>
      <meter
        className="quality-meter__bar"
        aria-labelledby={label}
        min={0}
        max={100}
        low={QUALITY_RISK_BELOW}
        high={80}
        optimum={100}
        value={quality.score}
      />
      {/* A set reason's words (quality.set_*) go on the sentence "To raise it most: …", so they start in
          lower case in both languages. */}
      <p className="quality-meter__tip" data-testid="set-quality-tip">
        {first ? t('quality.best', { tip: t(`quality.set_${first}`) }) : t('quality.good')}
      </p>
      {quality.score < QUALITY_RISK_BELOW && (
        <p className="quality-meter__risk" data-testid="set-quality-risk">
          {t('quality.risk')}
        </p>
      )}
    </section>
  );
}

/**
 * A photo's score and its instructions, the costliest first. An instruction whose warning the card already
 * shows (a small or blurry face) is not said twice.
 */
export function PhotoQualityLine({
  quality,
  hints,
}: {
  quality: PhotoQuality;
  hints: readonly QualityHint[];
}) {
  const { t } = useTranslation();
  const said = new Set<string>(hints);
  const tips = quality.reasons.filter((r) => !said.has(r));
  return (
    <div className={`photo-quality photo-quality--${band(quality.score)}`} data-testid="photo-quality">
      <span className="photo-quality__score">{t('quality.photo', { score: quality.score })}</span>
      {tips.length > 0 && (
        <ul className="photo-quality__tips">
          {tips.map((r) => (
            <li key={r} data-reason={r}>
              {t(`quality.reason_${r}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
