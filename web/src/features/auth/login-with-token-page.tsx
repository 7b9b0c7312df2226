// /login_with_token?token=...&lang=...: the landing page of an emailed link and
// of a Google sign-in, English only in every state: Logging in, Login Error (Back to login),
// Login Successful and "Sign in as …?". The link's `lang` (the email's language) decides only where the page
// sends the user next: /fr/app..., /fr/login, / or /fr on Cancel. A French link that fails (used, expired)
// does not stop on the English Login Error: like a French link that works, it goes on at once to a French
// page, /fr/login?link=<code>, which says in French what went wrong.
// A link opened in a browser that did not ask for it (the phone of someone who asked on their laptop, a
// mail scanner, or a victim someone sent their own link to) first asks "Sign in as j•••@example.com?":
// nothing is redeemed until Continue (login CSRF).
// The link may carry where the sign-in goes (`return_to`, `buy`: after-login.ts): an invitation's join page
// kept on the laptop that signed up, reached from the activation email opened on the phone. Kept here only
// once the link is redeemed: never when it fails (a link with a bad token would otherwise plant a join page
// or a checkout for the victim's next sign-in in this browser), never on Cancel.
import './strings.ts';
import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { pagePath } from '#shared/web-routes.ts';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { AlertIcon, CheckCircleIcon, UserIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useNextLanguage } from '../../lib/language.ts';
import { useSession } from '../../lib/session.tsx';
import { markWelcome } from '../../lib/welcome.ts';
import { AFTER_LINK_LOGIN_DELAY_MS, afterLoginPath, keepFromLink } from './after-login.ts';
import { previewLoginLink, redeemLoginLink } from './api/login-with-token.ts';
import { NO_TOKEN, tokenLoginFailure, tokenLoginFailureCode } from './auth-messages.ts';
import './components/auth.css';

type State =
  | { step: 'loading' }
  | { step: 'confirm'; email: string }
  | { step: 'error'; message: string; code: string }
  | { step: 'success' };

const EMAIL_MARK = '\u0001';

/** "Sign in as j•••@example.com?", the address and what follows it kept together on one line. */
function ConfirmTitle({ email }: { email: string }) {
  const { t } = useTranslation();
  const [before, after = ''] = t('tokenLogin.confirmTitle', { email: EMAIL_MARK }).split(EMAIL_MARK);
  return (
    <h1 className="auth__confirm-title">
      {before}
      <span className="auth__confirm-email">
        {email}
        {after}
      </span>
    </h1>
  );
}

export default function LoginWithTokenPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [query] = useSearchParams();
  const token = query.get('token');
  const returnTo = query.get('return_to');
  const buy = query.get('buy');
  const next = useNextLanguage();
  const [state, setState] = useState<State>(() =>
    token ? { step: 'loading' } : { step: 'error', message: t('tokenLogin.errorNoToken'), code: NO_TOKEN },
  );
  // Continue was pressed on "Sign in as …?".
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const open = async () => {
      if (!confirmed) {
        const { email, same_browser } = await previewLoginLink(token);
        if (cancelled) return;
        if (!same_browser) {
          setState({ step: 'confirm', email });
          return;
        }
      }
      setState({ step: 'loading' });
      const { access_token, activated, signup_bonus } = await redeemLoginLink(token);
      // Kept only once the link is used: a crafted link with a bad token plants nothing for the next sign-in.
      keepFromLink({ returnTo, buy });
      if (cancelled) return;
      // Whether or not the user loads, the session is open: go on to the app.
      const user = await signIn(access_token);
      if (cancelled) return;
      setState({ step: 'success' });
      const started = Date.now();
      // The link that activated the account welcomes its owner on their first screen.
      if (user && activated) markWelcome(user.email, { bonus: signup_bonus ?? 0 });
      const wait = Math.max(0, AFTER_LINK_LOGIN_DELAY_MS - (Date.now() - started));
      timer = setTimeout(() => navigate(afterLoginPath(next), { replace: true }), wait);
    };
    open().catch((e: unknown) => {
      if (!cancelled) {
        setState({ step: 'error', message: tokenLoginFailure(e, t), code: tokenLoginFailureCode(e) });
      }
    });
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [token, returnTo, buy, confirmed, signIn, navigate, t, next]);

  // The page stays English; the French reader of a link that failed reads why in French.
  if (state.step === 'error' && next === 'fr') {
    return <Navigate to={`${pagePath('login', 'fr')}?link=${encodeURIComponent(state.code)}`} replace />;
  }

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
        {state.step === 'confirm' && (
          <div className="auth__done">
            <span className="auth__done-icon">
              <UserIcon />
            </span>
            <ConfirmTitle email={state.email} />
            <p>{t('tokenLogin.confirmText')}</p>
            <div className="auth__confirm-actions">
              <Button variant="secondary" onClick={() => navigate(pagePath('home', next), { replace: true })}>
                {t('tokenLogin.cancel')}
              </Button>
              <Button onClick={() => setConfirmed(true)}>{t('tokenLogin.continue')}</Button>
            </div>
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
