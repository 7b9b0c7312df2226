// /login_with_token?token=... (spec sections 2, 4 and 8): the emailed link's landing page, English only.
// Three states: Logging in, Login Error (Back to login) and Login Successful.
import './strings.ts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pagePath } from '../../../../shared/web-routes.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { AlertIcon, CheckCircleIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.tsx';
import { AFTER_LINK_LOGIN_DELAY_MS, AFTER_LOGIN_PATH } from './after-login.ts';
import { redeemLoginLink } from './api/login-with-token.ts';
import { tokenLoginFailure } from './auth-messages.ts';
import './components/auth.css';

type State = { step: 'loading' } | { step: 'error'; message: string } | { step: 'success' };

export default function LoginWithTokenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const token = useSearchParams()[0].get('token');
  const [state, setState] = useState<State>(() =>
    token ? { step: 'loading' } : { step: 'error', message: t('tokenLogin.errorNoToken') },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    redeemLoginLink(token).then(
      async ({ access_token }) => {
        if (cancelled) return;
        // Whether or not the user loads, the session is open: go on to the app.
        await signIn(access_token);
        if (cancelled) return;
        setState({ step: 'success' });
        timer = setTimeout(() => navigate(AFTER_LOGIN_PATH, { replace: true }), AFTER_LINK_LOGIN_DELAY_MS);
      },
      (e: unknown) => {
        if (!cancelled) setState({ step: 'error', message: tokenLoginFailure(e, t) });
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token, signIn, navigate, t]);

  return (
    <div className="container auth auth--single">
      <title>{`${t('tokenLogin.title')} · Aivatar`}</title>
      <section className="auth__card card" aria-live="polite">
        {state.step === 'loading' && (
          <div className="auth__done">
            <Spinner size="lg" />
            <h1>{t('tokenLogin.loggingIn')}</h1>
            <p>{t('tokenLogin.loggingInText')}</p>
          </div>
        )}
        {state.step === 'error' && (
          <div className="auth__done">
            <span className="auth__done-icon auth__done-icon--error">
              <AlertIcon />
            </span>
            <h1>{t('tokenLogin.errorTitle')}</h1>
            <p role="alert">{state.message}</p>
            <Link to={pagePath('login')} className={buttonClass()}>
              {t('tokenLogin.backToLogin')}
            </Link>
          </div>
        )}
        {state.step === 'success' && (
          <div className="auth__done">
            <span className="auth__done-icon auth__done-icon--success">
              <CheckCircleIcon />
            </span>
            <h1>{t('tokenLogin.successTitle')}</h1>
            <p>{t('tokenLogin.successText')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
