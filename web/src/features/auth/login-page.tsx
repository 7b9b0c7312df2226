// /login: email and password, a login link by email, the identity provider.
import './strings.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { MailIcon } from '../../components/ui/icons.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLanguage, useLocalizedPath } from '../../lib/language.ts';
import { rememberReturn, sentFrom } from '../../lib/return-to.ts';
import { useSession } from '../../lib/session.tsx';
import { AFTER_PASSWORD_LOGIN_DELAY_MS, afterLoginPath, keptForLink } from './after-login.ts';
import { logIn } from './api/login.ts';
import { sendLoginLink } from './api/send-login-link.ts';
import {
  type FormMessage,
  googleReturnMessage,
  linkReturnMessage,
  loginFailure,
  loginLinkFailure,
} from './auth-messages.ts';
import { AuthShell } from './components/auth-shell.tsx';
import { EmailField } from './components/email-field.tsx';
import { GoogleLogin } from './components/google-login.tsx';
import { JoinNote } from './components/join-note.tsx';
import { MessageAction } from './components/message-action.tsx';
import { PurchaseNote } from './components/purchase-note.tsx';
import { ResendEmail } from './components/resend-email.tsx';
import { forgetEmailDraft, useEmailDraft, usePreloadedSignInPage } from './email-draft.ts';

export default function LoginPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const path = useLocalizedPath();
  const navigate = useNavigate();
  const { signIn } = useSession();
  const { search, state } = useLocation();
  const prefill = (state as { email?: string } | null)?.email ?? '';

  const [email, setEmail] = useEmailDraft(prefill);
  usePreloadedSignInPage('signup');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState<'login' | 'link' | null>(null);
  const [loggedIn, setLoggedIn] = useState(false);
  // Back from a Google sign-in that did not sign in: say why (the callback's `google` parameter).
  const [message, setMessage] = useState<FormMessage | null>(() =>
    googleReturnMessage(new URLSearchParams(search).get('google'), t),
  );
  // Sent on by an emailed link that did not work (its page is English only; the `link` parameter): said in
  // this page's language, whose strings may still be arriving after that English page, until another message.
  const [linkFailure, setLinkFailure] = useState(() => new URLSearchParams(search).get('link'));
  const shown = message ?? linkReturnMessage(linkFailure, t);
  // The address a link was just sent to: "Check your inbox" then offers to send it again.
  const [linkSentTo, setLinkSentTo] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(redirect.current), []);
  // Sent here from an app page opened without a session: the sign-in goes back to it (lib/return-to.ts).
  useEffect(() => {
    const back = sentFrom(state);
    if (back) rememberReturn(back);
  }, [state]);
  // Said once: a reload or a shared link does not say it again.
  useEffect(() => {
    const query = new URLSearchParams(search);
    if (query.has('google') || query.has('link')) navigate({ search: '' }, { replace: true, state });
  }, [search, state, navigate]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setMessage({ kind: 'error', text: t('login.errorMissingFields') });
      return;
    }
    setLinkFailure(null);
    setBusy('login');
    setMessage(null);
    setLinkSentTo(null);
    try {
      const { access_token } = await logIn({ email: email.trim(), password });
      void signIn(access_token);
      forgetEmailDraft();
      setLoggedIn(true);
      setMessage({ kind: 'success', text: t('login.success') });
      redirect.current = setTimeout(() => navigate(afterLoginPath(lang)), AFTER_PASSWORD_LOGIN_DELAY_MS);
    } catch (e) {
      setMessage(loginFailure(e, t));
    } finally {
      setBusy(null);
    }
  };

  /** Emails a link; for an account not activated yet, the server sends a new activation link instead. */
  const onSendLink = async () => {
    const address = email.trim();
    if (!address) {
      setMessage({ kind: 'error', text: t('login.linkErrorEmptyEmail') });
      return;
    }
    setBusy('link');
    setLinkFailure(null);
    setMessage(null);
    setLinkSentTo(null);
    try {
      // The server says which email went out: a pending account gets its activation link again.
      const { kind } = await sendLoginLink({ email: address, lang, ...keptForLink() });
      const text =
        kind === 'activation'
          ? t('login.activationSent', { email: address })
          : t('login.linkSent', { email: address });
      setMessage({ kind: 'success', text });
      setLinkSentTo(address);
    } catch (e) {
      setMessage(loginLinkFailure(e, t));
    } finally {
      setBusy(null);
    }
  };

  const action = shown?.action ? (
    <MessageAction
      action={shown.action}
      busy={busy === 'link'}
      onResendActivation={() => void onSendLink()}
      onSendLoginLink={() => void onSendLink()}
      email={email.trim()}
    />
  ) : (
    linkSentTo && message?.kind === 'success' && <ResendEmail key={linkSentTo} email={linkSentTo} />
  );

  return (
    <AuthShell
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      aside={{
        title: t('auth.asideLoginTitle'),
        text: t('auth.asideLoginText'),
        points: [t('auth.asideLoginPoint1'), t('auth.asideLoginPoint2'), t('auth.asideLoginPoint3')],
      }}
      footer={
        <p>
          {t('login.noAccount')} <Link to={path('signup')}>{t('login.signupLink')}</Link>
        </p>
      }
    >
      <title>{documentTitle(t('login.title'))}</title>
      <PurchaseNote after="login" />
      <JoinNote after="login" />
      {shown && (
        <Alert kind={shown.kind} action={action}>
          {shown.text}
        </Alert>
      )}
      <form className="auth__form" onSubmit={onSubmit}>
        <EmailField value={email} onChange={setEmail} />
        <TextField
          label={t('auth.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" size="lg" block loading={busy === 'login'} disabled={loggedIn || busy !== null}>
          {busy === 'login' ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className="auth__link-block">
        <p>{t('login.linkHint')}</p>
        <Button
          variant="secondary"
          size="sm"
          loading={busy === 'link'}
          disabled={loggedIn || busy !== null}
          onClick={() => void onSendLink()}
        >
          {busy !== 'link' && <MailIcon />}
          {busy === 'link' ? t('login.sendingLink') : t('login.sendLink')}
        </Button>
      </div>
      <GoogleLogin />
    </AuthShell>
  );
}
