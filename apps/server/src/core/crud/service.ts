import type { Kysely, SelectQueryBuilder } from 'kysely';
import { lenientSafeParse } from '../http/lenient-body';
import type { PageResult } from '@anxue/shared';
import { applyFilters, applySort, fetchListPage, parseListQuery, textIndexedFilters, type Condition, type ListQuery } from '../query';
import { formatDateTime, newId } from '../db/time';
import { whereTenant } from '../access/tenant';
import { writeDataLog } from './data-log';
import { dataRuleConditions, type RuleUser } from './data-rules';
import { addDictTexts } from './dict-text';
import { ResourceError } from './errors';
import { firstIssue, inputSchema, isReadable } from './input';
import type { RequestContext, ResourceDef } from './types';

export interface Caller extends RuleUser {}

type Row = Record<string, unknown>;

/** The behaviour one resource definition gives: list, read, write, delete, on any dialect. */
export class ResourceService {
  readonly readable: string[];
  /** The names of the def's fields (an import stamps a million rows). */
  readonly fieldNames: ReadonlySet<string>;
  constructor(readonly def: ResourceDef) {
    this.readable = def.fields.filter(isReadable).map((f) => f.name);
    if (!this.readable.includes('id')) this.readable.unshift('id');
    this.fieldNames = new Set(def.fields.map((f) => f.name));
  }

  /** Base select with soft delete, tenant and data rules applied; every list, export and read goes through it. */
  async scoped(db: Kysely<any>, caller: Caller): Promise<SelectQueryBuilder<any, any, Row>> {
    let qb = db.selectFrom(this.def.table).select(this.readable as any) as SelectQueryBuilder<any, any, Row>;
    if (this.def.softDelete) qb = qb.where('delFlag', '=', 0);
    if (this.def.tenant) qb = whereTenant(qb, caller);
    if (this.def.dataRuleMenu) {
      const rules = await dataRuleConditions(db, this.def.dataRuleMenu, caller, this.def.fields);
      if ('deny' in rules) return qb.where((eb) => eb.val(1), '=', 0);
      if (rules.conditions.length) qb = applyFilters(qb, this.def.fields, { filters: rules.conditions });
    }
    if (this.def.hooks?.restrict) qb = await this.def.hooks.restrict(qb, this.ctx(db, caller));
    return qb;
  }

  parse(params: Record<string, unknown>): ListQuery {
    return parseListQuery(params, this.def.fields, { defaultSort: this.def.defaultSort });
  }

  async list(db: Kysely<any>, caller: Caller, params: Record<string, unknown>, extra: Condition[] = []): Promise<PageResult<Row>> {
    const q = this.parse(params);
    const filters = [...q.filters, ...extra];
    const textIndexed = await textIndexedFilters(db, this.def.fields, filters, this.def.table);
    let qb = applyFilters(await this.scoped(db, caller), this.def.fields, { filters, superQuery: q.superQuery }, { textIndexed });
    qb = applySort(qb, q);
    const page = await fetchListPage(db, qb, q.pageNo, q.pageSize, { sort: q.sort, fewRows: textIndexed.size > 0 });
    await this.decorate(db, caller, page.records);
    return page;
  }

  async decorate(db: Kysely<any>, caller: Caller, records: Row[]) {
    await addDictTexts(db, this.def.fields, records);
    await this.def.hooks?.decorate?.(records, this.ctx(db, caller));
  }

  async getById(db: Kysely<any>, caller: Caller, id: string): Promise<Row> {
    const row = await (await this.scoped(db, caller)).where('id', '=', id).executeTakeFirst();
    if (!row) throw new ResourceError(`未找到对应${this.def.label}`, 404);
    await this.decorate(db, caller, [row]);
    return row;
  }

  ctx(db: Kysely<any>, caller: Caller): RequestContext {
    return { caller, userId: caller.id, username: caller.username, orgCode: caller.orgCode, tenantId: caller.tenantId, db, now: formatDateTime(new Date()) };
  }

  /** Validates a body against the declared fields; returns only declared, writable values. */
  validate(body: unknown, mode: 'add' | 'edit'): Row {
    const parsed = lenientSafeParse(inputSchema(this.def, mode), body ?? {});
    if (!parsed.success) throw new ResourceError(firstIssue(parsed.error));
    return parsed.data as Row;
  }

  async checkUnique(db: Kysely<any>, row: Row, exceptId?: string) {
    for (const f of this.def.fields.filter((x) => x.unique)) {
      const v = row[f.name];
      if (v === undefined || v === null || v === '') continue;
      let qb = db.selectFrom(this.def.table).select('id').where(f.name as any, '=', v);
      if (this.def.softDelete) qb = qb.where('delFlag', '=', 0);
      if (exceptId) qb = qb.where('id', '<>', exceptId);
      if (await qb.executeTakeFirst()) throw new ResourceError(`${f.title}“${String(v)}”已存在`, 409);
    }
  }

  private columnsOf(input: Row): Row {
    const names = new Set(this.def.fields.map((f) => f.name));
    return Object.fromEntries(Object.entries(input).filter(([k]) => names.has(k)));
  }

  async add(db: Kysely<any>, caller: Caller, body: unknown): Promise<Row> {
    const input = this.validate(body, 'add');
    return db.transaction().execute(async (trx) => {
      const ctx = this.ctx(trx, caller);
      const row: Row = { ...this.columnsOf(input), id: newId() };
      this.stamp(row, ctx, 'add');
      await this.def.hooks?.beforeSave?.(row, ctx, 'add');
      await this.checkUnique(trx, row);
      await trx.insertInto(this.def.table).values(row).execute();
      await this.def.hooks?.afterSave?.(row, input, ctx, 'add');
      if (this.def.dataLog) await writeDataLog(trx, this.def.table, this.readable, row.id as string, ctx);
      return row;
    });
  }

  async edit(db: Kysely<any>, caller: Caller, body: unknown): Promise<Row> {
    const input = this.validate(body, 'edit');
    const id = String(input.id);
    return db.transaction().execute(async (trx) => {
      const ctx = this.ctx(trx, caller);
      await this.getById(trx, caller, id);
      const row: Row = this.columnsOf(input);
      delete row.id;
      this.stamp(row, ctx, 'edit');
      await this.def.hooks?.beforeSave?.({ ...row, id }, ctx, 'edit');
      await this.checkUnique(trx, row, id);
      if (Object.keys(row).length) await trx.updateTable(this.def.table).set(row).where('id', '=', id).execute();
      await this.def.hooks?.afterSave?.({ ...row, id }, input, ctx, 'edit');
      if (this.def.dataLog) await writeDataLog(trx, this.def.table, this.readable, id, ctx);
      return { ...row, id };
    });
  }

  stamp(row: Row, ctx: RequestContext, mode: 'add' | 'edit' | 'import') {
    const names = this.fieldNames;
    if (mode !== 'edit') {
      if (names.has('createBy')) row.createBy = ctx.username;
      if (names.has('createTime')) row.createTime = ctx.now;
      if (this.def.softDelete) row.delFlag = 0;
      if (this.def.tenant) row.tenantId = ctx.tenantId;
    } else {
      if (names.has('updateBy')) row.updateBy = ctx.username;
      if (names.has('updateTime')) row.updateTime = ctx.now;
    }
  }

  /** Deletes rows the caller can see; all or nothing. */
  async remove(db: Kysely<any>, caller: Caller, ids: string[]): Promise<number> {
    const unique = [...new Set(ids.map((s) => s.trim()).filter(Boolean))];
    if (!unique.length) throw new ResourceError('请选择一条记录！');
    if (unique.length > 1000) throw new ResourceError('一次最多删除1000条记录');
    await db.transaction().execute(async (trx) => {
      const visible = await (await this.scoped(trx, caller)).clearSelect().select('id').where('id', 'in', unique).execute();
      if (visible.length !== unique.length) throw new ResourceError(`未找到对应${this.def.label}`, 404);
      await this.def.hooks?.beforeDelete?.(unique, this.ctx(trx, caller));
      if (this.def.softDelete) {
        await trx.updateTable(this.def.table).set({ delFlag: 1 }).where('id', 'in', unique).execute();
      } else {
        await trx.deleteFrom(this.def.table).where('id', 'in', unique).execute();
      }
    });
    await this.def.hooks?.afterDelete?.(unique, this.ctx(db, caller));
    return unique.length;
  }
}
