// What the check said of a shot on the phone's capture page (capture-page.tsx): being checked, failed (try
// again or retake), refused (why, and retake), or kept (its score, what the check did, what would help, and
// on to the next prompt).
import type { Rejection } from '#shared/api-schemas.ts';
import { INFORMATION_HINTS, qualityBand } from '#shared/photo-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CheckCircleIcon, InfoIcon } from '../../../components/ui/shell-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { hasString, type TranslationKey, useTranslation } from '../../../lib/i18n.ts';
import type { Shot } from '../use-capture.ts';

export function ShotResult({
  shot,
  last,
  photosLeft,
  onRetake,
  onNext,
  onDone,
  onRetry,
}: {
  shot: Shot;
  last: boolean;
  photosLeft: number;
  onRetake: () => void;
  onNext: () => void;
  /** present once enough photos are kept (and this is not the last prompt, which finishes anyway) */
  onDone?: () => void;
  onRetry: (shot: Extract<Shot, { status: 'failed' }>) => void;
}) {
  const { t } = useTranslation();
  if (shot.status === 'checking') {
    return (
      <div className="shot-result" data-testid="shot-result" data-status="checking">
        <Spinner size="sm" />
        <p>{t('capture.checking')}</p>
      </div>
    );
  }
  if (shot.status === 'failed') {
    return (
      <div className="shot-result" data-testid="shot-result" data-status="failed">
        <Alert
          kind="error"
          action={
            <Button variant="secondary" size="sm" onClick={() => onRetry(shot)}>
              {t('capture.tryAgain')}
            </Button>
          }
        >
          {t(shot.message)}
        </Alert>
        <Button variant="ghost" block onClick={onRetake}>
          {t('capture.retake')}
        </Button>
      </div>
    );
  }
  const { outcome } = shot;
  if (!outcome.kept) {
    return (
      <div className="shot-result" data-testid="shot-result" data-status="refused">
        <h3>{t('capture.refused')}</h3>
        <p data-testid="shot-message">{rejectionText(t, outcome.rejection)}</p>
        <Button size="lg" block onClick={onRetake} disabled={photosLeft <= 0}>
          {t('capture.retake')}
        </Button>
      </div>
    );
  }
  const hints = outcome.quality?.hints ?? [];
  const advice = [
    ...(outcome.quality?.reasons ?? []).map((r) => `capture.quality_${r}`),
    ...hints.filter((h) => !INFORMATION_HINTS.includes(h)).map((h) => `capture.hint_${h}`),
  ].filter(hasString) as TranslationKey[];
  // What the check did (turned the photo upright) is said apart: it is not something to do better.
  const information = hints
    .filter((h) => INFORMATION_HINTS.includes(h))
    .map((h) => `capture.hint_${h}`)
    .filter(hasString) as TranslationKey[];
  const score = outcome.quality ? Math.round(outcome.quality.score) : null;
  // "Looks good!" only when the score agrees and there is nothing to do better; any other shot is kept all
  // the same, with what would help ("Looks good!" over "To do even better" would contradict itself).
  const band = score === null ? 'good' : qualityBand(score);
  const praised = band === 'good' && advice.length === 0;
  return (
    <div className="shot-result" data-testid="shot-result" data-status="kept">
      <div className="shot-result__head">
        <span className="shot-result__icon">
          <CheckCircleIcon />
        </span>
        <h3 data-testid="shot-title">{praised ? t('capture.kept') : t('capture.keptFair')}</h3>
      </div>
      {score !== null && (
        <span className="shot-result__score" data-band={band} data-testid="shot-score">
          {t('capture.score', { score })}
        </span>
      )}
      {information.map((key) => (
        <p key={key} className="shot-result__info" data-testid="shot-info">
          <InfoIcon />
          {t(key)}
        </p>
      ))}
      {advice.length > 0 && (
        <div className="shot-result__advice">
          <p className="muted">{t('capture.toImprove')}</p>
          <ul>
            {advice.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="shot-result__actions">
        <Button size="lg" block onClick={onNext} data-testid="shot-next">
          {last ? t('capture.finish') : t('capture.next')}
        </Button>
        {/* The kept shot stays (a capture code cannot delete): another one is added beside it. */}
        <Button variant="secondary" block onClick={onRetake} disabled={photosLeft <= 0}>
          {t('capture.takeAnother')}
        </Button>
        {onDone && (
          <Button variant="ghost" block onClick={onDone} data-testid="capture-finish">
            {t('capture.done')}
          </Button>
        )}
      </div>
      {photosLeft <= 3 && (
        <p className="muted shot-result__left">{t('capture.photosLeft', { count: photosLeft })}</p>
      )}
    </div>
  );
}

function rejectionText(t: (key: TranslationKey) => string, rejection: Rejection): string {
  const key = `capture.reason_${rejection.reason}`;
  return hasString(key) ? t(key as TranslationKey) : t('capture.reason_unusable');
}
