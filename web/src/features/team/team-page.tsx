// /app/team (docs/product.md, "Teams"): with ?code=, the join screen; without a team, the form that creates
// one; for its owner and admins, the seats, the invitations, the team's looks and the members' dashboard;
// for a member, their team, allowance and what the team sees. Back from paying for seats
// (?checkout=success), the team and its purchases are read again until the webhook has added them (a bank
// debit shows as pending in the purchases, then paid or refused).
import './strings.ts';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SkeletonPanels } from '../../components/layout/app-skeleton.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { RetryAlert } from '../../components/ui/retry-alert.tsx';
import { documentTitle } from '../../lib/document-title.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useMyTeam } from './api/team.ts';
import { AllowedLooks } from './components/allowed-looks.tsx';
import { CreateTeamForm } from './components/create-team-form.tsx';
import { InviteEmails } from './components/invite-emails.tsx';
import { InviteLinkCard } from './components/invite-link.tsx';
import { JoinScreen } from './components/join-screen.tsx';
import { MemberView } from './components/member-view.tsx';
import { MembersTable } from './components/members-table.tsx';
import { TakeSeatCard } from './components/own-seat.tsx';
import { PurchasesCard } from './components/purchases-card.tsx';
import { SeatsCard } from './components/seats-card.tsx';
import { TeamLanguage } from './components/team-language.tsx';
import '../../components/layout/app-screens.css';
import './team.css';
import '../../lib/app-routes.ts';

/** How long the page reads the team again after paying, waiting for the seats. */
const CHECKOUT_WAIT_MS = 20_000;

function useCheckoutReturn(): 'success' | 'cancelled' | null {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState((): 'success' | 'cancelled' | null => {
    const value = params.get('checkout');
    return value === 'success' || value === 'cancelled' ? value : null;
  });
  useEffect(() => {
    // A reload must not say it again.
    if (params.has('checkout'))
      setParams(
        (p) => {
          p.delete('checkout');
          p.delete('session_id');
          return p;
        },
        { replace: true },
      );
  }, [params, setParams]);
  return outcome;
}

export default function TeamPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const checkout = useCheckoutReturn();
  const [waiting, setWaiting] = useState(checkout === 'success');
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setWaiting(false), CHECKOUT_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const team = useMyTeam(waiting && !code);

  const data = team.data;
  const admin = data && (data.role === 'owner' || data.role === 'admin');
  return (
    <div className="container team-page">
      <title>{documentTitle(code ? t('team.joinTitle') : t('team.title'))}</title>
      <header className="app-page-header">
        <h1>{data && !code ? data.name : t('team.title')}</h1>
        <p className="muted">
          {data && !code ? (
            <span className="team-role" data-testid="team-role">
              {t(`team.role_${data.role}`)}
            </span>
          ) : (
            t('team.subtitle')
          )}
        </p>
      </header>
      {code ? (
        <JoinScreen code={code} />
      ) : (
        <>
          {checkout === 'success' && <Alert kind="success">{t('team.checkoutReturned')}</Alert>}
          {checkout === 'cancelled' && <Alert kind="info">{t('team.checkoutCancelled')}</Alert>}
          {team.isPending && <SkeletonPanels count={2} />}
          {team.isError && <RetryAlert message={t('team.loadFailed')} onRetry={() => void team.refetch()} />}
          {data === null && <CreateTeamForm />}
          {data && !admin && <MemberView team={data} />}
          {data && admin && (
            <div className="split-layout team-dashboard">
              <div className="split-layout__main team-dashboard__main">
                <InviteEmails teamId={data.team_id} />
                <TeamLanguage teamId={data.team_id} lang={data.lang} />
                <InviteLinkCard teamId={data.team_id} domains={data.domains} />
                {data.role === 'owner' && <AllowedLooks key={data.team_id} team={data} />}
              </div>
              <div className="split-layout__side team-dashboard__side">
                <SeatsCard team={data} />
                <PurchasesCard teamId={data.team_id} waiting={waiting} />
                {data.allowance_left !== undefined ? (
                  <MemberView team={data} />
                ) : (
                  <TakeSeatCard team={data} />
                )}
              </div>
              <div className="split-layout__wide">
                <MembersTable team={data} />
              </div>
            </div>
          )}
        </>
      )}
    </div>
  );
}
