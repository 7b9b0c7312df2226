// GET /teams/join/{code} in-process over DynamoDB Local (functions/teams/domain/join-preview.ts): public, a
// session optional; the team's name and what a join would answer, nothing else of the team (no id, seats or
// members, whoever asks); 404 for a code that is none; limited per client address. And PUT
// /teams/{teamId}/language, the team's language (owner and admins; 404 outside, 403 for a member: the
// teams.test.ts loops). The statuses one by one are tests/domain/team-join-preview.test.ts's.
import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import { call, newEmail, signedInUser, type TestUser } from '../support/handler-events.ts';
import { openLink, ownerWithTeam, type TeamOwner } from '../support/handler-teams.ts';

type Owner = TeamOwner & { code: string };

/** An owner of a team with seats and an open link for example.test. */
async function ownerWithLink(name: string): Promise<Owner> {
  const owner = await ownerWithTeam(5, name);
  return { ...owner, code: (await openLink(owner)).code };
}

const PREVIEW_KEYS = ['domains', 'email', 'kind', 'lang', 'status', 'team_name'];

let ownerA: Owner;
let ownerB: Owner;
let memberA: TestUser;

beforeAll(async () => {
  [ownerA, ownerB] = await Promise.all([ownerWithLink('Acme'), ownerWithLink('Globex')]);
  memberA = await signedInUser(newEmail('member'));
  const joined = await call('joinTeam', { token: memberA.token, params: { code: ownerA.code } });
  expect(joined.status).toBe(200);
});

describe('GET /teams/join/{code}', () => {
  it('signed out: 200 with the team’s name, its domains and the link’s state, and no other field', async () => {
    const res = await call('joinPreview', { params: { code: ownerA.code } });
    expect(res).toMatchObject({
      status: 200,
      body: { team_name: 'Acme', lang: 'en', kind: 'link', domains: ['example.test'], status: 'valid' },
    });
    expect(Object.keys(res.body).sort()).toEqual(PREVIEW_KEYS);
    expect(res.raw).not.toContain(ownerA.teamId);
    expect(res.raw).not.toContain(ownerA.email);
  });

  it('cross-team: the owner of another team learns the name and that they are in a team, nothing else', async () => {
    const res = await call('joinPreview', { token: ownerB.token, params: { code: ownerA.code } });
    expect(res).toMatchObject({ status: 200, body: { team_name: 'Acme', status: 'in_other_team' } });
    expect(Object.keys(res.body).sort()).toEqual(PREVIEW_KEYS);
    for (const secret of [ownerA.teamId, ownerB.teamId, ownerA.email, memberA.email, 'seats'])
      expect(res.raw).not.toContain(secret);
  });

  it('a member reopening the link: already a member of this team, with its id', async () => {
    const res = await call('joinPreview', { token: memberA.token, params: { code: ownerA.code } });
    expect(res).toMatchObject({
      status: 200,
      body: { team_name: 'Acme', status: 'member', team_id: ownerA.teamId },
    });
  });

  it('a session no longer valid is read as none: 200, not 401', async () => {
    const res = await call('joinPreview', { token: 'not-a-session', params: { code: ownerA.code } });
    expect(res).toMatchObject({ status: 200, body: { status: 'valid' } });
  });

  it('a code that is none: 404 with the link’s words, signed out or in', async () => {
    for (const token of [undefined, ownerB.token]) {
      const res = await call('joinPreview', {
        ...(token ? { token } : {}),
        params: { code: 'no-such-code' },
      });
      expect(res).toMatchObject({
        status: 404,
        body: { code: 'NOT_FOUND', msg: TEAM_MESSAGES.linkNotFound.en },
      });
    }
  });

  it(`counts per client address: the ${DEFAULT_RATE_LIMITS.joinCodePreviewPerClient.limit + 1}th look from one address is 429, another address still looks`, async () => {
    const { limit } = DEFAULT_RATE_LIMITS.joinCodePreviewPerClient;
    const ip = '198.51.100.77';
    for (let i = 0; i < limit; i += 1) {
      const res = await call('joinPreview', { ip, params: { code: `guess-${i}` } });
      expect(res.status).toBe(404);
    }
    const over = await call('joinPreview', { ip, params: { code: ownerA.code } });
    expect(over.status).toBe(429);
    expect(over.raw).not.toContain('Acme');
    const elsewhere = await call('joinPreview', { ip: '198.51.100.78', params: { code: ownerA.code } });
    expect(elsewhere).toMatchObject({ status: 200, body: { team_name: 'Acme' } });
  }, 60_000);
});

describe('PUT /teams/{teamId}/language', () => {
  it('the owner sets it: the team reads it back, and the preview says it', async () => {
    const owner = await ownerWithLink('Initech');
    const res = await call('setTeamLanguage', {
      token: owner.token,
      params: { teamId: owner.teamId },
      body: { lang: 'fr' },
    });
    expect(res).toMatchObject({ status: 200, body: { lang: 'fr' } });
    expect((await call('myTeam', { token: owner.token })).body.lang).toBe('fr');
    expect((await call('joinPreview', { params: { code: owner.code } })).body.lang).toBe('fr');
  });
});
