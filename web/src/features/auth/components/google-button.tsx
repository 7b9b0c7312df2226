import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { GoogleIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { startGoogleLogin } from '../api/google-login.ts';

/** "Continue with Google". A failure is only logged (spec section 8, Checkout). */
export function GoogleButton() {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
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
    <Button variant="secondary" block loading={starting} onClick={onClick} className="auth__google">
      {!starting && <GoogleIcon />}
      {t('auth.continueWithGoogle')}
    </Button>
  );
}
