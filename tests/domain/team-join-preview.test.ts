// A join code seen before joining (functions/teams/domain/join-preview.ts) and the team's language
// (team-language.ts), against the in-memory ports: what the preview says signed out and signed in (each
// refusal a join would answer, "already a member" for one's own used invitation), nothing else of the team;
// who may change the team's language. The invitation's languages are tests/domain/team-invite-language.test.ts's.
// The route itself (access, 404, the per-address limit over DynamoDB Local) is tests/handlers/team-join-preview.test.ts's.
import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import { DEFAULT_RATE_LIMITS } from '../../functions/accounts/domain/rate-limits.ts';
import { previewJoinCode } from '../../functions/teams/domain/join-preview.ts';
import { setTeamLanguage } from '../../functions/teams/domain/team-language.ts';
import {
  createInviteLink,
  INVITE_CODE_SECONDS,
  inviteMembers,
  joinTeam,
  listMembers,
  removeMember,
  revokeInviteLink,
} from '../../functions/teams/domain/teams.ts';
import { FakeRateLimiter } from '../support/fakes/rate-limiter.ts';
import { caught, teamWorld } from '../support/team-world.ts';

function world() {
  // The preview counts its looks per client address: its limiter and limits come with the teams' deps.
  const w = teamWorld((clock) => ({ limiter: new FakeRateLimiter(clock), limits: DEFAULT_RATE_LIMITS }));
  const owned = (o: Partial<User> = {}, lang?: 'en' | 'fr') =>
    w.teamOf(w.user(o), { name: 'Acme', domains: ['acme.test'], ...(lang ? { lang } : {}) }, 5);
  const codeMailedTo = (to: string) => /code=([\w-]+)/.exec(w.mailer.to(to)[0]?.text ?? '')?.[1] as string;
  const look = (code: string, caller: User | null = null, clientAddress = '203.0.113.7') =>
    previewJoinCode(w.deps, { clientAddress, user: caller }, code);
  return { ...w, owned, codeMailedTo, look };
}

describe("an open link's preview", () => {
  it('signed out: the team, its domains, and whether the link still works; nothing else of the team', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test', 'acme-labs.test'],
      max_uses: 1,
      expires_in_days: 7,
    });
    const seen = await w.look(link.code);
    expect(seen).toEqual({
      team_name: 'Acme',
      lang: 'en',
      kind: 'link',
      domains: ['acme.test', 'acme-labs.test'],
      email: null,
      status: 'valid',
    });
    await joinTeam(w.deps, w.user(), link.code);
    expect((await w.look(link.code)).status).toBe('used');
    await revokeInviteLink(w.deps, owner, teamId, link.link_id);
    expect((await w.look(link.code)).status).toBe('revoked');
  });

  it('signed in: the refusal a join would answer, before it is tried', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test'],
      max_uses: 10,
      expires_in_days: 7,
    });
    expect((await w.look(link.code, w.user({ email: 'pat@gmail.test' }))).status).toBe('domain_refused');
    const other = await w.owned({ email: 'boss@acme.test' });
    expect((await w.look(link.code, other.owner)).status).toBe('in_other_team');
    expect((await w.look(link.code, w.user())).status).toBe('valid');
    // An address the team invited may join by the open link outside its domains, as the join allows.
    await inviteMembers(w.deps, owner, teamId, ['guest@elsewhere.test']);
    expect((await w.look(link.code, w.user({ email: 'guest@elsewhere.test' }))).status).toBe('valid');
    w.clock.advance(8 * 86_400);
    expect((await w.look(link.code, w.user())).status).toBe('expired');
  });
});

describe("an emailed invitation's preview", () => {
  it('names the address to use while it stands; for another signed-in address says so', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    await inviteMembers(w.deps, owner, teamId, ['guest@elsewhere.test']);
    const code = w.codeMailedTo('guest@elsewhere.test');
    const signedOut = await w.look(code);
    expect(signedOut).toEqual({
      team_name: 'Acme',
      lang: 'en',
      kind: 'invite',
      domains: [],
      email: 'guest@elsewhere.test',
      status: 'valid',
    });
    expect(await w.look(code, w.user({ email: 'someone@elsewhere.test' }))).toMatchObject({
      status: 'for_another',
      email: 'guest@elsewhere.test',
    });
    expect((await w.look(code, w.user({ email: 'guest@elsewhere.test' }))).status).toBe('valid');
  });

  it('reopened by its own member once joined: already a member of the team, with its id; used for anyone else', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    await inviteMembers(w.deps, owner, teamId, ['guest@elsewhere.test']);
    const code = w.codeMailedTo('guest@elsewhere.test');
    const guest = w.user({ email: 'guest@elsewhere.test' });
    await joinTeam(w.deps, guest, code);
    expect(await w.look(code, guest)).toEqual({
      team_name: 'Acme',
      lang: 'en',
      kind: 'invite',
      domains: [],
      email: null,
      status: 'member',
      team_id: teamId,
    });
    expect(await w.look(code)).toMatchObject({ status: 'used', email: null });
    expect((await w.look(code)).team_id).toBeUndefined();
  });

  it('withdrawn: revoked; past its 30 days: expired; the address is no longer told', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    await inviteMembers(w.deps, owner, teamId, ['gone@elsewhere.test', 'slow@elsewhere.test']);
    const gone = w.codeMailedTo('gone@elsewhere.test');
    const row = (await listMembers(w.deps, owner, teamId, {})).members.find(
      (m) => m.email === 'gone@elsewhere.test',
    );
    await removeMember(w.deps, owner, teamId, row?.member_id as string);
    expect(await w.look(gone)).toMatchObject({ status: 'revoked', email: null });
    w.clock.advance(INVITE_CODE_SECONDS);
    expect(await w.look(w.codeMailedTo('slow@elsewhere.test'))).toMatchObject({
      status: 'expired',
      email: null,
    });
  });
});

describe('what the preview refuses', () => {
  it('a code that is none: 404 "This invitation link does not exist", in the caller’s language', async () => {
    const w = world();
    const e = await caught(w.look('no-such-code', w.user({ lang: 'fr' })));
    expect([e.code, e.message]).toEqual(['NOT_FOUND', TEAM_MESSAGES.linkNotFound.fr]);
    expect((await caught(w.look(''))).code).toBe('NOT_FOUND');
  });

  it('more than the per-address limit of looks: 429, another address still looks', async () => {
    const w = world();
    const { limit } = DEFAULT_RATE_LIMITS.joinCodePreviewPerClient;
    for (let i = 0; i < limit; i += 1) await caught(w.look(`guess-${i}`, null, '198.51.100.1'));
    await expect(w.look('guess-last', null, '198.51.100.1')).rejects.toBeInstanceOf(RateLimitedError);
    expect((await caught(w.look('guess-last', null, '198.51.100.2'))).code).toBe('NOT_FOUND');
  });
});

describe("the team's language", () => {
  it('only the owner and admins change it; someone outside the team gets 404', async () => {
    const w = world();
    const { owner, teamId } = await w.owned();
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test'],
      max_uses: 10,
      expires_in_days: 7,
    });
    const member = w.user();
    await joinTeam(w.deps, member, link.code);
    expect((await caught(setTeamLanguage(w.deps, member, teamId, 'fr'))).code).toBe('FORBIDDEN');
    expect((await caught(setTeamLanguage(w.deps, w.user(), teamId, 'fr'))).code).toBe('NOT_FOUND');
    expect((await w.teams.getTeam(teamId))?.lang).toBe('en');
  });
});
