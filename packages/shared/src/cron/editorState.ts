// The cron editor's per-field modes (spec/02 §4), built from and back into expressions.
import { CRON_EDITOR_BOUNDS } from './bounds';
import { CRON_FIELD_DOMAINS } from './fields';
import { formatCron } from './format';
import type { CronModel, CronPart } from './model';
import { parseCron } from './parse';
import { fieldValues } from './schedule';

export type SimpleFieldName = 'second' | 'minute' | 'hour' | 'month' | 'year';
/** 1 every, 2 increment (start/step), 3 specific list, 4 range. */
export type SimpleMode = 1 | 2 | 3 | 4;

export interface SimpleFieldState {
  mode: SimpleMode;
  incrementStart: number;
  incrementStep: number;
  specific: number[];
  rangeStart: number;
  rangeEnd: number;
}

/**
 * Day modes: 1 every day; 2 every N days from a weekday; 3 every N days from a day; 4 specific weekdays;
 * 5 specific days; 6 last day; 7 last workday; 8 last given weekday; 9 N days before month end;
 * 10 nearest workday to a day; 11 nth given weekday.
 */
export type DayMode = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;
/** The day modes that set the day-of-month field (the week field is then `?`). */
export type MonthDayMode = 1 | 3 | 5 | 6 | 7 | 9 | 10;
export const MONTH_DAY_MODES: readonly MonthDayMode[] = [1, 3, 5, 6, 7, 9, 10];

export interface DayState {
  mode: MonthDayMode;
  incrementStart: number;
  incrementStep: number;
  specific: number[];
  daysBeforeEnd: number;
  nearestDay: number;
}

/** 'notSet' leaves the week as `?` and lets the day-of-month modes decide. */
export type WeekType = 'notSet' | 'range' | 'loop' | 'specify' | 'last' | 'nth';

export interface WeekState {
  type: WeekType;
  rangeStart: number;
  rangeEnd: number;
  loopStart: number;
  loopStep: number;
  specific: number[];
  lastWeekday: number;
  nthWeekday: number;
  nth: number;
}

export interface CronEditorState {
  second: SimpleFieldState;
  minute: SimpleFieldState;
  hour: SimpleFieldState;
  day: DayState;
  week: WeekState;
  month: SimpleFieldState;
  year: SimpleFieldState;
}

export type CronEditorField = keyof CronEditorState;

const WEEK_TYPE_TO_DAY_MODE: Record<Exclude<WeekType, 'notSet'>, DayMode> = {
  loop: 2,
  range: 4,
  specify: 4,
  last: 8,
  nth: 11,
};
const DAY_MODE_TO_WEEK_TYPE: Partial<Record<DayMode, WeekType>> = { 2: 'loop', 4: 'specify', 8: 'last', 11: 'nth' };

function simpleDefaults(field: SimpleFieldName): SimpleFieldState {
  const { value, start } = CRON_EDITOR_BOUNDS[field];
  return {
    mode: 1,
    incrementStart: start.min,
    incrementStep: 1,
    specific: [value.min],
    rangeStart: value.min,
    rangeEnd: value.min + 1,
  };
}

/** The state behind `* * * * * ? *`. */
export function defaultEditorState(): CronEditorState {
  return {
    second: simpleDefaults('second'),
    minute: simpleDefaults('minute'),
    hour: simpleDefaults('hour'),
    day: { mode: 1, incrementStart: 1, incrementStep: 1, specific: [1], daysBeforeEnd: 1, nearestDay: 1 },
    week: {
      type: 'notSet',
      rangeStart: 2,
      rangeEnd: 6,
      loopStart: 1,
      loopStep: 1,
      specific: [2],
      lastWeekday: 2,
      nthWeekday: 2,
      nth: 1,
    },
    month: simpleDefaults('month'),
    year: simpleDefaults('year'),
  };
}

/** The day tab's mode: a day-of-month mode, or the one matching the week type. */
export function dayModeOf(state: CronEditorState): DayMode {
  return state.week.type === 'notSet' ? state.day.mode : WEEK_TYPE_TO_DAY_MODE[state.week.type];
}

/** The weekdays a week state selects, for showing a range as checked weekdays. */
export function selectedWeekdays(week: WeekState): number[] {
  if (week.type === 'range') {
    const out: number[] = [];
    for (let d = Math.min(week.rangeStart, week.rangeEnd); d <= Math.max(week.rangeStart, week.rangeEnd); d++) {
      out.push(d);
    }
    return out;
  }
  return week.specific;
}

/** Picks a day mode; week-based modes clear the day (`?`), day modes clear the week. */
export function selectDayMode(state: CronEditorState, mode: DayMode): CronEditorState {
  const weekType = DAY_MODE_TO_WEEK_TYPE[mode];
  if (!weekType) return { ...state, day: { ...state.day, mode: mode as MonthDayMode }, week: { ...state.week, type: 'notSet' } };
  if (dayModeOf(state) === mode) return state;
  const specific = weekType === 'specify' ? selectedWeekdays(state.week) : state.week.specific;
  return { ...state, week: { ...state.week, type: weekType, specific } };
}

const listOrMin = (values: number[], min: number) =>
  values.length > 0 ? [...new Set(values)].sort((a, b) => a - b).join(',') : String(min);

function simpleExpression(field: SimpleFieldName, s: SimpleFieldState): string {
  switch (s.mode) {
    case 1:
      return '*';
    case 2:
      return `${s.incrementStart}/${s.incrementStep}`;
    case 3:
      return listOrMin(s.specific, CRON_EDITOR_BOUNDS[field].value.min);
    case 4:
      return `${Math.min(s.rangeStart, s.rangeEnd)}-${Math.max(s.rangeStart, s.rangeEnd)}`;
  }
}

function dayExpression(state: CronEditorState): string {
  if (state.week.type !== 'notSet') return '?';
  const d = state.day;
  switch (d.mode) {
    case 1:
      return '*';
    case 3:
      return `${d.incrementStart}/${d.incrementStep}`;
    case 5:
      return listOrMin(d.specific, 1);
    case 6:
      return 'L';
    case 7:
      return 'LW';
    case 9:
      return `L-${d.daysBeforeEnd}`;
    case 10:
      return `${d.nearestDay}W`;
  }
}

function weekExpression(w: WeekState): string {
  switch (w.type) {
    case 'notSet':
      return '?';
    case 'range':
      return `${Math.min(w.rangeStart, w.rangeEnd)}-${Math.max(w.rangeStart, w.rangeEnd)}`;
    case 'loop':
      return `${w.loopStart}/${w.loopStep}`;
    case 'specify':
      return listOrMin(w.specific, 1);
    case 'last':
      return `${w.lastWeekday}L`;
    case 'nth':
      return `${w.nthWeekday}#${w.nth}`;
  }
}

/** The text of one field as the state builds it. */
export function fieldExpression(state: CronEditorState, field: CronEditorField): string {
  if (field === 'day') return dayExpression(state);
  if (field === 'week') return weekExpression(state.week);
  return simpleExpression(field, state[field]);
}

export function editorStateToExpression(state: CronEditorState): string {
  const fields: CronEditorField[] = ['second', 'minute', 'hour', 'day', 'month', 'week', 'year'];
  return fields.map((field) => fieldExpression(state, field)).join(' ');
}

/** The next larger unit, and what it becomes when it was `*` (spec/02 §4). */
const NEXT_LARGER: Partial<Record<CronEditorField, (state: CronEditorState) => CronEditorState>> = {
  second: (s) => ({ ...s, minute: { ...s.minute, mode: 3, specific: [0] } }),
  minute: (s) => ({ ...s, hour: { ...s.hour, mode: 3, specific: [0] } }),
  hour: (s) => ({ ...s, day: { ...s.day, mode: 5, specific: [1] } }),
};
const LARGER_FIELD: Partial<Record<CronEditorField, CronEditorField>> = { second: 'minute', minute: 'hour', hour: 'day' };

/**
 * Applies a user's edit of one field. When a smaller unit leaves `*`, a next larger unit still at `*`
 * becomes 0 (minute, hour) or 1 (day), so e.g. "second 5" does not silently mean every minute.
 */
export function updateField<F extends CronEditorField>(
  state: CronEditorState,
  field: F,
  patch: Partial<CronEditorState[F]>,
): CronEditorState {
  const next = { ...state, [field]: { ...state[field], ...patch } } as CronEditorState;
  const larger = LARGER_FIELD[field];
  const bump = NEXT_LARGER[field];
  if (
    larger &&
    bump &&
    fieldExpression(state, field) === '*' &&
    fieldExpression(next, field) !== '*' &&
    fieldExpression(next, larger) === '*'
  ) {
    return bump(next);
  }
  return next;
}

// ---- expression -> state ----

function single(parts: CronPart[]): CronPart | undefined {
  return parts.length === 1 ? parts[0] : undefined;
}

function simpleFromParts(field: SimpleFieldName, parts: CronPart[]): SimpleFieldState {
  const base = simpleDefaults(field);
  const part = single(parts);
  if (part?.kind === 'any') return base;
  if (part?.kind === 'step' && part.end === undefined) {
    const start = part.start === '*' ? CRON_FIELD_DOMAINS[field].min : part.start;
    return { ...base, mode: 2, incrementStart: start, incrementStep: part.step };
  }
  if (part?.kind === 'range') return { ...base, mode: 4, rangeStart: part.start, rangeEnd: part.end };
  // Any other combination is a set of values: show it as a specific list, which means the same.
  return { ...base, mode: 3, specific: fieldValues(parts, field) };
}

function dayFromParts(parts: CronPart[], day: DayState): DayState {
  const part = single(parts);
  switch (part?.kind) {
    case 'none':
    case 'any':
      return day;
    case 'step':
      if (part.end === undefined) {
        return { ...day, mode: 3, incrementStart: part.start === '*' ? 1 : part.start, incrementStep: part.step };
      }
      break;
    case 'last':
      return part.offset === 0 ? { ...day, mode: 6 } : { ...day, mode: 9, daysBeforeEnd: part.offset };
    case 'lastWeekday':
      return { ...day, mode: 7 };
    case 'nearestWeekday':
      return { ...day, mode: 10, nearestDay: part.day };
  }
  return { ...day, mode: 5, specific: fieldValues(parts, 'day') };
}

function weekFromParts(parts: CronPart[], week: WeekState): WeekState {
  const part = single(parts);
  switch (part?.kind) {
    case 'none':
      return { ...week, type: 'notSet' };
    case 'any':
      return { ...week, type: 'range', rangeStart: 1, rangeEnd: 7 };
    case 'range':
      return { ...week, type: 'range', rangeStart: part.start, rangeEnd: part.end };
    case 'step':
      if (part.end === undefined) {
        return { ...week, type: 'loop', loopStart: part.start === '*' ? 1 : part.start, loopStep: part.step };
      }
      break;
    case 'lastOfWeek':
      return { ...week, type: 'last', lastWeekday: part.weekday };
    case 'nthOfWeek':
      return { ...week, type: 'nth', nthWeekday: part.weekday, nth: part.nth };
  }
  return { ...week, type: 'specify', specific: fieldValues(parts, 'week') };
}

/** Modes and inputs that rebuild an expression meaning the same as the model. */
export function modelToEditorState(model: CronModel): CronEditorState {
  const defaults = defaultEditorState();
  return {
    second: simpleFromParts('second', model.second),
    minute: simpleFromParts('minute', model.minute),
    hour: simpleFromParts('hour', model.hour),
    day: dayFromParts(model.day, defaults.day),
    week: weekFromParts(model.week, defaults.week),
    month: simpleFromParts('month', model.month),
    year: simpleFromParts('year', model.year),
  };
}

export type EditorStateResult = { ok: true; state: CronEditorState } | { ok: false; error: string };

export function expressionToEditorState(expr: string): EditorStateResult {
  const parsed = parseCron(expr);
  return parsed.ok ? { ok: true, state: modelToEditorState(parsed.model) } : { ok: false, error: parsed.error };
}

/** Normalises an expression to the seven-field form the editor writes. */
export function normaliseCron(expr: string): string | undefined {
  const parsed = parseCron(expr);
  return parsed.ok ? formatCron(parsed.model) : undefined;
}

