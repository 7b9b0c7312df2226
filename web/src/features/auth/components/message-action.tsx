// The follow-up action a sign-in message offers: Sign up, Go to login page, Send new
// activation link, or Send me a login link (an account without a password). The typed email goes along
// to the next page.

import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import type { AuthAction } from '../auth-messages.ts';

interface MessageActionProps {
  action: AuthAction;
  email: string;
  busy?: boolean;
  onResendActivation?: () => void;
  onSendLoginLink?: () => void;
}

export function MessageAction({
  action,
  email,
  busy = false,
  onResendActivation,
  onSendLoginLink,
}: MessageActionProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const state = email ? { email } : undefined;
  switch (action) {
    case 'signUp':
      return (
        <Button variant="secondary" size="sm" onClick={() => navigate(path('signup'), { state })}>
          {t('login.actionSignUp')}
        </Button>
      );
    case 'goToLogin':
      return (
        <Button variant="secondary" size="sm" onClick={() => navigate(path('login'), { state })}>
          {t('signup.actionGoToLogin')}
        </Button>
      );
    case 'resendActivation':
      return (
        <Button variant="secondary" size="sm" loading={busy} onClick={onResendActivation}>
          {t('login.actionResendActivation')}
        </Button>
      );
    case 'sendLoginLink':
      return (
        <Button variant="secondary" size="sm" loading={busy} onClick={onSendLoginLink}>
          {t('login.sendLink')}
        </Button>
      );
  }
}
