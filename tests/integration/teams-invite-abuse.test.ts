// The security review's two attacks on a team's emails, over HTTP against the local stack, counted in its
// outbox (docs/product.md, "Teams", "Emails a team sends"): a new team with no seat, named like a phishing
// notice, inviting 500 addresses twice (it sent 1,000 emails from our domain); and invite, remind, remove,
// invite again five times to one address (it sent 10). Now the name is refused, the invitations need seats
// and one address hears from a team once a day.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEAM_LIMIT_WORDS, TEAM_MESSAGES } from '#shared/team-rules.ts';
import { activatedUser, callRoute, type Mail, mailsTo, stack } from '../support/api.ts';
import { ownerWithTeam } from '../support/teams.ts';

/** Every email in the outbox to an address of `domain`. */
async function mailsToDomain(domain: string): Promise<Mail[]> {
  const res = await fetch(`${stack().apiUrl}/_local/mail`);
  return ((await res.json()) as Mail[]).filter((m) => m.to.endsWith(`@${domain}`));
}

describe('a team’s emails are not a spam channel', () => {
  it('the phishing name is refused; a team with no seat inviting 500 addresses twice sends nothing', async () => {
    const attacker = await activatedUser();
    const named = await callRoute('createTeam', {
      token: attacker.token,
      body: { name: 'Security alert: your account is locked. Restore at acme-support.example\nBcc: all' },
    });
    expect(named).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_FAILED', msg: TEAM_MESSAGES.nameLineBreak.en },
    });
    const owner = await ownerWithTeam(0);
    // Short addresses: 500 fit in the API's 16 KB JSON body, as the review's did.
    const domain = `v${randomUUID().slice(0, 6)}.test`;
    const emails = Array.from({ length: 500 }, (_, i) => `p${i}@${domain}`);
    for (let round = 0; round < 2; round++) {
      const res = await callRoute('teamInvites', {
        token: owner.token,
        params: { teamId: owner.teamId },
        body: { emails },
      });
      expect(res).toMatchObject({
        status: 409,
        body: {
          code: 'NOT_ENOUGH_SEATS_TO_INVITE',
          msg: TEAM_LIMIT_WORDS.notEnoughSeats(0, 'en'),
          can_invite: 0,
        },
      });
    }
    expect(await mailsToDomain(domain)).toHaveLength(0);
    const page = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
    expect(page.body.members.map((m) => m.email)).toEqual([owner.email]);
  });

  it('invite, remind, remove, invite again, five times over: one email to the address', async () => {
    const owner = await ownerWithTeam(5);
    const victim = `victim-${randomUUID().slice(0, 8)}@elsewhere.test`;
    const statuses: number[] = [];
    for (let loop = 0; loop < 5; loop++) {
      const invited = await callRoute('teamInvites', {
        token: owner.token,
        params: { teamId: owner.teamId },
        body: { emails: [victim] },
      });
      expect(invited.status).toBe(200);
      expect(invited.body.invited).toEqual(loop === 0 ? [victim] : []);
      if (loop > 0) expect(invited.body.skipped).toEqual([{ email: victim, reason: 'recently_emailed' }]);
      const page = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
      const row = page.body.members.find((m) => m.email === victim && m.left_at === null);
      if (!row) continue;
      const reminded = await callRoute('remindMember', {
        token: owner.token,
        params: { teamId: owner.teamId, memberId: row.member_id },
      });
      statuses.push(reminded.status);
      expect(reminded.body).toMatchObject({ code: 'RECENTLY_EMAILED' });
      expect(reminded.headers.get('retry-after')).toBe(String(reminded.body.retry_after));
      const removed = await callRoute('removeMember', {
        token: owner.token,
        params: { teamId: owner.teamId, memberId: row.member_id },
      });
      expect(removed.status).toBe(200);
    }
    expect(statuses).toEqual([429]);
    expect(await mailsTo(victim)).toHaveLength(1);
  });
});
