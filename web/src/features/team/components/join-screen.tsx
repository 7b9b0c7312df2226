// Joining from an invitation (docs/product.md, "Teams"): the link /app/team?code=… opens this screen, after
// a sign-in or a sign-up when needed (app/route-guards.tsx and lib/return-to.ts bring the visitor back
// here). It names the team (and an open link's domains, or the address an invitation is for) and says
// exactly what the team will see before anything is shared, then joins. A refusal the join would answer is
// said before Join is pressed, read from the code's preview (join-refusal.ts); any other after it, in the
// page's language (shared/team-rules.ts). One's own invitation reopened from inside the team says so and
// leads to the team page.
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TEAM_VISIBILITY_NOTICE } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useJoin, useJoinPreview } from '../api/team.ts';
import { joinRefusal } from '../join-refusal.ts';
import { teamMessage } from '../team-messages.ts';
import { TeamPanel } from './panel.tsx';
import { TeamIcon } from './team-icons.tsx';

export function JoinScreen({ code }: { code: string }) {
  const { t, language } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const join = useJoin();
  const preview = useJoinPreview(code);
  const [refusal, setRefusal] = useState<string | null>(null);
  const seen = preview.data;
  // A code that is none is said at once; a preview that failed otherwise leaves the join to answer.
  const gone =
    preview.isError && isApiError(preview.error) && preview.error.status === 404
      ? teamMessage(preview.error, language, t('team.joinFailed'), { join: true })
      : null;
  const refusedAlready = gone ?? (seen ? joinRefusal(seen, language, t('team.joinInviteUsed')) : null);
  const shownRefusal = refusal ?? refusedAlready;

  const onJoin = () => {
    setRefusal(null);
    join.mutate(code, {
      onSuccess: () => {
        toast.success(t('team.joined'));
        navigate(path('appTeam'), { replace: true });
      },
      onError: (e) => setRefusal(teamMessage(e, language, t('team.joinFailed'), { join: true })),
    });
  };

  if (seen?.status === 'member') {
    return (
      <div className="team-join">
        <TeamPanel
          id="team-join"
          icon={<TeamIcon />}
          title={t('team.joinMemberTitle', { team: seen.team_name })}
          hint={t('team.joinMemberHint')}
        >
          <div className="team-join__buttons">
            <Link
              to={path('appTeam')}
              replace
              className={buttonClass({ size: 'lg' })}
              data-testid="open-team"
            >
              {t('team.joinOpenTeam')}
            </Link>
          </div>
        </TeamPanel>
      </div>
    );
  }

  const domains = seen?.kind === 'link' && seen.domains.length > 0 ? seen.domains : null;
  return (
    <div className="team-join">
      <TeamPanel
        id="team-join"
        icon={<TeamIcon />}
        title={seen ? t('team.joinTeamTitle', { team: seen.team_name }) : t('team.joinTitle')}
        hint={t('team.joinHint')}
      >
        {domains && (
          <p data-testid="join-domains">
            {t('team.joinDomains', { domains: domains.map((d) => `@${d}`).join(', ') })}
          </p>
        )}
        {seen?.kind === 'invite' && seen.email && (
          <p data-testid="join-for">{t('team.joinFor', { email: seen.email })}</p>
        )}
        <div className="team-join__sees">
          <h3>{t('team.joinSeesTitle')}</h3>
          <p className="team-privacy" data-testid="join-visibility">
            <ShieldIcon />
            <span>{TEAM_VISIBILITY_NOTICE[language]}</span>
          </p>
        </div>
        {user?.email && <p data-testid="join-as">{t('team.joinAs', { email: user.email })}</p>}
        {shownRefusal && (
          <Alert kind="error">
            <span data-testid="join-refusal">{shownRefusal}</span>
          </Alert>
        )}
        <div className="team-join__buttons">
          <Button
            size="lg"
            onClick={onJoin}
            loading={join.isPending}
            disabled={refusedAlready !== null}
            data-testid="join-team"
          >
            {t('team.joinButton')}
          </Button>
          <Link to={path('appTeam')} replace className={buttonClass({ variant: 'ghost', size: 'lg' })}>
            {t('team.joinCancel')}
          </Link>
        </div>
      </TeamPanel>
    </div>
  );
}
