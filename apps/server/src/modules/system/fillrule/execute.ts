import type { Kysely } from 'kysely';
import { BizError } from '../../../core/errors';
import type { Database } from '../../../core/db';
import { nextChildCode } from '../category/code';
import { parseParams, type DateFormat, type FillRuleKind, type FillRuleParams } from './params';
import { nextSequence, peekSequence } from './sequence';

const pad = (n: number, len = 2) => String(n).padStart(len, '0');

/** The date part of a value, in server local time. */
export function formatDate(d: Date, format: DateFormat): string {
  const day = `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
  if (format === 'YYYYMMDD') return day;
  if (format === 'YYYYMMDDHHmmss') return `${day}${pad(d.getHours())}${pad(d.getMinutes())}${pad(d.getSeconds())}`;
  return '';
}

/** Which counter a value draws from: one per day when the rule resets daily, else one for ever. */
function periodOf(kind: FillRuleKind, params: FillRuleParams, now: Date): string {
  return kind === 'order_num' && params.resetDaily ? formatDate(now, 'YYYYMMDD') : '';
}

async function loadRule(db: Kysely<Database>, ruleCode: string) {
  const rule = await db.selectFrom('sysFillRule').select(['ruleCode', 'ruleClass', 'ruleParams']).where('ruleCode', '=', ruleCode).executeTakeFirst();
  if (!rule) throw new BizError('该填值规则不存在');
  const parsed = parseParams(rule.ruleParams);
  if ('error' in parsed) throw new BizError(`填值规则配置有误：${parsed.error}`);
  return { code: rule.ruleCode, kind: rule.ruleClass as FillRuleKind, params: parsed.params };
}

/** The parent a category_code rule works under: the form's pid (empty: a root). */
function formPid(form: Record<string, unknown>): string {
  const pid = form.pid;
  if (pid === undefined || pid === null || pid === '') return '';
  if (typeof pid !== 'string' || pid.length > 64) throw new BizError('表单的 pid 不正确');
  return pid;
}

/**
 * Produces the next value of a rule. order_num: prefix + date + zero-padded sequence; sequence:
 * prefix + sequence; category_code: the next free code under the form's pid (not reserved: the
 * category add checks it again). `consume` false shows the next value without taking it.
 */
export async function executeFillRule(
  db: Kysely<Database>,
  ruleCode: string,
  form: Record<string, unknown>,
  now: Date,
  consume = true,
): Promise<string> {
  const rule = await loadRule(db, ruleCode);
  const { prefix, dateFormat, seqLength } = rule.params;
  switch (rule.kind) {
    case 'category_code':
      return nextChildCode(db, formPid(form));
    case 'order_num':
    case 'sequence': {
      const period = periodOf(rule.kind, rule.params, now);
      const n = consume ? await nextSequence(db, rule.code, period) : await peekSequence(db, rule.code, period);
      // a number outgrowing seqLength keeps all its digits, so values never repeat
      return `${prefix}${rule.kind === 'order_num' ? formatDate(now, dateFormat) : ''}${String(n).padStart(seqLength, '0')}`;
    }
    default:
      throw new BizError(`填值规则类型不支持：${String(rule.kind).slice(0, 50)}`);
  }
}
