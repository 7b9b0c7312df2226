// Teams, the dashboard's downloads (docs/product.md, "Teams"): the CSV of members (name, email, status,
// chosen headshot's file name, likeness, dates), opened with the session in a header or with a short download
// link made for that team (never a session in a URL); an admin of another team gets 404, a member 403.
import { describe, expect, it } from 'vitest';
import { callRoute, newEmail } from '../support/api.ts';
import { memberOf, ownerWithTeam } from '../support/teams.ts';

const csvRows = (raw: Buffer): string[][] =>
  raw
    .toString('utf8')
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));

describe('the members CSV', () => {
  it('has the columns and one row per member and invitation, with their dates', async () => {
    const owner = await ownerWithTeam(2);
    const m = await memberOf(owner);
    await callRoute('teamInvites', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { emails: [newEmail('inv')] },
    });
    const res = await callRoute('teamMembersCsv', { token: owner.token, params: { teamId: owner.teamId } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="team-members.csv"');
    const [head, ...rows] = csvRows(res.raw);
    expect(head).toEqual([
      'name',
      'email',
      'status',
      'chosen headshot',
      'likeness',
      'invited',
      'joined',
      'chosen',
      'left',
    ]);
    expect(rows).toHaveLength(3);
    const today = new Date().toISOString().slice(0, 10);
    expect(rows).toContainEqual([m.email.split('@')[0], m.email, 'joined', '', '', '', today, '', '']);
    expect(rows.filter((r) => r[2] === 'invited')).toHaveLength(1);
  }, 60_000);

  it('opens with a download link for the team, never with a session in the URL; 404 and 403 as the API', async () => {
    const owner = await ownerWithTeam(1);
    const m = await memberOf(owner);
    const other = await ownerWithTeam(0);
    const params = { teamId: owner.teamId };
    // The session in the URL is refused.
    const inUrl = await callRoute('teamMembersCsv', { params, query: { token: owner.token } });
    expect(inUrl.status).toBe(401);
    expect(inUrl.body.msg).toBe('This download link is not valid. Please download again from the app.');
    const link = await callRoute('createDownloadLink', {
      token: owner.token,
      body: { route: 'teamMembersCsv', team_id: owner.teamId },
    });
    expect(link.status).toBe(200);
    const opened = await callRoute('teamMembersCsv', { params, query: { token: link.body.token } });
    expect(opened.status).toBe(200);
    expect(opened.raw.toString('utf8')).toContain(m.email);
    // A link made for another team opens nothing here.
    const elsewhere = await callRoute('createDownloadLink', {
      token: owner.token,
      body: { route: 'teamMembersCsv', team_id: other.teamId },
    });
    expect(
      (await callRoute('teamMembersCsv', { params, query: { token: elsewhere.body.token } })).status,
    ).toBe(403);
    // Another team's admin, with their own link: 404; a member: 403.
    const theirs = await callRoute('createDownloadLink', {
      token: other.token,
      body: { route: 'teamMembersCsv', team_id: owner.teamId },
    });
    expect((await callRoute('teamMembersCsv', { params, query: { token: theirs.body.token } })).status).toBe(
      404,
    );
    expect((await callRoute('teamMembersCsv', { token: other.token, params })).status).toBe(404);
    expect((await callRoute('teamMembersCsv', { token: m.token, params })).status).toBe(403);
  }, 60_000);
});
