// Teams, the dashboard's downloads (docs/product.md, "Teams"): the CSV of members (name, email, status,
// chosen headshot's file name, likeness, dates), opened with the session in a header or with a short download
// link made for that team (never a session in a URL); an admin of another team gets 404, a member 403.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { callRoute, newEmail } from '../support/api.ts';
import { activeStyles, createBody, creator, waitForTasks } from '../support/avatars.ts';
import { bucketKeys } from '../support/photos.ts';
import { deletionDone, eventually } from '../support/privacy-jobs.ts';
import { join, memberOf, openLink, ownerWithTeam } from '../support/teams.ts';
import { zipEntries } from '../support/zip.ts';

const PASSWORD = 'a member of a team on a quiet afternoon';

/** A member who made two team avatars and chose the first. */
async function choosingMember(owner: { token: string; teamId: string }) {
  const user = await creator({ ltd: 0 });
  const link = await openLink(owner.token, owner.teamId, { domains: [user.email.split('@')[1] as string] });
  expect((await join(user.token, link.code)).status).toBe(200);
  const plain = (await activeStyles()).filter((s) => !s.accepts_choices && s.token_cost === 1).slice(0, 2);
  const made = await callRoute('createTasksBatch', { token: user.token, body: createBody(plain) });
  const tasks = await waitForTasks(user.token, made.body.task_ids, 60_000);
  const chosen = tasks[0]?.id as string;
  await callRoute('setChosen', { token: user.token, params: { taskId: chosen }, body: { chosen: true } });
  return { ...user, tasks, chosen };
}

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

describe("the ZIP of everyone's chosen headshot", () => {
  it('has one folder per member with the full-size file and the 1080 px square, built once per set', async () => {
    const owner = await ownerWithTeam(3);
    const [a, b] = await Promise.all([choosingMember(owner), choosingMember(owner)]);
    const idle = await memberOf(owner);
    const params = { teamId: owner.teamId };
    const res = await callRoute('teamHeadshotsZip', { token: owner.token, params });
    expect(res.status).toBe(302);
    const location = res.headers.get('location') as string;
    const zip = Buffer.from(await (await fetch(location)).arrayBuffer());
    const entries = zipEntries(zip);
    const folderOf = (m: { email: string }) => m.email.split('@')[0] as string;
    expect(entries.map((e) => e.name.split('/')[0]).sort()).toEqual(
      [folderOf(a), folderOf(a), folderOf(b), folderOf(b)].sort(),
    );
    expect(entries.some((e) => e.name.startsWith(folderOf(idle)))).toBe(false);
    for (const m of [a, b]) {
      const mine = entries.filter((e) => e.name.startsWith(`${folderOf(m)}/`));
      const chosenTask = m.tasks.find((t) => t.id === m.chosen);
      expect(mine.map((e) => e.name.split('/')[1]).sort()).toEqual(
        [chosenTask?.download_name, chosenTask?.download_name?.replace(/\.[a-z0-9]+$/, '-1080.jpg')].sort(),
      );
      const square = mine.find((e) => e.name.endsWith('-1080.jpg'));
      const meta = await sharp(square?.bytes).metadata();
      expect([meta.width, meta.height]).toEqual([1080, 1080]);
      // Only the chosen avatar: never the member's other one.
      const other = m.tasks.find((t) => t.id !== m.chosen);
      expect(
        entries.some((e) => e.name.includes(String(other?.download_name)) && e.name.startsWith(folderOf(m))),
      ).toBe(other?.download_name === chosenTask?.download_name);
    }
    // The same choices: the same stored archive, not a new build.
    const again = await callRoute('teamHeadshotsZip', { token: owner.token, params });
    expect(new URL(again.headers.get('location') as string).pathname).toBe(new URL(location).pathname);
    // A new choice: another archive.
    await callRoute('setChosen', {
      token: a.token,
      params: { taskId: a.tasks[1]?.id as string },
      body: { chosen: true },
    });
    const changed = await callRoute('teamHeadshotsZip', { token: owner.token, params });
    expect(new URL(changed.headers.get('location') as string).pathname).not.toBe(new URL(location).pathname);
    // Another team's admin: 404; a member: 403.
    const other = await ownerWithTeam(0);
    expect((await callRoute('teamHeadshotsZip', { token: other.token, params })).status).toBe(404);
    expect((await callRoute('teamHeadshotsZip', { token: a.token, params })).status).toBe(403);
  }, 180_000);

  it('is built ahead: a choice has the job function store its set, and the download only sends there', async () => {
    const owner = await ownerWithTeam(2);
    const a = await choosingMember(owner);
    const prefix = `archives/team-${owner.teamId}/`;
    // No download asked: the privacy job function builds the set's archive from the choice's message.
    const [stored] = await eventually(
      async () => ((await bucketKeys(prefix)).length === 1 ? bucketKeys(prefix) : undefined),
      45_000,
      "the team's archive",
    );
    const res = await callRoute('teamHeadshotsZip', { token: owner.token, params: { teamId: owner.teamId } });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get('location') as string).pathname).toContain(stored as string);
    const names = zipEntries(
      Buffer.from(await (await fetch(res.headers.get('location') as string)).arrayBuffer()),
    );
    expect(names.map((e) => e.name.split('/')[0])).toEqual([a.email.split('@')[0], a.email.split('@')[0]]);
    // The files whole: the full-size result as stored, the square at 1080 px.
    const full = names.find((e) => !e.name.endsWith('-1080.jpg'));
    const square = names.find((e) => e.name.endsWith('-1080.jpg'));
    expect((await sharp(full?.bytes).metadata()).width).toBeGreaterThan(0);
    const meta = await sharp(square?.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1080]);
    // Another choice: the new set is stored too, again before any download.
    await callRoute('setChosen', {
      token: a.token,
      params: { taskId: a.tasks[1]?.id as string },
      body: { chosen: true },
    });
    // ...and the earlier set's archive goes: only the current set's is kept.
    await eventually(
      async () => {
        const keys = await bucketKeys(prefix);
        return keys.length === 1 && keys[0] !== stored ? true : undefined;
      },
      45_000,
      "the new set's archive, the earlier one dropped",
    );
  }, 180_000);

  it('a member who chose deletes their account: the archive that held their headshot goes, the next ZIP has no folder for them', async () => {
    const owner = await ownerWithTeam(2);
    const [a, b] = await Promise.all([choosingMember(owner), choosingMember(owner)]);
    const params = { teamId: owner.teamId };
    const prefix = `archives/team-${owner.teamId}/`;
    const folderOf = (m: { email: string }) => m.email.split('@')[0] as string;
    const before = await callRoute('teamHeadshotsZip', { token: owner.token, params });
    expect(before.status).toBe(302);
    const oldUrl = before.headers.get('location') as string;
    const oldZip = zipEntries(Buffer.from(await (await fetch(oldUrl)).arrayBuffer()));
    expect(new Set(oldZip.map((e) => e.name.split('/')[0]))).toEqual(new Set([folderOf(a), folderOf(b)]));
    const oldKey = new URL(oldUrl).pathname.split('/').pop() as string;

    const set = await callRoute('changePassword', { token: b.token, body: { new_password: PASSWORD } });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const deleting = await callRoute('deleteAccount', {
      token: set.body.access_token,
      body: { password: PASSWORD },
    });
    expect(deleting.status, JSON.stringify(deleting.body)).toBe(200);
    await deletionDone(deleting.body.deletion.id);

    // Announced like a removal: with no download asked, the job stores the new set and drops the one that
    // held the deleted member's headshot (its link, still unexpired, opens nothing any more).
    const [kept] = await eventually(
      async () => {
        const keys = await bucketKeys(prefix);
        return keys.length === 1 && !keys[0]?.endsWith(oldKey) ? keys : undefined;
      },
      45_000,
      "the archive without the deleted member's headshot",
    );
    expect((await fetch(oldUrl)).status).toBe(404);
    const after = await callRoute('teamHeadshotsZip', { token: owner.token, params });
    expect(after.status).toBe(302);
    expect(new URL(after.headers.get('location') as string).pathname).toContain(kept as string);
    const zip = zipEntries(
      Buffer.from(await (await fetch(after.headers.get('location') as string)).arrayBuffer()),
    );
    expect(zip.map((e) => e.name.split('/')[0])).toEqual([folderOf(a), folderOf(a)]);
  }, 240_000);
});
