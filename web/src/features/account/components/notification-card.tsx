// The "your avatars are ready" email (issue 9): on by default, turned off here.
import { useEffect, useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';

export function NotificationCard() {
  const { t } = useTranslation();
  const [on, setOn] = useState<boolean | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api('notificationSettings', { signal: controller.signal }).then(
      (r) => setOn(r.batch_finished_email),
      (e: unknown) => {
        if (!controller.signal.aborted) console.error('Notification settings', e);
      },
    );
    return () => controller.abort();
  }, []);

  const change = async (next: boolean) => {
    setSaving(true);
    setOn(next);
    try {
      const r = await api('setNotificationSettings', { body: { batch_finished_email: next } });
      setOn(r.batch_finished_email);
    } catch (e) {
      console.error('Notification settings', e);
      setOn(!next);
      toast.error(t('account.notifySaveFailed'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="card panel-card" aria-labelledby="notify-title">
      <header className="account-card__header">
        <span className="panel-card__icon">
          <MailIcon />
        </span>
        <div>
          <h2 id="notify-title">{t('account.notifyTitle')}</h2>
        </div>
      </header>
      <Checkbox
        checked={on ?? true}
        disabled={on === null || saving}
        onChange={(e) => void change(e.target.checked)}
        label={t('account.notifyBatchFinished')}
        data-testid="batch-email-setting"
      />
    </section>
  );
}
