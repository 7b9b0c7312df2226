// A pending task's stage: three steps (queued, generating, finishing) drawn across the
// bottom of its card, and a line that names the stage with the time left, counted down between reads.
import { useTranslation } from '../../../lib/i18n.ts';
import { type Estimate, type Eta, etaOf, STAGES } from '../task-estimate.ts';

export function useEtaText(): (eta: Eta) => string {
  const { t } = useTranslation();
  return (eta) => {
    switch (eta.kind) {
      case 'seconds':
        return t('gallery.etaSeconds', { count: eta.count });
      case 'minutes':
        return t('gallery.etaMinutes', { count: eta.count });
      case 'soon':
        return t('gallery.etaSoon');
      case 'late':
        return t('gallery.etaLate');
    }
  };
}

export function StageTrack({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const at = STAGES.indexOf(estimate.stage);
  return (
    <ol className="stage-track" aria-label={t('gallery.stagesLabel')}>
      {STAGES.map((stage, i) => (
        <li
          key={stage}
          className={`stage-track__step stage-track__step--${i < at ? 'done' : i === at ? 'current' : 'next'}`}
          aria-current={i === at ? 'step' : undefined}
        >
          <span className="visually-hidden">{t(`gallery.stage_${stage}`)}</span>
        </li>
      ))}
    </ol>
  );
}

export function StageLine({ estimate }: { estimate: Estimate }) {
  const { t } = useTranslation();
  const eta = useEtaText();
  return (
    <p className="task-card__stage" data-testid="task-stage" data-stage={estimate.stage}>
      <span className="task-card__stage-name">{t(`gallery.stage_${estimate.stage}`)}</span>
      <span aria-hidden="true"> · </span>
      <span>{eta(etaOf(estimate))}</span>
    </p>
  );
}
