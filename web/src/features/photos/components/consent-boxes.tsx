// The two consents of Manage Photos, with links to the privacy policy and the AI provider's policy. Each
// change is recorded on the account (PUT /photos/consent); unticking withdraws it.

import { Link } from 'react-router';
import type { PhotoConsent } from '#shared/api-schemas.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { AI_PROVIDER } from '../ai-provider.ts';
import { marks, withLinks } from './with-links.tsx';

type Given = Pick<PhotoConsent, 'processing' | 'rights'>;

export function ConsentBoxes({
  consent,
  onChange,
  disabled,
}: {
  consent: Given;
  onChange: (next: Given) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const processing = withLinks(
    t('photos.consentProcessing', { provider: AI_PROVIDER.name, ...marks(['privacyLink', 'providerLink']) }),
    {
      privacyLink: (
        <Link to={path('privacy')} target="_blank">
          {t('photos.privacyLink')}
        </Link>
      ),
      providerLink: (
        <a href={AI_PROVIDER.privacyPolicyUrl} target="_blank" rel="noopener noreferrer">
          {t('photos.providerLink', { provider: AI_PROVIDER.name })}
        </a>
      ),
    },
  );
  return (
    <fieldset className="consent" disabled={disabled}>
      <legend className="consent__title">{t('photos.consentTitle')}</legend>
      <Checkbox
        checked={consent.processing}
        onChange={(e) => onChange({ processing: e.target.checked, rights: consent.rights })}
        label={processing}
        data-testid="consent-processing"
      />
      <Checkbox
        checked={consent.rights}
        onChange={(e) => onChange({ processing: consent.processing, rights: e.target.checked })}
        label={t('photos.consentRights')}
        data-testid="consent-rights"
      />
      <p className="consent__face-check" data-testid="face-check-note">
        {t('photos.faceCheckNote')}
      </p>
    </fieldset>
  );
}
