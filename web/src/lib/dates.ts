// Every date and time the app shows goes through here: one locale per language and one set of formats, so
// a time reads the same on every screen ("16:58" and "04:59", never "4:58" beside "04:59").
// English is en-GB, like the prices' en-IE: day before month and the 24-hour clock, as in French.
// Times are in the browser's time zone; a date-only value (the legal pages' "last updated") is read in UTC.
import type { Language } from '#shared/language.ts';

const DATE_LOCALES: Record<Language, string> = { en: 'en-GB', fr: 'fr-FR' };

const FORMATS = {
  /** the gallery's day headings: "Saturday, 14 March 2026", "samedi 14 mars 2026" */
  day: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  /** "14 March 2026", "14 mars 2026" */
  date: { dateStyle: 'long' },
  /** "14 March", "14 mars" */
  dayMonth: { day: 'numeric', month: 'long' },
  /** "16:58", "04:59" in both languages */
  time: { timeStyle: 'short' },
  /** "14 Mar 2026, 16:58", "14 mars 2026, 16:58" */
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateFormat = keyof typeof FORMATS;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(lang: Language, format: DateFormat, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${lang} ${format} ${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(
      DATE_LOCALES[lang],
      timeZone ? { ...FORMATS[format], timeZone } : FORMATS[format],
    );
    formatters.set(key, f);
  }
  return f;
}

/** `when` in Unix seconds (the API's timestamps) or as a Date. */
export function formatDate(
  when: number | Date,
  format: DateFormat,
  lang: Language,
  { timeZone }: { timeZone?: 'UTC' } = {},
): string {
  return formatter(lang, format, timeZone).format(typeof when === 'number' ? when * 1000 : when);
}

/** The day of a moment in the browser's time zone, as YYYY-MM-DD: a key to group by, never shown. */
export function localDay(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The same moment for a <time dateTime> attribute. */
export const isoDate = (seconds: number): string => new Date(seconds * 1000).toISOString();
