// An owner's or admin's own seat (docs/product.md, "Teams"): without one, a card to take one of the seats the
// team bought (disabled, with the reason, when none is free), after which their Create screen pays from the
// team's allowance like a member's; with one, giving it back (as a member's leaving: the seat returns
// unused only, the chosen headshot leaves the team's ZIP).
import { useState } from 'react';
import type { MyTeam } from '#shared/api-schemas.ts';
import { TEAM_LIMITS, TEAM_MESSAGES } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { useOwnSeat } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { TeamPanel } from './panel.tsx';
import { SeatIcon } from './team-icons.tsx';

export function TakeSeatCard({ team }: { team: MyTeam }) {
  const { t, language } = useTranslation();
  const seat = useOwnSeat(team.team_id);
  const [failure, setFailure] = useState<string | null>(null);
  const free = team.seats_total - team.seats_used > 0;
  const take = () => {
    setFailure(null);
    seat.mutate('take', {
      onSuccess: () => toast.success(t('team.seatTaken', { count: TEAM_LIMITS.avatarsPerSeat })),
      // No seat left is said for the one who buys them, not "ask your admin".
      onError: (e) =>
        setFailure(
          isApiError(e) && e.code === 'NO_SEAT'
            ? TEAM_MESSAGES.noSeatToTake[language]
            : teamMessage(e, language, t('team.actionFailed')),
        ),
    });
  };
  return (
    <TeamPanel
      id="team-own-seat"
      icon={<SeatIcon />}
      title={t('team.ownSeatTitle')}
      hint={t('team.ownSeatHint')}
    >
      {failure && <Alert kind="error">{failure}</Alert>}
      <div>
        <Button
          onClick={take}
          disabled={!free}
          aria-describedby={free ? undefined : 'own-seat-none-free'}
          loading={seat.isPending}
          data-testid="take-seat"
        >
          {t('team.takeSeat')}
        </Button>
      </div>
      {!free && (
        <p id="own-seat-none-free" className="muted" data-testid="take-seat-none-free">
          {t('team.takeSeatNoFree')}
        </p>
      )}
    </TeamPanel>
  );
}

export function GiveBackSeat({ team }: { team: MyTeam }) {
  const { t, language } = useTranslation();
  const seat = useOwnSeat(team.team_id);
  return (
    <ConfirmStep
      label={t('team.giveBackSeat')}
      question={t('team.giveBackConfirm')}
      pending={seat.isPending}
      onConfirm={() =>
        seat.mutate('give-back', {
          onSuccess: (answer) =>
            toast.success(
              'seat_freed' in answer && !answer.seat_freed
                ? t('team.seatGivenBackUsed')
                : t('team.seatGivenBack'),
            ),
          onError: (e) => toast.error(teamMessage(e, language, t('team.actionFailed'))),
        })
      }
      testIds={{ open: 'give-back-seat', box: 'give-back-confirm', confirm: 'confirm-give-back' }}
    />
  );
}
