import { CRON_FIELD_DOMAINS, type CronFieldName } from './fields';
import type { CronModel, CronPart } from './model';
import { parseCron } from './parse';

/** Searching stops this many years after the start, so impossible schedules (e.g. 30 Feb) end. */
export const CRON_SEARCH_HORIZON_YEARS = 200;

export interface NextRunsOptions {
  /** Treat the year field as `*` (the editor's preview does). */
  ignoreYear?: boolean;
}

/** Every value a numeric part selects within [min, max]. */
function partValues(part: CronPart, min: number, max: number): number[] {
  switch (part.kind) {
    case 'any':
      return span(min, max, 1);
    case 'value':
      return [part.value];
    case 'range':
      return span(part.start, part.end, 1);
    case 'step':
      return span(part.start === '*' ? min : part.start, part.end ?? max, part.step);
    default:
      return [];
  }
}

function span(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

/** The sorted set of values of a plain field (no L / W / # parts). */
export function fieldValues(parts: CronPart[], field: CronFieldName): number[] {
  const { min, max } = CRON_FIELD_DOMAINS[field];
  const set = new Set<number>();
  for (const part of parts) for (const v of partValues(part, min, max)) set.add(v);
  return [...set].sort((a, b) => a - b);
}

const daysIn = (year: number, month: number) => new Date(year, month, 0).getDate();
/** Cron week number (Sunday=1) of a date. */
const weekdayOf = (year: number, month: number, day: number) => new Date(year, month - 1, day).getDay() + 1;
const isWorkday = (weekday: number) => weekday >= 2 && weekday <= 6;

function lastWorkday(year: number, month: number): number {
  let day = daysIn(year, month);
  while (!isWorkday(weekdayOf(year, month, day))) day--;
  return day;
}

/** Quartz nW: the weekday nearest to day n without leaving the month. */
function nearestWorkday(year: number, month: number, target: number): number | undefined {
  const last = daysIn(year, month);
  if (target > last) return undefined;
  const weekday = weekdayOf(year, month, target);
  if (weekday === 7) return target === 1 ? 3 : target - 1; // Saturday: Friday, or Monday the 3rd
  if (weekday === 1) return target === last ? target - 2 : target + 1; // Sunday: Monday, or Friday before
  return target;
}

function dayOfMonthMatches(parts: CronPart[], year: number, month: number): number[] {
  const last = daysIn(year, month);
  const only = parts[0];
  if (parts.length === 1) {
    if (only.kind === 'last') return last - only.offset >= 1 ? [last - only.offset] : [];
    if (only.kind === 'lastWeekday') return [lastWorkday(year, month)];
    if (only.kind === 'nearestWeekday') {
      const day = nearestWorkday(year, month, only.day);
      return day === undefined ? [] : [day];
    }
  }
  return fieldValues(parts, 'day').filter((day) => day <= last);
}

function dayOfWeekMatches(parts: CronPart[], year: number, month: number): number[] {
  const last = daysIn(year, month);
  const firstWeekday = weekdayOf(year, month, 1);
  const only = parts[0];
  if (parts.length === 1 && only.kind === 'lastOfWeek') {
    let day = last;
    while (weekdayOf(year, month, day) !== only.weekday) day--;
    return [day];
  }
  if (parts.length === 1 && only.kind === 'nthOfWeek') {
    const first = 1 + ((only.weekday - firstWeekday + 7) % 7);
    const day = first + 7 * (only.nth - 1);
    return day <= last ? [day] : [];
  }
  const weekdays = new Set(fieldValues(parts, 'week'));
  return span(1, last, 1).filter((day) => weekdays.has(((firstWeekday - 1 + day - 1) % 7) + 1));
}

/** The days of a month that the day-of-month or day-of-week field selects (the other is `?`). */
export function matchingDays(model: CronModel, year: number, month: number): number[] {
  const dayIsSet = !(model.day.length === 1 && model.day[0].kind === 'none');
  return dayIsSet ? dayOfMonthMatches(model.day, year, month) : dayOfWeekMatches(model.week, year, month);
}

/**
 * The next `count` firing times strictly after `from`, in local time. Walks the fields from year
 * down to second, so each step skips straight to the next allowed value.
 */
export function nextRuns(
  expr: string | CronModel,
  from: Date,
  count = 10,
  options: NextRunsOptions = {},
): Date[] {
  let model: CronModel;
  if (typeof expr === 'string') {
    const parsed = parseCron(expr);
    if (!parsed.ok) throw new Error(parsed.error);
    model = parsed.model;
  } else model = expr;

  const runs: Date[] = [];
  if (count <= 0) return runs;
  const seconds = fieldValues(model.second, 'second');
  const minutes = fieldValues(model.minute, 'minute');
  const hours = fieldValues(model.hour, 'hour');
  const months = fieldValues(model.month, 'month');
  const years = options.ignoreYear ? undefined : new Set(fieldValues(model.year, 'year'));

  // Strictly after `from`: begin at the next whole second.
  const start = new Date(Math.floor(from.getTime() / 1000) * 1000 + 1000);
  const [sy, sMo, sd, sh, sMi, ss] = [
    start.getFullYear(),
    start.getMonth() + 1,
    start.getDate(),
    start.getHours(),
    start.getMinutes(),
    start.getSeconds(),
  ];

  for (let year = sy; year <= sy + CRON_SEARCH_HORIZON_YEARS; year++) {
    if (years && !years.has(year)) continue;
    const atYear = year === sy;
    for (const month of months) {
      if (atYear && month < sMo) continue;
      const atMonth = atYear && month === sMo;
      for (const day of matchingDays(model, year, month)) {
        if (atMonth && day < sd) continue;
        const atDay = atMonth && day === sd;
        for (const hour of hours) {
          if (atDay && hour < sh) continue;
          const atHour = atDay && hour === sh;
          for (const minute of minutes) {
            if (atHour && minute < sMi) continue;
            const atMinute = atHour && minute === sMi;
            for (const second of seconds) {
              if (atMinute && second < ss) continue;
              const run = new Date(year, month - 1, day, hour, minute, second);
              // A wall-clock time skipped by a daylight-saving jump does not exist; skip it.
              if (run.getHours() !== hour || run.getMinutes() !== minute || run.getDate() !== day) continue;
              runs.push(run);
              if (runs.length >= count) return runs;
            }
          }
        }
      }
    }
  }
  return runs;
}
