// The ids in a team route's path (shared/path-params.ts): a team, member or link id of another shape than
// the server makes, or a code past any code's length, names nothing and is answered 404 in the error body
// every route has, with the words the route says for an unknown id, before any store is asked. A
// 3,000-character id used to reach DynamoDB's key size limit: 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteId } from '#shared/api-routes.ts';
import { PATH_PARAMS, type PathParamName, pathParamNames } from '#shared/path-params.ts';
import { call, type EventOptions } from '../support/handler-events.ts';
import { openLink, ownerWithTeam, type TeamOwner, teamRouteBody } from '../support/handler-teams.ts';

/** Every route under /teams with an id in its path, whichever group serves it. */
const teamRoutesWithIds = (Object.keys(apiRoutes) as RouteId[]).filter(
  (id) => apiRoutes[id].path.startsWith('/teams') && pathParamNames(apiRoutes[id].path).length > 0,
);

const cases = teamRoutesWithIds.flatMap((id) =>
  pathParamNames(apiRoutes[id].path).flatMap((name) => [
    [id, name, '3,000 characters', 'a'.repeat(3000)] as const,
    [id, name, 'a malformed id', '../x'] as const,
  ]),
);

let owner: TeamOwner & { memberId: string; linkId: string; code: string };

beforeAll(async () => {
  const team = await ownerWithTeam(3);
  const link = await openLink(team);
  const mine = await call('myTeam', { token: team.token });
  owner = { ...team, memberId: mine.body.member_id as string, ...link };
});

/** The owner's request on `id` with valid ids and body, but `name` set to `value`. */
function request(id: RouteId, name: string, value: string): EventOptions {
  const valid: Record<string, string> = {
    teamId: owner.teamId,
    memberId: owner.memberId,
    linkId: owner.linkId,
    code: owner.code,
  };
  const params = Object.fromEntries(
    pathParamNames(apiRoutes[id].path).map((p) => [p, p === name ? value : (valid[p] as string)]),
  );
  return { token: owner.token, params, ...teamRouteBody(id) };
}

describe('ids in a team route’s path', () => {
  it('every team route with an id is covered', () => {
    expect(teamRoutesWithIds).toEqual(
      expect.arrayContaining(['revokeInviteLink', 'joinTeam', 'removeMember']),
    );
  });

  it.each(cases)('%s: {%s} of %s answers 404 in the error body, not 500', async (id, name, _what, value) => {
    const res = await call(id, request(id, name, value));
    const words = PATH_PARAMS[name as PathParamName].refusal.words.en;
    expect(res, res.raw).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND', msg: words, error: words },
    });
  });
});
