import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { GoogleIcon } from '../../../components/ui/icons.tsx';
import { isServed } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { startGoogleLogin } from '../api/google-login.ts';
import { OrDivider } from './auth-shell.tsx';

/**
 * "or", then "Continue with Google". A failure is only logged (spec section 8, Checkout). Not shown while
 * the API does not serve the identity-provider login (shared/api-routes.ts): it comes with that route.
 */
export function GoogleLogin() {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  if (!isServed('googleLogin')) return null;
  const onClick = async () => {
    setStarting(true);
    try {
      await startGoogleLogin();
    } catch (e) {
      console.error('Identity-provider login failed', e);
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
    </>
  );
}
