// /login_with_token?token=...&lang=... (spec sections 2, 4 and 8): the emailed link's landing page, English
// only. Three states: Logging in, Login Error (Back to login) and Login Successful. The link's `lang` (the
// language of the email) decides only where the page sends the user next: /fr/app..., /fr/login.
import './strings.ts';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { pagePath } from '../../../../shared/web-routes.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { AlertIcon, CheckCircleIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useNextLanguage } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { markWelcome } from '../../lib/welcome.ts';
import { AFTER_LINK_LOGIN_DELAY_MS, afterLoginPath } from './after-login.ts';
import { redeemLoginLink } from './api/login-with-token.ts';
import { tokenLoginFailure } from './auth-messages.ts';
import './components/auth.css';

type State = { step: 'loading' } | { step: 'error'; message: string } | { step: 'success' };

export default function LoginWithTokenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const token = useSearchParams()[0].get('token');
  const next = useNextLanguage();
  const [state, setState] = useState<State>(() =>
    token ? { step: 'loading' } : { step: 'error', message: t('tokenLogin.errorNoToken') },
  );

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    redeemLoginLink(token).then(
      async ({ access_token, activated, signup_bonus }) => {
        if (cancelled) return;
        // Whether or not the user loads, the session is open: go on to the app.
        const user = await signIn(access_token);
        if (cancelled) return;
        setState({ step: 'success' });
        const started = Date.now();
        // The link that activated the account welcomes its owner on their first screen.
        if (user && activated) markWelcome(user.email, { bonus: signup_bonus ?? 0 });
        if (cancelled) return;
        const wait = Math.max(0, AFTER_LINK_LOGIN_DELAY_MS - (Date.now() - started));
        timer = setTimeout(() => navigate(afterLoginPath(next), { replace: true }), wait);
      },
      (e: unknown) => {
        if (!cancelled) setState({ step: 'error', message: tokenLoginFailure(e, t) });
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token, signIn, navigate, t, next]);

  return (
    <div className="container auth auth--single">
      <title>{documentTitle(t('tokenLogin.title'))}</title>
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
            <Link to={pagePath('login', next)} className={buttonClass()}>
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
