// Tasks by creation day: newest day first, each with a long date heading in the page's
// language; times in the browser's time zone (lib/dates.ts).
import { formatDate, localDay } from '../../lib/dates.ts';
import type { Language } from '../../lib/language.ts';
import type { Task } from './api/tasks.ts';

interface DayGroup {
  /** YYYY-MM-DD in local time */
  day: string;
  heading: string;
  tasks: Task[];
}

export function groupByDay(tasks: Task[], lang: Language): DayGroup[] {
  const sorted = [...tasks].sort((a, b) => b.created_at - a.created_at);
  const groups: DayGroup[] = [];
  for (const task of sorted) {
    const day = localDay(task.created_at);
    const last = groups.at(-1);
    if (last?.day === day) last.tasks.push(task);
    else groups.push({ day, heading: formatDate(task.created_at, 'day', lang), tasks: [task] });
  }
  return groups;
}

export const timeOf = (task: Task, lang: Language): string => formatDate(task.created_at, 'time', lang);
