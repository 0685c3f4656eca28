// Pieces every back-office resource of the area shares: the columns they all have, and the checks that
// ids sent in a body point at rows of the caller's own tenant.
import { STUDENT_DICTS } from '@anxue/shared';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ResourceError, type RequestContext, type ResourceField } from '../../../core/crud';
import { inTenant } from '../../system/user/user-list';

export const idField: ResourceField = { name: 'id', type: 'string', title: 'ID', writable: false, excel: false };

export const auditFields: ResourceField[] = [
  { name: 'createBy', type: 'string', title: '创建人', writable: false, excel: false },
  { name: 'createTime', type: 'datetime', title: '创建时间', writable: false, excel: false },
  { name: 'updateBy', type: 'string', title: '更新人', writable: false, excel: false },
  { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false, excel: false },
];

export const categoryField: ResourceField = { name: 'category', type: 'string', title: '分类', dictCode: STUDENT_DICTS.category, max: 32 };
export const gradeBandField: ResourceField = { name: 'gradeBand', type: 'string', title: '学段', dictCode: STUDENT_DICTS.gradeBand, max: 32 };
/** published columns use the common yes/no dictionary */
export const publishedField: ResourceField = { name: 'published', type: 'boolean', title: '已发布', dictCode: 'yn' };
export const sortNoField: ResourceField = { name: 'sortNo', type: 'int', title: '排序' };

/** category, grade band, published and order: the columns of every piece of content. */
export const contentFields: ResourceField[] = [categoryField, gradeBandField, publishedField, sortNoField];

export const nonNegative = (title: string) => z.number().int().min(0, `${title}不能小于0`);

/** A list of ids from a body: strings, no blanks, no repeats. */
export const idList = (title: string, max = 1000) =>
  z
    .array(z.string({ error: `${title}格式不正确` }).min(1, `${title}格式不正确`).max(32, `${title}格式不正确`), { error: `${title}格式不正确` })
    .max(max, `${title}最多${max}个`)
    .optional();

/** Refuses unless every id names a row of `table` in the caller's tenant (and not deleted). */
export async function requireOwnRows(db: Kysely<any>, ctx: RequestContext, table: string, ids: readonly string[], what: string, softDelete = false) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  let qb = db.selectFrom(table).select('id').where('id', 'in', unique).where('tenantId', '=', ctx.tenantId);
  if (softDelete) qb = qb.where('delFlag', '=', 0);
  const found = new Set((await qb.execute()).map((r: any) => String(r.id)));
  const missing = unique.find((id) => !found.has(id));
  if (missing) throw new ResourceError(`${what}不存在或不属于当前租户：${missing}`);
}

/** Refuses repeats in a list, naming the first repeated value. */
export function refuseRepeats(values: readonly string[], message: (v: string) => string) {
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new ResourceError(message(v));
    seen.add(v);
  }
}

/** First issue of a zod parse of a nested list, prefixed with the row (第N条…). */
export function parseList<T>(schema: z.ZodType<T>, raw: unknown, what: string, max: number): T[] {
  if (!Array.isArray(raw)) throw new ResourceError(`${what}格式不正确`);
  if (raw.length > max) throw new ResourceError(`${what}最多${max}条`);
  return raw.map((item, i) => {
    const parsed = schema.safeParse(item ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const msg = issue?.message && /[\u4e00-\u9fa5]/.test(issue.message) ? issue.message : '格式不正确';
      throw new ResourceError(`第${i + 1}条${what}：${msg}`);
    }
    return parsed.data;
  });
}

const blankToNull = (v: unknown) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? null : v);
/** An optional text of a nested row: blanks become null. */
export const optText = (title: string, max: number) =>
  z.preprocess((v) => blankToNull(typeof v === 'string' ? v.trim() : v), z.string({ error: `${title}必须是文本` }).max(max, `${title}最长${max}个字符`).nullable()).optional();
/** A required text of a nested row. */
export const reqText = (title: string, max: number) =>
  z.preprocess(
    (v) => blankToNull(typeof v === 'string' ? v.trim() : v),
    z.string({ error: `${title}不能为空` }).max(max, `${title}最长${max}个字符`),
  );
/** An integer of a nested row, from a number or a numeric text. */
export const intOf = (title: string) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v), z.number({ error: `${title}必须是数字` }).int(`${title}必须是整数`));

/** bigint/integer columns may come back as text from PostgreSQL. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * Refuses unless every id names an active member of the caller's tenant (even for a caller who may read
 * every tenant: the rows being written belong to this one); answers their names.
 */
export async function requireTenantUsers(ctx: RequestContext, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await inTenant(ctx.db.selectFrom('sysUser').select(['sysUser.id', 'sysUser.realname', 'sysUser.username']).where('sysUser.id', 'in', unique).where('sysUser.delFlag', '=', 0), {
    tenantId: ctx.tenantId,
  }).execute();
  const names = new Map(rows.map((r) => [String(r.id), String(r.realname || r.username)]));
  const missing = unique.find((id) => !names.has(id));
  if (missing) throw new ResourceError(`用户不存在或不属于当前租户：${missing}`);
  return names;
}

/** realname (or username) of users, for lists. */
export async function userNames(db: Kysely<any>, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('sysUser').select(['id', 'realname', 'username']).where('id', 'in', unique).execute();
  return new Map(rows.map((r: any) => [String(r.id), String(r.realname || r.username)]));
}

/** A comma list of stored file paths: trimmed, blanks dropped, no way out of the upload folder. */
export function pathList(value: unknown, what: string): string[] {
  const paths = String(value ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const p of paths) if (p.includes('..') || p.includes('\\')) throw new ResourceError(`${what}路径不正确：${p}`);
  return paths;
}

/**
 * Columns the table keeps NOT NULL with a default: a blank on add means the default. On edit the
 * framework hands beforeSave a copy of the row, so a blank there is refused instead of written as null.
 */
export function fillDefaults(fields: ResourceField[], defaults: Record<string, unknown>) {
  return (row: Record<string, unknown>, mode: 'add' | 'edit' | 'import') => {
    for (const [name, value] of Object.entries(defaults)) {
      if (!(name in row) || row[name] !== null) continue;
      if (mode === 'edit') throw new ResourceError(`${fields.find((f) => f.name === name)?.title ?? name}不能为空`);
      row[name] = value;
    }
  };
}
