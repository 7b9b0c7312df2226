// /signup: email and the terms, then an activation email.
import './strings.ts';
import { type FormEvent, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { MailIcon } from '../../components/ui/icons.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLanguage, useLocalizedPath } from '../../lib/language.ts';
import { keptForLink } from './after-login.ts';
import { signUp } from './api/signup.ts';
import { type FormMessage, signupFailure } from './auth-messages.ts';
import { AuthShell } from './components/auth-shell.tsx';
import { EmailField } from './components/email-field.tsx';
import { GoogleLogin } from './components/google-login.tsx';
import { JoinNote } from './components/join-note.tsx';
import { MessageAction } from './components/message-action.tsx';
import { PurchaseNote } from './components/purchase-note.tsx';
import { ResendEmail } from './components/resend-email.tsx';
import { useEmailDraft, usePreloadedSignInPage } from './email-draft.ts';

export default function SignupPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const path = useLocalizedPath();
  const prefill = (useLocation().state as { email?: string } | null)?.email ?? '';

  const [email, setEmail] = useEmailDraft(prefill);
  usePreloadedSignInPage('login');
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    setSubmitting(true);
    setMessage(null);
    try {
      await signUp({ email: address, terms_accepted: true, lang, ...keptForLink() });
      setSentTo(address);
    } catch (e) {
      setMessage(signupFailure(e, t));
    } finally {
      setSubmitting(false);
    }
  };

  const startOver = () => {
    setSentTo(null);
    setEmail('');
    setTermsAccepted(false);
  };

  return (
    <AuthShell
      title={t('signup.title')}
      subtitle={sentTo ? undefined : t('signup.subtitle')}
      aside={{
        title: t('signup.infoTitle'),
        points: [t('signup.info1'), t('signup.info2'), t('signup.info3'), t('signup.info4')],
      }}
      footer={
        <p>
          {t('signup.haveAccount')} <Link to={path('login')}>{t('signup.loginLink')}</Link>
        </p>
      }
    >
      <title>{documentTitle(t('signup.title'))}</title>
      <PurchaseNote after="signup" />
      <JoinNote after="signup" />
      {sentTo ? (
        <div className="auth__done">
          <span className="auth__done-icon">
            <MailIcon />
          </span>
          <h2>{t('signup.successTitle')}</h2>
          <Alert kind="success">{t('signup.success')}</Alert>
          <p>{t('signup.successDetail', { email: sentTo })}</p>
          <ResendEmail email={sentTo} />
          <Button variant="ghost" size="sm" onClick={startOver}>
            {t('signup.useAnotherEmail')}
          </Button>
        </div>
      ) : (
        <>
          {message && (
            <Alert
              kind={message.kind}
              action={message.action && <MessageAction action={message.action} email={email.trim()} />}
            >
              {message.text}
            </Alert>
          )}
          <form className="auth__form" onSubmit={onSubmit}>
            <EmailField value={email} onChange={setEmail} />
            <Checkbox
              className="auth__terms"
              name="terms"
              required
              checked={termsAccepted}
              onChange={(e) => setTermsAccepted(e.target.checked)}
              label={
                <>
                  {t('signup.termsBefore')}
                  <a href={path('terms')} target="_blank" rel="noopener">
                    {t('signup.termsLink')}
                  </a>
                  {t('signup.termsAfter')}
                </>
              }
            />
            <Button type="submit" size="lg" block loading={submitting}>
              {submitting ? t('signup.submitting') : t('signup.submit')}
            </Button>
          </form>
          <GoogleLogin />
        </>
      )}
    </AuthShell>
  );
}
