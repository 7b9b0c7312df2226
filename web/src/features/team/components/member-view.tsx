// A member's Team screen (docs/product.md, "Teams"): the team, what is left of their allowance, what the
// team can see of them (docs/faces.md: never their selfies or their other avatars), where to create and
// choose their headshot, and leaving the team; an owner or admin with a seat of their own gives it back here.
import { Link } from 'react-router';
import type { MyTeam } from '#shared/api-schemas.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonClass } from '../../../components/ui/button.tsx';
import { ImageIcon, PaletteIcon, ShieldIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocalizedPath } from '../../../lib/language.ts';
import { toast } from '../../../lib/toasts.ts';
import { useLeave } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { GiveBackSeat } from './own-seat.tsx';
import { TeamPanel } from './panel.tsx';
import { TeamIcon } from './team-icons.tsx';

function Leave({ team, memberId }: { team: MyTeam; memberId: string }) {
  const { t, language } = useTranslation();
  const leave = useLeave(team.team_id, memberId);
  return (
    <ConfirmStep
      label={t('team.leave')}
      question={t('team.leaveConfirm', { team: team.name })}
      pending={leave.isPending}
      onConfirm={() =>
        leave.mutate(undefined, {
          onSuccess: () => toast.success(t('team.left')),
          onError: (e) => toast.error(teamMessage(e, language, t('team.leaveFailed'))),
        })
      }
      testIds={{ open: 'leave', box: 'leave-confirm', confirm: 'confirm-leave' }}
    />
  );
}

export function MemberView({ team }: { team: MyTeam }) {
  const { t } = useTranslation();
  const path = useLocalizedPath();
  const seated = team.allowance_left !== undefined;
  return (
    <div className="team-member">
      <TeamPanel
        id="team-membership"
        icon={<TeamIcon />}
        title={t('team.memberTitle', { team: team.name })}
        hint={t('team.memberHint')}
      >
        {seated ? (
          <div className="team-allowance">
            <span className="team-allowance__count" data-testid="allowance-left">
              {team.allowance_left}
            </span>
            <span className="muted">{t('team.allowanceLeftLabel')}</span>
          </div>
        ) : (
          <Alert kind="info">{t('team.allowanceNoSeat')}</Alert>
        )}
        <p className="team-privacy" data-testid="team-privacy">
          <ShieldIcon />
          <span>{t('team.privacy')}</span>
        </p>
        <div className="team-member__links">
          {seated && (
            <Link to={path('appCreate')} className={buttonClass({})}>
              <PaletteIcon />
              {t('team.createHeadshot')}
            </Link>
          )}
          <Link to={path('appGallery')} className={buttonClass({ variant: 'secondary' })}>
            <ImageIcon />
            {t('team.myAvatars')}
          </Link>
        </div>
        <p className="muted" data-testid="team-chosen-hint">
          {team.chosen_task_id ? t('team.chosenAlready') : t('team.chooseHint')}
        </p>
        {seated && team.role !== 'member' && <GiveBackSeat team={team} />}
        {team.member_id && team.role !== 'owner' && <Leave team={team} memberId={team.member_id} />}
      </TeamPanel>
    </div>
  );
}
