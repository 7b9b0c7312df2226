// What a refused team call says (docs/product.md, "Teams"): shared/team-rules.ts's words in the page's
// language, chosen by the error's code (never by the server's text, lib/api-messages.ts). On the join route
// a 404 is the link that does not exist and a 403 without a code of its own is an invitation sent to
// another address; elsewhere they are the team's and the role's.
import type { Language } from '#shared/language.ts';
import { TEAM_LIMIT_WORDS, TEAM_MESSAGES, type TeamMessageId } from '#shared/team-rules.ts';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';

const BY_CODE: Record<string, TeamMessageId> = {
  NO_SEAT: 'noSeat',
  LINK_CAP_REACHED: 'capReached',
  ALREADY_IN_TEAM: 'alreadyInTeam',
  MAILBOX_HAS_SEAT: 'mailboxHasSeat',
  DOMAIN_NOT_ALLOWED: 'domainRefused',
  LINK_REVOKED: 'linkRevoked',
  LINK_EXPIRED: 'linkExpired',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  TEAM_ALLOWANCE_USED: 'noAllowance',
  ALREADY_REMINDED: 'remindedToday',
  RETRY_CAP_REACHED: 'retryCapReached',
};

const ON_JOIN: Record<string, TeamMessageId> = { NOT_FOUND: 'linkNotFound', FORBIDDEN: 'inviteForAnother' };

/** A number the refusal's body carries (how many can still be invited, seconds to wait). */
const numberIn = (body: unknown, field: string): number => {
  const v = (body as Record<string, unknown> | null)?.[field];
  return typeof v === 'number' ? v : 0;
};

/**
 * The refusals of a team's emails, with their numbers (docs/product.md, "Teams"): invitations beyond the
 * free seats, an address the team emailed today, the team's day of invitations (or of reminders: `emails`).
 */
function emailLimitMessage(
  code: string,
  body: unknown,
  lang: Language,
  emails: 'invite' | 'remind',
): string | null {
  const wait = numberIn(body, 'retry_after');
  if (code === 'NOT_ENOUGH_SEATS_TO_INVITE')
    return TEAM_LIMIT_WORDS.notEnoughSeats(numberIn(body, 'can_invite'), lang);
  if (code === 'RECENTLY_EMAILED') return TEAM_LIMIT_WORDS.recentlyEmailed(wait, lang);
  if (code === 'TEAM_EMAIL_LIMIT')
    return (emails === 'remind' ? TEAM_LIMIT_WORDS.remindersToday : TEAM_LIMIT_WORDS.inviteEmailsToday)(
      wait,
      lang,
    );
  return null;
}

/** The refusal's words in `lang`, or `fallback` (the action's own message) for an unknown failure. */
export function teamMessage(
  error: unknown,
  lang: Language,
  fallback: string,
  { join = false, emails = 'invite' }: { join?: boolean; emails?: 'invite' | 'remind' } = {},
): string {
  if (!isApiError(error)) return fallback;
  const limit = emailLimitMessage(error.code, error.body, lang, emails);
  if (limit) return limit;
  const id = BY_CODE[error.code] ?? (join ? ON_JOIN[error.code] : undefined);
  if (id) return TEAM_MESSAGES[id][lang];
  return serverMessage(error, fallback);
}
