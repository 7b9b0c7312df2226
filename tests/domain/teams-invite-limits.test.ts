// Invitations and reminders are not a spam channel (docs/product.md, "Teams", "Emails a team sends"): the
// invitations a team may have pending follow its free seats, each team has a day's quota of invitation and
// reminder emails derived from its seats, one address hears from a team at most once a day whatever
// happened to its row, and a team's name holds nothing an email would show as a link or a header. Against
// the in-memory ports (the store's condition itself: tests/contracts/team-store.contract.ts).
import { describe, expect, it } from 'vitest';
import { InviteRoomError, RateLimitedError } from '#platform/domain/errors.ts';
import type { User } from '#platform/domain/ports.ts';
import { TEAM_LIMIT_WORDS, TEAM_LIMITS, TEAM_MESSAGES, teamEmailsPerDay } from '#shared/team-rules.ts';
import { mailSafeName } from '../../functions/teams/domain/team-emails.ts';
import {
  createInviteLink,
  createTeam,
  inviteMembers,
  joinTeam,
  listMembers,
  remindMember,
  removeMember,
} from '../../functions/teams/domain/teams.ts';
import { caught, teamWorld } from '../support/team-world.ts';

const DAY = 24 * 60 * 60;

function world() {
  const w = teamWorld();
  const owned = (seats: number, o: Partial<User> = {}) => w.teamOf(w.user(o), { name: 'Acme' }, seats);
  const rowOf = async (owner: User, teamId: string, email: string) =>
    (await listMembers(w.deps, owner, teamId, { limit: '100' })).members.find(
      (m) => m.email === email && m.left_at === null,
    );
  return { ...w, owned, rowOf };
}

const addresses = (n: number, tag = 'x') => Array.from({ length: n }, (_, i) => `${tag}${i}@elsewhere.test`);

describe('invitations need seats', () => {
  it('a team with no seat invites nobody: 500 addresses refused as a whole, nothing emailed or recorded', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(0);
    const e = await caught(inviteMembers(w.deps, owner, teamId, addresses(500)));
    expect(e).toBeInstanceOf(InviteRoomError);
    expect(e.code).toBe('NOT_ENOUGH_SEATS_TO_INVITE');
    expect((e as InviteRoomError).canInvite).toBe(0);
    expect(e.message).toBe(TEAM_LIMIT_WORDS.notEnoughSeats(0, 'en'));
    expect(w.mailer.sent).toHaveLength(0);
    expect(w.teams.invites.size).toBe(1); // the owner's own address only
  });

  it('free seats plus 10 % (rounded up): the refusal names how many can still be invited, in the admin’s language', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(10, { lang: 'fr' });
    // 10 free seats + 1: 12 new addresses are one too many, duplicates and members aside.
    const e = await caught(inviteMembers(w.deps, owner, teamId, [...addresses(12), 'x0@elsewhere.test']));
    expect((e as InviteRoomError).canInvite).toBe(11);
    expect(e.message).toBe(TEAM_LIMIT_WORDS.notEnoughSeats(11, 'fr'));
    expect(e.message).toContain('encore inviter 11\u00a0personnes');
    const ok = await inviteMembers(w.deps, owner, teamId, [...addresses(11), owner.email]);
    expect(ok.invited).toHaveLength(11);
    expect(w.mailer.sent).toHaveLength(11);
    const full = await caught(inviteMembers(w.deps, owner, teamId, ['late@elsewhere.test']));
    expect((full as InviteRoomError).canInvite).toBe(0);
    expect(TEAM_LIMIT_WORDS.notEnoughSeats(3, 'en')).toContain('can invite 3 more people now');
  });

  it('a withdrawn or joined invitation makes room again; seats bought make room', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(1);
    // 1 free seat + 1 (10 % of 1, rounded up).
    expect((await inviteMembers(w.deps, owner, teamId, addresses(2))).invited).toHaveLength(2);
    expect((await caught(inviteMembers(w.deps, owner, teamId, ['c@elsewhere.test']))).code).toBe(
      'NOT_ENOUGH_SEATS_TO_INVITE',
    );
    const row = await w.rowOf(owner, teamId, 'x0@elsewhere.test');
    await removeMember(w.deps, owner, teamId, row?.member_id as string);
    expect((await inviteMembers(w.deps, owner, teamId, ['c@elsewhere.test'])).invited).toEqual([
      'c@elsewhere.test',
    ]);
    w.teams.creditSeats(teamId, 3);
    expect((await inviteMembers(w.deps, owner, teamId, addresses(3, 'more'))).invited).toHaveLength(3);
  });
});

describe('a long list of addresses', () => {
  it('is written and emailed several at a time, never all at once, each address once, answered in order', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(60);
    // Each email takes a while, as SES does: one after another, 50 would take 50 times as long.
    let inFlight = 0;
    let most = 0;
    const send = w.mailer.send.bind(w.mailer);
    w.mailer.send = async (email) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return send(email);
    };
    const list = addresses(50);
    const res = await inviteMembers(w.deps, owner, teamId, [...list, list[3] as string, 'not-an-address']);
    expect(res.invited).toEqual(list);
    expect(res.skipped).toEqual([
      { email: list[3], reason: 'duplicate' },
      { email: 'not-an-address', reason: 'invalid' },
    ]);
    expect(new Set(w.mailer.sent.map((m) => m.to)).size).toBe(50);
    expect(w.mailer.sent).toHaveLength(50);
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(8);
  });
});

describe('a team’s day of emails', () => {
  it('invitation emails: twice the seats plus 10 a day, then 429 saying when more can be sent', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(1);
    const limit = teamEmailsPerDay('invite', 1);
    expect(limit).toBe(12);
    // Invite two, withdraw them, again: new addresses each round (one address is emailed once a day).
    for (let round = 0; round < limit / 2; round++) {
      const res = await inviteMembers(w.deps, owner, teamId, addresses(2, `r${round}-`));
      expect(res.invited).toHaveLength(2);
      for (const email of res.invited) {
        const row = await w.rowOf(owner, teamId, email);
        await removeMember(w.deps, owner, teamId, row?.member_id as string);
      }
      w.clock.advance(60);
    }
    const e = await caught(inviteMembers(w.deps, owner, teamId, ['one-more@elsewhere.test']));
    expect(e).toBeInstanceOf(RateLimitedError);
    expect(e.code).toBe('TEAM_EMAIL_LIMIT');
    const wait = (e as RateLimitedError).retryAfterSeconds;
    expect(wait).toBe(DAY - 6 * 60);
    expect(e.message).toBe(
      'Your team has sent as many invitation emails as it may today: you can send more in 24\u00a0hours.',
    );
    expect(w.mailer.sent).toHaveLength(limit);
    expect(await w.rowOf(owner, teamId, 'one-more@elsewhere.test')).toBeUndefined();
    w.clock.advance(wait);
    expect((await inviteMembers(w.deps, owner, teamId, ['one-more@elsewhere.test'])).invited).toHaveLength(1);
  });

  it('reminders: three times the seats plus 10 a day, then 429 in the admin’s language', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(20, { lang: 'fr' });
    const link = await createInviteLink(w.deps, owner, teamId, {
      domains: ['acme.test'],
      max_uses: 50,
      expires_in_days: 7,
    });
    const members: string[] = [];
    for (let i = 0; i < 14; i++) {
      const m = w.user();
      await joinTeam(w.deps, m, link.code);
      members.push((await w.teams.membershipOf(m.id))?.memberId as string);
    }
    // A refund took seats back: 1 seat, 13 reminders a day.
    const team = w.teams.teams.get(teamId);
    if (team) team.seatsTotal = 1;
    const limit = teamEmailsPerDay('remind', 1);
    for (const memberId of members.slice(0, limit)) await remindMember(w.deps, owner, teamId, memberId);
    const e = await caught(remindMember(w.deps, owner, teamId, members[limit] as string));
    expect(e.code).toBe('TEAM_EMAIL_LIMIT');
    expect(e.message).toBe(TEAM_LIMIT_WORDS.remindersToday((e as RateLimitedError).retryAfterSeconds, 'fr'));
    expect(e.message).toContain('dans 24\u00a0heures');
    expect(w.mailer.sent).toHaveLength(limit);
    // The refused reminder left no mark: it can be sent once the day is over.
    expect((await w.teams.getMember(teamId, members[limit] as string))?.remindedAt).toBeNull();
    w.clock.advance(DAY);
    expect((await remindMember(w.deps, owner, teamId, members[limit] as string)).success).toBe(true);
  });
});

describe('one email a day per address, whatever became of its row', () => {
  it('invite, remind, remove, invite again: one email; the page is told why, and when', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(5);
    const victim = 'victim@elsewhere.test';
    for (let loop = 0; loop < 5; loop++) {
      const res = await inviteMembers(w.deps, owner, teamId, [victim]);
      const row = await w.rowOf(owner, teamId, victim);
      if (loop === 0) expect(res.invited).toEqual([victim]);
      else {
        expect(res).toEqual({ invited: [], skipped: [{ email: victim, reason: 'recently_emailed' }] });
        expect(row).toBeUndefined();
        continue;
      }
      const e = await caught(remindMember(w.deps, owner, teamId, row?.member_id as string));
      expect(e.code).toBe('RECENTLY_EMAILED');
      expect((e as RateLimitedError).retryAfterSeconds).toBe(DAY);
      expect(e.message).toBe(
        'Your team emailed this person less than 24 hours ago: you can email them again in 24\u00a0hours.',
      );
      await removeMember(w.deps, owner, teamId, row?.member_id as string);
    }
    expect(w.mailer.to(victim)).toHaveLength(1);
    // A day later the address may be invited again.
    w.clock.advance(TEAM_LIMITS.addressEmailEverySeconds);
    expect((await inviteMembers(w.deps, owner, teamId, [victim])).invited).toEqual([victim]);
    expect(w.mailer.to(victim)).toHaveLength(2);
  });

  it('a refused reminder does not use up the address’s day, nor the member’s', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(2, { lang: 'fr' });
    await inviteMembers(w.deps, owner, teamId, ['late@elsewhere.test']);
    const row = await w.rowOf(owner, teamId, 'late@elsewhere.test');
    w.clock.advance(DAY - 3600);
    const e = await caught(remindMember(w.deps, owner, teamId, row?.member_id as string));
    expect(e.message).toBe(
      'Votre équipe a écrit à cette personne il y a moins de 24\u00a0heures\u00a0: vous pourrez lui écrire de nouveau dans 1\u00a0heure.',
    );
    expect((await w.teams.getMember(teamId, row?.member_id as string))?.remindedAt).toBeNull();
    w.clock.advance(3600);
    expect((await remindMember(w.deps, owner, teamId, row?.member_id as string)).success).toBe(true);
    expect(w.mailer.to('late@elsewhere.test')).toHaveLength(2);
  });
});

describe('team names', () => {
  const refused: [string, keyof typeof TEAM_MESSAGES][] = [
    ['Security alert\nyour account is locked', 'nameLineBreak'],
    ['Acme\r\nBcc: all@victims.example', 'nameLineBreak'],
    ['Acme\u2028Team', 'nameLineBreak'],
    ['Acme\u0007Team', 'nameControl'],
    ['\u202eemaeT emcA', 'nameControl'],
    ['Acme\u200bTeam', 'nameControl'],
    ['Restore at evil-site.example', 'nameAddress'],
    ['Restore at www.evil', 'nameAddress'],
    ['https team', 'nameAddress'],
    ['go to x.tld/now', 'nameAddress'],
    ['Acme ｅｖｉｌ．ｃｏｍ', 'nameAddress'],
    ['Acme。example。com', 'nameAddress'],
    ['Write to boss @ acme', 'nameAt'],
    ['boss@acme', 'nameAt'],
    ['Acme＠corp', 'nameAt'],
    ['Bcc: everyone', 'nameHeader'],
    ['Acme Subject : locked', 'nameHeader'],
  ];

  it.each(refused)(
    'refuses %j on create with the reason (%s), in English and French',
    async (name, reason) => {
      const w = world();
      for (const lang of ['en', 'fr'] as const) {
        const e = await caught(createTeam(w.deps, w.user({ lang }), { name }));
        expect({ code: e.code, msg: e.message }).toEqual({
          code: 'VALIDATION_FAILED',
          msg: TEAM_MESSAGES[reason][lang],
        });
      }
      expect(w.teams.teams.size).toBe(0);
    },
  );

  it.each([
    'Acme Inc.',
    'J.P. Morgan & Co',
    'Équipe Marketing',
    "O'Neil Partners",
    'Team 2026',
    'Ops: Paris',
  ])('accepts %j', async (name) => {
    const w = world();
    const { team_id } = await createTeam(w.deps, w.user(), { name });
    expect((await w.teams.getTeam(team_id))?.name).toBe(name);
  });

  it('a name made before the rule reaches emails on one line, defanged; the body is HTML-escaped', async () => {
    const w = world();
    const { owner, teamId } = await w.owned(2);
    const team = w.teams.teams.get(teamId);
    if (team)
      team.name =
        'Security alert: your account is locked. Restore at <a href="https://evil.example/x">evil.example</a>\r\nBcc: boss@acme.test';
    await inviteMembers(w.deps, owner, teamId, ['new@elsewhere.test']);
    const [mail] = w.mailer.to('new@elsewhere.test');
    expect(mail?.subject).not.toMatch(/[\r\n]/);
    expect(mail?.subject).not.toMatch(/evil\.example|https?:|@|Bcc:/i);
    expect(mail?.subject).toContain('evil[.]example');
    expect(mail?.html).not.toContain('<a href="https://evil');
    expect(mail?.html).toContain('&#60;a href=');
    expect(mail?.text).not.toMatch(/evil\.example|Bcc:/);
    expect(mailSafeName('Acme\u0000\u202e Team\u2028 hxxp')).toBe('Acme Team hxxp');
    expect(mailSafeName('x'.repeat(300))).toHaveLength(TEAM_LIMITS.nameMaxLength);
  });
});
