// The styles and choices picked on Create, kept for the tab (sessionStorage) under the account's address: the
// language flags load the page again, and so does a reload, and neither should lose the picks
// (docs/product.md, step 4). Forgotten once the batch is created; another account in the tab has its own.
import {
  BACKDROP_IDS,
  type BackdropId,
  OUTFIT_IDS,
  type OutfitId,
  type StyleChoices,
} from '#shared/style-choices.ts';

export interface KeptSelection {
  styleIds: number[];
  choices: StyleChoices;
  combo: string | null;
}

const keyOf = (account: string): string => `create-selection:${account.toLowerCase()}`;

/** The known ids of a kept list: anything else (an id since withdrawn, a hand-edited value) is dropped. */
const known = <T extends string>(list: readonly T[], v: unknown): T[] =>
  Array.isArray(v) ? v.filter((s): s is T => (list as readonly unknown[]).includes(s)) : [];

/** What the account picked last in this tab; null when nothing (or something unreadable) was kept. */
export function readKeptSelection(account: string): KeptSelection | null {
  try {
    const raw = JSON.parse(sessionStorage.getItem(keyOf(account)) ?? 'null') as Partial<
      Record<keyof KeptSelection, unknown>
    > | null;
    if (!raw || typeof raw !== 'object') return null;
    const ids = Array.isArray(raw.styleIds) ? raw.styleIds.filter((id) => Number.isSafeInteger(id)) : [];
    const choices = (raw.choices ?? {}) as Partial<Record<keyof StyleChoices, unknown>>;
    return {
      styleIds: ids as number[],
      // A style id no longer offered is dropped by the screen, as any unknown style is.
      choices: {
        backdrops: known<BackdropId>(BACKDROP_IDS, choices.backdrops),
        outfits: known<OutfitId>(OUTFIT_IDS, choices.outfits),
      },
      combo: typeof raw.combo === 'string' ? raw.combo : null,
    };
  } catch {
    return null;
  }
}

/** Keeps the picks; an empty selection is forgotten rather than kept. */
export function keepSelection(account: string, selection: KeptSelection): void {
  const empty =
    selection.styleIds.length === 0 &&
    selection.choices.backdrops.length === 0 &&
    selection.choices.outfits.length === 0 &&
    selection.combo === null;
  try {
    if (empty) sessionStorage.removeItem(keyOf(account));
    else sessionStorage.setItem(keyOf(account), JSON.stringify(selection));
  } catch {
    // Storage blocked or full: the picks just do not survive a reload.
  }
}

export function forgetSelection(account: string): void {
  try {
    sessionStorage.removeItem(keyOf(account));
  } catch {}
}
