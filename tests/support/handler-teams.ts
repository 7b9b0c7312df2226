// Teams for the handler tests (tests/handlers/team*.test.ts), over DynamoDB Local: an owner with a team and
// seats, an open link of theirs. The integration tests' own are tests/support/teams.ts.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import type { RouteId } from '#shared/api-routes.ts';
import { call, newEmail, signedInUser, type TestUser, testTable } from './handler-events.ts';

export type TeamOwner = TestUser & { teamId: string };

/** The team's seats as the webhook would have credited them. */
async function giveSeats(teamId: string, seats: number): Promise<void> {
  const { db, tableName } = testTable();
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: `TEAM#${teamId}`, sk: 'TEAM' },
      UpdateExpression: 'SET seats_total = :n',
      ExpressionAttributeValues: { ':n': seats },
    }),
  );
}

/** A new signed-in owner of a new team named `name` with `seats` seats. */
export async function ownerWithTeam(seats: number, name = 'Acme'): Promise<TeamOwner> {
  const user = await signedInUser(newEmail('owner'));
  const created = await call('createTeam', { token: user.token, body: { name } });
  expect(created.status).toBe(201);
  const teamId = created.body.team_id as string;
  await giveSeats(teamId, seats);
  return { ...user, teamId };
}

/** A new open link of `owner`'s team for example.test: 5 uses, 7 days; its id and code. */
export async function openLink(owner: TeamOwner): Promise<{ linkId: string; code: string }> {
  const link = await call('createInviteLink', {
    token: owner.token,
    params: { teamId: owner.teamId },
    body: { domains: ['example.test'], max_uses: 5, expires_in_days: 7 },
  });
  expect(link.status).toBe(200);
  return { linkId: link.body.link_id as string, code: link.body.code as string };
}

/** A body each team route with one accepts (`{}` for the routes without), each call with a new invitee. */
export function teamRouteBody(id: RouteId): { body?: unknown } {
  const bodies: Partial<Record<RouteId, unknown>> = {
    createTeam: { name: 'Other' },
    teamSeatCheckout: { quantity: 3 },
    teamInvites: { emails: [newEmail('invitee')] },
    createInviteLink: { domains: ['example.test'], max_uses: 2, expires_in_days: 3 },
    setTeamAllowed: { styles: null, combos: null },
    setMemberRole: { role: 'admin' },
    setTeamLanguage: { lang: 'fr' },
  };
  return bodies[id] !== undefined ? { body: bodies[id] } : {};
}
