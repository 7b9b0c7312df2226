// Leaving a team, being removed from it and deleting one's account (docs/product.md, "Teams"), and one seat per
// mailbox: the use cases of functions/teams/domain against the in-memory store (tests/support/fakes/
// team-store.ts, held to the adapters by tests/contracts/team-seat-claims.contract.ts). A member gone shows
// no chosen headshot on the dashboard or in the CSV and their task loses its mark; a deleted account's row
// says so and who it was as far as the team may keep it; a mailbox holds one seat per team.
import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { resultFilename } from '../../functions/generation/domain/task-names.ts';
import type { TaskRecord } from '../../functions/generation/domain/tasks.ts';
import { setChosen } from '../../functions/teams/domain/chosen.ts';
import { membersCsv } from '../../functions/teams/domain/members-csv.ts';
import type { Member } from '../../functions/teams/domain/ports.ts';
import {
  inviteMembers,
  joinTeam,
  listMembers,
  memberView,
  myTeam,
  removeMember,
} from '../../functions/teams/domain/teams.ts';
import type { FakeMailer } from '../support/fakes/index.ts';
import { refusal, teamWorld } from '../support/team-world.ts';

const NOW = 1_900_000_000;

function world() {
  const w = teamWorld();
  /** An owner with a team of `seats` seats and an open link's code. */
  const owned = async (seats = 5) => {
    const { owner, teamId } = await w.teamOf(w.user(), { name: 'Acme', domains: ['acme.test'] }, seats);
    return { owner, teamId, code: (await w.openLink(owner, teamId)).code };
  };
  return { ...w, owned, joined: w.joinedWith };
}

async function csvText(w: ReturnType<typeof world>, teamId: string): Promise<string> {
  let out = '';
  for await (const chunk of membersCsv(w.deps, teamId, 'en')) out += chunk;
  return out;
}

describe('one seat per team per mailbox', () => {
  it('p+2@ is refused while p+1@ holds a seat, in the joiner’s language; p@ and q@ are told apart', async () => {
    const w = world();
    const { teamId, code } = await w.owned();
    await w.joined(code, { email: 'p+1@acme.test' });
    expect(await refusal(joinTeam(w.deps, w.user({ email: 'p+2@acme.test' }), code))).toEqual({
      code: 'MAILBOX_HAS_SEAT',
      msg: TEAM_MESSAGES.mailboxHasSeat.en,
    });
    expect(await refusal(joinTeam(w.deps, w.user({ email: 'p@acme.test', lang: 'fr' }), code))).toEqual({
      code: 'MAILBOX_HAS_SEAT',
      msg: TEAM_MESSAGES.mailboxHasSeat.fr,
    });
    await w.joined(code, { email: 'q@acme.test' });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(2);
  });

  it('leaving gives the mailbox back: the same person joins again under another +tag', async () => {
    const w = world();
    const { teamId, code } = await w.owned();
    const first = await w.joined(code, { email: 'p+1@acme.test' });
    await removeMember(w.deps, first, teamId, first.memberId);
    const back = w.user({ email: 'p+2@acme.test' });
    expect(await joinTeam(w.deps, back, code)).toEqual({ team_id: teamId });
  });

  it('an invitation to a relay form is reported invalid and emailed to no one', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const relays = ['a%evil.test@acme.test', 'evil.test!a@acme.test'];
    expect(await inviteMembers(w.deps, owner, teamId, relays)).toEqual({
      invited: [],
      skipped: relays.map((email) => ({ email, reason: 'invalid' })),
    });
    expect((w.deps.mailer as FakeMailer).sent).toEqual([]);
  });

  it('an address with a relay form joins no domain link', async () => {
    const w = world();
    const { code } = await w.owned();
    expect(await refusal(joinTeam(w.deps, w.user({ email: 'a%evil.test@acme.test' }), code))).toEqual({
      code: 'DOMAIN_NOT_ALLOWED',
      msg: TEAM_MESSAGES.domainRefused.en,
    });
  });
});

describe('a member who chose, gone', () => {
  const taskId = '179000000000-0000000000aa';
  const task = (userId: string, teamId: string, memberId: string) =>
    ({
      id: taskId,
      userId,
      status: 'DONE',
      resultFile: resultFilename('corporate', taskId, 'image/png'),
      likeness: { score: 0.9 },
      faceBox: null,
      team: { teamId, memberId },
    }) as unknown as TaskRecord;

  async function chose(w: ReturnType<typeof world>) {
    const { owner, teamId, code } = await w.owned();
    const member = await w.joined(code);
    const t = task(member.id, teamId, member.memberId);
    w.teams.putTask({ userId: member.id, taskId, status: 'DONE', teamId, memberId: member.memberId });
    await setChosen(
      { tasks: { get: async () => t }, choices: w.teams, clock: w.clock },
      member,
      taskId,
      true,
    );
    return { owner, teamId, member };
  }

  it.each([
    ['leaves', 'self'],
    ['is removed', 'owner'],
  ] as const)(
    '%s: no chosen headshot on the dashboard or in the CSV, no mark on the task',
    async (_what, by) => {
      const w = world();
      const { owner, teamId, member } = await chose(w);
      expect(await csvText(w, teamId)).toContain('corporate.png');
      await removeMember(w.deps, by === 'self' ? member : owner, teamId, member.memberId);
      const row = (await listMembers(w.deps, owner, teamId, {})).members.find(
        (m) => m.member_id === member.memberId,
      );
      expect(row).toMatchObject({ status: 'left', chosen: null });
      expect(await csvText(w, teamId)).not.toContain('corporate.png');
      expect(w.teams.tasks.get(`${member.id}/${taskId}`)?.teamChosenAt).toBeNull();
      expect((await refusal(myTeam(w.deps, member))).code).toBe('NOT_FOUND');
    },
  );
});

describe('a deleted account’s row', () => {
  const row = (o: Partial<Member>): Member => ({
    teamId: 't',
    memberId: 'm',
    userId: null,
    email: '(account deleted)',
    role: 'member',
    hasSeat: false,
    allowanceTotal: 0,
    allowanceLeft: 0,
    allowanceSpent: 0,
    finished: 0,
    invitedAt: null,
    joinedAt: NOW - 100,
    leftAt: NOW,
    remindedAt: null,
    photosReadyUntil: null,
    adminSince: null,
    chosen: null,
    ...o,
  });

  it('says a member whose account was deleted when the team kept no address, in the reader’s language', () => {
    expect(memberView(row({}), NOW, 'en')).toMatchObject({ name: 'A member (account deleted)', email: '' });
    expect(memberView(row({}), NOW, 'fr')).toMatchObject({
      name: "Une personne de l'équipe (compte supprimé)",
      email: '',
    });
  });

  it('names the address the team invited itself', () => {
    const invited = row({ email: 'ada@acme.test', invitedAt: NOW - 200 });
    expect(memberView(invited, NOW, 'en')).toMatchObject({
      name: 'ada (account deleted)',
      email: 'ada@acme.test',
      status: 'left',
    });
  });

  it('through the store: a member who joined by link, deleted, reads "A member (account deleted)"', async () => {
    const w = world();
    const { owner, teamId, code } = await w.owned();
    const member = await w.joined(code);
    await w.teams.leaveOnDeletion(member.id, NOW + 1);
    const rows = (await listMembers(w.deps, owner, teamId, {})).members;
    expect(rows.find((m) => m.member_id === member.memberId)).toMatchObject({
      name: 'A member (account deleted)',
      email: '',
      status: 'left',
    });
    expect(await csvText(w, teamId)).toContain('A member (account deleted)');
  });

  it('a member who left keeps their name and address', () => {
    expect(memberView(row({ userId: 'u', email: 'bob@acme.test' }), NOW, 'en')).toMatchObject({
      name: 'bob',
      email: 'bob@acme.test',
    });
  });
});
