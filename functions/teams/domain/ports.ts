// Ports of the teams domain (docs/product.md, "Teams"): the one store of teams, members, invitations,
// links and seats; the mailer, clock and ids of functions/accounts/domain/ports.ts; the payment provider's checkout
// for seats; the stored files the CSV and the ZIP are made of. No AWS, no HTTP.

import type { Clock, Ids, Mailer, RateLimiter, User, UserReader } from '#platform/domain/ports.ts';
import type { Language } from '#shared/language.ts';
import type { MemberStatus, TeamRole } from '#shared/team-rules.ts';
import type { Allowed, TeamPayers } from '../../generation/public.ts';
import type { MemberPhotos } from '../../photos/public.ts';

export interface Team {
  id: string;
  name: string;
  ownerId: string;
  /** ASCII, lower case (domains.ts normaliseDomain) */
  domains: string[];
  lang: Language;
  seatsTotal: number;
  seatsUsed: number;
  /**
   * invitations made and neither joined nor withdrawn, counted by the store with each one (at most
   * shared/team-rules.ts maxPendingInvites); absent on a team made before they were counted: none
   */
  invitesPending?: number;
  allowed: Allowed;
  createdAt: number;
  /**
   * Set when the team was dissolved (its owner's account deleted with no admin to take it over): what is
   * left of it only says so, until it expires (docs/product.md, "Teams").
   */
  dissolvedAt: number | null;
  /** the team's customer at the payment provider, once its first seat checkout made it */
  stripeCustomerId?: string;
}

/** A person's pointer to their team, on their account (one team per person). */
export interface Membership {
  teamId: string;
  memberId: string;
  role: TeamRole;
}

export interface ChosenHeadshot {
  taskId: string;
  /** the stored result file (results/<file>) */
  resultFile: string;
  /** the name the ZIP and the CSV give it */
  fileName: string;
  likeness: number | null;
  /** shares of the image: where the face is, for the 1080 px square */
  faceBox: { x: number; y: number; width: number; height: number } | null;
  chosenAt: number;
  /**
   * The stored files' sizes, taken when chosen (headshot-files.ts), so the ZIP announces its entries
   * without asking storage; absent for a choice made before they were kept.
   */
  sizes?: { full: number; square: number } | null;
}

export interface Member {
  teamId: string;
  memberId: string;
  /** null while only invited */
  userId: string | null;
  email: string;
  role: TeamRole;
  hasSeat: boolean;
  allowanceTotal: number;
  allowanceLeft: number;
  /** team avatars created (less those given back): 0 frees the seat on removal */
  allowanceSpent: number;
  /** team avatars finished */
  finished: number;
  invitedAt: number | null;
  joinedAt: number | null;
  leftAt: number | null;
  remindedAt: number | null;
  /** until when their kept photos are enough to create avatars (photos/domain/team-photo-progress.ts); null: not now */
  photosReadyUntil: number | null;
  /** when the owner made them an admin (null: not an admin, or made one before this was kept) */
  adminSince: number | null;
  chosen: ChosenHeadshot | null;
}

export interface InviteLinkRecord {
  teamId: string;
  linkId: string;
  codeHash: string;
  domains: string[];
  maxUses: number;
  uses: number;
  expiresAt: number;
  revokedAt: number | null;
  createdAt: number;
  /** the member id of the owner or admin who made it (null: made before this was kept) */
  createdBy?: string | null;
}

/** What a join code opens: an open link, or one emailed invitation (for that address). */
export type JoinCode =
  | { kind: 'link'; teamId: string; linkId: string; expiresAt: number }
  | {
      kind: 'invite';
      teamId: string;
      memberId: string;
      email: string;
      expiresAt: number;
      /** when the admin withdrew the invitation (removed the invited member); null while it stands */
      revokedAt: number | null;
    };

export interface NewInvite {
  email: string;
  memberId: string;
  codeHash: string;
  codeExpiresAt: number;
}

export type JoinResult =
  | { ok: true; memberId: string }
  | {
      ok: false;
      /** mailbox-has-seat: another address of the same mailbox holds a seat in the team (one per mailbox) */
      reason:
        | 'no-seat'
        | 'cap'
        | 'already-in-team'
        | 'revoked'
        | 'expired'
        | 'invite-used'
        | 'mailbox-has-seat';
    };

export interface MembersPage {
  members: Member[];
  nextCursor: string | null;
}

/**
 * The two reads by key every team route checks its caller with (team-access.ts): the caller's pointer and
 * the team. The billing group's seat checkout carries only these (seat-checkout.ts).
 */
export interface TeamAccessReads {
  membershipOf(userId: string): Promise<Membership | null>;
  getTeam(teamId: string): Promise<Team | null>;
}

export interface TeamStore extends TeamPayers, TeamChoices, TeamAccessReads {
  /** The team and its owner's membership, in one transaction; false when the owner is in a team already. */
  createTeam(team: Team, owner: { memberId: string; email: string }): Promise<boolean>;
  getMember(teamId: string, memberId: string): Promise<Member | null>;
  /** A team-keyed Query, a page at a time. */
  listMembers(teamId: string, limit: number, cursor: string | null): Promise<MembersPage>;
  /** The addresses already on the team (members and invitations), of those given. */
  knownEmails(teamId: string, emails: string[]): Promise<Map<string, 'member' | 'already_invited'>>;
  /**
   * Records one invitation (member item, email claim, code) and counts it pending on the team, under
   * `maxPending(seats bought, seats used)` pending at once: a condition on the team's counters in the same
   * transaction, so concurrent invitations cannot pass it. False when the address is already known;
   * 'no-room' when the team has as many invitations pending as its seats allow.
   */
  addInvite(
    teamId: string,
    invite: NewInvite,
    now: number,
    maxPending: (seatsTotal: number, seatsUsed: number) => number,
  ): Promise<boolean | 'no-room'>;
  saveLink(link: InviteLinkRecord): Promise<void>;
  getLink(teamId: string, linkId: string): Promise<InviteLinkRecord | null>;
  /** The team's open links, revoked and expired ones included: a team-keyed Query, never a scan. */
  listLinks(teamId: string): Promise<InviteLinkRecord[]>;
  revokeLink(teamId: string, linkId: string, now: number): Promise<boolean>;
  findCode(codeHash: string): Promise<JoinCode | null>;
  /** Whether the address has an invitation of the team (an invited address may join outside the domains). */
  invitedMemberId(teamId: string, email: string): Promise<string | null>;
  /**
   * Takes one seat for the user, atomically: the team's seats counter under `seats_used < seats_total`, the
   * account's pointer (absent: one team per person), the member, and for a link its use counter (under the
   * cap, not revoked, not expired); all or nothing.
   */
  join(j: {
    teamId: string;
    user: { id: string; email: string };
    /** the invitation's member item, or a new member id */
    memberId: string;
    invited: boolean;
    linkId: string | null;
    allowance: number;
    /** photos/domain/team-photo-progress.ts: the joining person's photos may be enough already */
    photosReadyUntil: number | null;
    now: number;
  }): Promise<JoinResult>;
  setAllowed(teamId: string, allowed: Allowed): Promise<void>;
  /** The language of the team's emails; false when there is no such team (or it was dissolved). */
  setLanguage(teamId: string, lang: Language): Promise<boolean>;
  setRole(teamId: string, memberId: string, role: 'admin' | 'member', now: number): Promise<boolean>;
  /** At most once per `minGapSeconds`: false when the last reminder is more recent. */
  markReminded(teamId: string, memberId: string, now: number, minGapSeconds: number): Promise<boolean>;
  /**
   * One more avatar on the member's allowance, at most `maxGrants` times on their seat (a condition on the
   * member's count of grants): the new allowance left; 'cap' once they had that many, null when the member
   * is gone or holds no seat.
   */
  grantRetry(teamId: string, memberId: string, maxGrants: number): Promise<number | 'cap' | null>;
  /**
   * Removes the member (left_at), their pointer and their invitation; frees their seat when they created
   * nothing from the allowance. False when there was no such member.
   */
  removeMember(teamId: string, memberId: string, now: number): Promise<boolean>;
  /**
   * An owner or admin takes one of the team's seats for their own headshots, as a join takes one: the
   * team's counter under `seats_used < seats_total` and their row (theirs, not left, no seat yet, owner or
   * admin) given a fresh allowance, and their mailbox's seat claim, in one transaction. Their row's photo
   * progress is kept already
   * (photos/domain/team-photo-progress.ts writes it for anyone in a team).
   */
  takeSeat(t: { teamId: string; memberId: string; userId: string; allowance: number }): Promise<SeatTaken>;
  /**
   * Gives the seat back as a member's leaving does: the seat returns to the team only when nothing was
   * created from it, and the chosen headshot (and its task's mark) goes. Null when they held no seat.
   */
  giveBackSeat(
    teamId: string,
    memberId: string,
    userId: string,
  ): Promise<{ freed: boolean; hadChosen: boolean } | null>;
}

/** mailbox-has-seat: another address of the caller's mailbox holds a seat in the team (one per mailbox). */
export type SeatTaken =
  | { ok: true }
  | { ok: false; reason: 'no-seat' | 'seated' | 'not-member' | 'mailbox-has-seat' };

/** What a member's "Chosen for my team" reads and writes (the avatars group carries only this). */
export interface TeamChoices {
  membershipOf(userId: string): Promise<Membership | null>;
  /**
   * The member's chosen team avatar (null takes it back), and the mark on the task (and off the one chosen
   * before); false when the member is gone or the task is not theirs and finished; 'no-seat' when choosing
   * on a row that holds no seat (an owner or admin who gave theirs back): only a seat's headshots are the
   * team's.
   */
  setChosen(
    userId: string,
    teamId: string,
    memberId: string,
    chosen: ChosenHeadshot | null,
  ): Promise<boolean | 'no-seat'>;
}

/** What an owner's departure did to their team. */
export type OwnerDeparture =
  | { kind: 'transferred'; toMemberId: string }
  | { kind: 'dissolved'; members: number }
  | null;

/** An account's deletion leaves its team (docs/faces.md: nothing of the member stays with the employer). */
export interface TeamDepartures {
  /** The team the account belongs to (its pointer), null when none: its ZIP's set changes as it leaves. */
  teamOf(userId: string): Promise<string | null>;
  /**
   * The member's row shows "left" without the account's data; their seat returns when they generated
   * nothing; their pointer goes. An owner's team goes to its longest-serving admin (one transaction), or,
   * with no admin, is dissolved: every member's pointer and row, the invitations, links and codes go, the
   * members keep their team avatars as their own, and the team answers that it no longer exists
   * (docs/product.md, "Teams"). Resumable: a run cut short is finished by the next. Null for an account in
   * no team, and for a plain member.
   */
  leaveOnDeletion(userId: string, now: number): Promise<OwnerDeparture>;
}

/** A seat checkout at the payment provider (one price per seat; an invoice for the company's books). */
export interface SeatCheckoutProvider {
  /**
   * The team's customer at the provider, with its owner's billing details: made once per team (the same
   * idempotency key for the same team), every seat invoice is then the company's, in one place.
   */
  createTeamCustomer(input: {
    teamId: string;
    teamName: string;
    ownerId: string;
    email: string;
    lang: Language;
    idempotencyKey: string;
  }): Promise<string>;
  createSeatCheckout(input: {
    teamId: string;
    userId: string;
    /** the team's customer (createTeamCustomer) */
    customerId: string;
    quantity: number;
    successUrl: string;
    cancelUrl: string;
    lang: Language;
    idempotencyKey: string;
  }): Promise<{ id: string; url: string }>;
}

/** Records which team and how many seats a checkout is for, so the webhook credits them from our record. */
export interface SeatCheckoutRecords {
  /**
   * Stores the team's customer unless it has one (a condition on the team's item): returns the one the team
   * keeps, so two checkouts at once end with one customer.
   */
  linkTeamCustomer(teamId: string, customerId: string): Promise<string>;
  /** The team's purchases (a team-keyed Query), newest first. */
  listSeatPurchases(teamId: string, now: number): Promise<SeatPurchaseView[]>;
  recordSeatCheckout(r: {
    sessionId: string;
    teamId: string;
    userId: string;
    quantity: number;
    amountCents: number;
    now: number;
  }): Promise<void>;
}

/** A seat purchase as the team page lists it (docs/payments.md, "Team seats"). */
export interface SeatPurchaseView {
  sessionId: string;
  state: 'pending' | 'failed' | 'paid';
  seats: number;
  amountCents: number;
  createdAt: number;
  updatedAt: number;
  invoiceUrl: string | null;
  invoiceNumber: string | null;
}

/**
 * Where a change of a team's set of chosen headshots is announced, so its ZIP is built before anyone asks
 * for it (headshots-zip.ts prepareTeamArchive).
 */
export interface TeamArchiveQueue {
  /** Best effort: a lost message only means the next download builds the set itself. */
  setChanged(teamId: string): Promise<void>;
}

/**
 * The team's stored archives, one per set of choices it had (headshots-zip.ts): an archive of an earlier set
 * may hold the headshot of a member who has left or deleted their account since, so only the current set's
 * is kept.
 */
export interface StoredTeamArchives {
  /** The set ids of the archives stored under `owner` (the team's own storage prefix). */
  setIds(owner: string): Promise<string[]>;
  drop(owner: string, setIds: readonly string[]): Promise<void>;
}

/** The stored files of chosen headshots (the full-size result, its 1080 px face-centred square). */
export interface HeadshotFiles {
  /** The full-size result as stored. */
  original(resultFile: string): Promise<Uint8Array>;
  /** The 1080 px face-centred square, made once and stored (functions/generation/domain presets). */
  profileSquare(resultFile: string, faceBox: ChosenHeadshot['faceBox']): Promise<Uint8Array>;
}

export interface TeamDeps {
  teams: TeamStore;
  users: UserReader;
  mailer: Mailer;
  clock: Clock;
  ids: Ids;
  /** a team's day of invitation and reminder emails, and one email a day per address (team-emails.ts) */
  rates: RateLimiter;
  /** the web app's address: join links point there */
  webUrl: string;
  /** a removed member's headshot leaves the team's set: its ZIP is built anew ahead of the download */
  archives?: TeamArchiveQueue;
  /** a joining person's kept photos (the dashboard's "photos ready" from the start) */
  photos?: MemberPhotos;
  files?: HeadshotFiles;
}

export type { MemberStatus, TeamRole, User };
