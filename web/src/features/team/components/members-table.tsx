// The dashboard (docs/product.md, "Teams"): every member a page at a time, with their status, what is left
// of their allowance and the chosen headshot's file (never their photos or other avatars); remind (once a
// day), grant a retry, remove, and for the owner make admin and back. The CSV of members and the ZIP of the
// chosen headshots download through short links (never the session in a URL); the ZIP's button waits for a
// chosen headshot, and a refused download is said in the page.
import { useState } from 'react';
import type { MyTeam, TeamMember } from '#shared/api-schemas.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { TEAM_LIMITS, TEAM_MESSAGES } from '#shared/team-rules.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DownloadIcon } from '../../../components/ui/icons.tsx';
import { RetryAlert } from '../../../components/ui/retry-alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { toast } from '../../../lib/toasts.ts';
import { downloadTeamFile, type MemberAction, useMemberAction, useMembers } from '../api/team.ts';
import { teamMessage } from '../team-messages.ts';
import { TeamPanel } from './panel.tsx';
import { TeamIcon } from './team-icons.tsx';

/** Reminded less than a day ago: the server would refuse another one. */
/**
 * A deleted account's row is worded by the server in the account's language (functions/teams/domain/teams.ts,
 * whoIs): said again in the page's, as the rest of the row is.
 */
function shownName(m: TeamMember, lang: Language): string {
  for (const other of LANGUAGES) {
    if (m.name === TEAM_MESSAGES.deletedMember[other]) return TEAM_MESSAGES.deletedMember[lang];
    const suffix = ` ${TEAM_MESSAGES.accountDeleted[other]}`;
    if (m.name.endsWith(suffix))
      return `${m.name.slice(0, -suffix.length)} ${TEAM_MESSAGES.accountDeleted[lang]}`;
  }
  return m.name || m.email;
}

const remindedRecently = (m: TeamMember, nowSeconds: number): boolean =>
  m.reminded_at !== null && nowSeconds - m.reminded_at < TEAM_LIMITS.remindEverySeconds;

/** What a refused download says in the page: the ZIP's 404 is its set being empty (the caller's team checked). */
function downloadMessage(e: unknown, route: DownloadRoute, lang: Language, fallback: string): string {
  if (route === 'teamHeadshotsZip' && isApiError(e) && e.code === 'NOT_FOUND')
    return TEAM_MESSAGES.noneChosen[lang];
  return teamMessage(e, lang, fallback);
}

type DownloadRoute = 'teamMembersCsv' | 'teamHeadshotsZip';

/**
 * `noneChosen`: every member read and none has chosen a headshot, so the ZIP would be empty; its button
 * says so instead of asking. A download the server refuses is said under the buttons, never opened.
 */
function Downloads({ teamId, noneChosen }: { teamId: string; noneChosen: boolean }) {
  const { t, language } = useTranslation();
  const [busy, setBusy] = useState<DownloadRoute | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const start = async (route: DownloadRoute) => {
    setBusy(route);
    setFailure(null);
    try {
      await downloadTeamFile(teamId, route);
    } catch (e) {
      console.error('Team download', route, e);
      setFailure(downloadMessage(e, route, language, t('team.downloadFailed')));
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="team-downloads">
      <Button
        variant="secondary"
        size="sm"
        loading={busy === 'teamMembersCsv'}
        onClick={() => void start('teamMembersCsv')}
        data-testid="download-csv"
      >
        <DownloadIcon />
        {t('team.downloadCsv')}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        loading={busy === 'teamHeadshotsZip'}
        disabled={noneChosen}
        aria-describedby={noneChosen ? 'zip-none-chosen' : undefined}
        onClick={() => void start('teamHeadshotsZip')}
        data-testid="download-zip"
      >
        <DownloadIcon />
        {t('team.downloadZip')}
      </Button>
      {noneChosen && (
        <p id="zip-none-chosen" className="muted team-downloads__note" data-testid="zip-none-chosen">
          {t('team.zipNoneChosen')}
        </p>
      )}
      {failure && (
        <div className="team-downloads__note" role="alert" data-testid="download-failed">
          <Alert kind="error">{failure}</Alert>
        </div>
      )}
    </div>
  );
}

function MemberRow({
  member,
  team,
  onAction,
  busy,
}: {
  member: TeamMember;
  team: MyTeam;
  onAction: (action: MemberAction, member: TeamMember) => void;
  busy: string | null;
}) {
  const { t, language } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const left = member.status === 'left';
  const isOwner = member.role === 'owner';
  const reminded = remindedRecently(member, Math.floor(Date.now() / 1000));
  const pending = (kind: string) => busy === `${kind}:${member.member_id}`;
  const act = (action: MemberAction) => onAction(action, member);
  return (
    <tr
      className={`member${left ? ' member--left' : ''}`}
      data-testid="member-row"
      data-member-id={member.member_id}
    >
      <td className="member__who">
        <span className="member__name">{shownName(member, language)}</span>
        <span className="member__email">{member.email}</span>
        {member.role !== 'member' && (
          <span className="member__role" data-testid="member-role">
            {t(`team.role_${member.role}`)}
          </span>
        )}
      </td>
      <td className="member__status">
        <span className={`member-status member-status--${member.status}`} data-testid="member-status">
          {t(`team.status_${member.status}`)}
        </span>
        {member.chosen && (
          <span className="member__chosen" data-testid="member-chosen">
            {member.chosen.thumbnail_url && (
              // The file name beside it says what it is.
              <img
                className="member__thumb"
                src={member.chosen.thumbnail_url}
                alt=""
                width={40}
                height={40}
                loading="lazy"
                data-testid="member-chosen-thumb"
              />
            )}
            {t('team.chosenFile', { name: member.chosen.file_name })}
            {member.chosen.likeness !== null && ` · ${t('team.likeness', { score: member.chosen.likeness })}`}
          </span>
        )}
      </td>
      <td className="member__allowance" data-testid="member-allowance">
        <span className="member__label">{t('team.colAllowance')}</span>
        {member.has_seat
          ? t('team.allowance', { left: member.allowance_left, total: member.allowance_total })
          : t('team.noSeat')}
      </td>
      <td className="member__actions">
        {!left && (
          <fieldset className="member__buttons">
            <legend className="visually-hidden">{t('team.actionsFor', { email: member.email })}</legend>
            {confirming ? (
              <>
                <span className="member__confirm">{t('team.removeConfirm', { email: member.email })}</span>
                <Button
                  variant="danger"
                  size="sm"
                  loading={pending('remove')}
                  onClick={() => act({ kind: 'remove', memberId: member.member_id })}
                  data-testid="confirm-remove"
                >
                  {t('team.remove')}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
                  {t('team.joinCancel')}
                </Button>
              </>
            ) : (
              <>
                {!isOwner && member.status !== 'chosen' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={reminded}
                    loading={pending('remind')}
                    onClick={() => act({ kind: 'remind', memberId: member.member_id })}
                    data-testid="remind"
                  >
                    {reminded ? t('team.remindedToday') : t('team.remind')}
                  </Button>
                )}
                {member.has_seat && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={pending('retry')}
                    onClick={() => act({ kind: 'retry', memberId: member.member_id })}
                    data-testid="grant-retry"
                  >
                    {t('team.grantRetry')}
                  </Button>
                )}
                {team.role === 'owner' && !isOwner && member.status !== 'invited' && (
                  <Button
                    variant="secondary"
                    size="sm"
                    loading={pending('role')}
                    onClick={() =>
                      act({
                        kind: 'role',
                        memberId: member.member_id,
                        role: member.role === 'admin' ? 'member' : 'admin',
                      })
                    }
                    data-testid="toggle-admin"
                  >
                    {member.role === 'admin' ? t('team.makeMember') : t('team.makeAdmin')}
                  </Button>
                )}
                {!isOwner && (
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setConfirming(true)}
                    data-testid="remove"
                  >
                    {t('team.remove')}
                  </Button>
                )}
              </>
            )}
          </fieldset>
        )}
      </td>
    </tr>
  );
}

export function MembersTable({ team }: { team: MyTeam }) {
  const { t, language } = useTranslation();
  const { query, members } = useMembers(team.team_id);
  const action = useMemberAction(team.team_id);
  const busy =
    action.isPending && action.variables ? `${action.variables.kind}:${action.variables.memberId}` : null;
  // The dashboard has every member once no page is left: then it knows whether anyone chose.
  const noneChosen =
    query.isSuccess && !query.hasNextPage && !members.some((m) => m.chosen && m.status !== 'left');

  const onAction = (a: MemberAction, member: TeamMember) =>
    action.mutate(a, {
      onSuccess: (answer) => {
        const email = member.email;
        if (answer.kind === 'remind') toast.success(t('team.reminded', { email }));
        else if (answer.kind === 'retry' && 'allowance_left' in answer)
          toast.success(t('team.retryGranted', { email, count: answer.allowance_left }));
        else if (answer.kind === 'remove') toast.success(t('team.removed', { email }));
        else if (a.kind === 'role')
          toast.success(t('team.roleChanged', { email, role: t(`team.role_${a.role}`) }));
      },
      onError: (e) =>
        toast.error(
          teamMessage(e, language, t('team.actionFailed'), {
            emails: a.kind === 'remind' ? 'remind' : 'invite',
          }),
        ),
    });

  return (
    <TeamPanel
      id="team-members"
      icon={<TeamIcon />}
      title={t('team.membersTitle')}
      className="team-members"
      actions={<Downloads teamId={team.team_id} noneChosen={noneChosen} />}
    >
      {query.isPending && <Spinner />}
      {query.isError && <RetryAlert message={t('team.membersFailed')} onRetry={() => void query.refetch()} />}
      {query.isSuccess && members.length === 0 && <p className="muted">{t('team.membersEmpty')}</p>}
      {members.length > 0 && (
        <table className="members" data-testid="members">
          <thead>
            <tr>
              <th scope="col">{t('team.colMember')}</th>
              <th scope="col">{t('team.colStatus')}</th>
              <th scope="col">{t('team.colAllowance')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('team.colActions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <MemberRow key={m.member_id} member={m} team={team} onAction={onAction} busy={busy} />
            ))}
          </tbody>
        </table>
      )}
      {query.hasNextPage && (
        <div>
          <Button
            variant="secondary"
            onClick={() => void query.fetchNextPage()}
            loading={query.isFetchingNextPage}
            data-testid="more-members"
          >
            {t('team.loadMore')}
          </Button>
        </div>
      )}
    </TeamPanel>
  );
}
