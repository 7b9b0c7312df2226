// Set a first password, or change it (asking for the current one only when there is one).

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from 'virtual:api-contract';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { KeyIcon } from '../../../components/ui/icons.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { serverMessage } from '../../../lib/api-messages.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { changePassword } from '../api/change-password.ts';

interface FieldErrors {
  current?: string;
  next?: string;
  confirm?: string;
}

export function PasswordForm({ email, hasPassword }: { email: string; hasPassword: boolean }) {
  const { t } = useTranslation();
  const { renewToken } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if ([...next].length < PASSWORD_MIN_LENGTH)
      found.next = t('account.passwordTooShort', { min: PASSWORD_MIN_LENGTH });
    if (confirm !== next) found.confirm = t('account.passwordMismatch');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length) return;
    setSaving(true);
    try {
      const { access_token } = await changePassword(
        hasPassword ? { current_password: current, new_password: next } : { new_password: next },
      );
      // This session continues with the new token; every other one has ended.
      await renewToken(access_token);
      setCurrent('');
      setNext('');
      setConfirm('');
      toast.success(hasPassword ? t('account.passwordChanged') : t('account.passwordSet'));
    } catch (e) {
      const message = isApiError(e)
        ? serverMessage(e, t('account.passwordFailed'))
        : t('account.passwordFailed');
      if (isApiError(e) && e.code === 'CURRENT_PASSWORD_WRONG') setErrors({ current: message });
      else if (isApiError(e) && e.code.startsWith('PASSWORD_')) setErrors({ next: message });
      else setFailure(message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card panel-card" aria-labelledby="password-title">
      <header className="account-card__header">
        <span className="panel-card__icon">
          <KeyIcon />
        </span>
        <div>
          <h2 id="password-title">
            {hasPassword ? t('account.passwordChangeTitle') : t('account.passwordSetTitle')}
          </h2>
          <p className="muted">
            {hasPassword ? t('account.passwordChangeIntro') : t('account.passwordSetIntro')}
          </p>
        </div>
      </header>
      <form className="account-form" onSubmit={onSubmit} noValidate>
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        {failure && <Alert kind="error">{failure}</Alert>}
        {hasPassword && (
          <TextField
            label={t('account.currentPassword')}
            type="password"
            name="current-password"
            autoComplete="current-password"
            required
            value={current}
            error={errors.current}
            onChange={(e) => setCurrent(e.target.value)}
          />
        )}
        <TextField
          label={t('account.newPassword')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          maxLength={PASSWORD_MAX_LENGTH}
          hint={t('account.passwordHint', { min: PASSWORD_MIN_LENGTH })}
          value={next}
          error={errors.next}
          onChange={(e) => setNext(e.target.value)}
        />
        <TextField
          label={t('account.confirmPassword')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          required
          value={confirm}
          error={errors.confirm}
          onChange={(e) => setConfirm(e.target.value)}
        />
        <div>
          <Button type="submit" loading={saving}>
            {saving ? t('account.saving') : hasPassword ? t('account.submitChange') : t('account.submitSet')}
          </Button>
        </div>
      </form>
    </section>
  );
}
