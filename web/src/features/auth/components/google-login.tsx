import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { GoogleIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { startGoogleLogin } from '../api/google-login.ts';
import { googleStartFailure } from '../auth-messages.ts';
import { OrDivider } from './auth-shell.tsx';

/**
 * "or", then "Continue with Google". A failure is logged, and the person is told too. Not shown
 * while the API does not serve the identity-provider login (shared/api-routes.ts).
 */
export function GoogleLogin() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const onClick = async () => {
    setStarting(true);
    setFailure(null);
    try {
      await startGoogleLogin(lang);
    } catch (e) {
      console.error('Identity-provider login failed', e);
      setFailure(googleStartFailure(e, t));
      setStarting(false);
    }
  };
  return (
    <>
      <OrDivider label={t('common.or')} />
      <Button variant="secondary" block loading={starting} onClick={onClick} className="auth__google">
        {!starting && <GoogleIcon />}
        {t('auth.continueWithGoogle')}
      </Button>
      {failure && <Alert kind="error">{failure}</Alert>}
    </>
  );
}
