// Joining from an invitation (docs/product.md, "Teams"): the link /app/team?code=… opens this screen, after
// a sign-in or a sign-up when needed (app/route-guards.tsx and lib/return-to.ts bring the visitor back
// here). It says exactly what the team will see before anything is shared, then joins; a refusal is said
// in the page's language (shared/team-rules.ts).
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { TEAM_VISIBILITY_NOTICE } from '../../../../../shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { ShieldIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { useSession } from '../../../lib/session.tsx';
import { toast } from '../../../lib/toasts.ts';
import { useJoin } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { TeamPanel } from './panel.tsx';
import { TeamIcon } from './team-icons.tsx';

export function JoinScreen({ code }: { code: string }) {
  const { t, language } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const path = useLocalizedPath();
  const join = useJoin();
  const [refusal, setRefusal] = useState<string | null>(null);

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

  return (
    <div className="team-join">
      <TeamPanel id="team-join" icon={<TeamIcon />} title={t('team.joinTitle')} hint={t('team.joinHint')}>
        <div className="team-join__sees">
          <h3>{t('team.joinSeesTitle')}</h3>
          <p className="team-privacy" data-testid="join-visibility">
            <ShieldIcon />
            <span>{TEAM_VISIBILITY_NOTICE[language]}</span>
          </p>
        </div>
        {user?.email && <p data-testid="join-as">{t('team.joinAs', { email: user.email })}</p>}
        {refusal && (
          <Alert kind="error">
            <span data-testid="join-refusal">{refusal}</span>
          </Alert>
        )}
        <div className="team-join__buttons">
          <Button size="lg" onClick={onJoin} loading={join.isPending} data-testid="join-team">
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
