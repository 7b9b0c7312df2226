// Tasks by creation day (spec section 2): newest day first, each with a long date heading in the page's
// language; times in the browser's time zone.
import type { Language } from '../../lib/language.ts';
import type { Task } from './api/tasks.ts';

export interface DayGroup {
  /** YYYY-MM-DD in local time */
  day: string;
  heading: string;
  tasks: Task[];
}

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };

const dayKey = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

export function groupByDay(tasks: Task[], lang: Language): DayGroup[] {
  const longDate = new Intl.DateTimeFormat(LOCALES[lang], {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const sorted = [...tasks].sort((a, b) => b.created_at - a.created_at);
  const groups: DayGroup[] = [];
  for (const task of sorted) {
    const date = new Date(task.created_at * 1000);
    const day = dayKey(date);
    const last = groups.at(-1);
    if (last?.day === day) last.tasks.push(task);
    else groups.push({ day, heading: longDate.format(date), tasks: [task] });
  }
  return groups;
}

export function timeOf(task: Task, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { hour: 'numeric', minute: '2-digit' }).format(
    new Date(task.created_at * 1000),
  );
}
