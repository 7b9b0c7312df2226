// Teams, the owner's own seat (docs/product.md, "Teams"): an owner takes one of the seats the team bought and
// then creates from the team's allowance like a member (the create's payer, functions/teams/dynamodb/
// team-payers.ts), never from their own tokens; the dashboard's row shows the seat and the progress; giving
// the seat back after creating leaves it used. The seat counting itself (the database's condition, races
// included) is the store contract's (tests/contracts/team-store.contract.ts).
import { describe, expect, it } from 'vitest';
import { callRoute } from '../support/api.ts';
import { activeStyles, balanceOf, createBody, creator } from '../support/avatars.ts';
import { giveSeats, teamItem } from '../support/teams.ts';

describe('an owner with a seat of their own', { timeout: 120_000 }, () => {
  it('takes a seat and creates on the team’s allowance, not their tokens; the row shows it', async () => {
    const owner = await creator({ ltd: 5 });
    const made = await callRoute('createTeam', { token: owner.token, body: { name: 'Acme' } });
    expect(made.status).toBe(201);
    const teamId = made.body.team_id;
    await giveSeats(teamId, 1);
    const params = { teamId };

    const taken = await callRoute('takeTeamSeat', { token: owner.token, params });
    expect(taken).toMatchObject({ status: 200, body: { success: true, allowance_left: 40 } });
    expect(await teamItem(teamId)).toMatchObject({ seats_total: 1, seats_used: 1 });
    expect((await callRoute('myTeam', { token: owner.token })).body).toMatchObject({
      role: 'owner',
      allowance_left: 40,
    });

    const [plain] = (await activeStyles()).filter((s) => !s.accepts_choices && s.token_cost === 1);
    const res = await callRoute('createTasksBatch', {
      token: owner.token,
      body: createBody([plain as { id: number; prompt: string }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ paid_by: 'team', tokens_spent: 0, tokens_left: 5, allowance_left: 39 });
    expect(await balanceOf(owner.token)).toEqual({ ltd: 5, subscription: 0 });

    const page = await callRoute('teamMembers', { token: owner.token, params });
    expect(page.body.members).toEqual([
      expect.objectContaining({
        role: 'owner',
        has_seat: true,
        allowance_left: 39,
        allowance_total: 40,
        status: expect.stringMatching(/^(generating|done)$/),
      }),
    ]);

    // Given back after creating: the seat was used, it does not come back; their creates are theirs again.
    const given = await callRoute('giveBackTeamSeat', { token: owner.token, params });
    expect(given).toMatchObject({ status: 200, body: { success: true, seat_freed: false } });
    expect(await teamItem(teamId)).toMatchObject({ seats_used: 1 });
    expect((await callRoute('myTeam', { token: owner.token })).body.allowance_left).toBeUndefined();
    const again = await callRoute('takeTeamSeat', { token: owner.token, params });
    expect(again).toMatchObject({ status: 409, body: { code: 'NO_SEAT' } });
  });
});
