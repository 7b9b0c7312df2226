// The "your avatars are ready" email: on by default, turned off here.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ResponseOf } from '#shared/api-routes.ts';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { api } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { routeKey } from '../../../lib/query-keys.ts';
import { queryClient, routeQuery } from '../../../lib/server-state.tsx';
import { toast } from '../../../lib/toasts.ts';

export function NotificationCard() {
  const { t } = useTranslation();
  const settings = useQuery(routeQuery('notificationSettings'));
  const [saving, setSaving] = useState(false);
  const on = settings.data?.batch_finished_email ?? null;
  const show = (batch_finished_email: boolean) =>
    queryClient.setQueryData<ResponseOf<'notificationSettings'>>(routeKey('notificationSettings'), (old) => ({
      success: true,
      ...old,
      batch_finished_email,
    }));

  const change = async (next: boolean) => {
    setSaving(true);
    show(next);
    try {
      const r = await api('setNotificationSettings', { body: { batch_finished_email: next } });
      show(r.batch_finished_email);
    } catch (e) {
      console.error('Notification settings', e);
      show(!next);
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
