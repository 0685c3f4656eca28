import type { Kysely } from 'kysely';
import { findPattern, UNIQUE_PATTERN_CODE } from '@anxue/shared';
import type { Database } from '../../../../core/db';
import { formatDateTime } from '../../../../core/db/time';
import { BizError } from '../../../../core/errors';
import { sanitizeRichText } from '../../../../core/html/sanitize';
import { executeFillRule } from '../../../system/fillrule/execute';
import type { DictReader } from '../../../system/dict/table-source';
import { checkDictValue } from './dicts';
import { isAuditField, plain, type FormField, type FormModel } from './model';

// Every value a request writes is checked against its field's definition (type, length, required,
// pattern, dictionary) and only defined, writable fields are written. The server fills the id, the audit
// fields, the tenant and the defaults of fields left empty on add.

export type Row = Record<string, unknown>;

export interface DataCaller extends DictReader {
  id: string;
  username: string;
  realname: string | null;
  orgCode: string | null;
  tenantId: number;
  allTenants?: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);
const MAX_TEXT = 1_000_000;

/** Fields a request may write: persisted, not the key, not audit columns. */
export function writableFields(form: FormModel): FormField[] {
  return form.fields.filter((f) => f.name !== 'id' && f.name !== 'tenant_id' && !isAuditField(f.name) && f.name !== form.tree?.hasChildField);
}

function validDate(y: number, m: number, d: number) {
  const t = new Date(y, m - 1, d);
  return t.getFullYear() === y && t.getMonth() === m - 1 && t.getDate() === d;
}

/** The value as its column stores it, or a BizError naming the field. */
export function convert(f: FormField, raw: unknown): unknown {
  if (blank(raw)) return null;
  let v: unknown = Array.isArray(raw) ? raw.map((x) => String(x)).join(',') : raw;
  if (typeof v === 'boolean') v = v ? '1' : '0';
  if (typeof v === 'object') throw new BizError(`${f.title}的值不正确`);
  const text = String(v).trim();
  switch (f.kind) {
    case 'int': {
      const n = Number(text);
      if (!/^-?\d+(\.0+)?$/.test(text) || !Number.isSafeInteger(n)) throw new BizError(`${f.title}必须是整数`);
      return n;
    }
    case 'number': {
      const n = Number(text);
      if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(n)) throw new BizError(`${f.title}必须是数字`);
      const decimals = text.includes('.') ? text.split('.')[1].replace(/0+$/, '').length : 0;
      if (f.point > 0 && decimals > f.point) throw new BizError(`${f.title}最多保留${f.point}位小数`);
      return n;
    }
    case 'date': {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/.exec(text);
      if (!m || !validDate(+m[1], +m[2], +m[3])) throw new BizError(`${f.title}的日期格式应为 YYYY-MM-DD`);
      return `${m[1]}-${m[2]}-${m[3]}`;
    }
    case 'datetime': {
      const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
      if (!m || !validDate(+m[1], +m[2], +m[3]) || +(m[4] ?? 0) > 23 || +(m[5] ?? 0) > 59 || +(m[6] ?? 0) > 59) {
        throw new BizError(`${f.title}的时间格式应为 YYYY-MM-DD HH:mm:ss`);
      }
      return `${m[1]}-${m[2]}-${m[3]} ${m[4] ?? '00'}:${m[5] ?? '00'}:${m[6] ?? '00'}`;
    }
    case 'time': {
      const m = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
      if (!m || +m[1] > 23 || +m[2] > 59 || +(m[3] ?? 0) > 59) throw new BizError(`${f.title}的时间格式应为 HH:mm:ss`);
      return `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
    }
    default: {
      let s = typeof v === 'string' ? v : text;
      if (f.view === 'umeditor') s = sanitizeRichText(s);
      const max = f.kind === 'string' && f.length > 0 ? f.length : MAX_TEXT;
      if ([...s].length > max) throw new BizError(`${f.title}最长${max}个字符`);
      return s;
    }
  }
}

/** Pattern of the field (spec/02 §5 code or a custom expression), checked on non-empty values. */
export function checkPattern(f: FormField, value: unknown): void {
  const code = f.validType;
  if (!code || code === UNIQUE_PATTERN_CODE || value === null) return;
  const text = String(value);
  const known = findPattern(code);
  if (known) {
    if (!known.pattern.test(text)) throw new BizError(`${f.title}：${known.message}`);
    return;
  }
  let re: RegExp;
  try {
    re = new RegExp(code);
  } catch {
    return; // not an expression (a label of the designer): nothing to check
  }
  if (!re.test(text)) throw new BizError(`${f.title}格式不正确`);
}

/** Replaces the original's system variables: #{sysUserCode}, #{sysOrgCode}, #{date}, … (a fixed set). */
export function systemVariables(text: string, caller: DataCaller, now: Date): string {
  const date = `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}:${pad(now.getMinutes())}:${pad(now.getSeconds())}`;
  const vars: Record<string, string> = {
    sysUserId: caller.id,
    sysUserCode: caller.username,
    sys_user_code: caller.username,
    sysUserName: caller.realname ?? caller.username,
    sysOrgCode: caller.orgCode ?? '',
    sys_org_code: caller.orgCode ?? '',
    sysDate: date,
    date,
    time,
    sysTime: `${date} ${time}`,
    datetime: `${date} ${time}`,
  };
  return text.replace(/#\{\s*([A-Za-z_]+)\s*\}/g, (all, name: string) => vars[name] ?? all);
}

const FILL_RULE = /^\$\{\s*([A-Za-z0-9_-]{1,100})(\?[^}]*)?\s*\}$/;

/** A field's default on add: a fill rule `${code}`, system variables, or the text itself. `{{…}}` scripts are not run. */
export async function defaultValue(db: Kysely<Database>, f: FormField, row: Row, caller: DataCaller, now: Date): Promise<unknown> {
  const expr = f.defaultValue?.trim();
  if (!expr) return undefined;
  const rule = FILL_RULE.exec(expr);
  if (rule) return executeFillRule(db, rule[1], row, now);
  if (expr.includes('{{') || expr.includes('${')) return undefined;
  return systemVariables(expr, caller, now);
}

/**
 * The row to write from a request body: on add every writable field (defaults filled), on edit only
 * the fields the body names. Unknown keys are dropped; each value is converted and checked.
 */
export async function inputRow(root: Kysely<Database>, form: FormModel, body: Row, mode: 'add' | 'edit', caller: DataCaller, now: Date, fixed: Row = {}): Promise<Row> {
  // `root` is the app's connection, not a transaction: fill rules take their numbers in transactions of
  // their own, and the dictionary cache belongs to the connection.
  const row: Row = {};
  for (const f of writableFields(form)) {
    if (f.name in fixed) continue;
    const present = !form.locked?.has(f.name) && Object.prototype.hasOwnProperty.call(body, f.name);
    if (mode === 'edit' && !present) continue;
    let value = convert(f, present ? body[f.name] : null);
    if (mode === 'add' && value === null) {
      const def = await defaultValue(root, f, { ...body, ...row }, caller, now);
      if (def !== undefined && def !== null && def !== '') value = convert(f, def);
    }
    if (value === null && f.required) throw new BizError(`${f.title}不能为空`);
    if (value !== null) {
      checkPattern(f, value);
      await checkDictValue(root, f, String(value), caller);
    }
    row[f.name] = value;
  }
  // values the server decides (a sub row's key, a tree node's parent and has-child flag)
  for (const [k, v] of Object.entries(fixed)) if (form.byName.has(k)) row[k] = v;
  return row;
}

/** Refuses a value already taken in the table by another row (fields with the pattern 'only'). */
export async function checkUnique(db: Kysely<any>, form: FormModel, row: Row, exceptId?: string): Promise<void> {
  for (const f of form.fields.filter((x) => x.validType === UNIQUE_PATTERN_CODE)) {
    const v = row[f.name];
    if (v === undefined || v === null || v === '') continue;
    let qb = plain(db).selectFrom(form.tableName).select('id').where(f.name, '=', v);
    if (exceptId) qb = qb.where('id', '<>', exceptId);
    if (await qb.executeTakeFirst()) throw new BizError(`${f.title}“${String(v).slice(0, 50)}”已存在`);
  }
}

/** Audit fields and tenant of a new or edited row, for the columns the table has. */
export function stamp(form: FormModel, row: Row, mode: 'add' | 'edit', caller: DataCaller, now: Date): void {
  const has = (n: string) => form.byName.has(n);
  const at = formatDateTime(now);
  if (mode === 'add') {
    if (has('create_by')) row.create_by = caller.username;
    if (has('create_time')) row.create_time = at;
    if (has('sys_org_code')) row.sys_org_code = caller.orgCode ?? null;
    row.tenant_id = caller.tenantId;
  } else {
    if (has('update_by')) row.update_by = caller.username;
    if (has('update_time')) row.update_time = at;
  }
}

/** A stored row as the client reads it: numbers as numbers, dates as text, on every database. */
export function outRow(form: FormModel, raw: Row): Row {
  const out: Row = {};
  for (const [k, v] of Object.entries(raw)) {
    const f = form.byName.get(k);
    if (v instanceof Date) {
      const s = formatDateTime(v);
      out[k] = f?.kind === 'date' ? s.slice(0, 10) : s;
    } else if (f && (f.kind === 'int' || f.kind === 'number') && typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) {
      out[k] = Number(v);
    } else if (Buffer.isBuffer(v)) {
      out[k] = v.toString('utf8');
    } else {
      out[k] = v;
    }
  }
  delete out.tenant_id;
  return out;
}
