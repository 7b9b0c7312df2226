// The shape of every path parameter of the route table (shared/api-routes.ts), one rule per kind of id, keyed
// by the parameter's name: a value of another shape names nothing, and the request is refused as the route
// refuses an unknown one (404; a sign-in token 401) before any store is asked (functions/platform/http/middleware.ts
// pathParams). A 3,000-character team id once reached DynamoDB's key size limit and answered 500. Every
// route gets these rules, and the table refuses a path whose parameter has none (docs/product.md, "Teams").
// Zod-free, like shared/route-paths.ts.
import type { Language } from './language.ts';
import { TEAM_MESSAGES } from './team-rules.ts';

type Words = Readonly<Record<Language, string>>;

export interface PathParamRule {
  /** the whole value's shape */
  shape: RegExp;
  /** what the answer says when the value is not of that shape: what the route says of an unknown one */
  refusal: { code: 'NOT_FOUND' | 'INVALID_LOGIN_LINK'; words: Words };
}

const notFound = (en: string, fr: string): PathParamRule['refusal'] => ({
  code: 'NOT_FOUND',
  words: { en, fr },
});
const NOT_FOUND = notFound('Not found', 'Introuvable');

/** randomUUID's form (functions/platform/system.ts): the ids of teams, members and invitation links. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A value the server made and reads back by itself (a secret code, a price or job id): URL-safe
 * characters, not starting with a dot, at most `max` characters. Its use case checks the finer shape and
 * answers its own refusal.
 */
const madeByUs = (max: number) => new RegExp(`^[A-Za-z0-9_-][A-Za-z0-9._-]{0,${max - 1}}$`);
/**
 * A value whose use case refuses every other shape in its own words (a file name, a task id, a style
 * number: functions/photos/domain/photo-names.ts, generation/task-names.ts, styles/admin-styles.ts): only
 * bounded here, without control characters, so a value past any key's size never reaches a store.
 */
const bounded = (max: number) => new RegExp(`^[^\\u0000-\\u001f\\u007f]{1,${max}}$`, 'u');

export const PATH_PARAMS = {
  teamId: { shape: UUID, refusal: { code: 'NOT_FOUND', words: TEAM_MESSAGES.teamNotFound } },
  memberId: { shape: UUID, refusal: { code: 'NOT_FOUND', words: TEAM_MESSAGES.memberNotFound } },
  linkId: { shape: UUID, refusal: { code: 'NOT_FOUND', words: TEAM_MESSAGES.linkNotFound } },
  /** a team's join code (43 characters), or a phone's capture code (12) that only its own page sends */
  code: { shape: madeByUs(64), refusal: { code: 'NOT_FOUND', words: TEAM_MESSAGES.linkNotFound } },
  /** a sign-in link's token: a link that does not work, as the product's contract words it (401) */
  token: {
    shape: madeByUs(1024),
    refusal: {
      code: 'INVALID_LOGIN_LINK',
      words: {
        en: 'Invalid or expired login link. Please request a new one.',
        fr: 'Lien de connexion invalide ou expiré. Demandez-en un nouveau.',
      },
    },
  },
  taskId: { shape: bounded(64), refusal: notFound('Avatar not found.', 'Avatar introuvable.') },
  /** a photo's, a result's or a style image's stored name */
  filename: { shape: bounded(160), refusal: NOT_FOUND },
  priceId: { shape: madeByUs(64), refusal: NOT_FOUND },
  deletionId: { shape: madeByUs(64), refusal: NOT_FOUND },
  exportId: { shape: madeByUs(64), refusal: NOT_FOUND },
  /** a style's number */
  id: { shape: bounded(20), refusal: NOT_FOUND },
} as const satisfies Record<string, PathParamRule>;

export type PathParamName = keyof typeof PATH_PARAMS;

/** The `{name}`s of a route path. */
export const pathParamNames = (path: string): string[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

const ruleOf = (name: string): PathParamRule | undefined =>
  Object.hasOwn(PATH_PARAMS, name) ? PATH_PARAMS[name as PathParamName] : undefined;

/** Throws when a route path has a parameter no rule describes (the route table calls it for each route). */
export function assertPathParamsKnown(path: string): void {
  for (const name of pathParamNames(path))
    if (!ruleOf(name))
      throw new Error(`${path}: no rule for the path parameter {${name}} in shared/path-params.ts`);
}

/** The first of `params` (a route's, by name) whose value is not of its kind's shape, or null when all are. */
export function malformedPathParam(
  path: string,
  params: Readonly<Record<string, string | undefined>>,
): PathParamRule | null {
  for (const name of pathParamNames(path)) {
    const rule = ruleOf(name);
    const value = params[name];
    if (!rule || value === undefined || !rule.shape.test(value))
      return rule ?? { shape: UUID, refusal: NOT_FOUND };
  }
  return null;
}
