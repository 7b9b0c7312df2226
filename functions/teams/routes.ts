// Thin route handlers of the teams group: each takes the request's parts and calls one domain function
// (functions/teams/domain/teams.ts), which checks the caller's membership and role.
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { jsonResponse } from '#platform/http/error-mapper.ts';
import type { RouteHandlers } from '#platform/http/group-handler.ts';
import { teamHeadshotsZip } from './domain/headshots-zip.ts';
import { previewJoinCode } from './domain/join-preview.ts';
import { listInviteLinks } from './domain/link-list.ts';
import { membersCsv } from './domain/members-csv.ts';
import { giveBackOwnSeat, takeOwnSeat } from './domain/own-seat.ts';
import { setTeamLanguage } from './domain/team-language.ts';
import {
  createInviteLink,
  createTeam,
  grantMemberRetry,
  inviteMembers,
  joinTeam,
  listMembers,
  myTeam,
  remindMember,
  removeMember,
  revokeInviteLink,
  setAllowed,
  setMemberRole,
  teamForDownload,
} from './domain/teams.ts';
import type { TeamMembersEarlyReads } from './early-reads.ts';
import type { TeamsGroupDeps } from './wiring.ts';

const created = (body: unknown): APIGatewayProxyStructuredResultV2 => jsonResponse(201, body);

/** Joins a text stream's chunks into the one body a Lambda answer has (API Gateway buffers it anyway). */
async function text(chunks: AsyncIterable<string>): Promise<string> {
  const parts: string[] = [];
  for await (const c of chunks) parts.push(c);
  return parts.join('');
}

export const teamRoutes = (deps: TeamsGroupDeps, early?: TeamMembersEarlyReads): RouteHandlers<'teams'> => ({
  createTeam: async ({ user, body }) => created(await createTeam(deps, user, body)),
  myTeam: ({ user }) => myTeam(deps, user),
  teamInvites: ({ user, params, body }) => inviteMembers(deps, user, params.teamId ?? '', body.emails),
  createInviteLink: ({ user, params, body }) => createInviteLink(deps, user, params.teamId ?? '', body),
  teamInviteLinks: ({ user, params }) => listInviteLinks(deps, user, params.teamId ?? ''),
  revokeInviteLink: ({ user, params }) =>
    revokeInviteLink(deps, user, params.teamId ?? '', params.linkId ?? ''),
  joinTeam: ({ user, params }) => joinTeam(deps, user, params.code ?? ''),
  joinPreview: ({ user, params, clientAddress }) =>
    previewJoinCode(deps, { clientAddress, user }, params.code ?? ''),
  setTeamLanguage: ({ user, params, body }) => setTeamLanguage(deps, user, params.teamId ?? '', body.lang),
  takeTeamSeat: ({ user, params }) => takeOwnSeat(deps, user, params.teamId ?? ''),
  giveBackTeamSeat: ({ user, params }) => giveBackOwnSeat(deps, user, params.teamId ?? ''),
  setTeamAllowed: ({ user, params, body }) => setAllowed(deps, user, params.teamId ?? '', body),
  teamMembers: ({ user, params, event }) =>
    listMembers(
      { teams: early ? early.readsFor(event) : deps.teams, clock: deps.clock, results: deps.results },
      user,
      params.teamId ?? '',
      {
        cursor: event.queryStringParameters?.cursor,
        limit: event.queryStringParameters?.limit,
      },
    ),
  remindMember: ({ user, params }) => remindMember(deps, user, params.teamId ?? '', params.memberId ?? ''),
  grantMemberRetry: ({ user, params }) =>
    grantMemberRetry(deps, user, params.teamId ?? '', params.memberId ?? ''),
  setMemberRole: ({ user, params, body }) =>
    setMemberRole(deps, user, params.teamId ?? '', params.memberId ?? '', body.role),
  removeMember: ({ user, params }) => removeMember(deps, user, params.teamId ?? '', params.memberId ?? ''),
  // A redirect to the ZIP kept in storage (built first when the set of choices changed).
  teamHeadshotsZip: async ({ user, params, link }) => ({
    statusCode: 302,
    headers: {
      location: await teamHeadshotsZip(deps, user, params.teamId ?? '', link),
      'cache-control': 'no-store',
    },
  }),
  teamMembersCsv: async ({ user, params, link }) => {
    const team = await teamForDownload(deps, user, params.teamId ?? '', link);
    return {
      statusCode: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="team-members.csv"',
        'cache-control': 'private, no-store',
      },
      // A BOM: spreadsheets then read the names' accents as UTF-8.
      body: `\ufeff${await text(membersCsv(deps, team.id, user.lang))}`,
    };
  },
});
