// The dashboard's CSV of members (docs/product.md, "Teams"): name, email, status, the chosen headshot's file
// name, its likeness, and the dates, one row per member, written page by page from the team-keyed Query (one
// page of members in memory at a time). Never a member's photos or personal avatars.
import type { Language } from '#shared/language.ts';
import type { TeamDeps } from './ports.ts';
import { memberView } from './teams.ts';

const HEADERS: Record<Language, string[]> = {
  en: ['name', 'email', 'status', 'chosen headshot', 'likeness', 'invited', 'joined', 'chosen', 'left'],
  fr: ['nom', 'e-mail', 'statut', 'photo choisie', 'ressemblance', 'invité', 'arrivé', 'choisie', 'parti'],
};

const PAGE = 100;

/**
 * One CSV cell: quoted when it holds a separator, a quote or a line break; a value a spreadsheet would run
 * as a formula (=, +, -, @, a tab or a carriage return first) is prefixed with an apostrophe (OWASP's CSV
 * injection advice): names and emails come from people outside the team's control. A semicolon counts as a
 * separator too: a spreadsheet that reads ";" as one (French Excel's default) would otherwise start a new
 * cell inside the value, where an "=" after it would run.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const isoDate = (seconds: number | null): string | null =>
  seconds === null ? null : new Date(seconds * 1000).toISOString().slice(0, 10);

/** The CSV's lines (header first), read a page of members at a time. */
export async function* membersCsv(deps: TeamDeps, teamId: string, lang: Language): AsyncGenerator<string> {
  yield `${HEADERS[lang].map(csvCell).join(',')}\r\n`;
  let cursor: string | null = null;
  const now = deps.clock.now();
  do {
    const page = await deps.teams.listMembers(teamId, PAGE, cursor);
    let chunk = '';
    for (const m of page.members.map((member) => memberView(member, now, lang)))
      chunk += `${[
        m.name,
        m.email,
        m.status,
        m.chosen?.file_name ?? null,
        m.chosen?.likeness ?? null,
        isoDate(m.invited_at),
        isoDate(m.joined_at),
        isoDate(m.chosen?.chosen_at ?? null),
        isoDate(m.left_at),
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    if (chunk) yield chunk;
    cursor = page.nextCursor;
  } while (cursor);
}
