import { pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { cgformSaveBody, FORM_TENANT_COLUMN } from '@anxue/shared';
import { currentUser } from '../../../../core/access';
import { BizError } from '../../../../core/errors';
import { ok } from '../../../../core/http';
import { addForm } from '../definition';
import { createFormPermissions } from '../form-permission';
import { removeForms } from '../lifecycle';
import { syncForm } from '../sync-service';
import { readColumns } from '../sync/introspect';
import { importableTables, judgeTable } from './importable';

// 从数据库导入表单 (issue 15, the original client's DbToOnlineModal): the tables that can become forms, and
// forms made from chosen tables, already synced. Making a form makes new rights, so both calls need
// online:cgform:add. The rows already in an imported table are given to the importer's tenant (the
// generated API only shows a tenant its own rows).

const tags = ['Online表单开发'];
const tableName = /^[a-z][a-z0-9_]{1,63}$/;

export const cgformDbImportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dialect, clock } = app.ctx;

  app.get(
    '/online/cgform/head/queryTables',
    {
      config: { permission: 'online:cgform:add' },
      schema: {
        tags,
        summary: '可导入为表单的数据库表（不含系统表与已有表单的表）；带 pageNo 时分页',
        querystring: z.object({
          tableName: z.string().max(64, '表名过长').optional(),
          pageNo: z.coerce.number().int().optional().transform((v) => (v === undefined ? v : Math.max(v, 1))),
          pageSize: pageSizeParam(10),
        }),
      },
    },
    async (req) => {
      const names = await importableTables(db, dialect, req.query.tableName ?? '');
      const rows = names.map((n) => ({ id: n, tableName: n }));
      if (!req.query.pageNo) return ok(rows);
      const size = req.query.pageSize ?? 10;
      const current = req.query.pageNo;
      return ok({ records: rows.slice((current - 1) * size, current * size), total: rows.length, size, current, pages: Math.ceil(rows.length / size) });
    },
  );

  app.post(
    '/online/cgform/head/transTables/:tbnames',
    {
      config: { permission: 'online:cgform:add' },
      schema: { tags, summary: '把选中的数据库表生成为表单（已同步）', params: z.object({ tbnames: z.string({ error: '请选择一张表' }).min(1, '请选择一张表').max(2000, '一次选择的表过多') }) },
    },
    async (req) => {
      const names = [...new Set(req.params.tbnames.split(',').map((s) => s.trim()).filter(Boolean))];
      if (!names.length) throw new BizError('请选择一张表');
      if (names.length > 20) throw new BizError('一次最多导入20张表');
      const bad = names.find((n) => !tableName.test(n));
      if (bad) throw new BizError(`表名不合法：${bad.slice(0, 64)}`);
      const user = currentUser(req);
      const actor = { username: user.username, tenantId: user.tenantId, userId: user.id };
      const now = clock.now();
      const made = await db.transaction().execute(async (trx) => {
        const out: Array<{ headId: string; table: string; hadTenant: boolean }> = [];
        for (const name of names) {
          const taken = await trx.selectFrom('onlCgformHead').select('id').where('tableName', '=', name).executeTakeFirst();
          if (taken) throw new BizError(`表 ${name} 已经是在线表单`);
          const verdict = await judgeTable(trx, dialect, name);
          if (verdict.problem) throw new BizError(verdict.problem);
          const hadTenant = !!(await readColumns(trx, dialect, name))?.some((c) => c.name === FORM_TENANT_COLUMN);
          const body = cgformSaveBody.parse({ head: { tableName: name, tableTxt: name, tableType: 1 }, fields: verdict.fields, indexs: verdict.indexes });
          const headId = await addForm(trx, dialect, body, actor, now, true);
          await createFormPermissions(trx, { tableName: name, tableTxt: name }, actor.userId, now);
          out.push({ headId, table: name, hadTenant });
        }
        return out;
      });
      // each table is made to match its form: nothing but the tenant column may change
      try {
        for (const m of made) {
          const outcome = await syncForm(db, dialect, m.headId, 'normal', false);
          if (!outcome.done) throw new BizError(`表 ${m.table} 与生成的表单不一致，导入已撤销：${outcome.changes.join('；')}`);
          if (!m.hadTenant) await sql`update ${sql.id(m.table)} set ${sql.id(FORM_TENANT_COLUMN)} = ${actor.tenantId} where ${sql.id(FORM_TENANT_COLUMN)} = ${0}`.execute(db);
        }
      } catch (e) {
        await db.transaction().execute((trx) => removeForms(trx, dialect, made.map((m) => m.headId), false));
        throw e;
      }
      return ok(made.map((m) => m.headId), `已生成 ${made.length} 个表单`);
    },
  );
};
