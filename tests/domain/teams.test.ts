// The teams use cases (functions/teams/domain) against the in-memory ports (tests/support/fakes/team-store.ts,
// held to the adapters by tests/contracts/team-store.contract.ts): who may do what (404 outside, 403 for a
// member), the join rules, the allowance's spend and refund arithmetic, remind once a day, removal freeing a
// seat only without generation, the statuses, the CSV's rows, the ZIP's folders, "Chosen for my team" and
// "photos ready". The transactions and races themselves are the integration tests' (teams-*.test.ts).
import { describe, expect, it } from 'vitest';
import type { User } from '#platform/domain/ports.ts';
import { PHOTO_LIMITS } from '#shared/photo-rules.ts';
import { TEAM_LIMITS } from '#shared/team-rules.ts';
import { resultFilename } from '../../functions/generation/domain/task-names.ts';
import type { TaskRecord } from '../../functions/generation/domain/tasks.ts';
import { checkAllowed } from '../../functions/generation/domain/team-allowed.ts';
import { notePhotoProgress, photosReadyUntil } from '../../functions/photos/domain/team-photo-progress.ts';
import {
  allowanceLeft,
  allowanceOfSeat,
  grantRetry,
  refund,
  spend,
} from '../../functions/teams/domain/allowance.ts';
import { setChosen } from '../../functions/teams/domain/chosen.ts';
import {
  type HeadshotZipDeps,
  headshotFolders,
  prepareTeamArchive,
  teamHeadshotsZip,
} from '../../functions/teams/domain/headshots-zip.ts';
import { membersCsv } from '../../functions/teams/domain/members-csv.ts';
import type { Member, TeamDeps } from '../../functions/teams/domain/ports.ts';
import { type SeatCheckoutDeps, seatCheckout } from '../../functions/teams/domain/seat-checkout.ts';
import { teamPageUrl } from '../../functions/teams/domain/team-access.ts';
import {
  createInviteLink,
  createTeam,
  grantMemberRetry,
  INVITE_CODE_SECONDS,
  inviteMembers,
  joinTeam,
  listMembers,
  type MembersPageDeps,
  memberStatus,
  myTeam,
  remindMember,
  removeMember,
  revokeInviteLink,
  setAllowed,
  setMemberRole,
  teamForDownload,
} from '../../functions/teams/domain/teams.ts';
import { FakeResultFiles, FakeResultImages } from '../support/fakes/result-files.ts';
import { msg, refusal, TEAM_WEB_URL, teamWorld } from '../support/team-world.ts';
import { zipNames } from '../support/zip.ts';

function world() {
  const checkouts: unknown[] = [];
  const w = teamWorld(
    (): Omit<HeadshotZipDeps & SeatCheckoutDeps & Pick<MembersPageDeps, 'results'>, keyof TeamDeps> => ({
      seats: {
        provider: {
          createTeamCustomer: async (c) => `cus_${c.teamId}`,
          createSeatCheckout: async (i) => ({
            id: `cs_${i.quantity}`,
            url: `https://checkout.test/${i.quantity}`,
          }),
        },
        records: {
          recordSeatCheckout: async (r) => void checkouts.push(r),
          linkTeamCustomer: async (_teamId, customerId) => customerId,
          listSeatPurchases: async () => [],
        },
        priceCents: 2900,
        accounts: { getAccount: async () => null },
      },
      results: new FakeResultFiles(),
      images: new FakeResultImages(),
    }),
  );
  /** An owner with a team of `seats` seats. */
  const owned = (seats = 3, o: Partial<User> = {}) =>
    w.teamOf(w.user(o), { name: ' Acme ', domains: ['Acme.TEST'] }, seats);
  return { ...w, owned, checkouts };
}

describe('creating a team and who may act on it', () => {
  it('the creator owns it; its domains are kept in ASCII lower case; one team per person', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(2);
    expect(await w.teams.getTeam(teamId)).toMatchObject({
      name: 'Acme',
      domains: ['acme.test'],
      ownerId: owner.id,
    });
    expect(await myTeam(w.deps, owner)).toMatchObject({
      team_id: teamId,
      role: 'owner',
      seats_total: 2,
      seats_used: 0,
      chosen_task_id: null,
    });
    expect((await myTeam(w.deps, owner)).allowance_left).toBeUndefined();
    expect(await refusal(createTeam(w.deps, owner, { name: 'Again' }))).toEqual({
      code: 'ALREADY_IN_TEAM',
      msg: msg('alreadyInTeam'),
    });
    expect(await refusal(createTeam(w.deps, w.user(), { name: 'X', domains: ['not a domain'] }))).toEqual({
      code: 'VALIDATION_FAILED',
      msg: msg('invalidDomain'),
    });
    expect(await refusal(myTeam(w.deps, w.user({ lang: 'fr' })))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('noTeam', 'fr'),
    });
  });

  it('someone outside gets 404 "Team not found"; a member 403 on admin actions, an admin 403 on the owner’s', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const other = await w.owned();
    const member = await w.joined(owner, teamId);
    const admin = await w.joined(owner, teamId);
    await setMemberRole(w.deps, owner, teamId, admin.memberId, 'admin');
    const notFound = { code: 'NOT_FOUND', msg: msg('teamNotFound') };
    expect(await refusal(listMembers(w.deps, other.owner, teamId, {}))).toEqual(notFound);
    expect(await refusal(inviteMembers(w.deps, w.user(), teamId, ['a@acme.test']))).toEqual(notFound);
    expect(await refusal(listMembers(w.deps, member, teamId, {}))).toEqual({
      code: 'FORBIDDEN',
      msg: msg('notTeamAdmin'),
    });
    expect((await listMembers(w.deps, admin, teamId, {})).members).toHaveLength(3);
    expect(await refusal(setAllowed(w.deps, admin, teamId, { styles: null, combos: null }))).toEqual({
      code: 'FORBIDDEN',
      msg: msg('notTeamOwner'),
    });
    // Downloads: a link made for another team opens nothing here.
    expect(await refusal(teamForDownload(w.deps, owner, teamId, { object: other.teamId }))).toEqual(notFound);
    expect((await teamForDownload(w.deps, owner, teamId, { object: teamId })).id).toBe(teamId);
    expect((await teamForDownload(w.deps, admin, teamId, null)).id).toBe(teamId);
  });

  it('the owner’s looks are kept without repeats', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const combo = { backdrop: 'studio-grey', outfit: 'suit' } as never;
    const res = await setAllowed(w.deps, owner, teamId, { styles: [3, 3, 4], combos: [combo, combo] });
    expect(res).toEqual({ success: true, allowed: { styles: [3, 4], combos: [combo] } });
    expect((await w.teams.getTeam(teamId))?.allowed).toEqual({ styles: [3, 4], combos: [combo] });
    expect((await setAllowed(w.deps, owner, teamId, { styles: null, combos: null })).allowed).toEqual({
      styles: null,
      combos: null,
    });
  });
});

describe('invitations and links', () => {
  it('emails each new address once in the team’s language, and reports the others', async () => {
    const w = world();
    const owner = w.user({ lang: 'fr' });
    const { team_id: teamId } = await createTeam(w.deps, owner, { name: 'Acme' });
    // Invitations need free seats (teams-invite-limits.test.ts).
    w.teams.creditSeats(teamId, 2);
    const res = await inviteMembers(w.deps, owner, teamId, [
      'New@Acme.test',
      'new@acme.test',
      'not an address',
      owner.email,
      'other@elsewhere.test',
    ]);
    expect(res.invited).toEqual(['new@acme.test', 'other@elsewhere.test']);
    expect(res.skipped).toEqual([
      { email: 'new@acme.test', reason: 'duplicate' },
      { email: 'not an address', reason: 'invalid' },
      { email: owner.email, reason: 'member' },
    ]);
    const [mail] = w.mailer.to('new@acme.test');
    expect(mail?.subject).toBe('Acme vous invite à créer votre photo professionnelle');
    expect(mail?.text).toContain(`${TEAM_WEB_URL}/fr/app/team?code=`);
    const again = await inviteMembers(w.deps, owner, teamId, ['new@acme.test']);
    expect(again).toEqual({ invited: [], skipped: [{ email: 'new@acme.test', reason: 'already_invited' }] });
    expect(w.mailer.sent).toHaveLength(2);
  });

  it('an open link needs a domain; revoking an unknown one is 404', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    expect(
      await refusal(
        createInviteLink(w.deps, owner, teamId, { domains: [], max_uses: 2, expires_in_days: 3 }),
      ),
    ).toEqual({ code: 'VALIDATION_FAILED', msg: msg('invalidDomain') });
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test'],
      max_uses: 2,
      expires_in_days: 3,
    });
    expect(link).toMatchObject({ max_uses: 2, expires_at: w.clock.now() + 3 * 86_400 });
    expect(link.url).toBe(teamPageUrl(TEAM_WEB_URL, 'en', link.code));
    expect(await revokeInviteLink(w.deps, owner, teamId, link.link_id)).toEqual({ success: true });
    expect(await refusal(revokeInviteLink(w.deps, owner, teamId, 'nope'))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('linkNotFound'),
    });
  });
});

describe('joining', () => {
  async function linkOf(
    w: ReturnType<typeof world>,
    o: { max_uses?: number; days?: number; seats?: number } = {},
  ) {
    const { owner, teamId } = await w.owned(o.seats ?? 5);
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test'],
      max_uses: o.max_uses ?? 10,
      expires_in_days: o.days ?? 7,
    });
    return { owner, teamId, link };
  }

  it('takes a seat and gives the seat’s allowance; the member sees it', async () => {
    const w = world();
    const { teamId, link } = await linkOf(w);
    const member = w.user();
    expect(await joinTeam(w.deps, member, link.code)).toEqual({ team_id: teamId });
    expect(await myTeam(w.deps, member)).toMatchObject({ role: 'member', seats_used: 1, allowance_left: 40 });
  });

  it.each([
    ['an unverified email', { status: 'PENDING' }, 'EMAIL_NOT_VERIFIED', 'emailNotVerified'],
    ['another domain', { email: 'me@evilacme.test' }, 'DOMAIN_NOT_ALLOWED', 'domainRefused'],
    ['a look-alike domain', { email: 'me@acme.test.evil.example' }, 'DOMAIN_NOT_ALLOWED', 'domainRefused'],
  ] as const)('refuses %s', async (_what, fields, code, id) => {
    const w = world();
    const { link } = await linkOf(w);
    expect(await refusal(joinTeam(w.deps, w.user(fields as Partial<User>), link.code))).toEqual({
      code,
      msg: msg(id),
    });
  });

  it('refuses an unknown code, a revoked or expired link, a full team, a used-up link, a second team', async () => {
    const w = world();
    expect(await refusal(joinTeam(w.deps, w.user(), 'nope'))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('linkNotFound'),
    });
    const a = await linkOf(w, { seats: 1, max_uses: 5 });
    await joinTeam(w.deps, w.user(), a.link.code);
    expect(await refusal(joinTeam(w.deps, w.user({ lang: 'fr' }), a.link.code))).toEqual({
      code: 'NO_SEAT',
      msg: msg('noSeat', 'fr'),
    });
    const b = await linkOf(w, { max_uses: 1 });
    const first = w.user();
    await joinTeam(w.deps, first, b.link.code);
    expect(await refusal(joinTeam(w.deps, w.user(), b.link.code))).toEqual({
      code: 'LINK_CAP_REACHED',
      msg: msg('capReached'),
    });
    expect(await refusal(joinTeam(w.deps, first, a.link.code))).toEqual({
      code: 'ALREADY_IN_TEAM',
      msg: msg('alreadyInTeam'),
    });
    const c = await linkOf(w);
    await revokeInviteLink(w.deps, c.owner, c.teamId, c.link.link_id);
    expect(await refusal(joinTeam(w.deps, w.user(), c.link.code))).toEqual({
      code: 'LINK_REVOKED',
      msg: msg('linkRevoked'),
    });
    const d = await linkOf(w, { days: 1 });
    w.clock.advance(86_400);
    expect(await refusal(joinTeam(w.deps, w.user(), d.link.code))).toEqual({
      code: 'LINK_EXPIRED',
      msg: msg('linkExpired'),
    });
  });

  it('an emailed invitation joins its own address only, whatever its domain, until it expires', async () => {
    const w = world();
    const { owner, teamId, link } = await linkOf(w);
    await inviteMembers(w.deps, owner, teamId, ['guest@elsewhere.test', 'late@elsewhere.test']);
    const codeOf = (to: string) => /code=([\w-]+)/.exec(w.mailer.to(to)[0]?.text ?? '')?.[1] as string;
    expect(
      await refusal(
        joinTeam(w.deps, w.user({ email: 'someone@elsewhere.test' }), codeOf('guest@elsewhere.test')),
      ),
    ).toEqual({
      code: 'FORBIDDEN',
      msg: msg('inviteForAnother'),
    });
    const guest = w.user({ email: 'guest@elsewhere.test' });
    expect(await joinTeam(w.deps, guest, codeOf('guest@elsewhere.test'))).toEqual({ team_id: teamId });
    // An invited address may also join by the open link, outside its domains.
    const late = w.user({ email: 'late@elsewhere.test' });
    expect(await joinTeam(w.deps, late, link.code)).toEqual({ team_id: teamId });
    const rows = (await listMembers(w.deps, owner, teamId, {})).members;
    expect(
      rows
        .filter((r) => r.status === 'joined' && r.role === 'member')
        .map((r) => r.email)
        .sort(),
    ).toEqual(['guest@elsewhere.test', 'late@elsewhere.test']);
    await inviteMembers(w.deps, owner, teamId, ['slow@elsewhere.test']);
    w.clock.advance(INVITE_CODE_SECONDS);
    expect(
      await refusal(
        joinTeam(w.deps, w.user({ email: 'slow@elsewhere.test' }), codeOf('slow@elsewhere.test')),
      ),
    ).toEqual({
      code: 'LINK_EXPIRED',
      msg: msg('linkExpired'),
    });
  });

  it('a withdrawn invitation (its row removed) says it was revoked, in the invitee’s language; a new one joins', async () => {
    const w = world();
    const { owner, teamId } = await linkOf(w);
    await inviteMembers(w.deps, owner, teamId, ['gone@elsewhere.test']);
    // The newest invitation's code (the fake mailer lists the newest first).
    const newestCode = () =>
      /code=([\w-]+)/.exec(w.mailer.to('gone@elsewhere.test')[0]?.text ?? '')?.[1] as string;
    const row = (await listMembers(w.deps, owner, teamId, {})).members.find(
      (m) => m.email === 'gone@elsewhere.test',
    );
    const first = newestCode();
    await removeMember(w.deps, owner, teamId, row?.member_id as string);
    const invitee = w.user({ email: 'gone@elsewhere.test', lang: 'fr' });
    expect(await refusal(joinTeam(w.deps, invitee, first))).toEqual({
      code: 'LINK_REVOKED',
      msg: msg('linkRevoked', 'fr'),
    });
    // The team emails one address once a day at most, whatever became of its row (teams-invite-limits.test.ts).
    w.clock.advance(TEAM_LIMITS.addressEmailEverySeconds);
    await inviteMembers(w.deps, owner, teamId, ['gone@elsewhere.test']);
    expect(newestCode()).not.toBe(first);
    expect(await joinTeam(w.deps, invitee, newestCode())).toEqual({ team_id: teamId });
  });

  it('starts as "photos ready" when the photos needed are kept already', async () => {
    const w = world();
    const { owner, teamId, link } = await linkOf(w);
    const now = w.clock.now();
    w.deps.photos = { list: async () => [{ expiresAt: now + 100 }, { expiresAt: now + 50 }] };
    const member = w.user();
    await joinTeam(w.deps, member, link.code);
    const row = (await listMembers(w.deps, owner, teamId, {})).members.find((m) => m.email === member.email);
    expect(row?.status).toBe('photos_ready');
    w.clock.advance(50);
    const later = (await listMembers(w.deps, owner, teamId, {})).members.find(
      (m) => m.email === member.email,
    );
    expect(later?.status).toBe('joined');
  });
});

describe('the allowance', () => {
  it('a seat gives 40 avatars; spends, refunds and retries add up, never below zero or past what is left', () => {
    const seat = allowanceOfSeat();
    expect(seat).toEqual({ total: TEAM_LIMITS.avatarsPerSeat, spent: 0 });
    const after = spend(seat, 38);
    expect(after && allowanceLeft(after)).toBe(2);
    expect(after && spend(after, 3)).toBeNull();
    expect(() => spend(seat, 0)).toThrow(RangeError);
    expect(() => spend(seat, 1.5)).toThrow(RangeError);
    const back = refund(after as NonNullable<typeof after>);
    expect(allowanceLeft(back)).toBe(3);
    expect(refund({ total: 40, spent: 0 }, 2)).toEqual({ total: 40, spent: 0 });
    expect(allowanceLeft(grantRetry({ total: 40, spent: 40 }))).toBe(1);
    expect(allowanceLeft({ total: 40, spent: 45 })).toBe(0);
  });

  it('is spent only on the owner’s looks: a refusal says which rule, in the member’s language', () => {
    const allowed = { styles: [1, 2], combos: [{ backdrop: 'studio-grey', outfit: 'suit' }] } as never;
    const pick = (id: number, acceptsChoices: boolean, backdrop: string, outfit: string) =>
      ({ style: { id, acceptsChoices }, choice: { backdrop, outfit } }) as never;
    expect(() =>
      checkAllowed('en', allowed, [pick(1, true, 'studio-grey', 'suit'), pick(2, false, 'x', 'y')]),
    ).not.toThrow();
    expect(() => checkAllowed('fr', allowed, [pick(3, false, 'x', 'y')])).toThrow(
      msg('styleNotAllowed', 'fr'),
    );
    expect(() => checkAllowed('en', allowed, [pick(1, true, 'studio-grey', 'casual')])).toThrow(
      msg('comboNotAllowed'),
    );
  });

  it('an admin grants one more avatar to a seated member; not to someone without a seat', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    expect(await grantMemberRetry(w.deps, owner, teamId, member.memberId)).toEqual({
      success: true,
      allowance_left: 41,
    });
    const ownRow = (await w.teams.membershipOf(owner.id))?.memberId as string;
    expect(await refusal(grantMemberRetry(w.deps, owner, teamId, ownRow))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('memberNotFound'),
    });
    expect(await refusal(grantMemberRetry(w.deps, owner, teamId, 'nobody'))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('memberNotFound'),
    });
  });

  it('grants at most TEAM_LIMITS.maxRetryGrantsPerSeat retries per member: then 409 in the admin’s language', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    for (let i = 1; i <= TEAM_LIMITS.maxRetryGrantsPerSeat; i++)
      expect((await grantMemberRetry(w.deps, owner, teamId, member.memberId)).allowance_left).toBe(40 + i);
    expect(await refusal(grantMemberRetry(w.deps, owner, teamId, member.memberId))).toEqual({
      code: 'RETRY_CAP_REACHED',
      msg: msg('retryCapReached'),
    });
    expect(
      await refusal(grantMemberRetry(w.deps, { ...owner, lang: 'fr' }, teamId, member.memberId)),
    ).toEqual({ code: 'RETRY_CAP_REACHED', msg: msg('retryCapReached', 'fr') });
    expect((await w.teams.getMember(teamId, member.memberId))?.allowanceLeft).toBe(50);
  });
});

describe('the dashboard', () => {
  it('reminds a member at most once a day, by email in the team’s language', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const first = await remindMember(w.deps, owner, teamId, member.memberId);
    expect(first).toEqual({ success: true, reminded_at: w.clock.now() });
    expect(w.mailer.to(member.email)[0]?.subject).toBe('Reminder: your headshot for Acme');
    w.clock.advance(TEAM_LIMITS.remindEverySeconds - 1);
    expect(await refusal(remindMember(w.deps, owner, teamId, member.memberId))).toEqual({
      code: 'ALREADY_REMINDED',
      msg: msg('remindedToday'),
    });
    w.clock.advance(1);
    expect((await remindMember(w.deps, owner, teamId, member.memberId)).success).toBe(true);
    expect(w.mailer.to(member.email)).toHaveLength(2);
  });

  it('removal frees the seat only when the member generated nothing; members leave, owners stay', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(3);
    const [idle, maker, leaver] = [
      await w.joined(owner, teamId),
      await w.joined(owner, teamId),
      await w.joined(owner, teamId),
    ];
    w.teams.changeAllowance(teamId, maker.memberId, -1);
    expect(await refusal(removeMember(w.deps, idle, teamId, maker.memberId))).toEqual({
      code: 'FORBIDDEN',
      msg: msg('notTeamAdmin'),
    });
    await removeMember(w.deps, owner, teamId, idle.memberId);
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(2);
    await removeMember(w.deps, owner, teamId, maker.memberId);
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(2);
    expect(await removeMember(w.deps, leaver, teamId, leaver.memberId)).toEqual({ success: true });
    expect((await w.teams.getTeam(teamId))?.seatsUsed).toBe(1);
    expect(await refusal(myTeam(w.deps, leaver))).toEqual({ code: 'NOT_FOUND', msg: msg('noTeam') });
    const ownRow = (await w.teams.membershipOf(owner.id))?.memberId as string;
    expect(await refusal(removeMember(w.deps, owner, teamId, ownRow))).toEqual({
      code: 'FORBIDDEN',
      msg: msg('ownerStays'),
    });
    expect(await refusal(removeMember(w.deps, owner, teamId, idle.memberId))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('memberNotFound'),
    });
    const rows = (await listMembers(w.deps, owner, teamId, {})).members;
    expect(rows.filter((r) => r.status === 'left')).toHaveLength(3);
  });

  it('roles: the owner makes admins and back; not of the owner nor of an invitation', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    await setMemberRole(w.deps, owner, teamId, member.memberId, 'admin');
    expect((await myTeam(w.deps, member)).role).toBe('admin');
    await setMemberRole(w.deps, owner, teamId, member.memberId, 'member');
    expect((await myTeam(w.deps, member)).role).toBe('member');
    await inviteMembers(w.deps, owner, teamId, ['invitee@acme.test']);
    const invitee = (await listMembers(w.deps, owner, teamId, {})).members.find(
      (m) => m.status === 'invited',
    );
    expect(
      await refusal(setMemberRole(w.deps, owner, teamId, invitee?.member_id as string, 'admin')),
    ).toEqual({
      code: 'FORBIDDEN',
      msg: msg('ownerStays'),
    });
  });

  it('pages the members (a page size between 1 and 100, 50 by default)', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(5);
    for (let i = 0; i < 4; i++) await w.joined(owner, teamId);
    const first = await listMembers(w.deps, owner, teamId, { limit: '2' });
    expect(first.members).toHaveLength(2);
    expect(first).toMatchObject({ seats_total: 5, seats_used: 4 });
    const rest = await listMembers(w.deps, owner, teamId, {
      cursor: first.next_cursor as string,
      limit: '500',
    });
    expect(rest.members).toHaveLength(3);
    expect(rest.next_cursor).toBeNull();
    expect((await listMembers(w.deps, owner, teamId, { limit: '0' })).members).toHaveLength(1);
    expect((await listMembers(w.deps, owner, teamId, { limit: 'x' })).members).toHaveLength(5);
  });

  it('each status from the member’s row', () => {
    const base: Member = {
      teamId: 't',
      memberId: 'm',
      userId: 'u',
      email: 'a@acme.test',
      role: 'member',
      hasSeat: true,
      allowanceTotal: 40,
      allowanceLeft: 40,
      allowanceSpent: 0,
      finished: 0,
      invitedAt: null,
      joinedAt: 1,
      leftAt: null,
      remindedAt: null,
      photosReadyUntil: null,
      adminSince: null,
      chosen: null,
    };
    const now = 1000;
    const chosen = {
      taskId: 'x',
      resultFile: 'f',
      fileName: 'f',
      likeness: null,
      faceBox: null,
      chosenAt: 1,
    };
    expect(memberStatus(base, now)).toBe('joined');
    expect(memberStatus({ ...base, photosReadyUntil: now + 1 }, now)).toBe('photos_ready');
    expect(memberStatus({ ...base, photosReadyUntil: now }, now)).toBe('joined');
    expect(memberStatus({ ...base, photosReadyUntil: now + 1, allowanceSpent: 1 }, now)).toBe('generating');
    expect(memberStatus({ ...base, allowanceSpent: 1, finished: 1 }, now)).toBe('done');
    expect(memberStatus({ ...base, finished: 1, chosen }, now)).toBe('chosen');
    expect(memberStatus({ ...base, userId: null }, now)).toBe('invited');
    expect(memberStatus({ ...base, leftAt: 5, chosen }, now)).toBe('left');
  });

  it('the CSV: a header in the reader’s language and one row per member, dates as days', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    await w.joined(owner, teamId, { email: '=cmd@acme.test' });
    const lines: string[] = [];
    for await (const chunk of membersCsv(w.deps, teamId, 'fr'))
      lines.push(...chunk.split('\r\n').filter(Boolean));
    expect(lines[0]).toBe('nom,e-mail,statut,photo choisie,ressemblance,invité,arrivé,choisie,parti');
    expect(lines).toHaveLength(3);
    const day = new Date(w.clock.now() * 1000).toISOString().slice(0, 10);
    expect(lines[2]).toBe(`'=cmd,'=cmd@acme.test,joined,,,,${day},,`);
  });

  it('seats: a checkout for the quantity at the seat’s price, recorded for the webhook', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    expect(await seatCheckout(w.deps, owner, teamId, { quantity: 3, lang: 'fr' })).toEqual({
      url: 'https://checkout.test/3',
    });
    expect(w.checkouts).toEqual([
      { sessionId: 'cs_3', teamId, userId: owner.id, quantity: 3, amountCents: 8700, now: w.clock.now() },
    ]);
    const { seats: _s, ...noSeats } = w.deps;
    expect((await refusal(seatCheckout(noSeats, owner, teamId, { quantity: 1 }))).code).toBe('UNKNOWN_PRICE');
  });
});

describe('chosen headshots and the ZIP', () => {
  const task = (userId: string, teamId: string, memberId: string, o: Partial<TaskRecord> = {}) =>
    ({
      id: '179000000000-0000000000aa',
      userId,
      status: 'DONE',
      resultFile: resultFilename('corporate', '179000000000-0000000000aa', 'image/png'),
      likeness: { score: 0.91 },
      faceBox: { x: 0.3, y: 0.2, width: 0.4, height: 0.4 },
      team: { teamId, memberId },
      ...o,
    }) as unknown as TaskRecord;

  it('a member chooses a finished team avatar; not a personal or unfinished one; none outside a team', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const t = task(member.id, teamId, member.memberId);
    w.teams.putTask({ userId: member.id, taskId: t.id, status: 'DONE', teamId, memberId: member.memberId });
    let current = t;
    const deps = { tasks: { get: async () => current }, choices: w.teams, clock: w.clock };
    expect(await setChosen(deps, member, t.id, true)).toEqual({ success: true, task_id: t.id, chosen: true });
    expect((await myTeam(w.deps, member)).chosen_task_id).toBe(t.id);
    const row = (await listMembers(w.deps, owner, teamId, {})).members.find(
      (m) => m.member_id === member.memberId,
    );
    expect(row).toMatchObject({ status: 'chosen', chosen: { task_id: t.id, likeness: 0.91 } });
    // Its thumbnail, signed for the member's own file as the gallery signs it (the dashboard shows it).
    expect(row?.chosen?.thumbnail_url).toBe(
      (await (w.deps.results as FakeResultFiles).viewUrls(member.id, t.resultFile as string, 15 * 60))
        .thumbnailUrl,
    );
    expect(await setChosen(deps, member, t.id, false)).toMatchObject({ chosen: false });
    current = task(member.id, teamId, member.memberId, { team: null } as never);
    expect(await refusal(setChosen(deps, member, t.id, true))).toEqual({
      code: 'VALIDATION_FAILED',
      msg: msg('notChosenYet'),
    });
    current = task(member.id, teamId, member.memberId, { status: 'IN_PROGRESS' } as never);
    expect((await refusal(setChosen(deps, member, t.id, true))).code).toBe('VALIDATION_FAILED');
    expect(await refusal(setChosen(deps, w.user(), t.id, true))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('noTeam'),
    });
    expect(await refusal(setChosen(deps, member, 'not-a-task', true))).toEqual({
      code: 'NOT_FOUND',
      msg: 'Avatar not found.',
    });
  });

  it('the ZIP: one folder per member who chose, built once per set of choices', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    expect(await refusal(teamHeadshotsZip(w.deps, owner, teamId, null))).toEqual({
      code: 'NOT_FOUND',
      msg: msg('noneChosen'),
    });
    const member = await w.joined(owner, teamId, { email: 'jane.doe@acme.test' });
    const t = task(member.id, teamId, member.memberId);
    const files = w.deps.results as FakeResultFiles;
    await files.save(
      member.id,
      t.resultFile as string,
      new Uint8Array([1, 2, 3]),
      'image/png',
      new Uint8Array([9]),
    );
    w.teams.putTask({ userId: member.id, taskId: t.id, status: 'DONE', teamId, memberId: member.memberId });
    await setChosen({ tasks: { get: async () => t }, choices: w.teams, clock: w.clock }, member, t.id, true);
    const url = await teamHeadshotsZip(w.deps, owner, teamId, null);
    expect(url).toContain(`team-${teamId}`);
    const zips = [...files.bucket.keys()].filter((k) => k.startsWith('archives/'));
    expect(zips).toHaveLength(1);
    const zip = files.bucket.get(zips[0] as string)?.bytes as Uint8Array;
    const names = Buffer.from(zip).toString('latin1');
    expect(names).toContain('jane.doe/');
    expect(names).toContain('-1080.jpg');
    expect((w.deps.images as FakeResultImages).presets).toEqual([
      { preset: 'profile', maxBytes: expect.any(Number), faceBox: t.faceBox },
    ]);
    // The same choices: the same archive, not built again.
    expect(await teamHeadshotsZip(w.deps, owner, teamId, null)).toBe(url);
    expect([...files.bucket.keys()].filter((k) => k.startsWith('archives/'))).toHaveLength(1);
  });
  it("the ZIP's folders are one per member, even when a made-unique name is someone's own", async () => {
    const w = world();
    const { owner, teamId } = await w.owned(5);
    const files = w.deps.results as FakeResultFiles;
    // "ana#x" and "ana_x" both read "ana_x"; the second became "ana_x-2", which is the third's own name.
    // ("ana!x" was the example until "!", a relay form, stopped being part of an address.)
    for (const email of ['ana#x@acme.test', 'ana_x@acme.test', 'ana_x-2@acme.test']) {
      const member = await w.joined(owner, teamId, { email });
      const t = task(member.id, teamId, member.memberId);
      await files.save(
        member.id,
        t.resultFile as string,
        new Uint8Array([1]),
        'image/png',
        new Uint8Array([9]),
      );
      w.teams.putTask({ userId: member.id, taskId: t.id, status: 'DONE', teamId, memberId: member.memberId });
      await setChosen(
        { tasks: { get: async () => t }, choices: w.teams, clock: w.clock },
        member,
        t.id,
        true,
      );
    }
    await teamHeadshotsZip(w.deps, owner, teamId, null);
    const key = [...files.bucket.keys()].find((k) => k.startsWith('archives/')) as string;
    const names = zipNames(Buffer.from(files.bucket.get(key)?.bytes as Uint8Array));
    expect(names).toHaveLength(6);
    // No two entries share a path (one member's files would replace another's), no folder holds two members.
    expect(new Set(names).size).toBe(6);
    expect(new Set(names.map((n) => n.split('/')[0])).size).toBe(3);
  });
  it("the ZIP's folders avoid the names Windows cannot unpack: devices, a final dot or space", () => {
    const locals = [
      'con',
      'CON',
      'con.x',
      'Prn',
      'aux',
      'nul.tar',
      'com1',
      'COM9.txt',
      'lpt1',
      'Lpt9',
      'ana.',
      'bo ',
      'con_',
    ];
    const folders = headshotFolders(locals.map((l) => ({ email: `${l}@acme.test` })));
    // Windows refuses a device name, with or without an extension, and drops a name's final dot or space.
    const refused = (name: string) =>
      /^(con|prn|aux|nul|com[1-9]|lpt[1-9])(\..*)?$/i.test(name) || /[. ]$/.test(name);
    expect(folders.filter(refused)).toEqual([]);
    // Still one folder per member, whatever the case (as Windows compares names): "con" made "con_" does not
    // merge with "CON" made the same, nor with the member whose name is "con_".
    expect(new Set(folders.map((f) => f.toLowerCase())).size).toBe(locals.length);
    expect(folders.slice(0, 3)).toEqual(['con_', 'CON_-2', 'con_.x']);
    expect(folders.slice(7, 11)).toEqual(['COM9_.txt', 'lpt1_', 'Lpt9_', 'ana._']);
    expect(folders.at(-1)).toBe('con_-3');
    // Names Windows takes are kept as they were.
    expect(
      headshotFolders([
        { email: 'console@acme.test' },
        { email: 'com10@acme.test' },
        { email: 'jane.doe@acme.test' },
      ]),
    ).toEqual(['console', 'com10', 'jane.doe']);
  });
  it('choosing makes the square once and records both sizes; the ZIP then asks storage only for the files', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const t = task(member.id, teamId, member.memberId);
    const files = w.deps.results as FakeResultFiles;
    const images = w.deps.images as FakeResultImages;
    await files.save(member.id, t.resultFile as string, new Uint8Array(50), 'image/png', new Uint8Array([9]));
    w.teams.putTask({ userId: member.id, taskId: t.id, status: 'DONE', teamId, memberId: member.memberId });
    const deps = { tasks: { get: async () => t }, choices: w.teams, clock: w.clock, results: files, images };
    await setChosen(deps, member, t.id, true);
    const square = (await files.readSize(member.id, t.resultFile as string, 'profile')) as Uint8Array;
    expect((await w.teams.getMember(teamId, member.memberId))?.chosen?.sizes).toEqual({
      full: 50,
      square: square.length,
    });
    expect(images.presets).toHaveLength(1);
    let sizeLookups = 0;
    const resultBytes = files.resultBytes.bind(files);
    files.resultBytes = async (...a) => {
      sizeLookups += 1;
      return resultBytes(...a);
    };
    await teamHeadshotsZip(w.deps, owner, teamId, null);
    expect(sizeLookups).toBe(0);
    expect(images.presets).toHaveLength(1);
    const zip = [...files.bucket.entries()].find(([k]) => k.startsWith('archives/'))?.[1].bytes as Uint8Array;
    // Both entries whole: the ZIP's length is what its sizes announced.
    expect(Buffer.from(zip).includes(Buffer.from(square))).toBe(true);
  });
});

describe('the team ZIP built ahead of its download', () => {
  const task = (userId: string, teamId: string, memberId: string): TaskRecord =>
    ({
      id: '179000000000-0000000000bb',
      userId,
      status: 'DONE',
      resultFile: resultFilename('corporate', '179000000000-0000000000bb', 'image/png'),
      likeness: { score: 0.9 },
      faceBox: { x: 0.3, y: 0.2, width: 0.4, height: 0.3 },
      team: { teamId, memberId },
    }) as unknown as TaskRecord;

  it('a choice and a removal announce the changed set; the job builds it once; the download then builds nothing', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const t = task(member.id, teamId, member.memberId);
    const files = w.deps.results as FakeResultFiles;
    const images = w.deps.images as FakeResultImages;
    await files.save(member.id, t.resultFile as string, new Uint8Array(40), 'image/png', new Uint8Array([9]));
    w.teams.putTask({ userId: member.id, taskId: t.id, status: 'DONE', teamId, memberId: member.memberId });
    const changed: string[] = [];
    const archives = { setChanged: async (id: string) => void changed.push(id) };
    const chosenDeps = {
      tasks: { get: async () => t },
      choices: w.teams,
      clock: w.clock,
      results: files,
      images,
    };
    await setChosen({ ...chosenDeps, archives }, member, t.id, true);
    expect(changed).toEqual([teamId]);
    // The job, as the privacy job function runs it: no square maker there, the choice carries its sizes.
    const job = { teams: w.teams, results: files };
    expect(await prepareTeamArchive(job, teamId)).toBe('built');
    expect(await prepareTeamArchive(job, teamId)).toBe('stored');
    const archivesStored = () => [...files.bucket.keys()].filter((k) => k.startsWith('archives/'));
    expect(archivesStored()).toHaveLength(1);
    let built = 0;
    const save = files.saveArchive.bind(files);
    files.saveArchive = async (...a) => {
      built += 1;
      return save(...a);
    };
    expect(await teamHeadshotsZip(w.deps, owner, teamId, null)).toContain(`team-${teamId}`);
    expect(built).toBe(0);
    // Taking the choice back and the member's removal change the set too.
    await setChosen({ ...chosenDeps, archives }, member, t.id, false);
    await setChosen({ ...chosenDeps, archives }, member, t.id, true);
    await removeMember({ ...w.deps, archives }, owner, teamId, member.memberId);
    expect(changed).toEqual([teamId, teamId, teamId, teamId]);
    expect(await prepareTeamArchive(job, teamId)).toBe('none-chosen');
  });

  it('the job keeps only the current set’s archive: the one holding a member who left goes', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(2);
    const [a, b] = [await w.joined(owner, teamId), await w.joined(owner, teamId)];
    const files = w.deps.results as FakeResultFiles;
    const images = w.deps.images as FakeResultImages;
    const chosenDeps = { tasks: { get: async () => undefined as never }, choices: w.teams, clock: w.clock };
    for (const m of [a, b]) {
      const t = task(m.id, teamId, m.memberId);
      await files.save(m.id, t.resultFile as string, new Uint8Array(40), 'image/png', new Uint8Array([9]));
      w.teams.putTask({ userId: m.id, taskId: t.id, status: 'DONE', teamId, memberId: m.memberId });
      await setChosen(
        { ...chosenDeps, tasks: { get: async () => t }, results: files, images },
        m,
        t.id,
        true,
      );
    }
    const dir = `archives/team-${teamId}/`;
    const stored = () => [...files.bucket.keys()].filter((k) => k.startsWith(dir));
    const archives = {
      setIds: async (o: string) =>
        [...files.bucket.keys()]
          .filter((k) => k.startsWith(`archives/${o}/`))
          .map((k) => k.slice(`archives/${o}/`.length, -'.zip'.length)),
      drop: async (o: string, ids: readonly string[]) => {
        for (const id of ids) files.bucket.delete(`archives/${o}/${id}.zip`);
      },
    };
    const job = { teams: w.teams, results: files, stored: archives };
    expect(await prepareTeamArchive(job, teamId)).toBe('built');
    const both = stored();
    expect(both).toHaveLength(1);
    await removeMember(w.deps, owner, teamId, b.memberId);
    expect(await prepareTeamArchive(job, teamId)).toBe('built');
    expect(stored()).toHaveLength(1);
    expect(stored()).not.toEqual(both);
    // The last choice gone: no archive at all.
    await removeMember(w.deps, owner, teamId, a.memberId);
    expect(await prepareTeamArchive(job, teamId)).toBe('none-chosen');
    expect(stored()).toEqual([]);
  });

  it('a choice without its recorded sizes is left to the download, which makes its square', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const t = task(member.id, teamId, member.memberId);
    const files = w.deps.results as FakeResultFiles;
    await files.save(member.id, t.resultFile as string, new Uint8Array(40), 'image/png', new Uint8Array([9]));
    w.teams.putTask({ userId: member.id, taskId: t.id, status: 'DONE', teamId, memberId: member.memberId });
    // Chosen without files at hand: no sizes recorded.
    await setChosen({ tasks: { get: async () => t }, choices: w.teams, clock: w.clock }, member, t.id, true);
    expect(await prepareTeamArchive({ teams: w.teams, results: files }, teamId)).toBe('left-to-download');
    expect([...files.bucket.keys()].filter((k) => k.startsWith('archives/'))).toHaveLength(0);
    // The download builds it, and asks the job too (should a large team's request run out of time).
    const changed: string[] = [];
    const archives = { setChanged: async (id: string) => void changed.push(id) };
    expect(await teamHeadshotsZip({ ...w.deps, archives }, owner, teamId, null)).toContain(`team-${teamId}`);
    expect(changed).toEqual([teamId]);
    // Stored now: the next download asks nothing.
    await teamHeadshotsZip({ ...w.deps, archives }, owner, teamId, null);
    expect(changed).toEqual([teamId]);
  });
});

describe('photos ready', () => {
  it('lasts until the photos kept stop being enough', () => {
    expect(PHOTO_LIMITS.neededForAvatars).toBe(2);
    expect(photosReadyUntil([], 10)).toBeNull();
    expect(photosReadyUntil([50], 10)).toBeNull();
    expect(photosReadyUntil([50, 40, 90], 10)).toBe(50);
    expect(photosReadyUntil([50, 5, 90], 10)).toBe(50);
    expect(photosReadyUntil([50, 5], 10)).toBeNull();
  });

  it('the photo functions write it on the member’s row, and nothing without teams', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const now = w.clock.now();
    const store = { list: async () => [{ expiresAt: now + 10 }, { expiresAt: now + 20 }] };
    await notePhotoProgress({ store, clock: w.clock }, member.id);
    expect((await w.teams.getMember(teamId, member.memberId))?.photosReadyUntil).toBeNull();
    await notePhotoProgress({ store, clock: w.clock, teamProgress: w.teams }, member.id);
    expect((await w.teams.getMember(teamId, member.memberId))?.photosReadyUntil).toBe(now + 10);
  });
});

describe('a dissolved team', () => {
  it('its dashboard and its links answer that it no longer exists', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const member = await w.joined(owner, teamId);
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test'],
      max_uses: 5,
      expires_in_days: 5,
    });
    await w.teams.leaveOnDeletion(owner.id, w.clock.now());
    const gone = { code: 'NOT_FOUND', msg: msg('teamDissolved') };
    expect(await refusal(listMembers(w.deps, member, teamId, {}))).toEqual(gone);
    expect(await refusal(joinTeam(w.deps, w.user(), link.code))).toEqual(gone);
    expect(await refusal(myTeam(w.deps, member))).toEqual({ code: 'NOT_FOUND', msg: msg('noTeam') });
  });
});
