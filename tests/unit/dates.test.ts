// Every date and time the app shows comes from web/src/lib/dates.ts, one locale per
// language, so a time reads the same on every screen: "04:59" in the gallery and in the token history alike.
import { describe, expect, it } from 'vitest';
import { formatDate, localDay } from '../../web/src/lib/dates.ts';

// 04:58 on 26 November 2026, in the test process's time zone.
const EARLY = new Date(2026, 10, 26, 4, 58).getTime() / 1000;

describe('dates and times', () => {
  it('a time has two-digit hours and no AM/PM in both languages, on its own and beside a date', () => {
    expect(formatDate(EARLY, 'time', 'en')).toBe('04:58');
    expect(formatDate(EARLY, 'time', 'fr')).toBe('04:58');
    expect(formatDate(EARLY, 'dateTime', 'en')).toBe('26 Nov 2026, 04:58');
    expect(formatDate(EARLY, 'dateTime', 'fr')).toBe('26 nov. 2026, 04:58');
  });

  it('dates in each language', () => {
    expect(formatDate(EARLY, 'day', 'en')).toBe('Thursday, 26 November 2026');
    expect(formatDate(EARLY, 'day', 'fr')).toBe('jeudi 26 novembre 2026');
    expect(formatDate(EARLY, 'date', 'fr')).toBe('26 novembre 2026');
    expect(formatDate(EARLY, 'dayMonth', 'en')).toBe('26 November');
    // A date-only value stays on its day wherever the browser is.
    expect(formatDate(new Date('2026-11-22T00:00:00Z'), 'date', 'en', { timeZone: 'UTC' })).toBe(
      '22 November 2026',
    );
  });

  it('groups by the local day', () => {
    expect(localDay(EARLY)).toBe('2026-11-26');
  });
});
