// "Didn't get it? Resend" under "Check your inbox": the same email again (a pending
// account gets its activation link, an active one a login link). Offered again 30 seconds after each email,
// so a second one is not asked for before the first could arrive; when the server says too many were asked
// for (429), it says when the next one may be, and waits that long.
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLanguage } from '../../../lib/language.ts';
import { keptForLink } from '../after-login.ts';
import { sendLoginLink } from '../api/send-login-link.ts';
import { loginLinkFailure } from '../auth-messages.ts';

/** How long after an email before it may be asked for again. */
const RESEND_AFTER_MS = 30_000;

type Note = { kind: 'sent' | 'error'; text: string };

/** The seconds to wait that a 429 named (Retry-After, also sent in the body). */
const retryAfterOf = (e: unknown): number | null => {
  if (!isApiError(e) || e.code !== 'RATE_LIMITED') return null;
  const seconds = (e.body as { retry_after?: unknown } | null)?.retry_after;
  return typeof seconds === 'number' && seconds > 0 ? seconds : 60;
};

export function ResendEmail({ email }: { email: string }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [openAt, setOpenAt] = useState(() => Date.now() + RESEND_AFTER_MS);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note | null>(null);
  const waiting = now < openAt;

  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  const resend = async () => {
    setBusy(true);
    setNote(null);
    try {
      const { sent } = await sendLoginLink({ email, lang, ...keptForLink() });
      setNote({ kind: 'sent', text: t(sent ? 'auth.resent' : 'auth.alreadySent', { email }) });
      setOpenAt(Date.now() + RESEND_AFTER_MS);
    } catch (e) {
      const seconds = retryAfterOf(e);
      if (seconds === null) setNote({ kind: 'error', text: loginLinkFailure(e, t).text });
      else {
        setOpenAt(Date.now() + seconds * 1000);
        setNote({
          kind: 'error',
          text:
            seconds < 60
              ? t('auth.resendLimitedSeconds', { count: seconds })
              : t('auth.resendLimitedMinutes', { count: Math.ceil(seconds / 60) }),
        });
      }
    } finally {
      setNow(Date.now());
      setBusy(false);
    }
  };

  const left = Math.ceil((openAt - now) / 1000);
  return (
    <div className="auth__resend" data-testid="resend">
      <p className="auth__resend-row">
        <span>{t('auth.resendPrompt')}</span>
        <Button
          variant="secondary"
          size="sm"
          loading={busy}
          disabled={waiting || busy}
          onClick={() => void resend()}
          data-testid="resend-button"
        >
          {!busy && <MailIcon />}
          {waiting && left > 60
            ? t('auth.resendInMinutes', { count: Math.ceil(left / 60) })
            : waiting
              ? t('auth.resendIn', { seconds: left })
              : t('auth.resend')}
        </Button>
      </p>
      {note && (
        <p
          className={`auth__resend-note auth__resend-note--${note.kind}`}
          role={note.kind === 'error' ? 'alert' : 'status'}
          data-testid="resend-note"
        >
          {note.text}
        </p>
      )}
    </div>
  );
}
