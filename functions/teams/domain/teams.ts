// Teams (docs/product.md, "Teams"): a company buys seats, invites its people by email or by an open link
// limited to its domains, fixes the styles and combinations they may create, and follows them on a
// dashboard. Every use case checks the caller's membership and role first (team-access.ts): someone outside
// the team (an admin of another team included) is told the team does not exist (404); a member asking for an
// admin action is refused (403); seats are bought in seat-checkout.ts. Owners and admins never see a member's photos or personal avatars, and a team avatar only
// once the member chose it (docs/faces.md).

import { noticeEmail } from '#platform/domain/email-layout.ts';
import { type DomainErrorCode, InviteRoomError } from '#platform/domain/errors.ts';
import { inOrder } from '#platform/domain/in-order.ts';
import type { Clock, User } from '#platform/domain/ports.ts';
import type { TeamMember } from '#shared/api-schemas.ts';
import { parseEmailAddress } from '#shared/email-address.ts';
import type { Language } from '#shared/language.ts';
import {
  type MemberStatus,
  maxPendingInvites,
  TEAM_LIMIT_WORDS,
  TEAM_LIMITS,
  TEAM_MESSAGES,
  type TeamMessageId,
  teamNameProblem,
} from '#shared/team-rules.ts';
import { type Allowed, GALLERY_LIMITS, type ResultFiles } from '../../generation/public.ts';
import { photosReadyUntil } from '../../photos/public.ts';
import { allowanceOfSeat } from './allowance.ts';
import { emailDomainAllowed, normaliseDomain } from './domains.ts';
import type { Member, Team, TeamDeps, TeamStore } from './ports.ts';
import { isAdmin, teamError, teamFor, teamPageUrl } from './team-access.ts';
import {
  claimAddress,
  countTeamEmails,
  mailSafeName,
  recentlyEmailed,
  releaseAddress,
  uncountTeamEmails,
} from './team-emails.ts';
import { otherLanguage } from './team-language.ts';

/** An emailed invitation's code works this long. */
export const INVITE_CODE_SECONDS = 30 * 86_400;

function normaliseDomains(lang: Language, typed: readonly string[]): string[] {
  const out = new Set<string>();
  for (const d of typed) {
    const n = normaliseDomain(d);
    if (!n) throw teamError('VALIDATION_FAILED', lang, 'invalidDomain');
    out.add(n);
  }
  return [...out];
}

export async function createTeam(
  deps: TeamDeps,
  user: User,
  req: { name: string; domains?: string[] | undefined; lang?: Language | undefined },
): Promise<{ team_id: string }> {
  // The name goes into the team's emails: one line, no address, no header (shared/team-rules.ts).
  const problem = teamNameProblem(req.name);
  if (problem) throw teamError('VALIDATION_FAILED', user.lang, problem);
  const domains = normaliseDomains(user.lang, req.domains ?? []);
  const team: Team = {
    id: deps.ids.newId(),
    name: req.name.trim(),
    ownerId: user.id,
    domains,
    lang: req.lang ?? user.lang,
    seatsTotal: 0,
    seatsUsed: 0,
    allowed: { styles: null, combos: null },
    createdAt: deps.clock.now(),
    dissolvedAt: null,
  };
  const created = await deps.teams.createTeam(team, { memberId: deps.ids.newId(), email: user.email });
  if (!created) throw teamError('ALREADY_IN_TEAM', user.lang, 'alreadyInTeam');
  return { team_id: team.id };
}

export async function myTeam(deps: TeamDeps, user: User) {
  const membership = await deps.teams.membershipOf(user.id);
  if (!membership) throw teamError('NOT_FOUND', user.lang, 'noTeam');
  const [team, member] = await Promise.all([
    deps.teams.getTeam(membership.teamId),
    deps.teams.getMember(membership.teamId, membership.memberId),
  ]);
  if (!team || !member || team.dissolvedAt !== null) throw teamError('NOT_FOUND', user.lang, 'noTeam');
  return {
    team_id: team.id,
    name: team.name,
    role: membership.role,
    // The caller's own member id: a member leaves with DELETE /teams/{teamId}/members/{memberId}.
    member_id: membership.memberId,
    domains: team.domains,
    lang: team.lang,
    seats_total: team.seatsTotal,
    seats_used: team.seatsUsed,
    ...(member.hasSeat ? { allowance_left: member.allowanceLeft } : {}),
    allowed: team.allowed,
    chosen_task_id: member.chosen?.taskId ?? null,
  };
}

const INVITE_COPY = {
  en: {
    subject: (team: string) => `${team} invites you to get your headshot`,
    body: (team: string) =>
      `${team} has a seat for you: upload a few selfies and create your professional headshot, paid by your team.`,
    privacy:
      'Your team sees your name, your email, your progress and the one avatar you choose for it; never your photos or your other avatars.',
    // Joining by this link needs an account of this very address (joinTeam below): said before a sign-up.
    address: (email: string) => `No account yet? Sign up with ${email}: the invitation is for this address.`,
    button: 'Join the team',
  },
  fr: {
    subject: (team: string) => `${team} vous invite à créer votre photo professionnelle`,
    body: (team: string) =>
      `${team} vous a réservé une place : importez quelques selfies et créez votre photo professionnelle, payée par votre équipe.`,
    privacy:
      "Votre équipe voit votre nom, votre e-mail, votre avancement et l'avatar que vous choisissez pour elle ; jamais vos photos ni vos autres avatars.",
    address: (email: string) =>
      `Pas encore de compte ? Inscrivez-vous avec ${email} : l'invitation est réservée à cette adresse.`,
    button: "Rejoindre l'équipe",
  },
} as const;

/** The invitation in the language other than the team's, written below it (team-language.ts). */
function inviteBelow(lang: Language, team: string, email: string) {
  const below = otherLanguage(lang);
  const o = INVITE_COPY[below];
  return { lang: below, heading: o.subject(team), paragraphs: [o.body(team), o.privacy, o.address(email)] };
}

const REMIND_COPY = {
  en: {
    subject: (team: string) => `Reminder: your headshot for ${team}`,
    body: (team: string) =>
      `${team} is waiting for your headshot: upload a few selfies, create your avatars and choose one for your team.`,
    button: 'Open my team page',
  },
  fr: {
    subject: (team: string) => `Rappel : votre photo professionnelle pour ${team}`,
    body: (team: string) =>
      `${team} attend votre photo professionnelle : importez quelques selfies, créez vos avatars et choisissez-en un pour votre équipe.`,
    button: "Ouvrir ma page d'équipe",
  },
} as const;

type SkipReason = 'invalid' | 'duplicate' | 'member' | 'already_invited' | 'recently_emailed' | 'no_seat';

/**
 * Up to 500 addresses at once, each validated like signup's: duplicates, members and addresses already
 * invited are reported and not emailed again; the others get an email in the team's language with a join
 * link of their own (single-purpose: it joins that address).
 */
/** Addresses invited at once: each is a few table writes and an email. */
const INVITES_AT_ONCE = 8;

export async function inviteMembers(
  deps: TeamDeps,
  user: User,
  teamId: string,
  emails: string[],
): Promise<{ invited: string[]; skipped: { email: string; reason: SkipReason }[] }> {
  const { team } = await teamFor(deps, user, teamId, 'admin');
  const skipped: { email: string; reason: SkipReason }[] = [];
  const fresh: string[] = [];
  const seen = new Set<string>();
  for (const raw of emails) {
    const email = parseEmailAddress(raw);
    if (!email) skipped.push({ email: raw, reason: 'invalid' });
    else if (seen.has(email)) skipped.push({ email, reason: 'duplicate' });
    else {
      seen.add(email);
      fresh.push(email);
    }
  }
  const known = await deps.teams.knownEmails(teamId, fresh);
  const now = deps.clock.now();
  const invited: string[] = [];
  const c = INVITE_COPY[team.lang];
  const name = mailSafeName(team.name);
  // Invitations need seats (docs/product.md, "Teams"): refused as a whole when the new addresses are more
  // than the team may still invite; each invitation's write holds the same limit under concurrent requests.
  const asked = fresh.filter((e) => !known.has(e)).length;
  const canInvite = Math.max(
    0,
    maxPendingInvites(team.seatsTotal, team.seatsUsed) - (team.invitesPending ?? 0),
  );
  if (asked > canInvite)
    throw new InviteRoomError(TEAM_LIMIT_WORDS.notEnoughSeats(canInvite, user.lang), canInvite);
  await countTeamEmails(deps, team, 'invite', asked, user.lang);
  // Each address is its own claim, write and email (the database holds the limits between them): several at
  // once, so 500 addresses are answered well within the function's time.
  const outcomes = await inOrder(fresh, INVITES_AT_ONCE, async (email): Promise<SkipReason | null> => {
    const already = known.get(email);
    if (already) return already;
    // One email a day per address from this team, whatever became of an earlier invitation's row.
    if (await claimAddress(deps, teamId, email)) return 'recently_emailed';
    const code = deps.ids.newSecret();
    const added = await deps.teams.addInvite(
      teamId,
      {
        email,
        memberId: deps.ids.newId(),
        codeHash: deps.ids.hashSecret(code),
        codeExpiresAt: now + INVITE_CODE_SECONDS,
      },
      now,
      maxPendingInvites,
    );
    if (added !== true) {
      await releaseAddress(deps, teamId, email);
      return added === 'no-room' ? 'no_seat' : 'already_invited';
    }
    await deps.mailer.send(
      noticeEmail(email, {
        lang: team.lang,
        subject: c.subject(name),
        heading: c.subject(name),
        paragraphs: [c.body(name), c.privacy, c.address(email)],
        buttons: [{ label: c.button, url: teamPageUrl(deps.webUrl, team.lang, code) }],
        below: inviteBelow(team.lang, name, email),
      }),
    );
    return null;
  });
  let unsent = 0;
  fresh.forEach((email, i) => {
    const reason = outcomes[i] ?? null;
    if (reason === null) invited.push(email);
    else {
      skipped.push({ email, reason });
      // An address known to the team was never counted (asked leaves it out).
      if (!known.has(email)) unsent += 1;
    }
  });
  await uncountTeamEmails(deps, teamId, 'invite', unsent);
  return { invited, skipped };
}

/** An open link: for the listed domains only, at most `max_uses` joins, for 1 to 90 days. */
export async function createInviteLink(
  deps: TeamDeps,
  user: User,
  teamId: string,
  req: { domains: string[]; max_uses: number; expires_in_days: number },
): Promise<{ link_id: string; url: string; code: string; expires_at: number; max_uses: number }> {
  const { team, memberId } = await teamFor(deps, user, teamId, 'admin');
  const domains = normaliseDomains(user.lang, req.domains);
  if (!domains.length) throw teamError('VALIDATION_FAILED', user.lang, 'invalidDomain');
  const now = deps.clock.now();
  const code = deps.ids.newSecret();
  const link = {
    teamId,
    linkId: deps.ids.newId(),
    codeHash: deps.ids.hashSecret(code),
    domains,
    maxUses: req.max_uses,
    uses: 0,
    expiresAt: now + req.expires_in_days * 86_400,
    revokedAt: null,
    createdAt: now,
    // The team's list of links says who made each (link-list.ts).
    createdBy: memberId,
  };
  await deps.teams.saveLink(link);
  return {
    link_id: link.linkId,
    url: teamPageUrl(deps.webUrl, team.lang, code),
    code,
    expires_at: link.expiresAt,
    max_uses: link.maxUses,
  };
}

export async function revokeInviteLink(
  deps: TeamDeps,
  user: User,
  teamId: string,
  linkId: string,
): Promise<{ success: boolean }> {
  await teamFor(deps, user, teamId, 'admin');
  if (!(await deps.teams.revokeLink(teamId, linkId, deps.clock.now())))
    throw teamError('NOT_FOUND', user.lang, 'linkNotFound');
  return { success: true };
}

const JOIN_REFUSALS = {
  'no-seat': ['NO_SEAT', 'noSeat'],
  cap: ['LINK_CAP_REACHED', 'capReached'],
  'already-in-team': ['ALREADY_IN_TEAM', 'alreadyInTeam'],
  revoked: ['LINK_REVOKED', 'linkRevoked'],
  expired: ['LINK_EXPIRED', 'linkExpired'],
  'invite-used': ['ALREADY_IN_TEAM', 'alreadyInTeam'],
  'mailbox-has-seat': ['MAILBOX_HAS_SEAT', 'mailboxHasSeat'],
} as const satisfies Record<string, [DomainErrorCode, TeamMessageId]>;

/**
 * Joins with a code: an emailed invitation's (that address only, whatever its domain) or an open link's
 * (an address of one of its domains, or one the team invited). Needs a verified email. One seat is taken
 * atomically with the join (the store's transaction); a person belongs to one team at most.
 */
export async function joinTeam(deps: TeamDeps, user: User, code: string): Promise<{ team_id: string }> {
  const lang = user.lang;
  if (user.status !== 'ACTIVE') throw teamError('EMAIL_NOT_VERIFIED', lang, 'emailNotVerified');
  const found = await deps.teams.findCode(deps.ids.hashSecret(code));
  if (!found) throw teamError('NOT_FOUND', lang, 'linkNotFound');
  const team = await deps.teams.getTeam(found.teamId);
  if (!team) throw teamError('NOT_FOUND', lang, 'linkNotFound');
  if (team.dissolvedAt !== null) throw teamError('NOT_FOUND', lang, 'teamDissolved');
  const now = deps.clock.now();
  if (await deps.teams.membershipOf(user.id)) throw teamError('ALREADY_IN_TEAM', lang, 'alreadyInTeam');
  let memberId: string;
  let invited: boolean;
  let linkId: string | null = null;
  if (found.kind === 'invite') {
    if (found.revokedAt !== null) throw teamError('LINK_REVOKED', lang, 'linkRevoked');
    if (found.expiresAt <= now) throw teamError('LINK_EXPIRED', lang, 'linkExpired');
    if (found.email !== user.email) throw teamError('FORBIDDEN', lang, 'inviteForAnother');
    memberId = found.memberId;
    invited = true;
  } else {
    const link = await deps.teams.getLink(found.teamId, found.linkId);
    if (!link) throw teamError('NOT_FOUND', lang, 'linkNotFound');
    if (link.revokedAt !== null) throw teamError('LINK_REVOKED', lang, 'linkRevoked');
    if (link.expiresAt <= now) throw teamError('LINK_EXPIRED', lang, 'linkExpired');
    const invitedId = await deps.teams.invitedMemberId(found.teamId, user.email);
    if (!invitedId && !emailDomainAllowed(user.email, link.domains))
      throw teamError('DOMAIN_NOT_ALLOWED', lang, 'domainRefused');
    memberId = invitedId ?? deps.ids.newId();
    invited = invitedId !== null;
    linkId = link.linkId;
  }
  const photos = deps.photos ? await deps.photos.list(user.id, now) : [];
  const result = await deps.teams.join({
    teamId: found.teamId,
    user: { id: user.id, email: user.email },
    memberId,
    invited,
    linkId,
    allowance: allowanceOfSeat().total,
    photosReadyUntil: photosReadyUntil(
      photos.map((p) => p.expiresAt),
      now,
    ),
    now,
  });
  if (!result.ok) {
    const [errorCode, message] = JOIN_REFUSALS[result.reason];
    throw teamError(errorCode, lang, message);
  }
  return { team_id: found.teamId };
}

/** The owner's "one look for everyone": which styles, and which backdrop x outfit combinations. */
export async function setAllowed(
  deps: TeamDeps,
  user: User,
  teamId: string,
  allowed: Allowed,
): Promise<{ success: boolean; allowed: Allowed }> {
  await teamFor(deps, user, teamId, 'owner');
  const clean: Allowed = {
    styles: allowed.styles ? [...new Set(allowed.styles)] : null,
    combos: allowed.combos
      ? [...new Map(allowed.combos.map((c) => [`${c.backdrop}+${c.outfit}`, c])).values()]
      : null,
  };
  await deps.teams.setAllowed(teamId, clean);
  return { success: true, allowed: clean };
}

/**
 * What the dashboard shows of a member's progress at `now`: a status, never their photos or personal
 * avatars. "Photos ready": enough photos kept to create, and no team avatar yet (photos/domain/team-photo-progress.ts).
 */
export function memberStatus(m: Member, now: number): MemberStatus {
  if (m.leftAt !== null) return 'left';
  if (m.userId === null) return 'invited';
  if (m.chosen) return 'chosen';
  if (m.finished > 0) return 'done';
  if (m.allowanceSpent > 0) return 'generating';
  if (m.photosReadyUntil !== null && m.photosReadyUntil > now) return 'photos_ready';
  return 'joined';
}

/**
 * Who a row is: the address's local part and the address; for an account deleted, what the team keeps of it
 * (the address it invited itself, or nothing: team-departures.ts) and that the account was deleted.
 */
function whoIs(m: Member, lang: Language): { name: string; email: string } {
  const at = m.email.lastIndexOf('@');
  const deleted = m.leftAt !== null && m.userId === null && m.joinedAt !== null;
  if (!deleted) return { name: m.email.slice(0, Math.max(at, 0)), email: m.email };
  if (at <= 0) return { name: TEAM_MESSAGES.deletedMember[lang], email: '' };
  return { name: `${m.email.slice(0, at)} ${TEAM_MESSAGES.accountDeleted[lang]}`, email: m.email };
}

/**
 * A member's row: their chosen team avatar only once chosen, and only while they are in the team
 * (docs/faces.md, "Teams"): a member who left, was removed or deleted their account shows none.
 */
export function memberView(m: Member, now: number, lang: Language = 'en') {
  return {
    member_id: m.memberId,
    ...whoIs(m, lang),
    role: m.role,
    status: memberStatus(m, now),
    has_seat: m.hasSeat,
    allowance_left: m.hasSeat ? m.allowanceLeft : 0,
    allowance_total: m.hasSeat ? m.allowanceTotal : 0,
    invited_at: m.invitedAt,
    joined_at: m.joinedAt,
    left_at: m.leftAt,
    reminded_at: m.remindedAt,
    chosen:
      m.chosen && m.leftAt === null
        ? {
            task_id: m.chosen.taskId,
            file_name: m.chosen.fileName,
            likeness: m.chosen.likeness,
            chosen_at: m.chosen.chosenAt,
          }
        : null,
  };
}

/** The dashboard's page size for a `?limit=` (absent or not a number: the default; clamped to 1..max). */
export function membersPageLimit(asked: string | undefined): number {
  const n = Number.parseInt(asked ?? '', 10);
  return Number.isFinite(n)
    ? Math.min(Math.max(n, 1), TEAM_LIMITS.maxMembersPageSize)
    : TEAM_LIMITS.membersPageSize;
}

/** What the dashboard's page reads: the caller's pointer and the team (team-access.ts), and the page. */
export interface MembersPageDeps {
  teams: Pick<TeamStore, 'membershipOf' | 'getTeam' | 'listMembers'>;
  clock: Clock;
  /** signs each chosen headshot's thumbnail, as the gallery does (absent: rows without one) */
  results?: Pick<ResultFiles, 'viewUrls'>;
}

export async function listMembers(
  deps: MembersPageDeps,
  user: User,
  teamId: string,
  query: { cursor?: string | undefined; limit?: string | undefined },
) {
  const limit = membersPageLimit(query.limit);
  // The page is read while the caller's membership and role are checked (one round trip, not two, before
  // the answer); it is used only once the check passed, and dropped otherwise.
  const reading = deps.teams.listMembers(teamId, limit, query.cursor || null);
  reading.catch(() => undefined);
  const { team } = await teamFor(deps, user, teamId, 'admin');
  const page = await reading;
  const now = deps.clock.now();
  const members: TeamMember[] = await Promise.all(
    page.members.map(async (m) => {
      const row = memberView(m, now, user.lang);
      // Only a row that shows its choice (docs/faces.md, "Teams"); the file stays the member's.
      if (!row.chosen || !m.chosen || !m.userId || !deps.results) return row;
      const urls = await deps.results.viewUrls(m.userId, m.chosen.resultFile, GALLERY_LIMITS.viewUrlSeconds);
      return { ...row, chosen: { ...row.chosen, thumbnail_url: urls.thumbnailUrl } };
    }),
  );
  return {
    members,
    seats_total: team.seatsTotal,
    seats_used: team.seatsUsed,
    next_cursor: page.nextCursor,
  };
}

async function memberOf(deps: TeamDeps, user: User, teamId: string, memberId: string): Promise<Member> {
  const member = await deps.teams.getMember(teamId, memberId);
  if (!member || member.leftAt !== null) throw teamError('NOT_FOUND', user.lang, 'memberNotFound');
  return member;
}

/** One email to a member who has not finished, at most once a day per member. */
export async function remindMember(
  deps: TeamDeps,
  user: User,
  teamId: string,
  memberId: string,
): Promise<{ success: boolean; reminded_at: number }> {
  const { team } = await teamFor(deps, user, teamId, 'admin');
  const member = await memberOf(deps, user, teamId, memberId);
  const now = deps.clock.now();
  const alreadyReminded = () => teamError('ALREADY_REMINDED', user.lang, 'remindedToday');
  if (member.remindedAt !== null && member.remindedAt > now - TEAM_LIMITS.remindEverySeconds)
    throw alreadyReminded();
  // One email a day per address from this team (its invitation included), then the team's day of reminders
  // (team-emails.ts); each given back when a later check refuses.
  const wait = await claimAddress(deps, teamId, member.email);
  if (wait) throw recentlyEmailed(wait, user.lang);
  try {
    await countTeamEmails(deps, team, 'remind', 1, user.lang);
  } catch (e) {
    await releaseAddress(deps, teamId, member.email);
    throw e;
  }
  if (!(await deps.teams.markReminded(teamId, memberId, now, TEAM_LIMITS.remindEverySeconds))) {
    await releaseAddress(deps, teamId, member.email);
    await uncountTeamEmails(deps, teamId, 'remind', 1);
    throw alreadyReminded();
  }
  const c = REMIND_COPY[team.lang];
  const name = mailSafeName(team.name);
  await deps.mailer.send(
    noticeEmail(member.email, {
      lang: team.lang,
      subject: c.subject(name),
      heading: c.subject(name),
      paragraphs: [c.body(name)],
      buttons: [{ label: c.button, url: teamPageUrl(deps.webUrl, team.lang) }],
    }),
  );
  return { success: true, reminded_at: now };
}

/**
 * "Grant one extra retry": one more avatar on a seated member's allowance, at most
 * TEAM_LIMITS.maxRetryGrantsPerSeat times per member and seat (docs/product.md, "Teams"), so no admin can
 * hand one member an unbounded allowance; the store's condition holds it under concurrent grants.
 */
export async function grantMemberRetry(
  deps: TeamDeps,
  user: User,
  teamId: string,
  memberId: string,
): Promise<{ success: boolean; allowance_left: number }> {
  await teamFor(deps, user, teamId, 'admin');
  const member = await memberOf(deps, user, teamId, memberId);
  if (!member.hasSeat) throw teamError('NOT_FOUND', user.lang, 'memberNotFound');
  const left = await deps.teams.grantRetry(teamId, memberId, TEAM_LIMITS.maxRetryGrantsPerSeat);
  if (left === null) throw teamError('NOT_FOUND', user.lang, 'memberNotFound');
  if (left === 'cap') throw teamError('RETRY_CAP_REACHED', user.lang, 'retryCapReached');
  return { success: true, allowance_left: left };
}

export async function setMemberRole(
  deps: TeamDeps,
  user: User,
  teamId: string,
  memberId: string,
  role: 'admin' | 'member',
): Promise<{ success: boolean }> {
  await teamFor(deps, user, teamId, 'owner');
  const member = await memberOf(deps, user, teamId, memberId);
  if (member.role === 'owner' || member.userId === null)
    throw teamError('FORBIDDEN', user.lang, 'ownerStays');
  if (!(await deps.teams.setRole(teamId, memberId, role, deps.clock.now())))
    throw teamError('NOT_FOUND', user.lang, 'memberNotFound');
  return { success: true };
}

/**
 * Owner and admins remove a member (an invitation too); a member may remove themself (leave). The owner
 * stays. Their personal account, tokens, photos and avatars are untouched.
 */
export async function removeMember(
  deps: TeamDeps,
  user: User,
  teamId: string,
  memberId: string,
): Promise<{ success: boolean }> {
  const me = await teamFor(deps, user, teamId, 'member');
  if (me.memberId !== memberId && !isAdmin(me.role)) throw teamError('FORBIDDEN', user.lang, 'notTeamAdmin');
  const member = await memberOf(deps, user, teamId, memberId);
  if (member.role === 'owner') throw teamError('FORBIDDEN', user.lang, 'ownerStays');
  if (!(await deps.teams.removeMember(teamId, memberId, deps.clock.now())))
    throw teamError('NOT_FOUND', user.lang, 'memberNotFound');
  // Their chosen headshot leaves the team's set: the ZIP is built anew ahead of the download.
  if (member.chosen) await deps.archives?.setChanged(teamId);
  return { success: true };
}

/**
 * The download routes (CSV, ZIP) take the session in a header, or a short download link made for this team
 * (functions/platform/domain/download-links.ts: its object is the team id, checked by the HTTP edge); the role is
 * checked here either way.
 */
export async function teamForDownload(
  deps: TeamDeps,
  user: User,
  teamId: string,
  link: { object: string } | null,
): Promise<Team> {
  if (link && link.object !== teamId) throw teamError('NOT_FOUND', user.lang, 'teamNotFound');
  return (await teamFor(deps, user, teamId, 'admin')).team;
}
