// One seat per team per mailbox, and what a departure takes off the team (docs/product.md, "Teams"), held by
// the teams store (functions/teams/dynamodb/team-seat-claims.ts and the fake, tests/support/fakes/
// team-store.ts): addresses reaching one mailbox (a +tag, Gmail's dots) hold one seat between them, until
// that member leaves, is removed or deletes their account; a member who leaves or is removed takes their
// chosen headshot off their row and its mark off their task. Run with the TeamStore contract's subjects.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type TeamStoreSubject, team } from './team-store.contract.ts';

const NOW = 1_900_000_000;

/** The TeamStore contract's subject, and a task of the member's deleted as the task store deletes it. */
export type SeatClaimsSubject = TeamStoreSubject & {
  deleteTask(userId: string, taskId: string): Promise<void>;
};

export function teamSeatClaimsContract(make: () => SeatClaimsSubject | Promise<SeatClaimsSubject>) {
  describe('one seat per mailbox, and a departure', () => {
    /** `email` joins `teamId` by its link: the store's answer and who it was. */
    async function joins(s: SeatClaimsSubject, teamId: string, linkId: string, email: string) {
      const user = { id: randomUUID(), email };
      const memberId = randomUUID();
      const res = await s.store.join({
        teamId,
        user,
        memberId,
        invited: false,
        linkId,
        allowance: 40,
        photosReadyUntil: null,
        now: NOW,
      });
      return { res, ...user, memberId };
    }

    it('a +tag or a dotted Gmail address of a seated mailbox is refused; another mailbox joins', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      const tag = randomUUID().slice(0, 8);
      const first = await joins(s, t.id, link.linkId, `p${tag}+1@acme.test`);
      expect(first.res).toEqual({ ok: true, memberId: first.memberId });
      for (const again of [`p${tag}+2@acme.test`, `p${tag}@acme.test`])
        expect((await joins(s, t.id, link.linkId, again)).res).toEqual({
          ok: false,
          reason: 'mailbox-has-seat',
        });
      const gmail = await joins(s, t.id, link.linkId, `j.doe.${tag}@gmail.com`);
      expect(gmail.res.ok).toBe(true);
      expect((await joins(s, t.id, link.linkId, `jdoe${tag}+cv@googlemail.com`)).res).toEqual({
        ok: false,
        reason: 'mailbox-has-seat',
      });
      expect((await joins(s, t.id, link.linkId, `q${tag}@acme.test`)).res.ok).toBe(true);
      // The refusals took nothing: three seats, three uses of the link.
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 3 });
      expect((await s.store.getLink(t.id, link.linkId))?.uses).toBe(3);
    });

    it('two addresses of one mailbox joining at once: one seat, one refusal', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      const tag = randomUUID().slice(0, 8);
      const answers = await Promise.all(
        ['a', 'b', 'c'].map((x) => joins(s, t.id, link.linkId, `p${tag}+${x}@acme.test`)),
      );
      expect(answers.filter((a) => a.res.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.res.ok).map((a) => a.res)).toEqual([
        { ok: false, reason: 'mailbox-has-seat' },
        { ok: false, reason: 'mailbox-has-seat' },
      ]);
      expect(await s.store.getTeam(t.id)).toMatchObject({ seatsUsed: 1 });
    });

    it('the claim is the team’s own: the same mailbox takes a seat in another team', async () => {
      const s = await make();
      const tag = randomUUID().slice(0, 8);
      const a = await team(s, 2);
      const b = await team(s, 2);
      expect((await joins(s, a.team.id, a.link.linkId, `p${tag}+a@acme.test`)).res.ok).toBe(true);
      // One team per person still holds (another account, the same mailbox).
      expect((await joins(s, b.team.id, b.link.linkId, `p${tag}+b@acme.test`)).res.ok).toBe(true);
    });

    it('leaving or a removal frees the mailbox: the same person joins again', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      const tag = randomUUID().slice(0, 8);
      const first = await joins(s, t.id, link.linkId, `p${tag}+1@acme.test`);
      expect(await s.store.removeMember(t.id, first.memberId, NOW + 1)).toBe(true);
      const back = await joins(s, t.id, link.linkId, `p${tag}+2@acme.test`);
      expect(back.res).toEqual({ ok: true, memberId: back.memberId });
      expect((await joins(s, t.id, link.linkId, `p${tag}+3@acme.test`)).res).toEqual({
        ok: false,
        reason: 'mailbox-has-seat',
      });
    });

    it('an account deleted frees its mailbox too', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      const tag = randomUUID().slice(0, 8);
      const first = await joins(s, t.id, link.linkId, `p${tag}+1@acme.test`);
      expect(await s.departures.leaveOnDeletion(first.id, NOW + 1)).toBeNull();
      expect((await joins(s, t.id, link.linkId, `p${tag}+2@acme.test`)).res.ok).toBe(true);
    });

    it('a removed member’s chosen headshot leaves their row, and its mark their task', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      const m = await joins(s, t.id, link.linkId, `m${randomUUID().slice(0, 8)}@acme.test`);
      const taskId = '179000000000-0000000000aa';
      await s.task({ userId: m.id, taskId, teamId: t.id, memberId: m.memberId, status: 'DONE' });
      const chosen = {
        taskId,
        resultFile: `corporate_${taskId}.png`,
        fileName: 'corporate.png',
        likeness: 0.8,
        faceBox: null,
        chosenAt: NOW,
      };
      expect(await s.store.setChosen(m.id, t.id, m.memberId, chosen)).toBe(true);
      expect(await s.taskChosenAt(m.id, taskId)).toBe(NOW);
      expect(await s.store.removeMember(t.id, m.memberId, NOW + 1)).toBe(true);
      expect(await s.store.getMember(t.id, m.memberId)).toMatchObject({ leftAt: NOW + 1, chosen: null });
      expect(await s.taskChosenAt(m.id, taskId)).toBeNull();
    });

    it('a member who chose leaves after deleting that avatar: the removal still goes through', async () => {
      const s = await make();
      const { team: t, link } = await team(s, 5);
      const m = await joins(s, t.id, link.linkId, `m${randomUUID().slice(0, 8)}@acme.test`);
      const taskId = '179000000000-0000000000bb';
      await s.task({ userId: m.id, taskId, teamId: t.id, memberId: m.memberId, status: 'DONE' });
      await s.store.setChosen(m.id, t.id, m.memberId, {
        taskId,
        resultFile: `corporate_${taskId}.png`,
        fileName: 'corporate.png',
        likeness: null,
        faceBox: null,
        chosenAt: NOW,
      });
      await s.deleteTask(m.id, taskId);
      expect(await s.store.removeMember(t.id, m.memberId, NOW + 1)).toBe(true);
      expect(await s.store.getMember(t.id, m.memberId)).toMatchObject({ chosen: null });
      expect(await s.taskChosenAt(m.id, taskId)).toBeNull();
    });
  });
}
