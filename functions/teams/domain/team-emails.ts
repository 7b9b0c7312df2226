// What a team may email, and how its name shows there (docs/product.md, "Teams", "Emails a team sends"): the
// invitations and reminders go from our domain with text the team's admin typed, so each team has a day's
// quota of each kind (derived from its seats: shared/team-rules.ts teamEmailsPerDay), one address hears from
// one team at most once a day whatever happened to its member row (keyed by team and the address's hash,
// so invite, remove and invite again cannot send twice), and the team's name is rendered defanged.

import { RateLimitedError } from '#platform/domain/errors.ts';
import type { Ids, RateLimiter } from '#platform/domain/ports.ts';
import type { Language } from '#shared/language.ts';
import { TEAM_LIMIT_WORDS, TEAM_LIMITS, teamEmailsPerDay } from '#shared/team-rules.ts';
import type { Team } from './ports.ts';

const DAY = 24 * 60 * 60;
/** The rate counters' buckets: a team's day of invitations, of reminders; an address's last email. */
const BUCKETS = { invite: 'team-invite-emails', remind: 'team-reminders', address: 'team-address-email' };

export interface TeamEmailDeps {
  rates: RateLimiter;
  ids: Pick<Ids, 'hashSecret'>;
}

/**
 * Counts `count` emails of `kind` against the team's day, all or none: 429 TEAM_EMAIL_LIMIT saying when
 * more can be sent otherwise.
 */
export async function countTeamEmails(
  deps: TeamEmailDeps,
  team: Pick<Team, 'id' | 'seatsTotal'>,
  kind: 'invite' | 'remind',
  count: number,
  lang: Language,
): Promise<void> {
  if (count <= 0) return;
  const verdict = await deps.rates.hit(
    BUCKETS[kind],
    team.id,
    teamEmailsPerDay(kind, team.seatsTotal),
    DAY,
    undefined,
    count,
  );
  if (verdict.allowed) return;
  const words = kind === 'invite' ? TEAM_LIMIT_WORDS.inviteEmailsToday : TEAM_LIMIT_WORDS.remindersToday;
  throw new RateLimitedError(
    words(verdict.retryAfterSeconds, lang),
    verdict.retryAfterSeconds,
    'TEAM_EMAIL_LIMIT',
  );
}

/** Gives back emails counted but not sent (an address skipped after the count). */
export async function uncountTeamEmails(
  deps: TeamEmailDeps,
  teamId: string,
  kind: 'invite' | 'remind',
  count: number,
): Promise<void> {
  for (let i = 0; i < count; i++) await deps.rates.release(BUCKETS[kind], teamId, DAY);
}

const addressKey = (deps: TeamEmailDeps, teamId: string, email: string) =>
  `${teamId}#${deps.ids.hashSecret(email)}`;

/**
 * Claims the team's one email a day to this address: the seconds to wait when the team emailed it less
 * than TEAM_LIMITS.addressEmailEverySeconds ago (nothing claimed then), 0 when claimed.
 */
export async function claimAddress(deps: TeamEmailDeps, teamId: string, email: string): Promise<number> {
  const verdict = await deps.rates.hit(
    BUCKETS.address,
    addressKey(deps, teamId, email),
    1,
    TEAM_LIMITS.addressEmailEverySeconds,
  );
  return verdict.allowed ? 0 : verdict.retryAfterSeconds;
}

/** Gives the claim back: nothing was sent to the address after all. */
export function releaseAddress(deps: TeamEmailDeps, teamId: string, email: string): Promise<void> {
  return deps.rates.release(
    BUCKETS.address,
    addressKey(deps, teamId, email),
    TEAM_LIMITS.addressEmailEverySeconds,
  );
}

/** 429 RECENTLY_EMAILED: the team wrote to this address less than a day ago. */
export const recentlyEmailed = (wait: number, lang: Language): RateLimitedError =>
  new RateLimitedError(TEAM_LIMIT_WORDS.recentlyEmailed(wait, lang), wait, 'RECENTLY_EMAILED');

/**
 * A team name as an email shows it (subject and body): one line without control or invisible characters,
 * nothing a mail reader turns into a link (`evil.example` becomes `evil[.]example`, `http` `hxxp`, `@`
 * `[at]`), no header word with its colon, at most the name's length. New names cannot hold any of these
 * (shared/team-rules.ts teamNameProblem); this is for names made before that rule.
 */
export function mailSafeName(name: string): string {
  const safe = name
    .normalize('NFKC')
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ')
    .replace(/[\u3002\uff61]/gu, '.')
    .replace(/h(t)tp/giu, (m) => `${m[0]}xx${m.slice(3)}`)
    .replace(/([\p{L}\p{N}-])\.(?=[\p{L}\p{N}])/gu, '$1[.]')
    .replace(/[@\uff20\ufe6b]/gu, '[at]')
    .replace(/\b(bcc|cc|to|from|subject|reply-to|sender|content-type|mime-version)\s*:/giu, '$1')
    .replace(/\s+/gu, ' ')
    .trim();
  const max = TEAM_LIMITS.nameMaxLength;
  return safe.length > max ? `${safe.slice(0, max - 1)}…` : safe;
}
