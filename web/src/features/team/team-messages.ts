// What a refused team call says (docs/product.md, "Teams"): shared/team-rules.ts's words in the page's
// language, chosen by the error's code (never by the server's text, lib/api-messages.ts). On the join route
// a 404 is the link that does not exist and a 403 without a code of its own is an invitation sent to
// another address; elsewhere they are the team's and the role's.
import type { Language } from '../../../../shared/language.ts';
import { TEAM_MESSAGES, type TeamMessageId } from '../../../../shared/team-rules.ts';
import { isApiError } from '../../lib/api-client.ts';
import { serverMessage } from '../../lib/api-messages.ts';

const BY_CODE: Record<string, TeamMessageId> = {
  NO_SEAT: 'noSeat',
  LINK_CAP_REACHED: 'capReached',
  ALREADY_IN_TEAM: 'alreadyInTeam',
  DOMAIN_NOT_ALLOWED: 'domainRefused',
  LINK_REVOKED: 'linkRevoked',
  LINK_EXPIRED: 'linkExpired',
  EMAIL_NOT_VERIFIED: 'emailNotVerified',
  TEAM_ALLOWANCE_USED: 'noAllowance',
  ALREADY_REMINDED: 'remindedToday',
  RETRY_CAP_REACHED: 'retryCapReached',
};

const ON_JOIN: Record<string, TeamMessageId> = { NOT_FOUND: 'linkNotFound', FORBIDDEN: 'inviteForAnother' };

/** The refusal's words in `lang`, or `fallback` (the action's own message) for an unknown failure. */
export function teamMessage(
  error: unknown,
  lang: Language,
  fallback: string,
  { join = false }: { join?: boolean } = {},
): string {
  if (!isApiError(error)) return fallback;
  const id = BY_CODE[error.code] ?? (join ? ON_JOIN[error.code] : undefined);
  if (id) return TEAM_MESSAGES[id][lang];
  return serverMessage(error, fallback);
}
