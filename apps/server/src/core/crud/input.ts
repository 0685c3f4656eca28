import { z } from 'zod';
import { sanitizeRichText } from '../html/sanitize';
import type { ResourceDef, ResourceField } from './types';
import { AUDIT_FIELDS } from './types';

const NEVER_WRITABLE = new Set<string>(['id', 'delFlag', 'tenantId', ...AUDIT_FIELDS]);

export function isWritable(f: ResourceField) {
  return f.writable !== false && !NEVER_WRITABLE.has(f.name);
}
export function isReadable(f: ResourceField) {
  return f.readable !== false;
}
export function isExcel(f: ResourceField) {
  return f.excel ?? (isReadable(f) && isWritable(f));
}

/** Numbers arrive as numbers from JSON and as text from forms and spreadsheets; accept both. */
function numberFrom(f: ResourceField) {
  const base = z.number({ error: `${f.title}必须是数字` });
  const num = f.type === 'int' ? base.int(`${f.title}必须是整数`) : base;
  return z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), num);
}

function valueSchema(f: ResourceField): z.ZodType {
  let s: z.ZodType;
  switch (f.type) {
    case 'int':
    case 'number':
      s = numberFrom(f);
      break;
    case 'boolean':
      s = z.preprocess(
        (v) => (v === true || v === '1' || v === 1 ? 1 : v === false || v === '0' || v === 0 ? 0 : v),
        z.union([z.literal(0), z.literal(1)], { error: `${f.title}只能是 0 或 1` }),
      );
      break;
    case 'date':
      s = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${f.title}的日期格式应为 YYYY-MM-DD`);
      break;
    case 'datetime':
      s = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, `${f.title}的时间格式应为 YYYY-MM-DD HH:mm:ss`);
      break;
    default:
      s = z.preprocess((v) => (typeof v === 'number' ? String(v) : v), z.string({ error: `${f.title}必须是文本` }).max(f.max ?? 255, `${f.title}最长${f.max ?? 255}个字符`));
  }
  if (f.check) s = s.pipe(f.check as z.ZodType);
  if (f.richText) s = s.transform((v) => (typeof v === 'string' ? sanitizeRichText(v) : v));
  return s;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The body schema of add/edit/import built from the declared fields: unknown keys are dropped (no
 * writing of columns the resource does not declare), blanks become null, required fields refuse blanks.
 */
export function inputSchema(def: ResourceDef, mode: 'add' | 'edit') {
  const shape: Record<string, z.ZodType> = {};
  for (const f of def.fields.filter(isWritable)) {
    const inner = valueSchema(f);
    shape[f.name] = z.preprocess(
      (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
      f.required ? inner.nullable().refine((v) => v !== null, { message: `${f.title}不能为空` }) : inner.nullable(),
    );
    if (mode === 'edit' || !f.required) shape[f.name] = shape[f.name].optional();
  }
  if (mode === 'edit') shape.id = z.string({ error: '缺少id' }).min(1, '缺少id').max(64);
  return z.object({ ...shape, ...(def.extraInput ?? {}) });
}

/** The first issue as one Chinese sentence, for the answer's message. */
export function firstIssue(err: z.ZodError): string {
  const issue = err.issues[0];
  if (!issue) return '参数不正确';
  if (issue.message && /[\u4e00-\u9fa5]/.test(issue.message)) return issue.message;
  const field = issue.path.join('.');
  return field ? `参数 ${field} 不正确` : '参数不正确';
}
