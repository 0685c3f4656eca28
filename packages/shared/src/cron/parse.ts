import {
  CRON_FIELDS,
  CRON_FIELD_DOMAINS,
  CRON_FIELD_LABELS,
  MONTH_NAMES,
  WEEK_NAMES,
  type CronFieldName,
} from './fields';
import { isNotSet, isSolePart, type CronModel, type CronParseResult, type CronPart } from './model';

/** A validation failure carrying a Chinese message that names the field. */
class FieldError extends Error {
  constructor(
    message: string,
    readonly field?: CronFieldName,
  ) {
    super(message);
  }
}

const LAST_OFFSET_MAX = 30;
const NTH_MAX = 5;

function label(field: CronFieldName): string {
  return `${CRON_FIELD_LABELS[field]}字段`;
}

function unrecognised(field: CronFieldName, token: string): FieldError {
  return new FieldError(`${label(field)}无法识别「${token}」`, field);
}

/** A number (or month / weekday name) within the field's domain. */
function parseNumber(field: CronFieldName, token: string): number {
  let value: number;
  if (/^\d+$/.test(token)) value = Number(token);
  else {
    const names = field === 'month' ? MONTH_NAMES : field === 'week' ? WEEK_NAMES : [];
    const index = names.indexOf(token.toUpperCase());
    if (index < 0) throw unrecognised(field, token);
    value = index + 1;
  }
  const { min, max } = CRON_FIELD_DOMAINS[field];
  if (value < min || value > max) {
    throw new FieldError(`${label(field)}的值 ${value} 超出范围 ${min}-${max}`, field);
  }
  return value;
}

function parseRange(field: CronFieldName, token: string): { start: number; end: number } {
  const [a, b, ...rest] = token.split('-');
  if (rest.length > 0 || !a || !b) throw unrecognised(field, token);
  const start = parseNumber(field, a);
  const end = parseNumber(field, b);
  if (start > end) throw new FieldError(`${label(field)}的范围 ${token} 开始值大于结束值`, field);
  return { start, end };
}

function parseStep(field: CronFieldName, token: string): CronPart {
  const [base, stepText, ...rest] = token.split('/');
  if (rest.length > 0 || !base || !stepText || !/^\d+$/.test(stepText)) throw unrecognised(field, token);
  const { min, max } = CRON_FIELD_DOMAINS[field];
  const step = Number(stepText);
  // A step larger than the field's span could never repeat.
  const stepMax = field === 'year' ? 99 : max - min + 1;
  if (step < 1 || step > stepMax) {
    throw new FieldError(`${label(field)}的步长 ${step} 超出范围 1-${stepMax}`, field);
  }
  if (base === '*') return { kind: 'step', start: '*', step };
  if (base.includes('-')) {
    const { start, end } = parseRange(field, base);
    return { kind: 'step', start, end, step };
  }
  return { kind: 'step', start: parseNumber(field, base), step };
}

function parseDaySpecial(token: string): CronPart | undefined {
  const upper = token.toUpperCase();
  if (upper === 'L') return { kind: 'last', offset: 0 };
  if (upper === 'LW') return { kind: 'lastWeekday' };
  const lastOffset = /^L-(\d+)$/.exec(upper);
  if (lastOffset) {
    const offset = Number(lastOffset[1]);
    if (offset > LAST_OFFSET_MAX) {
      throw new FieldError(`日字段「L-」的天数 ${offset} 超出范围 0-${LAST_OFFSET_MAX}`, 'day');
    }
    return { kind: 'last', offset };
  }
  const nearest = /^(\d+)W$/.exec(upper);
  if (nearest) return { kind: 'nearestWeekday', day: parseNumber('day', nearest[1]) };
  return undefined;
}

function parseWeekSpecial(token: string): CronPart | undefined {
  const upper = token.toUpperCase();
  // A lone L in the week field means Saturday, the last day of the week.
  if (upper === 'L') return { kind: 'value', value: 7 };
  const last = /^(\w+)L$/.exec(upper);
  if (last) return { kind: 'lastOfWeek', weekday: parseNumber('week', last[1]) };
  const nth = /^(\w+)#(\d+)$/.exec(upper);
  if (nth) {
    const k = Number(nth[2]);
    if (k < 1 || k > NTH_MAX) throw new FieldError(`周字段「#」后的序号 ${k} 超出范围 1-${NTH_MAX}`, 'week');
    return { kind: 'nthOfWeek', weekday: parseNumber('week', nth[1]), nth: k };
  }
  return undefined;
}

function parsePart(field: CronFieldName, token: string): CronPart {
  if (token === '') throw new FieldError(`${label(field)}存在空的列表项`, field);
  if (token === '*') return { kind: 'any' };
  if (token === '?') {
    if (field !== 'day' && field !== 'week') {
      throw new FieldError(`${label(field)}不能使用「?」，只有日和周字段可以`, field);
    }
    return { kind: 'none' };
  }
  if (token.includes('/')) return parseStep(field, token);
  const special = field === 'day' ? parseDaySpecial(token) : field === 'week' ? parseWeekSpecial(token) : undefined;
  if (special) return special;
  if (token.includes('-')) return { kind: 'range', ...parseRange(field, token) };
  return { kind: 'value', value: parseNumber(field, token) };
}

function parseField(field: CronFieldName, text: string): CronPart[] {
  const parts = text.split(',').map((token) => parsePart(field, token));
  if (parts.length > 1) {
    const sole = parts.find(isSolePart);
    if (sole) throw new FieldError(`${label(field)}的「${text}」中特殊值不能与其他值组合`, field);
  }
  return parts;
}

/** Parses a Quartz expression of 6 or 7 fields; the year defaults to `*`. */
export function parseCron(expr: string): CronParseResult {
  const text = (expr ?? '').trim();
  if (!text) return { ok: false, error: 'Cron表达式不能为空' };
  const tokens = text.split(/\s+/);
  if (tokens.length !== 6 && tokens.length !== 7) {
    return {
      ok: false,
      error: `Cron表达式应包含6或7个字段（秒 分 时 日 月 周 [年]），当前为${tokens.length}个`,
    };
  }
  if (tokens.length === 6) tokens.push('*');
  try {
    const model = {} as CronModel;
    CRON_FIELDS.forEach((field, index) => {
      model[field] = parseField(field, tokens[index]);
    });
    const dayNotSet = isNotSet(model.day);
    const weekNotSet = isNotSet(model.week);
    if (dayNotSet && weekNotSet) return { ok: false, error: '日和周字段不能同时为「?」', field: 'day' };
    if (!dayNotSet && !weekNotSet) {
      return { ok: false, error: '日和周字段不能同时指定，其中一个必须为「?」', field: 'day' };
    }
    return { ok: true, model };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, error: error.message, field: error.field };
    throw error;
  }
}

/** The Chinese error message, or undefined when the expression is valid. */
export function validateCron(expr: string): string | undefined {
  const result = parseCron(expr);
  return result.ok ? undefined : result.error;
}
