// The open invitation links that still let someone join (docs/product.md, "Teams"), listed for the owner and
// admins after the page that made them is gone: domains, joins and cap, expiry, who made each and when, and
// Revoke. The links themselves are not shown again (the server keeps only their hashes).
import type { TeamInviteLinkItem } from '#shared/api-schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useInviteLinks, useRevokeLink } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';

function LinkRow({
  link,
  onRevoke,
  revoking,
}: {
  link: TeamInviteLinkItem;
  onRevoke: () => void;
  revoking: boolean;
}) {
  const { t, language } = useTranslation();
  const made = formatDate(link.created_at, 'date', language);
  return (
    <li className="invite-links__item" data-testid="invite-link-item" data-link-id={link.link_id}>
      <div className="invite-links__facts">
        <span className="invite-links__domains">{link.domains.join(', ')}</span>
        <span className="muted" data-testid="invite-link-uses">
          {t('team.linkJoinsUsed', { count: link.max_uses, uses: link.uses })}
          {' · '}
          {t('team.linkExpires', { date: formatDate(link.expires_at, 'date', language) })}
        </span>
        <span className="muted" data-testid="invite-link-made">
          {link.created_by
            ? t('team.linkMadeBy', { email: link.created_by, date: made })
            : t('team.linkMadeOn', { date: made })}
        </span>
      </div>
      <Button
        variant="danger"
        size="sm"
        onClick={onRevoke}
        loading={revoking}
        aria-label={t('team.revokeLinkFor', { domains: link.domains.join(', ') })}
        data-testid="revoke-listed-link"
      >
        {t('team.revoke')}
      </Button>
    </li>
  );
}

/** `onRevoked`: the card that shows a link just made forgets it once it is revoked from here. */
export function InviteLinksList({
  teamId,
  onRevoked,
}: {
  teamId: string;
  onRevoked?: (linkId: string) => void;
}) {
  const { t, language } = useTranslation();
  const links = useInviteLinks(teamId);
  const revoke = useRevokeLink(teamId);
  const revokeLink = (linkId: string) =>
    revoke.mutate(linkId, {
      onSuccess: () => {
        onRevoked?.(linkId);
        toast.success(t('team.revoked'));
      },
      onError: (e) => toast.error(teamMessage(e, language, t('team.revokeFailed'))),
    });
  return (
    <section className="invite-links" aria-labelledby="invite-links-title" data-testid="invite-links">
      <h3 id="invite-links-title">{t('team.linksTitle')}</h3>
      {links.isPending && <Spinner />}
      {links.isError && <RetryAlert message={t('team.linksFailed')} onRetry={() => void links.refetch()} />}
      {links.data &&
        (links.data.links.length === 0 ? (
          <p className="muted" data-testid="invite-links-none">
            {t('team.linksNone')}
          </p>
        ) : (
          <ul className="invite-links__list">
            {links.data.links.map((l) => (
              <LinkRow
                key={l.link_id}
                link={l}
                onRevoke={() => revokeLink(l.link_id)}
                revoking={revoke.isPending && revoke.variables === l.link_id}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
