// The seven fields of a Quartz cron expression and the values each accepts.

export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'] as const;
export type CronFieldName = (typeof CRON_FIELDS)[number];

/** Chinese field names used in labels and validation messages. */
export const CRON_FIELD_LABELS: Record<CronFieldName, string> = {
  second: '秒',
  minute: '分',
  hour: '时',
  day: '日',
  month: '月',
  week: '周',
  year: '年',
};

export interface IntRange {
  min: number;
  max: number;
}

/** Values a parsed expression may hold. Years follow Quartz (1970-2199), wider than the editor's range. */
export const CRON_FIELD_DOMAINS: Record<CronFieldName, IntRange> = {
  second: { min: 0, max: 59 },
  minute: { min: 0, max: 59 },
  hour: { min: 0, max: 23 },
  day: { min: 1, max: 31 },
  month: { min: 1, max: 12 },
  week: { min: 1, max: 7 },
  year: { min: 1970, max: 2199 },
};

/** Names accepted when parsing: JAN=1 .. DEC=12, SUN=1 .. SAT=7. */
export const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
export const WEEK_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** Chinese weekday labels indexed by cron week number (Sunday=1 .. Saturday=7). */
export const WEEKDAY_LABELS: Record<number, string> = {
  1: '周日',
  2: '周一',
  3: '周二',
  4: '周三',
  5: '周四',
  6: '周五',
  7: '周六',
};
