// Teams (docs/product.md, "Teams"): every route checks the caller's membership and role on the server; an
// admin of another team gets 404, a member 403 on admin actions.
// Its routes and their bodies; shared/api-routes.ts merges every area's routes into the one apiRoutes table.
import * as z from 'zod/mini';
import { BACKDROP_IDS, OUTFIT_IDS } from '../style-choices.ts';
import { MEMBER_STATUSES, TEAM_LIMITS, TEAM_ROLES } from '../team-rules.ts';
import { Language, StyleId, Success } from './common.ts';
import { route } from './route.ts';

// Teams (docs/product.md, "Teams"; numbers and words in shared/team-rules.ts).
/** A company email domain as typed (`acme.test`); the server keeps its ASCII (punycode) form. */
const TeamDomain = z.string().check(z.trim(), z.minLength(3), z.maxLength(253));

const TeamRole = z.enum(TEAM_ROLES);

const MemberStatus = z.enum(MEMBER_STATUSES);

/** One backdrop with one outfit, for the styles that take choices (shared/style-choices.ts ids). */
export const TeamCombo = z.strictObject({ backdrop: z.enum(BACKDROP_IDS), outfit: z.enum(OUTFIT_IDS) });

export type TeamCombo = z.infer<typeof TeamCombo>;

/**
 * What members may create: `styles` (ids; null: every active style) and, for the styles that take
 * choices, `combos` (null: any backdrop with any outfit). Changing it never touches finished avatars.
 */
export const TeamAllowed = z.object({
  styles: z.nullable(z.array(StyleId).check(z.maxLength(200))),
  combos: z.nullable(z.array(TeamCombo).check(z.maxLength(BACKDROP_IDS.length * OUTFIT_IDS.length))),
});

export type TeamAllowed = z.infer<typeof TeamAllowed>;

export const CreateTeamRequest = z.strictObject({
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(TEAM_LIMITS.nameMaxLength)),
  domains: z.optional(z.array(TeamDomain).check(z.maxLength(TEAM_LIMITS.maxDomains))),
  /** the language of the team's emails (default: the owner's) */
  lang: z.optional(Language),
});

export const TeamCreated = z.object({ team_id: z.string() });

/** GET /teams/mine: the caller's team as their role sees it. */
export const MyTeam = z.object({
  team_id: z.string(),
  name: z.string(),
  role: TeamRole,
  /** the caller's own member id: a member leaves with DELETE .../members/{memberId} */
  member_id: z.optional(z.string()),
  domains: z.array(z.string()),
  lang: Language,
  seats_total: z.number(),
  seats_used: z.number(),
  /** members with a seat: avatars left to create from the team's allowance (absent without a seat) */
  allowance_left: z.optional(z.number()),
  allowed: TeamAllowed,
  /** the team avatar the caller chose for the team, if any */
  chosen_task_id: z.nullable(z.string()),
});

export type MyTeam = z.infer<typeof MyTeam>;

export const InvitesRequest = z.strictObject({
  emails: z
    .array(z.string().check(z.maxLength(320)))
    .check(z.minLength(1), z.maxLength(TEAM_LIMITS.maxInvitesPerRequest)),
});

/** `invited`: the addresses emailed; `skipped`: the others and why (not emailed again). */
export const InvitesResult = z.object({
  invited: z.array(z.string()),
  skipped: z.array(
    z.object({
      email: z.string(),
      /**
       * recently_emailed: the team emailed this address less than a day ago (the invitation not made);
       * no_seat: the team's free seats were taken meanwhile (docs/product.md, "Teams")
       */
      reason: z.enum(['invalid', 'duplicate', 'member', 'already_invited', 'recently_emailed', 'no_seat']),
    }),
  ),
});

export type InvitesResult = z.infer<typeof InvitesResult>;

export const InviteLinkRequest = z.strictObject({
  domains: z.array(TeamDomain).check(z.minLength(1), z.maxLength(TEAM_LIMITS.maxDomains)),
  max_uses: z.int().check(z.gte(1), z.lte(TEAM_LIMITS.maxLinkUses)),
  expires_in_days: z.int().check(z.gte(TEAM_LIMITS.minLinkDays), z.lte(TEAM_LIMITS.maxLinkDays)),
});

/** The code is shown once (only its SHA-256 is stored); `url` is the web app's join page with it. */
export const InviteLink = z.object({
  link_id: z.string(),
  url: z.string(),
  code: z.string(),
  expires_at: z.number(),
  max_uses: z.number(),
});

export type InviteLink = z.infer<typeof InviteLink>;

/** A link that still opens the team, as the owner and admins list it: never its code (only a hash is kept). */
export const TeamInviteLinkItem = z.object({
  link_id: z.string(),
  domains: z.array(z.string()),
  uses: z.number(),
  max_uses: z.number(),
  expires_at: z.number(),
  created_at: z.number(),
  /** the address of the owner or admin who made it (null: not known) */
  created_by: z.nullable(z.string()),
});

export type TeamInviteLinkItem = z.infer<typeof TeamInviteLinkItem>;

export const TeamInviteLinks = z.object({ links: z.array(TeamInviteLinkItem) });

/** An owner or admin took a seat: what their allowance is. */
export const OwnSeatTaken = z.object({ success: z.boolean(), allowance_left: z.number() });

/** The seat given back: `seat_freed` false when avatars were made from it (it was used). */
export const OwnSeatGivenBack = z.object({ success: z.boolean(), seat_freed: z.boolean() });

export const JoinedTeam = z.object({ team_id: z.string() });

/**
 * What a join code would do, seen before joining (docs/product.md, "Teams"): the team's name and language,
 * an open link's domains, an emailed invitation's address (while it can still be used), and what a join
 * would answer now. Without a session only the code's own state (`valid`, `revoked`, `used`, `expired`);
 * with one, the caller's too: `for_another` (an invitation of another address), `domain_refused` (an open
 * link not for their address), `in_other_team`, `member` (already in this team: `team_id` then says which).
 * Nothing else of the team.
 */
export const JoinPreview = z.object({
  team_name: z.string(),
  lang: Language,
  kind: z.enum(['invite', 'link']),
  /** an open link's domains ([] for an invitation) */
  domains: z.array(z.string()),
  /** an invitation's address, while it stands; null otherwise */
  email: z.nullable(z.string()),
  status: z.enum([
    'valid',
    'revoked',
    'used',
    'expired',
    'for_another',
    'domain_refused',
    'in_other_team',
    'member',
  ]),
  /** the caller's own team, when `member` */
  team_id: z.optional(z.string()),
});

export type JoinPreview = z.infer<typeof JoinPreview>;

/** The language a team's emails are written in (its invitations then carry the other one below). */
export const TeamLanguage = z.strictObject({ lang: Language });

export const TeamAllowedResult = z.object({ success: z.boolean(), allowed: TeamAllowed });

/**
 * A member on the dashboard. Never their photos or personal avatars; `chosen` only once they chose a team
 * avatar (docs/faces.md, "Teams").
 */
export const TeamMember = z.object({
  member_id: z.string(),
  name: z.string(),
  email: z.string(),
  role: TeamRole,
  status: MemberStatus,
  has_seat: z.boolean(),
  allowance_left: z.number(),
  allowance_total: z.number(),
  invited_at: z.nullable(z.number()),
  joined_at: z.nullable(z.number()),
  left_at: z.nullable(z.number()),
  reminded_at: z.nullable(z.number()),
  chosen: z.nullable(
    z.object({
      task_id: z.string(),
      file_name: z.string(),
      likeness: z.nullable(z.number()),
      chosen_at: z.number(),
      /** the chosen headshot's thumbnail, a short-lived URL signed as the gallery's are */
      thumbnail_url: z.optional(z.string()),
    }),
  ),
});

export type TeamMember = z.infer<typeof TeamMember>;

/** `?cursor=` and `?limit=` page through (a team-keyed Query, never a scan). */
export const TeamMembersPage = z.object({
  members: z.array(TeamMember),
  seats_total: z.number(),
  seats_used: z.number(),
  next_cursor: z.nullable(z.string()),
});

export type TeamMembersPage = z.infer<typeof TeamMembersPage>;

export const RemindResult = z.object({ success: z.boolean(), reminded_at: z.number() });

export const RetryGrantResult = z.object({ success: z.boolean(), allowance_left: z.number() });

/** The owner makes a member an admin, or back. */
export const MemberRoleRequest = z.strictObject({ role: z.enum(['admin', 'member']) });

export const teamsRoutes = {
  createTeam: route({
    method: 'POST',
    path: '/teams',
    group: 'teams',
    access: 'user',
    request: CreateTeamRequest,
    response: TeamCreated,
  }),
  /** The caller's team, role, seats and allowance; 404 when they belong to none. */
  myTeam: route({
    method: 'GET',
    path: '/teams/mine',
    group: 'teams',
    access: 'user',
    response: MyTeam,
  }),
  teamInvites: route({
    method: 'POST',
    path: '/teams/{teamId}/invites',
    group: 'teams',
    access: 'user',
    request: InvitesRequest,
    response: InvitesResult,
    // 500 addresses of up to 320 characters, quoted and separated: the default 16 KB held about 500 short
    // ones only (docs/product.md, "Teams").
    maxBodyBytes: TEAM_LIMITS.maxInvitesPerRequest * 324 + 64,
  }),
  createInviteLink: route({
    method: 'POST',
    path: '/teams/{teamId}/invite-links',
    group: 'teams',
    access: 'user',
    request: InviteLinkRequest,
    response: InviteLink,
  }),
  /** Owner and admins: the open links that still let someone join (never their codes). */
  teamInviteLinks: route({
    method: 'GET',
    path: '/teams/{teamId}/invite-links',
    group: 'teams',
    access: 'user',
    response: TeamInviteLinks,
  }),
  revokeInviteLink: route({
    method: 'DELETE',
    path: '/teams/{teamId}/invite-links/{linkId}',
    group: 'teams',
    access: 'user',
    response: Success,
  }),
  /**
   * Joins with an emailed invitation's or an open link's code: 403 (domain, revoked, expired, email not
   * verified) or 409 (no seat, cap reached, already in a team) with shared/team-rules.ts's words.
   */
  joinTeam: route({
    method: 'POST',
    path: '/teams/join/{code}',
    group: 'teams',
    access: 'user',
    response: JoinedTeam,
  }),
  /**
   * Owner and admins take one of the team's seats for their own headshot (409 when none is free or they hold
   * one), and give it back as a member's leaving does.
   */
  takeTeamSeat: route({
    method: 'POST',
    path: '/teams/{teamId}/seat',
    group: 'teams',
    access: 'user',
    response: OwnSeatTaken,
  }),
  giveBackTeamSeat: route({
    method: 'DELETE',
    path: '/teams/{teamId}/seat',
    group: 'teams',
    access: 'user',
    response: OwnSeatGivenBack,
  }),
  /**
   * What a join code opens, before joining: the join screen and the sign-in pages' note. Public, a session
   * optional (it adds the caller's own refusals); limited per address, as the login link's look is; 404 for
   * a code that is none.
   */
  joinPreview: route({
    method: 'GET',
    path: '/teams/join/{code}',
    group: 'teams',
    access: 'public',
    optionalSession: true,
    response: JoinPreview,
  }),
  /** Owner and admins: the language of the team's emails (an invitation carries the other one below). */
  setTeamLanguage: route({
    method: 'PUT',
    path: '/teams/{teamId}/language',
    group: 'teams',
    access: 'user',
    request: TeamLanguage,
    response: TeamLanguage,
  }),
  /** Owner: the styles and backdrop x outfit combinations members may create. */
  setTeamAllowed: route({
    method: 'PUT',
    path: '/teams/{teamId}/allowed',
    group: 'teams',
    access: 'user',
    request: TeamAllowed,
    response: TeamAllowedResult,
  }),
  /** Owner and admins: the dashboard's members, `?cursor=` and `?limit=` (a team-keyed Query). */
  teamMembers: route({
    method: 'GET',
    path: '/teams/{teamId}/members',
    group: 'teams',
    access: 'user',
    response: TeamMembersPage,
  }),
  /** Owner and admins: one email, at most once a day per member. */
  remindMember: route({
    method: 'POST',
    path: '/teams/{teamId}/members/{memberId}/remind',
    group: 'teams',
    access: 'user',
    response: RemindResult,
  }),
  /** Owner and admins: one extra avatar on the member's allowance. */
  grantMemberRetry: route({
    method: 'POST',
    path: '/teams/{teamId}/members/{memberId}/retry',
    group: 'teams',
    access: 'user',
    response: RetryGrantResult,
  }),
  /** Owner: makes a member an admin (manager), or back. */
  setMemberRole: route({
    method: 'PUT',
    path: '/teams/{teamId}/members/{memberId}/role',
    group: 'teams',
    access: 'user',
    request: MemberRoleRequest,
    response: Success,
  }),
  /**
   * Owner and admins remove a member (the seat is freed if they generated nothing); a member removes
   * themself (leaves). Their personal account stays.
   */
  removeMember: route({
    method: 'DELETE',
    path: '/teams/{teamId}/members/{memberId}',
    group: 'teams',
    access: 'user',
    response: Success,
  }),
  /** Owner and admins: name, email, status, chosen headshot's file name, likeness, dates; streamed. */
  teamMembersCsv: route({
    method: 'GET',
    path: '/teams/{teamId}/members.csv',
    group: 'teams',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
  /** Owner and admins: one folder per member, the 1080 px face-centred square and the full-size file. */
  teamHeadshotsZip: route({
    method: 'GET',
    path: '/teams/{teamId}/headshots.zip',
    group: 'teams',
    access: 'user',
    response: 'binary',
    queryToken: true,
  }),
} as const;
