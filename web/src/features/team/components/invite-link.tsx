// An open invitation link (docs/product.md, "Teams"): the allowed company domains, a use cap and an expiry
// of 1 to 90 days. The link is shown once (the server keeps only its hash), with a copy button, and can be
// revoked; the links still open are listed below it (invite-links-list.tsx), for revoking them later.
import { type FormEvent, useState } from 'react';
import type { InviteLink } from '#shared/api-schemas.ts';
import { TEAM_LIMITS } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useCreateLink, useRevokeLink } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { InviteLinksList } from './invite-links-list.tsx';
import { splitList, TeamPanel } from './panel.tsx';
import { CopyIcon, LinkIcon } from './team-icons.tsx';

const { minLinkDays, maxLinkDays, maxLinkUses } = TEAM_LIMITS;

const wholeIn = (typed: string, min: number, max: number): number | null => {
  if (!/^\d{1,4}$/.test(typed.trim())) return null;
  const n = Number(typed.trim());
  return n >= min && n <= max ? n : null;
};

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

export function InviteLinkCard({ teamId, domains }: { teamId: string; domains: string[] }) {
  const { t, language } = useTranslation();
  const create = useCreateLink(teamId);
  const revoke = useRevokeLink(teamId);
  const [typedDomains, setTypedDomains] = useState(domains.join(', '));
  const [uses, setUses] = useState('10');
  const [days, setDays] = useState('14');
  const [errors, setErrors] = useState<{ domains?: string; uses?: string; days?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [link, setLink] = useState<InviteLink | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const list = splitList(typedDomains);
    const maxUses = wholeIn(uses, 1, maxLinkUses);
    const expires = wholeIn(days, minLinkDays, maxLinkDays);
    const next = {
      ...(list.length === 0 ? { domains: t('team.linkDomainsRequired') } : {}),
      ...(maxUses === null ? { uses: t('team.linkUsesRange', { max: maxLinkUses }) } : {}),
      ...(expires === null ? { days: t('team.linkDaysRange', { min: minLinkDays, max: maxLinkDays }) } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0 || maxUses === null || expires === null) return;
    setFailure(null);
    create.mutate(
      { domains: list, max_uses: maxUses, expires_in_days: expires },
      {
        onSuccess: setLink,
        onError: (e) => setFailure(teamMessage(e, language, t('team.linkFailed'))),
      },
    );
  };

  const onCopy = async () => {
    if (!link) return;
    if (await copy(link.url)) toast.success(t('team.copied'));
    else toast.error(t('team.copyFailed'));
  };

  const onRevoke = () => {
    if (!link) return;
    revoke.mutate(link.link_id, {
      onSuccess: () => {
        setLink(null);
        toast.success(t('team.revoked'));
      },
      onError: (e) => toast.error(teamMessage(e, language, t('team.revokeFailed'))),
    });
  };

  return (
    <TeamPanel id="team-link" icon={<LinkIcon />} title={t('team.linkTitle')} hint={t('team.linkHint')}>
      {link ? (
        <div className="invite-link" data-testid="invite-link">
          <Alert kind="success">{t('team.linkCreated')}</Alert>
          <label className="field">
            <span className="field__label">{t('team.linkLabel')}</span>
            <span className="invite-link__row">
              <input
                className="field__input invite-link__url"
                readOnly
                value={link.url}
                onFocus={(e) => e.target.select()}
                data-testid="invite-link-url"
              />
              <Button variant="secondary" onClick={() => void onCopy()} data-testid="copy-link">
                <CopyIcon />
                {t('team.copy')}
              </Button>
            </span>
          </label>
          <p className="muted" data-testid="invite-link-facts">
            {t('team.linkFacts', {
              count: link.max_uses,
              date: formatDate(link.expires_at, 'date', language),
            })}
          </p>
          <div>
            <Button
              variant="danger"
              size="sm"
              onClick={onRevoke}
              loading={revoke.isPending}
              data-testid="revoke-link"
            >
              {t('team.revoke')}
            </Button>
          </div>
        </div>
      ) : (
        <form className="team-form" onSubmit={onSubmit} noValidate>
          <TextField
            label={t('team.linkDomains')}
            hint={t('team.domainsHint')}
            placeholder="example.com"
            value={typedDomains}
            error={errors.domains}
            onChange={(e) => setTypedDomains(e.target.value)}
            data-testid="link-domains"
          />
          <div className="team-form__pair">
            <TextField
              label={t('team.linkUses')}
              type="number"
              inputMode="numeric"
              min={1}
              max={maxLinkUses}
              value={uses}
              error={errors.uses}
              onChange={(e) => setUses(e.target.value)}
              data-testid="link-uses"
            />
            <TextField
              label={t('team.linkDays')}
              type="number"
              inputMode="numeric"
              min={minLinkDays}
              max={maxLinkDays}
              value={days}
              error={errors.days}
              onChange={(e) => setDays(e.target.value)}
              data-testid="link-days"
            />
          </div>
          {failure && <Alert kind="error">{failure}</Alert>}
          <div>
            <Button type="submit" loading={create.isPending} data-testid="create-link">
              {t('team.createLink')}
            </Button>
          </div>
        </form>
      )}
      <InviteLinksList
        teamId={teamId}
        onRevoked={(id) => setLink((shown) => (shown?.link_id === id ? null : shown))}
      />
    </TeamPanel>
  );
}
