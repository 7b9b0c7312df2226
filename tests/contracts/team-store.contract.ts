// The teams ports' contract (functions/teams/domain/ports.ts TeamStore with TeamPayers and TeamChoices,
// TeamDepartures, photos' TeamPhotoProgress), run against the DynamoDB adapters
// (tests/integration/team-store-contract.test.ts) and the fake (tests/domain/team-store-contract.test.ts).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { maxPendingInvites } from '#shared/team-rules.ts';
import type { TeamPhotoProgress } from '../../functions/photos/domain/team-photo-progress.ts';
import type {
  InviteLinkRecord,
  Team,
  TeamDepartures,
  TeamStore,
} from '../../functions/teams/domain/ports.ts';

export interface TeamStoreSubject {
  store: TeamStore;
  departures: TeamDepartures;
  progress: TeamPhotoProgress;
  /** the webhook's credit of seats */
  seats(teamId: string, n: number): Promise<void>;
  /** a task of the member's as the task store keeps it */
  task(t: {
    userId: string;
    taskId: string;
    teamId: string;
    memberId: string;
    status: string;
  }): Promise<void>;
  /** the create's allowance change (task-money.ts): false when the allowance does not cover it */
  spend(teamId: string, memberId: string, avatars: number): Promise<boolean>;
  /** the task's "chosen for my team" mark */
  taskChosenAt(userId: string, taskId: string): Promise<number | null>;
}

const NOW = 1_900_000_000;
const id = () => randomUUID();
const email = (tag: string) => `${tag}-${id().slice(0, 8)}@acme.test`;

function newTeam(ownerId: string): Team {
  return {
    id: id(),
    name: 'Acme',
    ownerId,
    domains: ['acme.test'],
    lang: 'en',
    seatsTotal: 0,
    seatsUsed: 0,
    allowed: { styles: null, combos: null },
    createdAt: NOW,
    dissolvedAt: null,
  };
}

function newLink(teamId: string, o: Partial<InviteLinkRecord> = {}): InviteLinkRecord {
  return {
    teamId,
    linkId: id(),
    codeHash: `${id()}${id()}`.replaceAll('-', ''),
    domains: ['acme.test'],
    maxUses: 10,
    uses: 0,
    expiresAt: NOW + 86_400,
    revokedAt: null,
    createdAt: NOW,
    ...o,
  };
}

/** A team with `seats` seats, its owner and an invite link (also the set-up of the adapters' own tests). */
export async function team(s: Pick<TeamStoreSubject, 'store' | 'seats'>, seats = 3) {
  const owner = { id: id(), email: email('owner'), memberId: id() };
  const t = newTeam(owner.id);
  expect(await s.store.createTeam(t, { memberId: owner.memberId, email: owner.email })).toBe(true);
  if (seats) await s.seats(t.id, seats);
  const link = newLink(t.id);
  await s.store.saveLink(link);
  return { team: t, owner, link };
}

/** Someone who joined the team by its link. */
export async function joined(s: Pick<TeamStoreSubject, 'store'>, teamId: string, linkId: string, at = NOW) {
  const user = { id: id(), email: email('member') };
  const memberId = id();
  const res = await s.store.join({
    teamId,
    user,
    memberId,
    invited: false,
    linkId,
    allowance: 40,
    photosReadyUntil: null,
    now: at,
  });
  expect(res).toEqual({ ok: true, memberId });
  return { ...user, memberId };
}

export function teamStoreContract(make: () => TeamStoreSubject | Promise<TeamStoreSubject>) {
  describe('TeamStore contract', () => {
    it('creates a team with its owner, one team per person', async () => {
      const s = await make();
      const { team: t, owner } = await team(s, 0);
      expect(await s.store.getTeam(t.id)).toEqual({ ...t, seatsTotal: 0, seatsUsed: 0, invitesPending: 0 });
      expect(await s.store.membershipOf(owner.id)).toEqual({
        teamId: t.id,
        memberId: owner.memberId,
        role: 'owner',
      });
      expect(await s.store.getMember(t.id, owner.memberId)).toMatchObject({
        userId: owner.id,
        email: owner.email,
        role: 'owner',
        hasSeat: false,
        joinedAt: NOW,
        leftAt: null,
        adminSince: null,
        photosReadyUntil: null,
        chosen: null,
      });
      expect(await s.store.createTeam(newTeam(owner.id), { memberId: id(), email: owner.email })).toBe(false);
      expect(await s.store.knownEmails(t.id, [owner.email])).toEqual(new Map([[owner.email, 'member']]));
      expect(await s.store.getTeam(id())).toBeNull();
      expect(await s.store.membershipOf(id())).toBeNull();
    });

    it('records an invitation once, with its code, and joins that address into the invited row', async () => {
      const s = await make();
      const { team: t } = await team(s, 2);
      const invitee = { id: id(), email: email('invitee') };
      const invite = {
        email: invitee.email,
        memberId: id(),
        codeHash: id().replaceAll('-', ''),
        codeExpiresAt: NOW + 99,
      };
      expect(await s.store.addInvite(t.id, invite, NOW, maxPendingInvites)).toBe(true);
      expect(
        await s.store.addInvite(t.id, { ...invite, memberId: id(), codeHash: id() }, NOW, maxPendingInvites),
      ).toBe(false);
      expect(await s.store.knownEmails(t.id, [invitee.email, 'x@acme.test'])).toEqual(
        new Map([[invitee.email, 'already_invited']]),
      );
      expect(await s.store.findCode(invite.codeHash)).toEqual({
        kind: 'invite',
        teamId: t.id,
        memberId: invite.memberId,
        email: invitee.email,
        expiresAt: NOW + 99,
        revokedAt: null,
      });
      expect(await s.store.invitedMemberId(t.id, invitee.email)).toBe(invite.memberId);
      expect(await s.store.getMember(t.id, invite.memberId)).toMatchObject({ userId: null, invitedAt: NOW });
      const res = await s.store.join({
        teamId: t.id,
        user: invitee,
        memberId: invite.memberId,
        invited: true,
        linkId: null,
        allowance: 40,
        photosReadyUntil: NOW + 500,
        now: NOW + 1,
      });
      expect(res).toEqual({ ok: true, memberId: invite.memberId });
      expect(await s.store.getMember(t.id, invite.memberId)).toMatchObject({
        userId: invitee.id,
        joinedAt: NOW + 1,
        hasSeat: true,
        allowanceLeft: 40,
        allowanceTotal: 40,
        photosReadyUntil: NOW + 500,
      });
      expect(await s.store.invitedMemberId(t.id, invitee.email)).toBeNull();
      expect(await s.store.knownEmails(t.id, [invitee.email])).toEqual(new Map([[invitee.email, 'member']]));
      // The same invitation again, by someone else: used.
      const again = await s.store.join({
        teamId: t.id,
        user: { id: id(), email: invitee.email },
        memberId: invite.memberId,
        invited: true,
        linkId: null,
        allowance: 40,
        photosReadyUntil: null,
        now: NOW + 2,
      });
      expect(again).toEqual({ ok: false, reason: 'invite-used' });
    });

    it('takes one seat per join, under the seats bought, and counts the link’s uses', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 1);
      const first = await joined(s, t.id, link.linkId);
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsTotal: 1, seatsUsed: 1 });
      expect(await s.store.getLink(t.id, link.linkId)).toMatchObject({ uses: 1 });
      expect(await s.store.membershipOf(first.id)).toEqual({
        teamId: t.id,
        memberId: first.memberId,
        role: 'member',
      });
      const base = {
        teamId: t.id,
        invited: false,
        linkId: link.linkId,
        allowance: 40,
        photosReadyUntil: null,
        now: NOW,
      };
      expect(
        await s.store.join({ ...base, user: { id: id(), email: email('late') }, memberId: id() }),
      ).toEqual({
        ok: false,
        reason: 'no-seat',
      });
      // Someone in a team already (the first member) cannot join again.
      await s.seats(t.id, 5);
      expect(await s.store.join({ ...base, user: first, memberId: id() })).toEqual({
        ok: false,
        reason: 'already-in-team',
      });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
    });

    it('refuses a join by a link past its cap, revoked or expired, saying which', async () => {
      const s = await make();
      const { team: t } = await team(s, 10);
      const base = { teamId: t.id, invited: false, allowance: 40, photosReadyUntil: null, now: NOW };
      const capped = newLink(t.id, { maxUses: 1 });
      await s.store.saveLink(capped);
      await joined(s, t.id, capped.linkId);
      const user = () => ({ id: id(), email: email('x') });
      expect(await s.store.join({ ...base, user: user(), memberId: id(), linkId: capped.linkId })).toEqual({
        ok: false,
        reason: 'cap',
      });
      const revoked = newLink(t.id);
      await s.store.saveLink(revoked);
      expect(await s.store.revokeLink(t.id, revoked.linkId, NOW + 5)).toBe(true);
      expect(await s.store.revokeLink(t.id, revoked.linkId, NOW + 9)).toBe(true);
      expect((await s.store.getLink(t.id, revoked.linkId))?.revokedAt).toBe(NOW + 5);
      expect(await s.store.revokeLink(t.id, id(), NOW)).toBe(false);
      expect(await s.store.join({ ...base, user: user(), memberId: id(), linkId: revoked.linkId })).toEqual({
        ok: false,
        reason: 'revoked',
      });
      const old = newLink(t.id, { expiresAt: NOW });
      await s.store.saveLink(old);
      expect(await s.store.join({ ...base, user: user(), memberId: id(), linkId: old.linkId })).toEqual({
        ok: false,
        reason: 'expired',
      });
      expect(await s.store.findCode(old.codeHash)).toEqual({
        kind: 'link',
        teamId: t.id,
        linkId: old.linkId,
        expiresAt: NOW,
      });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
      expect(await s.store.findCode('0'.repeat(64))).toBeNull();
    });

    it('lists the members a page at a time, in one order, with a cursor', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      await joined(s, t.id, link.linkId);
      await joined(s, t.id, link.linkId);
      const first = await s.store.listMembers(t.id, 2, null);
      expect(first.members).toHaveLength(2);
      expect(first.nextCursor).toBe(first.members[1]?.memberId);
      const second = await s.store.listMembers(t.id, 2, first.nextCursor);
      expect(second.members).toHaveLength(1);
      expect(second.nextCursor).toBeNull();
      const ids = [...first.members, ...second.members].map((m) => m.memberId);
      expect(ids).toEqual([...ids].sort());
    });

    it('makes a member an admin and back (the owner stays), and keeps since when', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s);
      const m = await joined(s, t.id, link.linkId);
      expect(await s.store.setRole(t.id, m.memberId, 'admin', NOW + 10)).toBe(true);
      expect(await s.store.setRole(t.id, m.memberId, 'admin', NOW + 20)).toBe(true);
      expect(await s.store.getMember(t.id, m.memberId)).toMatchObject({
        role: 'admin',
        adminSince: NOW + 10,
      });
      expect((await s.store.membershipOf(m.id))?.role).toBe('admin');
      expect(await s.store.setRole(t.id, m.memberId, 'member', NOW + 30)).toBe(true);
      expect(await s.store.getMember(t.id, m.memberId)).toMatchObject({ role: 'member', adminSince: null });
      expect(await s.store.setRole(t.id, owner.memberId, 'member', NOW)).toBe(false);
      expect(await s.store.setRole(t.id, id(), 'admin', NOW)).toBe(false);
    });

    it('reminds at most once per gap, grants retries to a seat, and sets the allowed looks', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s);
      const m = await joined(s, t.id, link.linkId);
      expect(await s.store.markReminded(t.id, m.memberId, NOW, 100)).toBe(true);
      expect(await s.store.markReminded(t.id, m.memberId, NOW + 99, 100)).toBe(false);
      expect(await s.store.markReminded(t.id, m.memberId, NOW + 100, 100)).toBe(true);
      expect(await s.store.markReminded(t.id, id(), NOW, 100)).toBe(false);
      expect(await s.store.grantRetry(t.id, m.memberId, 10)).toBe(41);
      expect(await s.store.getMember(t.id, m.memberId)).toMatchObject({
        allowanceTotal: 41,
        allowanceLeft: 41,
      });
      expect(await s.store.grantRetry(t.id, owner.memberId, 10)).toBeNull();
      const allowed = { styles: [1, 2], combos: [{ backdrop: 'studio-grey', outfit: 'suit' }] } as never;
      await s.store.setAllowed(t.id, allowed);
      expect((await s.store.getTeam(t.id))?.allowed).toEqual(allowed);
    });

    it("changes the language of a team's emails, and of no team that is not one", async () => {
      const s = await make();
      const { team: t } = await team(s);
      const other = t.lang === 'fr' ? 'en' : 'fr';
      expect(await s.store.setLanguage(t.id, other)).toBe(true);
      expect((await s.store.getTeam(t.id))?.lang).toBe(other);
      expect(await s.store.setLanguage(id(), other)).toBe(false);
    });

    it('grants at most the cap of retries to a seat, even all at once: then says so', async () => {
      const s = await make();
      const { team: t, link } = await team(s);
      const m = await joined(s, t.id, link.linkId);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => s.store.grantRetry(t.id, m.memberId, 3)),
      );
      expect(answers.filter((a) => a === 'cap')).toHaveLength(2);
      expect(answers.filter((a) => typeof a === 'number').sort()).toEqual([41, 42, 43]);
      expect(await s.store.grantRetry(t.id, m.memberId, 3)).toBe('cap');
      expect(await s.store.getMember(t.id, m.memberId)).toMatchObject({
        allowanceTotal: 43,
        allowanceLeft: 43,
      });
      // A member gone is not a cap: there is no one to grant to.
      expect(await s.store.removeMember(t.id, m.memberId, NOW + 1)).toBe(true);
      expect(await s.store.grantRetry(t.id, m.memberId, 3)).toBeNull();
    });

    it('removes a member: the seat comes back only when they generated nothing', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s, 3);
      // The owner stays, whoever asks.
      expect(await s.store.removeMember(t.id, owner.memberId, NOW)).toBe(false);
      expect(await s.store.membershipOf(owner.id)).toMatchObject({ teamId: t.id, role: 'owner' });
      const idle = await joined(s, t.id, link.linkId);
      const maker = await joined(s, t.id, link.linkId);
      expect(await s.spend(t.id, maker.memberId, -2)).toBe(true);
      expect(await s.spend(t.id, maker.memberId, -39)).toBe(false);
      expect(await s.store.getMember(t.id, maker.memberId)).toMatchObject({
        allowanceLeft: 38,
        allowanceSpent: 2,
      });
      expect(await s.store.removeMember(t.id, idle.memberId, NOW + 1)).toBe(true);
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
      expect(await s.store.removeMember(t.id, maker.memberId, NOW + 1)).toBe(true);
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
      expect(await s.store.removeMember(t.id, maker.memberId, NOW + 2)).toBe(false);
      expect(await s.store.getMember(t.id, maker.memberId)).toMatchObject({
        leftAt: NOW + 1,
        hasSeat: false,
      });
      expect(await s.store.membershipOf(maker.id)).toBeNull();
      expect(await s.store.knownEmails(t.id, [maker.email])).toEqual(new Map());
      // A removed member's allowance can no longer be spent.
      expect(await s.spend(t.id, maker.memberId, -1)).toBe(false);
    });

    it('withdraws an invitation with its invited row: its code stays until it expires, marked withdrawn', async () => {
      const s = await make();
      const { team: t } = await team(s, 2);
      const invite = {
        email: email('withdrawn'),
        memberId: id(),
        codeHash: id().replaceAll('-', ''),
        codeExpiresAt: NOW + 99,
      };
      expect(await s.store.addInvite(t.id, invite, NOW, maxPendingInvites)).toBe(true);
      expect(await s.store.removeMember(t.id, invite.memberId, NOW + 5)).toBe(true);
      expect(await s.store.findCode(invite.codeHash)).toMatchObject({
        kind: 'invite',
        teamId: t.id,
        expiresAt: NOW + 99,
        revokedAt: NOW + 5,
      });
      expect(await s.store.invitedMemberId(t.id, invite.email)).toBeNull();
      // The address may be invited again, with a new code that stands.
      const again = { ...invite, memberId: id(), codeHash: id().replaceAll('-', '') };
      expect(await s.store.addInvite(t.id, again, NOW + 6, maxPendingInvites)).toBe(true);
      expect(await s.store.findCode(again.codeHash)).toMatchObject({ revokedAt: null });
    });

    it('holds pending invitations to the free seats plus 10 %, concurrent ones included; a join or a withdrawal counts one out', async () => {
      const s = await make();
      const { team: t } = await team(s, 2);
      const invite = () => ({
        email: email('pending'),
        memberId: id(),
        codeHash: id().replaceAll('-', ''),
        codeExpiresAt: NOW + 99,
      });
      const asked = [invite(), invite(), invite(), invite(), invite()];
      // 2 free seats plus 10 % of 2 (rounded up): 3 pending at most, whichever of 5 at once get there.
      const answers = await Promise.all(asked.map((i) => s.store.addInvite(t.id, i, NOW, maxPendingInvites)));
      expect(answers.filter((a) => a === true)).toHaveLength(3);
      expect(answers.filter((a) => a === 'no-room')).toHaveLength(2);
      expect((await s.store.getTeam(t.id))?.invitesPending).toBe(3);
      const made = asked.filter((_, i) => answers[i] === true);
      const [first, second] = made as [(typeof made)[number], (typeof made)[number]];
      expect(
        await s.store.knownEmails(
          t.id,
          asked.map((i) => i.email),
        ),
      ).toHaveProperty('size', 3);
      // A withdrawn invitation makes room for one more.
      expect(await s.store.removeMember(t.id, first.memberId, NOW + 1)).toBe(true);
      expect((await s.store.getTeam(t.id))?.invitesPending).toBe(2);
      expect(await s.store.addInvite(t.id, invite(), NOW + 2, maxPendingInvites)).toBe(true);
      expect(await s.store.addInvite(t.id, invite(), NOW + 2, maxPendingInvites)).toBe('no-room');
      // A join takes a seat and is no longer pending: 1 free seat plus 1, with 2 pending.
      const joiner = { id: id(), email: second.email };
      expect(
        await s.store.join({
          teamId: t.id,
          user: joiner,
          memberId: second.memberId,
          invited: true,
          linkId: null,
          allowance: 40,
          photosReadyUntil: null,
          now: NOW + 3,
        }),
      ).toEqual({ ok: true, memberId: second.memberId });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1, invitesPending: 2 });
      expect(await s.store.addInvite(t.id, invite(), NOW + 4, maxPendingInvites)).toBe('no-room');
      // A team with no seat invites nobody.
      const { team: empty } = await team(s, 0);
      expect(await s.store.addInvite(empty.id, invite(), NOW, maxPendingInvites)).toBe('no-room');
      expect(await s.store.knownEmails(empty.id, [asked[0]?.email ?? ''])).toEqual(new Map());
    });

    it('pays a seated member’s creates from the team, and marks the one avatar they choose', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s);
      const m = await joined(s, t.id, link.linkId);
      expect(await s.store.payerFor(m.id)).toEqual({
        teamId: t.id,
        memberId: m.memberId,
        allowed: { styles: null, combos: null },
        allowanceLeft: 40,
      });
      expect(await s.store.payerFor(owner.id)).toBeNull();
      expect(await s.store.payerFor(id())).toBeNull();
      const [a, b, unfinished] = [id(), id(), id()];
      await s.task({ userId: m.id, taskId: a, teamId: t.id, memberId: m.memberId, status: 'DONE' });
      await s.task({ userId: m.id, taskId: b, teamId: t.id, memberId: m.memberId, status: 'DONE' });
      await s.task({
        userId: m.id,
        taskId: unfinished,
        teamId: t.id,
        memberId: m.memberId,
        status: 'IN_PROGRESS',
      });
      const chosen = (taskId: string, at: number) => ({
        taskId,
        resultFile: `${taskId}.png`,
        fileName: 'me.png',
        likeness: 0.8,
        faceBox: null,
        chosenAt: at,
      });
      expect(await s.store.setChosen(m.id, t.id, m.memberId, chosen(a, NOW))).toBe(true);
      expect(await s.taskChosenAt(m.id, a)).toBe(NOW);
      expect(await s.store.setChosen(m.id, t.id, m.memberId, chosen(b, NOW + 1))).toBe(true);
      expect(await s.taskChosenAt(m.id, a)).toBeNull();
      expect(await s.taskChosenAt(m.id, b)).toBe(NOW + 1);
      expect((await s.store.getMember(t.id, m.memberId))?.chosen).toEqual(chosen(b, NOW + 1));
      expect(await s.store.setChosen(m.id, t.id, m.memberId, chosen(unfinished, NOW + 2))).toBe(false);
      expect(await s.store.setChosen(owner.id, t.id, m.memberId, chosen(b, NOW + 2))).toBe(false);
      expect(await s.store.setChosen(m.id, t.id, m.memberId, null)).toBe(true);
      expect(await s.taskChosenAt(m.id, b)).toBeNull();
      expect((await s.store.getMember(t.id, m.memberId))?.chosen).toBeNull();
    });

    it('writes until when a member’s photos are enough on their own row only', async () => {
      const s = await make();
      const { team: t, link } = await team(s);
      const m = await joined(s, t.id, link.linkId);
      await s.progress.setPhotosReadyUntil(m.id, NOW + 1000);
      expect((await s.store.getMember(t.id, m.memberId))?.photosReadyUntil).toBe(NOW + 1000);
      await s.progress.setPhotosReadyUntil(m.id, null);
      expect((await s.store.getMember(t.id, m.memberId))?.photosReadyUntil).toBeNull();
      await s.progress.setPhotosReadyUntil(id(), NOW);
      expect(await s.store.removeMember(t.id, m.memberId, NOW)).toBe(true);
      await s.progress.setPhotosReadyUntil(m.id, NOW + 5);
      expect((await s.store.getMember(t.id, m.memberId))?.photosReadyUntil).toBeNull();
    });

    it('a deleted member leaves: "left" without the account, their unused seat back', async () => {
      const s = await make();
      const { team: t, link } = await team(s);
      const idle = await joined(s, t.id, link.linkId);
      expect(await s.departures.teamOf(idle.id)).toBe(t.id);
      expect(await s.departures.leaveOnDeletion(idle.id, NOW + 7)).toBeNull();
      expect(await s.departures.teamOf(idle.id)).toBeNull();
      expect(await s.store.getMember(t.id, idle.memberId)).toMatchObject({
        userId: null,
        email: '(account deleted)',
        leftAt: NOW + 7,
        hasSeat: false,
        chosen: null,
      });
      expect(await s.store.membershipOf(idle.id)).toBeNull();
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 0 });
      expect(await s.departures.leaveOnDeletion(idle.id, NOW + 8)).toBeNull();
    });

    it('a deleted owner hands the team to the longest-serving admin', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s);
      const early = await joined(s, t.id, link.linkId, NOW);
      const later = await joined(s, t.id, link.linkId, NOW + 50);
      await s.store.setRole(t.id, later.memberId, 'admin', NOW + 60);
      await s.store.setRole(t.id, early.memberId, 'admin', NOW + 70);
      expect(await s.departures.leaveOnDeletion(owner.id, NOW + 100)).toEqual({
        kind: 'transferred',
        toMemberId: later.memberId,
      });
      expect(await s.store.getTeam(t.id)).toMatchObject({ ownerId: later.id, dissolvedAt: null });
      expect(await s.store.membershipOf(later.id)).toEqual({
        teamId: t.id,
        memberId: later.memberId,
        role: 'owner',
      });
      expect(await s.store.getMember(t.id, later.memberId)).toMatchObject({
        role: 'owner',
        adminSince: null,
      });
      expect(await s.store.membershipOf(owner.id)).toBeNull();
      expect(await s.store.getMember(t.id, owner.memberId)).toMatchObject({
        userId: null,
        email: '(account deleted)',
        leftAt: NOW + 100,
      });
      expect((await s.store.membershipOf(early.id))?.role).toBe('admin');
    });

    it('a deleted owner with no admin dissolves the team; members keep their avatars', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s);
      const idle = await joined(s, t.id, link.linkId);
      const maker = await joined(s, t.id, link.linkId);
      const task = id();
      expect(await s.spend(t.id, maker.memberId, -1)).toBe(true);
      await s.task({
        userId: maker.id,
        taskId: task,
        teamId: t.id,
        memberId: maker.memberId,
        status: 'DONE',
      });
      const chosen = {
        taskId: task,
        resultFile: `${task}.png`,
        fileName: 'me.png',
        likeness: null,
        faceBox: null,
      };
      expect(await s.store.setChosen(maker.id, t.id, maker.memberId, { ...chosen, chosenAt: NOW })).toBe(
        true,
      );
      const invite = {
        email: email('invitee'),
        memberId: id(),
        codeHash: id().replaceAll('-', ''),
        codeExpiresAt: NOW + 9,
      };
      expect(await s.store.addInvite(t.id, invite, NOW, maxPendingInvites)).toBe(true);

      expect(await s.departures.leaveOnDeletion(owner.id, NOW + 100)).toEqual({
        kind: 'dissolved',
        members: 2,
      });

      expect(await s.store.getTeam(t.id)).toMatchObject({ dissolvedAt: NOW + 100 });
      for (const u of [owner, idle, maker]) expect(await s.store.membershipOf(u.id)).toBeNull();
      expect(await s.store.getLink(t.id, link.linkId)).toBeNull();
      expect(await s.store.knownEmails(t.id, [invite.email, maker.email, idle.email])).toEqual(new Map());
      // The join codes stay until they expire, so a link says why it no longer opens.
      expect((await s.store.findCode(link.codeHash))?.teamId).toBe(t.id);
      expect(await s.taskChosenAt(maker.id, task)).toBeNull();
      // Only the row that paid for an avatar lingers (a render in flight counts on it), without the account.
      const rows = (await s.store.listMembers(t.id, 10, null)).members;
      expect(rows.map((r) => r.memberId)).toEqual([maker.memberId]);
      expect(rows[0]).toMatchObject({ userId: null, chosen: null, hasSeat: false });
      expect(await s.spend(t.id, maker.memberId, 1)).toBe(true);
      expect(await s.store.payerFor(maker.id)).toBeNull();
      expect(await s.departures.leaveOnDeletion(owner.id, NOW + 200)).toBeNull();
    });

    it('lists the team’s links with who made them, and no other team’s', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s);
      const other = await team(s);
      const made = newLink(t.id, { createdBy: owner.memberId, domains: ['acme.test', 'acme.example'] });
      await s.store.saveLink(made);
      expect(await s.store.revokeLink(t.id, link.linkId, NOW + 1)).toBe(true);
      const listed = await s.store.listLinks(t.id);
      expect(listed.sort((a, b) => (a.linkId < b.linkId ? -1 : 1))).toEqual(
        [
          { ...link, revokedAt: NOW + 1, createdBy: null },
          { ...made, createdBy: owner.memberId },
        ].sort((a, b) => (a.linkId < b.linkId ? -1 : 1)),
      );
      expect((await s.store.listLinks(other.team.id)).map((l) => l.linkId)).toEqual([other.link.linkId]);
      expect(await s.store.listLinks(id())).toEqual([]);
    });

    it('an owner takes a seat under the seats bought, once, and gives it back as a member leaves', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s, 2);
      const seat = { teamId: t.id, memberId: owner.memberId, userId: owner.id, allowance: 40 };
      expect(await s.store.takeSeat(seat)).toEqual({ ok: true });
      expect(await s.store.takeSeat(seat)).toEqual({ ok: false, reason: 'seated' });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
      expect(await s.store.getMember(t.id, owner.memberId)).toMatchObject({
        hasSeat: true,
        allowanceTotal: 40,
        allowanceLeft: 40,
        allowanceSpent: 0,
        role: 'owner',
      });
      // The owner's creates are the team's now, as a member's are.
      expect(await s.store.payerFor(owner.id)).toEqual({
        teamId: t.id,
        memberId: owner.memberId,
        allowed: { styles: null, combos: null },
        allowanceLeft: 40,
      });
      // Someone else's row, or a plain member's, takes no seat this way.
      const m = await joined(s, t.id, link.linkId);
      expect(await s.store.takeSeat({ ...seat, userId: m.id })).toEqual({ ok: false, reason: 'not-member' });
      expect(await s.store.giveBackSeat(t.id, m.memberId, m.id)).toBeNull();
      // Nothing created: the seat goes back to the team.
      expect(await s.store.giveBackSeat(t.id, owner.memberId, owner.id)).toEqual({
        freed: true,
        hadChosen: false,
      });
      expect(await s.store.giveBackSeat(t.id, owner.memberId, owner.id)).toBeNull();
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
      expect(await s.store.payerFor(owner.id)).toBeNull();
      // Taken again, used and chosen from: given back, the seat stays used and the choice goes.
      expect(await s.store.takeSeat(seat)).toEqual({ ok: true });
      expect(await s.spend(t.id, owner.memberId, -1)).toBe(true);
      const taskId = id();
      await s.task({ userId: owner.id, taskId, teamId: t.id, memberId: owner.memberId, status: 'DONE' });
      const chosen = {
        taskId,
        resultFile: `${taskId}.png`,
        fileName: 'o.png',
        likeness: null,
        faceBox: null,
      };
      expect(await s.store.setChosen(owner.id, t.id, owner.memberId, { ...chosen, chosenAt: NOW })).toBe(
        true,
      );
      expect(await s.store.giveBackSeat(t.id, owner.memberId, owner.id)).toEqual({
        freed: false,
        hadChosen: true,
      });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 2 });
      expect(await s.store.getMember(t.id, owner.memberId)).toMatchObject({ hasSeat: false, chosen: null });
      expect(await s.taskChosenAt(owner.id, taskId)).toBeNull();
      expect(await s.spend(t.id, owner.memberId, -1)).toBe(false);
      // Without a seat, the avatar made from it is no longer the team's to choose: nothing marked.
      expect(await s.store.setChosen(owner.id, t.id, owner.memberId, { ...chosen, chosenAt: NOW + 1 })).toBe(
        'no-seat',
      );
      expect(await s.store.getMember(t.id, owner.memberId)).toMatchObject({ chosen: null });
      expect(await s.taskChosenAt(owner.id, taskId)).toBeNull();
      expect(await s.store.setChosen(owner.id, t.id, owner.memberId, null)).toBe(true);
      // No seat left: refused, nothing counted.
      expect(await s.store.takeSeat(seat)).toEqual({ ok: false, reason: 'no-seat' });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 2 });
    });

    it('an owner’s seat is their mailbox’s one seat: another address of it is refused, either way', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s, 3);
      const seat = { teamId: t.id, memberId: owner.memberId, userId: owner.id, allowance: 40 };
      expect(await s.store.takeSeat(seat)).toEqual({ ok: true });
      const [local, domain] = owner.email.split('@') as [string, string];
      const alias = { id: id(), email: `${local}+team@${domain}` };
      const base = {
        teamId: t.id,
        invited: false,
        linkId: link.linkId,
        allowance: 40,
        photosReadyUntil: null,
        now: NOW,
      };
      expect(await s.store.join({ ...base, user: alias, memberId: id() })).toEqual({
        ok: false,
        reason: 'mailbox-has-seat',
      });
      // Given back, the mailbox is free: the alias joins, and the owner's seat is then refused.
      expect(await s.store.giveBackSeat(t.id, owner.memberId, owner.id)).toEqual({
        freed: true,
        hadChosen: false,
      });
      const aliasMember = id();
      expect(await s.store.join({ ...base, user: alias, memberId: aliasMember })).toEqual({
        ok: true,
        memberId: aliasMember,
      });
      expect(await s.store.takeSeat(seat)).toEqual({ ok: false, reason: 'mailbox-has-seat' });
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
      expect(await s.store.getMember(t.id, owner.memberId)).toMatchObject({ hasSeat: false });
    });

    it('the last free seat goes to one of an owner, an admin and a join asking at once', async () => {
      const s = await make();
      const { team: t, owner, link } = await team(s, 2);
      const admin = await joined(s, t.id, link.linkId);
      expect(await s.store.setRole(t.id, admin.memberId, 'admin', NOW)).toBe(true);
      expect(await s.store.giveBackSeat(t.id, admin.memberId, admin.id)).toEqual({
        freed: true,
        hadChosen: false,
      });
      await s.seats(t.id, -1);
      // One seat bought, none used: three ask for it at once.
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsTotal: 1, seatsUsed: 0 });
      const late = { id: id(), email: email('late') };
      const answers = await Promise.all([
        s.store.takeSeat({ teamId: t.id, memberId: owner.memberId, userId: owner.id, allowance: 40 }),
        s.store.takeSeat({ teamId: t.id, memberId: admin.memberId, userId: admin.id, allowance: 40 }),
        s.store.join({
          teamId: t.id,
          user: late,
          memberId: id(),
          invited: false,
          linkId: link.linkId,
          allowance: 40,
          photosReadyUntil: null,
          now: NOW,
        }),
      ]);
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.ok)).toEqual([
        { ok: false, reason: 'no-seat' },
        { ok: false, reason: 'no-seat' },
      ]);
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsTotal: 1, seatsUsed: 1 });
    });
  });
}
