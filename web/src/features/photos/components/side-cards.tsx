// Beside the upload: tips for good reference photos with the content rules, and
// retention: automatic deletion after 30 days, and "delete my photos once my avatars are ready".

import { PHOTO_RETENTION_DAYS } from '#shared/photo-rules.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { CheckIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';

export function TipsCard() {
  const { t } = useTranslation();
  const tips = ['photos.tipFace', 'photos.tipLight', 'photos.tipAlone', 'photos.tipVariety'] as const;
  return (
    <section className="card panel-card tips" aria-labelledby="tips-title">
      <h2 id="tips-title">{t('photos.tipsTitle')}</h2>
      <ul className="tips__list">
        {tips.map((key) => (
          <li key={key}>
            <CheckIcon />
            {t(key)}
          </li>
        ))}
      </ul>
      <p className="tips__rules">{t('photos.rulesNote')}</p>
    </section>
  );
}

export function RetentionCard({
  deleteAfterGeneration,
  onChange,
  disabled,
}: {
  deleteAfterGeneration: boolean;
  onChange: (on: boolean) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="card panel-card retention" aria-labelledby="retention-title">
      <header className="retention__header">
        <span className="panel-card__icon">
          <ShieldIcon />
        </span>
        <h2 id="retention-title">{t('photos.retentionTitle')}</h2>
      </header>
      <p className="retention__text" data-testid="retention-text">
        {t('photos.retentionAuto', { days: PHOTO_RETENTION_DAYS })}
      </p>
      <Checkbox
        checked={deleteAfterGeneration}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        label={t('photos.retentionSetting')}
        data-testid="retention-setting"
      />
    </section>
  );
}
