// Editor limits of spec/02 §5 (Cron bounds) and the constants of §9.
import type { IntRange } from './fields';

export const CRON_YEAR_START = 2019;
export const CRON_YEAR_SPAN = 100;
export const CRON_PREVIEW_RUNS = 10;
export const CRON_PREVIEW_DEBOUNCE_MS = 500;

export interface SimpleFieldBounds {
  /** Specific values and range ends. */
  value: IntRange;
  /** Start of an increment. */
  start: IntRange;
  step: IntRange;
}

export const CRON_EDITOR_BOUNDS = {
  second: { value: { min: 0, max: 59 }, start: { min: 0, max: 59 }, step: { min: 1, max: 59 } },
  minute: { value: { min: 0, max: 59 }, start: { min: 0, max: 59 }, step: { min: 1, max: 60 } },
  hour: { value: { min: 0, max: 23 }, start: { min: 0, max: 23 }, step: { min: 1, max: 23 } },
  // Month increments start at 1: Quartz has no month 0 (spec/02 reads 0-12 there).
  month: { value: { min: 1, max: 12 }, start: { min: 1, max: 12 }, step: { min: 1, max: 12 } },
  year: {
    value: { min: CRON_YEAR_START, max: CRON_YEAR_START + CRON_YEAR_SPAN },
    start: { min: CRON_YEAR_START, max: CRON_YEAR_START + CRON_YEAR_SPAN },
    step: { min: 1, max: 99 },
  },
} satisfies Record<string, SimpleFieldBounds>;

export const CRON_DAY_BOUNDS = {
  day: { min: 1, max: 31 },
  step: { min: 1, max: 31 },
  /** L-n: n days before the month's last day. */
  daysBeforeEnd: { min: 1, max: 30 },
  weekday: { min: 1, max: 7 },
  weekStep: { min: 1, max: 7 },
  nth: { min: 1, max: 5 },
} satisfies Record<string, IntRange>;
