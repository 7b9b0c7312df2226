// The team page says why an email was not sent, in its own language, with the numbers the server gave
// (docs/product.md, "Teams", "Emails a team sends"): invitations beyond the free seats, the team's day of
// invitations or reminders used up, an address the team emailed today, and a team name that would put a
// link or a header into the emails. The API is the stub's; the rules are tests/domain/teams-invite-limits.test.ts's.
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { MyTeam, TeamMember } from '#shared/api-schemas.ts';
import { TEAM_LIMIT_WORDS, TEAM_MESSAGES } from '#shared/team-rules.ts';
import { apiStub, fail, ok } from './support/api-stub.ts';
import { aUser, renderApp } from './support/render.tsx';
import { aTeam as aTeamOf, teamPageReads } from './support/team-fixtures.ts';

const NOW = Math.floor(Date.now() / 1000);
const plain = (s: string | null | undefined): string => (s ?? '').replace(/\s+/g, ' ').trim();

/** A team with no seat unless the test gives it some. */
const aTeam = (over: Partial<MyTeam> = {}): MyTeam => aTeamOf({ seats_total: 0, seats_used: 0, ...over });

const aMember = (id: string, over: Partial<TeamMember> = {}): TeamMember => ({
  member_id: id,
  name: id,
  email: `${id}@acme.test`,
  role: 'member',
  status: 'invited',
  has_seat: false,
  allowance_left: 0,
  allowance_total: 0,
  invited_at: NOW - 60,
  joined_at: null,
  left_at: null,
  reminded_at: null,
  chosen: null,
  ...over,
});

function ownerReads(
  team: MyTeam,
  members: TeamMember[] = [aMember('m-owner', { role: 'owner', status: 'joined' })],
) {
  teamPageReads(team, { members });
}

const pageOf = (lang: 'en' | 'fr') => (lang === 'fr' ? '/fr/app/team' : '/app/team');
/**
 * The server writes its words in the account's language, which may not be the page's: the page says them
 * in its own, from the code and the numbers.
 */
const other = (lang: 'en' | 'fr') => (lang === 'fr' ? 'en' : 'fr');

async function invite(lang: 'en' | 'fr', emails: string) {
  const { user } = await renderApp(pageOf(lang), { as: aUser() });
  await user.type(await screen.findByTestId('invite-emails'), emails);
  await user.click(screen.getByTestId('send-invites'));
  return user;
}

describe.each(['en', 'fr'] as const)('in %s', (lang) => {
  test('invitations beyond the free seats: the form says how many can still be invited', async () => {
    ownerReads(aTeam());
    apiStub.on(
      'teamInvites',
      fail(409, 'NOT_ENOUGH_SEATS_TO_INVITE', TEAM_LIMIT_WORDS.notEnoughSeats(0, other(lang)), {
        can_invite: 0,
      }),
    );
    await invite(lang, 'a@acme.test, b@acme.test');
    const form = screen.getByTestId('invite-emails').closest('form') as HTMLElement;
    expect((await within(form).findByRole('alert')).textContent).toBe(
      TEAM_LIMIT_WORDS.notEnoughSeats(0, lang),
    );
    expect(screen.queryByTestId('invite-result')).toBeNull();
  });

  test('with seats, the number the server gave is said', async () => {
    ownerReads(aTeam({ seats_total: 10, seats_used: 2 }));
    apiStub.on(
      'teamInvites',
      fail(409, 'NOT_ENOUGH_SEATS_TO_INVITE', TEAM_LIMIT_WORDS.notEnoughSeats(9, other(lang)), {
        can_invite: 9,
      }),
    );
    await invite(lang, 'a@acme.test');
    expect((await screen.findByRole('alert')).textContent).toBe(TEAM_LIMIT_WORDS.notEnoughSeats(9, lang));
    expect(TEAM_LIMIT_WORDS.notEnoughSeats(9, lang)).toMatch(
      lang === 'fr' ? /9\u00a0personnes/ : /9 more people/,
    );
  });

  test('the team’s day of invitations used up: when more can be sent', async () => {
    ownerReads(aTeam({ seats_total: 5 }));
    apiStub.on(
      'teamInvites',
      fail(429, 'TEAM_EMAIL_LIMIT', TEAM_LIMIT_WORDS.inviteEmailsToday(7200, other(lang)), {
        retry_after: 7200,
      }),
    );
    await invite(lang, 'a@acme.test');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(TEAM_LIMIT_WORDS.inviteEmailsToday(7200, lang));
    expect(alert.textContent).toContain(lang === 'fr' ? 'dans 2\u00a0heures' : 'in 2\u00a0hours');
  });

  test('an address emailed today is listed as not sent, and why', async () => {
    ownerReads(aTeam({ seats_total: 5 }));
    apiStub.on(
      'teamInvites',
      ok('teamInvites', { invited: [], skipped: [{ email: 'ana@acme.test', reason: 'recently_emailed' }] }),
    );
    await invite(lang, 'ana@acme.test');
    const result = await screen.findByTestId('invite-result');
    expect(plain(within(result).getByRole('listitem').textContent)).toBe(
      plain(
        `ana@acme.test${
          lang === 'fr'
            ? 'votre équipe a écrit à cette adresse il y a moins de 24\u00a0heures\u00a0: invitez-la de nouveau demain'
            : 'your team emailed this address less than 24 hours ago: invite it again tomorrow'
        }`,
      ),
    );
  });

  test('a reminder to an address emailed today: the page says when it can be sent', async () => {
    ownerReads(aTeam({ seats_total: 5 }), [
      aMember('m-owner', { role: 'owner', status: 'joined' }),
      aMember('m1'),
    ]);
    apiStub.on(
      'remindMember',
      fail(429, 'RECENTLY_EMAILED', TEAM_LIMIT_WORDS.recentlyEmailed(86_340, other(lang)), {
        retry_after: 86_340,
      }),
    );
    const { user } = await renderApp(pageOf(lang), { as: aUser() });
    const rows = await screen.findAllByTestId('member-row');
    const row = rows.find((r) => r.textContent?.includes('m1@acme.test')) as HTMLElement;
    await user.click(within(row).getByTestId('remind'));
    // Testing Library matches text with its spaces collapsed, no-break ones included.
    await screen.findByText(plain(TEAM_LIMIT_WORDS.recentlyEmailed(86_340, lang)));
  });

  test('a team name with a web address is refused before anything is sent, with the reason', async () => {
    apiStub.on('myTeam', fail(404, 'NOT_FOUND', 'You do not belong to a team'));
    const { user } = await renderApp(pageOf(lang), { as: aUser() });
    await user.type(await screen.findByTestId('team-name'), 'Account locked: restore at evil-site.example');
    await user.click(screen.getByTestId('create-team'));
    expect((await screen.findByRole('alert')).textContent).toBe(TEAM_MESSAGES.nameAddress[lang]);
    expect(apiStub.calls('createTeam')).toEqual([]);
  });
});
