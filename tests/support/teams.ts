// Teams from a test's point of view: an owner with a team and seats, people who join by a link.
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { activatedUser, callRoute, newEmail, stack } from './api.ts';
import { testDb } from './avatars.ts';

/** The team's seats as the webhook would have credited them (the purchase itself: teams-seats.test.ts). */
export async function giveSeats(teamId: string, seats: number): Promise<void> {
  await testDb().send(
    new UpdateCommand({
      TableName: stack().tableName,
      Key: { pk: `TEAM#${teamId}`, sk: 'TEAM' },
      UpdateExpression: 'SET seats_total = :n',
      ExpressionAttributeValues: { ':n': seats },
    }),
  );
}

export async function teamItem(teamId: string, sk = 'TEAM'): Promise<Record<string, unknown>> {
  const res = await testDb().send(
    new GetCommand({
      TableName: stack().tableName,
      Key: { pk: `TEAM#${teamId}`, sk },
      ConsistentRead: true,
    }),
  );
  return res.Item ?? {};
}

/** An activated owner with a new team and `seats` seats. */
export async function ownerWithTeam(seats = 0, o: { domains?: string[]; email?: string } = {}) {
  const owner = await activatedUser(o.email ?? newEmail('owner'));
  const res = await callRoute('createTeam', {
    token: owner.token,
    body: { name: 'Acme', ...(o.domains ? { domains: o.domains } : {}) },
  });
  if (res.status !== 201) throw new Error(`createTeam: ${res.status} ${JSON.stringify(res.body)}`);
  const teamId = res.body.team_id;
  if (seats) await giveSeats(teamId, seats);
  return { ...owner, teamId };
}

export async function openLink(
  token: string,
  teamId: string,
  o: { domains?: string[]; max_uses?: number; expires_in_days?: number } = {},
) {
  const res = await callRoute('createInviteLink', {
    token,
    params: { teamId },
    body: {
      domains: o.domains ?? ['example.test'],
      max_uses: o.max_uses ?? 50,
      expires_in_days: o.expires_in_days ?? 7,
    },
  });
  if (res.status !== 200) throw new Error(`createInviteLink: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const join = (token: string, code: string) => callRoute('joinTeam', { token, params: { code } });

/** An activated user who joined the team by a new link of its owner's. */
export async function memberOf(owner: { token: string; teamId: string }, email = newEmail('member')) {
  const link = await openLink(owner.token, owner.teamId, { domains: [email.slice(email.indexOf('@') + 1)] });
  const user = await activatedUser(email);
  const res = await join(user.token, link.code);
  if (res.status !== 200) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
  const members = await callRoute('teamMembers', { token: owner.token, params: { teamId: owner.teamId } });
  const me = members.body.members.find((m) => m.email === email);
  if (!me) throw new Error('joined member not listed');
  return { ...user, memberId: me.member_id };
}
