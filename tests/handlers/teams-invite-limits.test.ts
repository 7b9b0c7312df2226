// The teams group's refusals of invitations and reminders that would make it a spam channel, as the page
// receives them (docs/product.md, "Teams", "Emails a team sends"): a team name that holds a link, a header
// or a line break (400 with its reason), invitations beyond the free seats (409 with how many can still be
// invited), a reminder to an address the team emailed today (429 with when, in the body and Retry-After), a
// team's day of invitation emails used up (429). The rules themselves: tests/domain/teams-invite-limits.test.ts.
import { describe, expect, it } from 'vitest';
import { TEAM_LIMIT_WORDS, TEAM_MESSAGES } from '#shared/team-rules.ts';
import { call, newEmail, signedInUser } from '../support/handler-events.ts';
import { ownerWithTeam, type TeamOwner } from '../support/handler-teams.ts';

type Owner = TeamOwner;

const invite = (owner: Owner, emails: string[]) =>
  call('teamInvites', { token: owner.token, params: { teamId: owner.teamId }, body: { emails } });

async function invitedRow(owner: Owner, email: string): Promise<string> {
  const page = await call('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
  const rows = page.body.members as { email: string; member_id: string; left_at: number | null }[];
  const row = rows.find((m) => m.email === email && m.left_at === null);
  if (!row) throw new Error(`${email} is not on the dashboard`);
  return row.member_id;
}

describe('team names', () => {
  it.each([
    ['Security alert: your account is locked.\nBcc: all', 'nameLineBreak'],
    ['Restore at evil-site.example', 'nameAddress'],
    ['Write to boss @ acme', 'nameAt'],
    ['Bcc: everyone', 'nameHeader'],
    ['Acme\u202eTeam', 'nameControl'],
  ] as const)('createTeam refuses %j with 400 and the reason', async (name, reason) => {
    const user = await signedInUser();
    const res = await call('createTeam', { token: user.token, body: { name } });
    expect(res).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', msg: TEAM_MESSAGES[reason].en },
    });
    const mine = await call('myTeam', { token: user.token });
    expect(mine.status).toBe(404);
  });
});

describe('invitations need seats', () => {
  it('a team with no seat: 500 addresses refused with 409, saying it can invite 0', async () => {
    const owner = await ownerWithTeam(0);
    const emails = Array.from({ length: 500 }, (_, i) => `p${i}@example.test`);
    const res = await invite(owner, emails);
    expect(res).toMatchObject({
      status: 409,
      body: {
        code: 'NOT_ENOUGH_SEATS_TO_INVITE',
        msg: TEAM_LIMIT_WORDS.notEnoughSeats(0, 'en'),
        can_invite: 0,
      },
    });
  });

  it('500 company addresses of 40 characters fit in one request (over the default 16 KB body)', async () => {
    const owner = await ownerWithTeam(500);
    const emails = Array.from({ length: 500 }, (_, i) => `firstname.lastname${1000 + i}@company.example`);
    expect(JSON.stringify({ emails }).length).toBeGreaterThan(16 * 1024);
    const res = await invite(owner, emails);
    expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
    expect(res.body.invited).toHaveLength(500);
  }, 60_000);

  it('3 seats: 5 new addresses refused, saying 4 can be invited; 4 are', async () => {
    const owner = await ownerWithTeam(3);
    const emails = Array.from({ length: 5 }, () => newEmail('invitee'));
    expect(await invite(owner, emails)).toMatchObject({ status: 409, body: { can_invite: 4 } });
    expect(await invite(owner, emails.slice(0, 4))).toMatchObject({ status: 200 });
  });
});

describe('emails a team sends', () => {
  it('a reminder to an address invited today: 429 with when; invited again after removal: not emailed', async () => {
    const owner = await ownerWithTeam(2);
    const email = newEmail('invitee');
    expect(await invite(owner, [email])).toMatchObject({ status: 200, body: { invited: [email] } });
    const memberId = await invitedRow(owner, email);
    const remind = await call('remindMember', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId },
    });
    expect(remind).toMatchObject({
      status: 429,
      body: { code: 'RECENTLY_EMAILED', msg: TEAM_LIMIT_WORDS.recentlyEmailed(86_400, 'en') },
    });
    expect(remind.body.retry_after).toBeGreaterThan(86_000);
    expect(Number(remind.headers['retry-after'])).toBe(remind.body.retry_after);
    const removed = await call('removeMember', {
      token: owner.token,
      params: { teamId: owner.teamId, memberId },
    });
    expect(removed.status).toBe(200);
    expect(await invite(owner, [email])).toMatchObject({
      status: 200,
      body: { invited: [], skipped: [{ email, reason: 'recently_emailed' }] },
    });
  });

  it('a team’s day of invitation emails (1 seat: 12) used up: 429 TEAM_EMAIL_LIMIT with when', async () => {
    const owner = await ownerWithTeam(1);
    for (let round = 0; round < 6; round++) {
      const emails = [newEmail('round'), newEmail('round')];
      expect(await invite(owner, emails)).toMatchObject({ status: 200, body: { invited: emails } });
      for (const email of emails) {
        const memberId = await invitedRow(owner, email);
        await call('removeMember', { token: owner.token, params: { teamId: owner.teamId, memberId } });
      }
    }
    const res = await invite(owner, [newEmail('late')]);
    expect(res).toMatchObject({ status: 429, body: { code: 'TEAM_EMAIL_LIMIT' } });
    expect(res.body.msg).toBe(TEAM_LIMIT_WORDS.inviteEmailsToday(res.body.retry_after as number, 'en'));
    expect(res.headers['retry-after']).toBe(String(res.body.retry_after));
    // 31 calls in all: more than the default 5 s on a loaded machine.
  }, 30_000);
});
