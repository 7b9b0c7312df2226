// POST /aivatar/create_tasks_batch: the styles and their prompts in the same
// order, reference elements always on, and the backdrops and outfits for the styles that accept
// them. The server reads costs and prompts from its own table; a short balance answers 403 'Not enough
// tokens' with the numbers.
import type { Style } from '#shared/api-schemas.ts';
import type { StyleChoices } from '#shared/style-choices.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { invalidateRoutes } from '../../../lib/server-state.tsx';

/** Creates the batch; the gallery's tasks and the token history are then out of date. */
export async function createBatch(
  styles: Style[],
  choices: StyleChoices,
  idempotencyKey: string,
): Promise<{ msg: string }> {
  const chosen = choices.backdrops.length > 0 || choices.outfits.length > 0;
  const none: StyleChoices = { backdrops: [], outfits: [] };
  const answer = await api('createTasksBatch', {
    body: {
      styles: styles.map((s) => s.id),
      style_prompts: styles.map((s) => s.prompt),
      use_reference_elements: true,
      // The results' file names and the answer follow the page's language.
      lang: currentLanguage(),
      // Only when something was chosen: a create without choices is the product's own request.
      ...(chosen ? { style_choices: styles.map((s) => (s.accepts_choices ? choices : none)) } : {}),
    },
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  // A team member's create spends the team's allowance (GET /teams/mine says what is left).
  void invalidateRoutes('userTasks', 'tokenLedger', 'myTeam');
  return answer;
}

interface ShortBalance {
  /** the server's message, e.g. "Not enough tokens: you need 3 but only have 2 available" */
  msg: string | null;
  needed: number | null;
  available: number | null;
}

const numberIn = (body: Record<string, unknown>, ...keys: string[]): number | null => {
  for (const key of keys) if (typeof body[key] === 'number') return body[key] as number;
  return null;
};

/** The 403 'Not enough tokens' answer, with whatever numbers it carries; null for any other failure. */
export function shortBalanceOf(e: unknown): ShortBalance | null {
  if (!isApiError(e) || e.status !== 403) return null;
  const body = (e.body ?? {}) as Record<string, unknown>;
  const isShort = body.error === 'Not enough tokens' || e.code === 'NOT_ENOUGH_TOKENS';
  if (!isShort) return null;
  return {
    msg: e.msg,
    needed: numberIn(body, 'needed', 'required', 'total'),
    available: numberIn(body, 'available', 'balance'),
  };
}
