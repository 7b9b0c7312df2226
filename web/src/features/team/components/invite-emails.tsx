// Invitations by a pasted list (docs/product.md, "Teams"): up to 500 addresses a time; the server checks
// each like signup does and answers who was emailed and who was not, and why (listed twice, already a
// member or invited, not an address). Nothing here is sent twice: the server keeps who it invited.
import { type FormEvent, useState } from 'react';
import type { InvitesResult } from '#shared/api-schemas.ts';
import { TEAM_LIMITS } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { MailIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useInvite } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { splitList, TeamPanel } from './panel.tsx';

const MAX = TEAM_LIMITS.maxInvitesPerRequest;

export function InviteEmails({ teamId }: { teamId: string }) {
  const { t, language } = useTranslation();
  const invite = useInvite(teamId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<InvitesResult | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const emails = splitList(text);
    if (emails.length === 0) return setError(t('team.invitesEmpty'));
    if (emails.length > MAX) return setError(t('team.invitesTooMany', { max: MAX }));
    setError(null);
    setResult(null);
    invite.mutate(emails, {
      onSuccess: (answer) => {
        setResult(answer);
        setText('');
      },
      onError: (e) => setError(teamMessage(e, language, t('team.invitesFailed'))),
    });
  };

  return (
    <TeamPanel
      id="team-invites"
      icon={<MailIcon />}
      title={t('team.invitesTitle')}
      hint={t('team.invitesHint', { max: MAX })}
    >
      <form className="team-form" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span className="field__label">{t('team.emailsLabel')}</span>
          <textarea
            className="field__input team-form__emails"
            rows={4}
            value={text}
            placeholder={t('team.emailsPlaceholder')}
            onChange={(e) => setText(e.target.value)}
            data-testid="invite-emails"
          />
        </label>
        {error && <Alert kind="error">{error}</Alert>}
        {result && (
          <div className="invite-result" data-testid="invite-result" role="status">
            <p className="invite-result__sent">
              {result.invited.length
                ? t('team.invited', { count: result.invited.length })
                : t('team.invitedNone')}
            </p>
            {result.skipped.length > 0 && (
              <>
                <p>{t('team.skipped', { count: result.skipped.length })}</p>
                <ul className="invite-result__skipped" data-testid="invite-skipped">
                  {result.skipped.map((s) => (
                    <li key={`${s.email}-${s.reason}`}>
                      <span className="invite-result__email">{s.email}</span>
                      <span className="muted">{t(`team.reason_${s.reason}`)}</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        <div>
          <Button type="submit" loading={invite.isPending} data-testid="send-invites">
            {t('team.sendInvites')}
          </Button>
        </div>
      </form>
    </TeamPanel>
  );
}
