// Teams in memory (functions/teams/domain/ports.ts: TeamStore with TeamPayers and TeamChoices, TeamDepartures,
// and photos' TeamPhotoProgress), the DynamoDB adapters' rules kept (functions/teams/dynamodb/
// *.ts): one team per person, a join taking a seat under `seats_used < seats_total` with the link's cap,
// revocation and expiry, removal freeing only an unused seat, remind once per gap, an owner's departure to
// the longest-serving admin or the team dissolved. Checked against the adapters by
// tests/contracts/team-store.contract.ts.

import { mailboxOf } from '#shared/email-address.ts';
import type { Language } from '#shared/language.ts';
import type { Allowed, TeamPayer } from '../../../functions/generation/domain/ports.ts';
import type { TeamPhotoProgress } from '../../../functions/photos/domain/team-photo-progress.ts';
import type {
  ChosenHeadshot,
  InviteLinkRecord,
  JoinCode,
  JoinResult,
  Member,
  Membership,
  MembersPage,
  NewInvite,
  OwnerDeparture,
  SeatTaken,
  Team,
  TeamDepartures,
  TeamStore,
} from '../../../functions/teams/domain/ports.ts';

/** As the adapter writes it (team-departures.ts DELETED_ACCOUNT_EMAIL). */
const DELETED_ACCOUNT_EMAIL = '(account deleted)';

type StoredMember = Member & { codeHash: string | null; dissolved: boolean };
type StoredCode = JoinCode & { email?: string };

/** A finished team avatar the fake knows (the task store's item in DynamoDB): what setChosen checks. */
export interface FakeTeamTask {
  userId: string;
  taskId: string;
  status: string;
  teamId: string | null;
  memberId: string | null;
  teamChosenAt: number | null;
}

const clone = <T>(v: T): T => structuredClone(v);

export class FakeTeamStore implements TeamStore, TeamDepartures, TeamPhotoProgress {
  readonly teams = new Map<string, Team>();
  /** `${teamId}/${memberId}` */
  readonly members = new Map<string, StoredMember>();
  /** `${teamId}/${email}`: the address's claim on the team */
  readonly invites = new Map<string, { memberId: string; codeHash: string | null; joined: boolean }>();
  readonly links = new Map<string, InviteLinkRecord>();
  readonly codes = new Map<string, StoredCode>();
  readonly pointers = new Map<string, Membership>();
  /** `${userId}/${taskId}` */
  readonly tasks = new Map<string, FakeTeamTask>();
  /** the team's ledger entries (seats bought) */
  readonly ledger = new Map<string, unknown[]>();
  /** `${teamId}/${mailbox}`: the member holding the mailbox's one seat in the team (team-seat-claims.ts) */
  readonly seatClaims = new Map<string, string>();

  /** A departing member's mailbox claim, when they hold it. */
  private releaseClaim(m: StoredMember): void {
    if (!m.email.includes('@')) return;
    const key = `${m.teamId}/${mailboxOf(m.email)}`;
    if (this.seatClaims.get(key) === m.memberId) this.seatClaims.delete(key);
  }

  private member(teamId: string, memberId: string): StoredMember | undefined {
    return this.members.get(`${teamId}/${memberId}`);
  }

  /** Arranges a task as the task store would hold it (a team avatar, its status). */
  putTask(t: Omit<FakeTeamTask, 'teamChosenAt'> & { teamChosenAt?: number | null }): void {
    this.tasks.set(`${t.userId}/${t.taskId}`, { teamChosenAt: null, ...t });
  }

  /** What task-money.ts's allowance change does in a create (n < 0), a refund (n > 0) or a finish. */
  changeAllowance(teamId: string, memberId: string, avatars: number, finished = false): boolean {
    const m = this.member(teamId, memberId);
    if (!m) return false;
    if (avatars < 0 && (!m.hasSeat || m.leftAt !== null || m.allowanceLeft < -avatars)) return false;
    m.allowanceLeft += avatars;
    m.allowanceSpent -= avatars;
    if (finished || avatars === 0) m.finished += 1;
    return true;
  }

  /** What the webhook's credit does (billing-credits.ts). */
  creditSeats(teamId: string, seats: number): void {
    const team = this.teams.get(teamId);
    if (team) team.seatsTotal += seats;
  }

  async createTeam(team: Team, owner: { memberId: string; email: string }): Promise<boolean> {
    if (this.pointers.has(team.ownerId) || this.teams.has(team.id)) return false;
    this.teams.set(team.id, {
      ...clone(team),
      seatsTotal: 0,
      seatsUsed: 0,
      invitesPending: 0,
      dissolvedAt: null,
    });
    this.pointers.set(team.ownerId, { teamId: team.id, memberId: owner.memberId, role: 'owner' });
    this.members.set(`${team.id}/${owner.memberId}`, {
      teamId: team.id,
      memberId: owner.memberId,
      userId: team.ownerId,
      email: owner.email,
      role: 'owner',
      hasSeat: false,
      allowanceTotal: 0,
      allowanceLeft: 0,
      allowanceSpent: 0,
      finished: 0,
      invitedAt: null,
      joinedAt: team.createdAt,
      leftAt: null,
      remindedAt: null,
      photosReadyUntil: null,
      adminSince: null,
      chosen: null,
      codeHash: null,
      dissolved: false,
    });
    this.invites.set(`${team.id}/${owner.email}`, { memberId: owner.memberId, codeHash: null, joined: true });
    return true;
  }

  async membershipOf(userId: string): Promise<Membership | null> {
    const p = this.pointers.get(userId);
    return p ? clone(p) : null;
  }

  async getTeam(teamId: string): Promise<Team | null> {
    const t = this.teams.get(teamId);
    return t ? clone(t) : null;
  }

  private view(m: StoredMember): Member {
    const { codeHash: _c, dissolved: _d, ...member } = clone(m);
    return member;
  }

  async getMember(teamId: string, memberId: string): Promise<Member | null> {
    const m = this.member(teamId, memberId);
    return m ? this.view(m) : null;
  }

  async listMembers(teamId: string, limit: number, cursor: string | null): Promise<MembersPage> {
    // In key order (`MEMBER#<id>`), after the cursor's member; the adapter's Query reads the tombstones of
    // a dissolved team too, but no route lists a dissolved team.
    const all = [...this.members.values()]
      .filter((m) => m.teamId === teamId)
      .sort((a, b) => (a.memberId < b.memberId ? -1 : a.memberId > b.memberId ? 1 : 0));
    const from = cursor === null ? all : all.filter((m) => m.memberId > cursor);
    const page = from.slice(0, limit);
    // DynamoDB answers a last key whenever the page is full, even when nothing follows.
    const full = page.length === limit && limit > 0;
    return {
      members: page.map((m) => this.view(m)),
      nextCursor: full ? (page[page.length - 1] as StoredMember).memberId : null,
    };
  }

  async knownEmails(teamId: string, emails: string[]): Promise<Map<string, 'member' | 'already_invited'>> {
    const known = new Map<string, 'member' | 'already_invited'>();
    for (const e of emails) {
      const i = this.invites.get(`${teamId}/${e}`);
      if (i) known.set(e, i.joined ? 'member' : 'already_invited');
    }
    return known;
  }

  /** `${teamId}/${memberId}` of the invitations counted in their team's invitesPending */
  private readonly pendingCounted = new Set<string>();

  async addInvite(
    teamId: string,
    invite: NewInvite,
    now: number,
    maxPending: (seatsTotal: number, seatsUsed: number) => number,
  ): Promise<boolean | 'no-room'> {
    const key = `${teamId}/${invite.email}`;
    const team = this.teams.get(teamId);
    if (
      !team ||
      team.dissolvedAt !== null ||
      this.invites.has(key) ||
      this.member(teamId, invite.memberId) ||
      this.codes.has(invite.codeHash)
    )
      return false;
    if ((team.invitesPending ?? 0) >= maxPending(team.seatsTotal, team.seatsUsed)) return 'no-room';
    team.invitesPending = (team.invitesPending ?? 0) + 1;
    this.pendingCounted.add(`${teamId}/${invite.memberId}`);
    this.invites.set(key, { memberId: invite.memberId, codeHash: invite.codeHash, joined: false });
    this.members.set(`${teamId}/${invite.memberId}`, {
      teamId,
      memberId: invite.memberId,
      userId: null,
      email: invite.email,
      role: 'member',
      hasSeat: false,
      allowanceTotal: 0,
      allowanceLeft: 0,
      allowanceSpent: 0,
      finished: 0,
      invitedAt: now,
      joinedAt: null,
      leftAt: null,
      remindedAt: null,
      photosReadyUntil: null,
      adminSince: null,
      chosen: null,
      codeHash: invite.codeHash,
      dissolved: false,
    });
    this.codes.set(invite.codeHash, {
      kind: 'invite',
      teamId,
      memberId: invite.memberId,
      email: invite.email,
      expiresAt: invite.codeExpiresAt,
      revokedAt: null,
    });
    return true;
  }

  async saveLink(link: InviteLinkRecord): Promise<void> {
    const key = `${link.teamId}/${link.linkId}`;
    if (this.links.has(key) || this.codes.has(link.codeHash)) throw new Error('link or code already exists');
    this.links.set(key, { ...clone(link), uses: 0, revokedAt: null, createdBy: link.createdBy ?? null });
    this.codes.set(link.codeHash, {
      kind: 'link',
      teamId: link.teamId,
      linkId: link.linkId,
      expiresAt: link.expiresAt,
    });
  }

  async getLink(teamId: string, linkId: string): Promise<InviteLinkRecord | null> {
    const l = this.links.get(`${teamId}/${linkId}`);
    return l ? clone(l) : null;
  }

  async listLinks(teamId: string): Promise<InviteLinkRecord[]> {
    return [...this.links.values()].filter((l) => l.teamId === teamId).map((l) => clone(l));
  }

  async revokeLink(teamId: string, linkId: string, now: number): Promise<boolean> {
    const l = this.links.get(`${teamId}/${linkId}`);
    if (!l) return false;
    l.revokedAt ??= now;
    return true;
  }

  async findCode(codeHash: string): Promise<JoinCode | null> {
    const c = this.codes.get(codeHash);
    if (!c) return null;
    if (c.kind === 'link')
      return { kind: 'link', teamId: c.teamId, linkId: c.linkId, expiresAt: c.expiresAt };
    return clone(c);
  }

  async invitedMemberId(teamId: string, email: string): Promise<string | null> {
    const i = this.invites.get(`${teamId}/${email}`);
    return i && !i.joined ? i.memberId : null;
  }

  async join(j: Parameters<TeamStore['join']>[0]): Promise<JoinResult> {
    const team = this.teams.get(j.teamId);
    if (!team || team.dissolvedAt !== null || team.seatsUsed >= team.seatsTotal)
      return { ok: false, reason: 'no-seat' };
    if (this.pointers.has(j.user.id)) return { ok: false, reason: 'already-in-team' };
    const existing = this.member(j.teamId, j.memberId);
    if (j.invited ? !existing || existing.userId !== null || existing.leftAt !== null : existing)
      return { ok: false, reason: 'invite-used' };
    const claim = this.invites.get(`${j.teamId}/${j.user.email}`);
    if (j.invited ? !claim : claim) return { ok: false, reason: 'invite-used' };
    const link = j.linkId ? this.links.get(`${j.teamId}/${j.linkId}`) : undefined;
    if (j.linkId) {
      if (!link || link.revokedAt !== null) return { ok: false, reason: 'revoked' };
      if (link.expiresAt <= j.now) return { ok: false, reason: 'expired' };
      if (link.uses >= link.maxUses) return { ok: false, reason: 'cap' };
    }
    const mailbox = `${j.teamId}/${mailboxOf(j.user.email)}`;
    if (this.seatClaims.has(mailbox)) return { ok: false, reason: 'mailbox-has-seat' };
    this.seatClaims.set(mailbox, j.memberId);
    team.seatsUsed += 1;
    if (j.invited && this.pendingCounted.delete(`${j.teamId}/${j.memberId}`))
      team.invitesPending = (team.invitesPending ?? 0) - 1;
    this.pointers.set(j.user.id, { teamId: j.teamId, memberId: j.memberId, role: 'member' });
    const seat = {
      userId: j.user.id,
      joinedAt: j.now,
      hasSeat: true,
      allowanceTotal: j.allowance,
      allowanceLeft: j.allowance,
      allowanceSpent: 0,
      ...(j.photosReadyUntil === null ? {} : { photosReadyUntil: j.photosReadyUntil }),
    };
    if (existing) Object.assign(existing, seat);
    else
      this.members.set(`${j.teamId}/${j.memberId}`, {
        teamId: j.teamId,
        memberId: j.memberId,
        email: j.user.email,
        role: 'member',
        finished: 0,
        invitedAt: null,
        leftAt: null,
        remindedAt: null,
        photosReadyUntil: null,
        adminSince: null,
        chosen: null,
        codeHash: null,
        dissolved: false,
        ...seat,
      });
    if (claim) claim.joined = true;
    else
      this.invites.set(`${j.teamId}/${j.user.email}`, { memberId: j.memberId, codeHash: null, joined: true });
    if (link) link.uses += 1;
    return { ok: true, memberId: j.memberId };
  }

  async setAllowed(teamId: string, allowed: Allowed): Promise<void> {
    const team = this.teams.get(teamId);
    if (!team) throw new Error('ConditionalCheckFailed: no such team');
    team.allowed = clone(allowed);
  }

  async setLanguage(teamId: string, lang: Language): Promise<boolean> {
    const team = this.teams.get(teamId);
    if (!team || team.dissolvedAt !== null) return false;
    team.lang = lang;
    return true;
  }

  async setRole(teamId: string, memberId: string, role: 'admin' | 'member', now: number): Promise<boolean> {
    const m = this.member(teamId, memberId);
    if (!m?.userId || m.leftAt !== null || m.role === 'owner') return false;
    const p = this.pointers.get(m.userId);
    if (!p || p.teamId !== teamId || p.memberId !== memberId) return false;
    m.role = role;
    p.role = role;
    m.adminSince = role === 'admin' ? (m.adminSince ?? now) : null;
    return true;
  }

  async markReminded(teamId: string, memberId: string, now: number, minGapSeconds: number): Promise<boolean> {
    const m = this.member(teamId, memberId);
    if (!m || m.leftAt !== null) return false;
    if (m.remindedAt !== null && m.remindedAt > now - minGapSeconds) return false;
    m.remindedAt = now;
    return true;
  }

  /** retries granted per member (the adapter's retries_granted) */
  private readonly retriesGranted = new Map<string, number>();

  async grantRetry(teamId: string, memberId: string, maxGrants: number): Promise<number | 'cap' | null> {
    const m = this.member(teamId, memberId);
    if (!m || m.leftAt !== null || !m.hasSeat) return null;
    const granted = this.retriesGranted.get(`${teamId}/${memberId}`) ?? 0;
    if (granted >= maxGrants) return 'cap';
    this.retriesGranted.set(`${teamId}/${memberId}`, granted + 1);
    m.allowanceTotal += 1;
    m.allowanceLeft += 1;
    return m.allowanceLeft;
  }

  async removeMember(teamId: string, memberId: string, now: number): Promise<boolean> {
    const m = this.member(teamId, memberId);
    if (!m || m.leftAt !== null || m.role === 'owner') return false;
    const team = this.teams.get(teamId);
    if (m.hasSeat && m.allowanceSpent === 0 && team && team.seatsUsed > 0) team.seatsUsed -= 1;
    if (team && m.userId === null && this.pendingCounted.delete(`${teamId}/${memberId}`))
      team.invitesPending = Math.max(0, (team.invitesPending ?? 0) - 1);
    m.leftAt = now;
    m.hasSeat = false;
    this.releaseClaim(m);
    const chosen = m.userId && m.chosen ? this.tasks.get(`${m.userId}/${m.chosen.taskId}`) : undefined;
    if (chosen) chosen.teamChosenAt = null;
    m.chosen = null;
    this.invites.delete(`${teamId}/${m.email}`);
    if (m.userId && this.pointers.get(m.userId)?.teamId === teamId) this.pointers.delete(m.userId);
    const code = m.codeHash ? this.codes.get(m.codeHash) : undefined;
    if (code?.kind === 'invite') code.revokedAt = now;
    return true;
  }

  /** An owner's or admin's own row, as team-own-seat.ts reads it. */
  private ownRow(teamId: string, memberId: string, userId: string): StoredMember | null {
    const m = this.member(teamId, memberId);
    return m && m.userId === userId && m.leftAt === null && (m.role === 'owner' || m.role === 'admin')
      ? m
      : null;
  }

  async takeSeat(t: Parameters<TeamStore['takeSeat']>[0]): Promise<SeatTaken> {
    const m = this.ownRow(t.teamId, t.memberId, t.userId);
    if (!m) return { ok: false, reason: 'not-member' };
    if (m.hasSeat) return { ok: false, reason: 'seated' };
    const team = this.teams.get(t.teamId);
    if (!team || team.seatsUsed >= team.seatsTotal) return { ok: false, reason: 'no-seat' };
    const mailbox = `${t.teamId}/${mailboxOf(m.email)}`;
    if (this.seatClaims.has(mailbox)) return { ok: false, reason: 'mailbox-has-seat' };
    this.seatClaims.set(mailbox, t.memberId);
    team.seatsUsed += 1;
    Object.assign(m, {
      hasSeat: true,
      allowanceTotal: t.allowance,
      allowanceLeft: t.allowance,
      allowanceSpent: 0,
    });
    this.retriesGranted.delete(`${t.teamId}/${t.memberId}`);
    return { ok: true };
  }

  async giveBackSeat(teamId: string, memberId: string, userId: string) {
    const m = this.ownRow(teamId, memberId, userId);
    if (!m?.hasSeat) return null;
    const freed = m.allowanceSpent === 0;
    const team = this.teams.get(teamId);
    if (freed && team && team.seatsUsed > 0) team.seatsUsed -= 1;
    const chosen = m.chosen?.taskId ?? null;
    const t = chosen ? this.tasks.get(`${userId}/${chosen}`) : undefined;
    if (t) t.teamChosenAt = null;
    this.releaseClaim(m);
    m.hasSeat = false;
    m.chosen = null;
    return { freed, hadChosen: chosen !== null };
  }

  async payerFor(userId: string): Promise<TeamPayer | null> {
    const p = this.pointers.get(userId);
    if (!p) return null;
    const team = this.teams.get(p.teamId);
    const m = this.member(p.teamId, p.memberId);
    if (!team || !m?.hasSeat || m.leftAt !== null || m.userId !== userId) return null;
    return {
      teamId: p.teamId,
      memberId: p.memberId,
      allowed: clone(team.allowed),
      allowanceLeft: m.allowanceLeft,
    };
  }

  async setChosen(
    userId: string,
    teamId: string,
    memberId: string,
    chosen: ChosenHeadshot | null,
  ): Promise<boolean | 'no-seat'> {
    const m = this.member(teamId, memberId);
    if (!m || m.leftAt !== null || m.userId !== userId) return false;
    if (chosen && !m.hasSeat) return 'no-seat';
    const next = chosen ? this.tasks.get(`${userId}/${chosen.taskId}`) : undefined;
    if (chosen && (next?.status !== 'DONE' || next.teamId !== teamId || next.memberId !== memberId))
      return false;
    const before = m.chosen?.taskId ?? null;
    if (before && before !== chosen?.taskId) {
      const t = this.tasks.get(`${userId}/${before}`);
      if (t) t.teamChosenAt = null;
    }
    if (next && chosen) next.teamChosenAt = chosen.chosenAt;
    m.chosen = chosen ? clone(chosen) : null;
    return true;
  }

  async setPhotosReadyUntil(userId: string, until: number | null): Promise<void> {
    const p = this.pointers.get(userId);
    const m = p ? this.member(p.teamId, p.memberId) : undefined;
    if (!m || m.userId !== userId || m.leftAt !== null) return;
    m.photosReadyUntil = until;
  }

  // TeamDepartures (team-departures.ts)

  private departs(userId: string, m: StoredMember | undefined, now: number): void {
    if (!m || m.userId !== userId) return;
    const team = this.teams.get(m.teamId);
    if (m.hasSeat && m.leftAt === null && m.allowanceSpent === 0 && team && team.seatsUsed > 0)
      team.seatsUsed -= 1;
    this.invites.delete(`${m.teamId}/${m.email}`);
    this.releaseClaim(m);
    m.leftAt ??= now;
    m.hasSeat = false;
    if (m.invitedAt === null) m.email = DELETED_ACCOUNT_EMAIL;
    m.userId = null;
    m.chosen = null;
    m.codeHash = null;
    m.adminSince = null;
  }

  async teamOf(userId: string): Promise<string | null> {
    return (await this.membershipOf(userId))?.teamId ?? null;
  }

  async leaveOnDeletion(userId: string, now: number): Promise<OwnerDeparture> {
    const p = this.pointers.get(userId);
    if (!p) return null;
    const own = this.member(p.teamId, p.memberId);
    if (p.role !== 'owner') {
      this.pointers.delete(userId);
      this.departs(userId, own, now);
      return null;
    }
    const team = this.teams.get(p.teamId);
    if (team && team.dissolvedAt === null) {
      const since = (m: StoredMember) => m.adminSince ?? m.joinedAt ?? Number.MAX_SAFE_INTEGER;
      const [heir] = [...this.members.values()]
        .filter((m) => m.teamId === p.teamId && m.role === 'admin' && m.userId && m.leftAt === null)
        .sort(
          (a, b) =>
            since(a) - since(b) ||
            (a.joinedAt ?? 0) - (b.joinedAt ?? 0) ||
            a.memberId.localeCompare(b.memberId),
        );
      if (heir?.userId) {
        team.ownerId = heir.userId;
        heir.role = 'owner';
        heir.adminSince = null;
        const hp = this.pointers.get(heir.userId);
        if (hp) hp.role = 'owner';
        this.pointers.delete(userId);
        this.departs(userId, own, now);
        return { kind: 'transferred', toMemberId: heir.memberId };
      }
    }
    return this.dissolve(userId, p.teamId, now);
  }

  private dissolve(userId: string, teamId: string, now: number): OwnerDeparture {
    const team = this.teams.get(teamId);
    if (team) {
      team.dissolvedAt ??= now;
      team.ownerId = '';
      team.seatsTotal = 0;
      team.domains = [];
      team.allowed = { styles: null, combos: null };
    }
    let members = 0;
    for (const [key, m] of this.members) {
      if (m.teamId !== teamId || m.dissolved) continue;
      const inTeam = m.userId !== null && m.leftAt === null && m.userId !== userId;
      if (inTeam && m.userId) {
        members += 1;
        if (this.pointers.get(m.userId)?.teamId === teamId) this.pointers.delete(m.userId);
        const chosen = m.chosen?.taskId;
        const t = chosen ? this.tasks.get(`${m.userId}/${chosen}`) : undefined;
        if (t) t.teamChosenAt = null;
      }
      if (inTeam && m.allowanceSpent > 0)
        Object.assign(m, {
          dissolved: true,
          hasSeat: false,
          userId: null,
          chosen: null,
          email: '',
          codeHash: null,
          adminSince: null,
          leftAt: m.leftAt ?? now,
        });
      else this.members.delete(key);
    }
    for (const [key, i] of this.invites)
      if (key.startsWith(`${teamId}/`)) {
        this.invites.delete(key);
        const code = i.codeHash ? this.codes.get(i.codeHash) : undefined;
        if (code?.kind === 'invite') code.email = '';
      }
    for (const key of this.links.keys()) if (key.startsWith(`${teamId}/`)) this.links.delete(key);
    for (const key of this.seatClaims.keys()) if (key.startsWith(`${teamId}/`)) this.seatClaims.delete(key);
    this.ledger.delete(teamId);
    if (this.pointers.get(userId)?.teamId === teamId) this.pointers.delete(userId);
    return { kind: 'dissolved', members };
  }
}
