// An owner's or admin's own seat and the team's list of open links (functions/teams/domain/own-seat.ts,
// link-list.ts) against the in-memory ports (tests/support/fakes/team-store.ts, held to the adapters by
// tests/contracts/team-store.contract.ts): who may ask (404 outside, 403 for a member), a seat taken from the
// seats bought and paid from the team's allowance, given back as a member leaves; the links that still open
// the team, without their codes.
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { listInviteLinks } from '../../functions/teams/domain/link-list.ts';
import { giveBackOwnSeat, takeOwnSeat } from '../../functions/teams/domain/own-seat.ts';
import {
  createInviteLink,
  joinTeam,
  listMembers,
  myTeam,
  revokeInviteLink,
  setMemberRole,
} from '../../functions/teams/domain/teams.ts';
import { msg, refusal, teamWorld } from '../support/team-world.ts';

function world() {
  const changed: string[] = [];
  const w = teamWorld(() => ({
    archives: { setChanged: async (teamId: string) => void changed.push(teamId) },
  }));
  const owned = (seats: number) => w.teamOf(w.user(), { name: 'Acme', domains: ['acme.test'] }, seats);
  return { ...w, owned, changed };
}

describe('an owner’s own seat', () => {
  it('takes one of the seats bought: the row shows it, and the team’s allowance pays their creates', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(2);
    expect(await takeOwnSeat(w.deps, owner, teamId)).toEqual({ success: true, allowance_left: 40 });
    expect(await myTeam(w.deps, owner)).toMatchObject({ seats_used: 1, allowance_left: 40, role: 'owner' });
    const { members } = await listMembers(w.deps, owner, teamId, {});
    expect(members).toEqual([
      expect.objectContaining({ role: 'owner', has_seat: true, allowance_left: 40, allowance_total: 40 }),
    ]);
    expect(await w.teams.payerFor(owner.id)).toMatchObject({ teamId, allowanceLeft: 40 });
    expect(await refusal(takeOwnSeat(w.deps, owner, teamId))).toEqual({
      code: 'ALREADY_SEATED',
      msg: msg('alreadySeated'),
    });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(1);
  });

  it('no free seat: refused in the caller’s language, nothing taken', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(1);
    await w.joined(owner, teamId);
    expect(await refusal(takeOwnSeat(w.deps, { ...owner, lang: 'fr' }, teamId))).toEqual({
      code: 'NO_SEAT',
      msg: msg('noSeatToTake', 'fr'),
    });
    expect(await w.teams.getTeam(teamId)).toMatchObject({ seatsTotal: 1, seatsUsed: 1 });
    expect((await myTeam(w.deps, owner)).allowance_left).toBeUndefined();
  });

  it('an admin may give back and take a seat; a member 403, anyone outside 404', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(3);
    const admin = await w.joined(owner, teamId);
    await setMemberRole(w.deps, owner, teamId, admin.memberId, 'admin');
    const member = await w.joined(owner, teamId);
    const other = await w.owned(3);
    for (const call of [takeOwnSeat, giveBackOwnSeat]) {
      expect(await refusal(call(w.deps, member, teamId))).toEqual({
        code: 'FORBIDDEN',
        msg: msg('notTeamAdmin'),
      });
      expect(await refusal(call(w.deps, other.owner, teamId))).toEqual({
        code: 'NOT_FOUND',
        msg: msg('teamNotFound'),
      });
    }
    expect(await giveBackOwnSeat(w.deps, admin, teamId)).toEqual({ success: true, seat_freed: true });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(1);
    expect(await takeOwnSeat(w.deps, admin, teamId)).toEqual({ success: true, allowance_left: 40 });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(2);
  });

  it('gives it back as a member leaves: the seat returns only unused; the chosen headshot leaves the ZIP', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(2);
    expect(await refusal(giveBackOwnSeat(w.deps, owner, teamId))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('noOwnSeat'),
    });
    await takeOwnSeat(w.deps, owner, teamId);
    expect(await giveBackOwnSeat(w.deps, owner, teamId)).toEqual({ success: true, seat_freed: true });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(0);
    expect(w.changed).toEqual([]);

    await takeOwnSeat(w.deps, owner, teamId);
    const { memberId } = (await w.teams.membershipOf(owner.id)) as { memberId: string };
    expect(w.teams.changeAllowance(teamId, memberId, -1)).toBe(true);
    w.teams.putTask({ userId: owner.id, taskId: 't1', status: 'DONE', teamId, memberId });
    const chosen = { taskId: 't1', resultFile: 't1.png', fileName: 'me.png', likeness: 0.9, faceBox: null };
    await w.teams.setChosen(owner.id, teamId, memberId, { ...chosen, chosenAt: w.clock.now() });
    expect(await giveBackOwnSeat(w.deps, owner, teamId)).toEqual({ success: true, seat_freed: false });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(1);
    expect(await w.teams.getMember(teamId, memberId)).toMatchObject({ hasSeat: false, chosen: null });
    expect(w.changed).toEqual([teamId]);
    expect(await myTeam(w.deps, owner)).toMatchObject({ chosen_task_id: null });
    expect((await myTeam(w.deps, owner)).allowance_left).toBeUndefined();
    expect(await w.teams.payerFor(owner.id)).toBeNull();
  });
});

describe('the team’s open links', () => {
  it('lists the links that still open the team, newest first, with who made them and never a code', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(5);
    const admin = await w.joined(owner, teamId);
    await setMemberRole(w.deps, owner, teamId, admin.memberId, 'admin');
    const make = (by: User, o: { max_uses?: number; expires_in_days?: number } = {}) =>
      createInviteLink(w.deps, by, teamId, {
        domains: ['acme.test', 'Acme.Example'],
        max_uses: o.max_uses ?? 10,
        expires_in_days: o.expires_in_days ?? 7,
      });
    // w.joined made one link already (50 uses, 7 days, one used).
    const first = (await listInviteLinks(w.deps, owner, teamId)).links;
    expect(first).toHaveLength(1);
    w.clock.advance(10);
    const byOwner = await make(owner, { max_uses: 3 });
    w.clock.advance(10);
    const byAdmin = await make(admin, { expires_in_days: 1 });
    w.clock.advance(10);
    const revoked = await make(owner);
    await revokeInviteLink(w.deps, owner, teamId, revoked.link_id);
    const full = await make(owner, { max_uses: 1 });
    await joinTeam(w.deps, w.user(), full.code);
    const created = w.clock.now() - 30;
    const { links } = await listInviteLinks(w.deps, admin, teamId);
    expect(links).toEqual([
      {
        link_id: byAdmin.link_id,
        domains: ['acme.test', 'acme.example'],
        uses: 0,
        max_uses: 10,
        expires_at: created + 20 + 86_400,
        created_at: created + 20,
        created_by: admin.email,
      },
      {
        link_id: byOwner.link_id,
        domains: ['acme.test', 'acme.example'],
        uses: 0,
        max_uses: 3,
        expires_at: created + 10 + 7 * 86_400,
        created_at: created + 10,
        created_by: owner.email,
      },
      { ...first[0], created_by: owner.email },
    ]);
    const said = JSON.stringify(links);
    for (const code of [byOwner.code, byAdmin.code]) expect(said).not.toContain(code);
    // A day later the admin's link has expired: it is no longer listed.
    w.clock.advance(86_400);
    expect((await listInviteLinks(w.deps, owner, teamId)).links.map((l) => l.link_id)).toEqual([
      byOwner.link_id,
      first[0]?.link_id,
    ]);
  });

  it('owner and admins only: a member 403, anyone outside 404', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(3);
    const member = await w.joined(owner, teamId);
    const other = await w.owned(1);
    expect(await refusal(listInviteLinks(w.deps, member, teamId))).toEqual({
      code: 'FORBIDDEN',
      msg: msg('notTeamAdmin'),
    });
    expect(await refusal(listInviteLinks(w.deps, other.owner, teamId))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('teamNotFound'),
    });
    expect((await listInviteLinks(w.deps, other.owner, other.teamId)).links).toEqual([]);
  });
});
