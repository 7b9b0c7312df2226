// The teams' world for the domain tests (teams, team-leaving, team-own-seat, team-join-preview,
// teams-invite-limits, team-invite-language): the teams' deps over the in-memory ports, made-up people, a team
// with seats, someone who joins by an open link, and a call's refusal.
import { DomainError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { TEAM_MESSAGES } from '#shared/team-rules.ts';
import type { TeamDeps } from '../../functions/teams/domain/ports.ts';
import { createInviteLink, createTeam, joinTeam } from '../../functions/teams/domain/teams.ts';
import { FakeClock, FakeIds, FakeMailer, FakeRateLimiter } from './fakes/index.ts';
import { FakeTeamStore } from './fakes/team-store.ts';

export const TEAM_WEB_URL = 'https://app.example.test';

type TeamBody = Parameters<typeof createTeam>[2];

/**
 * The teams' deps over the fakes, the clock at 1_900_000_000, with what `more` adds (a file's own ports:
 * seat payments, a limiter, the archive queue); `user` makes person1@acme.test, person2@acme.test...
 */
export function teamWorld<More extends object = object>(more?: (clock: FakeClock) => More) {
  const teams = new FakeTeamStore();
  const clock = new FakeClock(1_900_000_000);
  const mailer = new FakeMailer();
  const ids = new FakeIds();
  const base: TeamDeps = {
    teams,
    users: { getById: async () => null },
    mailer,
    clock,
    ids,
    webUrl: TEAM_WEB_URL,
    rates: new FakeRateLimiter(clock),
  };
  const deps = { ...base, ...(more?.(clock) as More) };
  let n = 0;
  const user = (o: Partial<User> = {}): User => {
    n += 1;
    return {
      id: `user-${n}`,
      email: `person${n}@acme.test`,
      status: 'ACTIVE',
      role: 'user',
      lang: 'en',
      tokensLtd: 0,
      tokensSubscription: 0,
      stripeCustomerId: null,
      passwordHash: null,
      sessionVersion: 0,
      createdAt: 0,
      photoConsent: null,
      deletePhotosAfterGeneration: false,
      batchFinishedEmail: true,
      ...o,
    } as User;
  };
  /** `owner`'s new team, credited with `seats` seats. */
  const teamOf = async (owner: User, body: TeamBody, seats: number) => {
    const { team_id } = await createTeam(deps, owner, body);
    teams.creditSeats(team_id, seats);
    return { owner, teamId: team_id };
  };
  /** A new open link for acme.test: 50 uses, 7 days. */
  const openLink = (owner: User, teamId: string) =>
    createInviteLink(deps, owner, teamId, { domains: ['acme.test'], max_uses: 50, expires_in_days: 7 });
  /** A new person who joined with `code`, and their member id. */
  const joinedWith = async (code: string, o: Partial<User> = {}) => {
    const member = user(o);
    await joinTeam(deps, member, code);
    return { ...member, memberId: (await teams.membershipOf(member.id))?.memberId as string };
  };
  /** Someone who joined by a new open link for acme.test. */
  const joined = async (owner: User, teamId: string, o: Partial<User> = {}) =>
    joinedWith((await openLink(owner, teamId)).code, o);
  return { teams, clock, mailer, ids, deps, user, teamOf, openLink, joinedWith, joined };
}

/** The domain error a call is refused with. */
export async function caught(p: Promise<unknown>): Promise<DomainError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof DomainError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

/** The refusal a call makes: its code and message. */
export async function refusal(p: Promise<unknown>): Promise<{ code: string; msg: string }> {
  const e = await caught(p);
  return { code: e.code, msg: e.message };
}

export const msg = (id: keyof typeof TEAM_MESSAGES, lang: 'en' | 'fr' = 'en') => TEAM_MESSAGES[id][lang];
