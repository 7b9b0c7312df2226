// The ids in a team route's path (shared/path-params.ts): a team, member or link id of another shape than
// the server makes, or a code past any code's length, names nothing and is answered 404 in the error body
// every route has, with the words the route says for an unknown id, before any store is asked. A
// 3,000-character id used to reach DynamoDB's key size limit: 500.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes, type RouteId } from '../../shared/api-routes.ts';
import { PATH_PARAMS, type PathParamName, pathParamNames } from '../../shared/path-params.ts';
import {
  call,
  type EventOptions,
  newEmail,
  signedInUser,
  type TestUser,
  testTable,
} from '../support/handler-events.ts';

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

let owner: TestUser & { teamId: string; memberId: string; linkId: string; code: string };

beforeAll(async () => {
  const user = await signedInUser(newEmail('owner'));
  const created = await call('createTeam', { token: user.token, body: { name: 'Acme' } });
  const teamId = created.body.team_id as string;
  const { db, tableName } = testTable();
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: `TEAM#${teamId}`, sk: 'TEAM' },
      UpdateExpression: 'SET seats_total = :n',
      ExpressionAttributeValues: { ':n': 3 },
    }),
  );
  const link = await call('createInviteLink', {
    token: user.token,
    params: { teamId },
    body: { domains: ['example.test'], max_uses: 5, expires_in_days: 7 },
  });
  const mine = await call('myTeam', { token: user.token });
  owner = {
    ...user,
    teamId,
    memberId: mine.body.member_id as string,
    linkId: link.body.link_id as string,
    code: link.body.code as string,
  };
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
  const bodies: Record<string, unknown> = {
    teamSeatCheckout: { quantity: 3 },
    teamInvites: { emails: [newEmail('invitee')] },
    createInviteLink: { domains: ['example.test'], max_uses: 2, expires_in_days: 3 },
    setTeamAllowed: { styles: null, combos: null },
    setMemberRole: { role: 'admin' },
    setTeamLanguage: { lang: 'fr' },
  };
  return { token: owner.token, params, ...(bodies[id] !== undefined ? { body: bodies[id] } : {}) };
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
