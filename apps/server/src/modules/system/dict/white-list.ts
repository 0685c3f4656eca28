import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, registerResource, ResourceError, type ResourceDeps, type ResourceDef, type ResourceService } from '../../../core/crud';
import { ok } from '../../../core/http';
import { splitIds } from '../permission/grants';

// 系统表白名单 of the original platform (/sys/tableWhiteList/*, its client's SysTableWhiteList page) is our
// 字典数据源: the same resource, rows and rights (system:dictSource:*), under the original's path and field
// names. Its `fieldName` is our `fields` (the comma list of readable columns). Its `status` has no column
// here: every declared source is in force, so rows answer '1', a list filtered on '0' is empty, and a
// save asking for '0' is refused (a source no longer wanted is deleted). What the original page does not
// show (sensitive columns and their rights, description) is kept as it is by an edit.

const PATH = '/sys/tableWhiteList';
const P = 'system:dictSource';
const tags = ['字典数据源'];

const status = z.preprocess((v) => (v === null || v === '' ? undefined : typeof v === 'number' ? String(v) : v), z.enum(['0', '1'], { error: '状态只能是0（禁用）或1（启用）' }).optional());
const tableName = z.string({ error: '请输入允许的表名' }).trim().min(1, '请输入允许的表名').max(64, '表名过长');
const fieldName = z.string({ error: '请输入允许的字段名' }).trim().min(1, '请输入允许的字段名').max(1000, '字段名过长');
const requiredId = (missing: string, max = 64) => z.string({ error: missing }).trim().min(1, missing).max(max, '选择的项目过多');

function refuseDisabling(value: string | undefined) {
  if (value === '0') throw new ResourceError('字典数据源不能禁用，不再允许的表请删除');
}

/** A dictionary source row as the original's white-list row. */
const asWhiteListRow = (r: Record<string, unknown>) => ({ ...r, fieldName: r.fields ?? null, status: '1' });

/** The original's white-list calls over the 字典数据源 resource `svc` (registered by manage.ts). */
export function registerTableWhiteList(app: FastifyInstance, svc: ResourceService, def: ResourceDef, deps: ResourceDeps) {
  const { db } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${PATH}/list`,
    {
      config: { permission: `${P}:list` },
      schema: { tags, summary: '系统表白名单（字典数据源）', querystring: z.looseObject({ fieldName: z.string().max(1000, '字段名过长').optional(), status }) },
    },
    async (req) => {
      const { fieldName: fields, status: wanted, ...rest } = req.query;
      const params: Record<string, unknown> = { ...rest };
      if (fields !== undefined) params.fields = fields;
      // no source is disabled: asking for the disabled ones finds none
      const page = await svc.list(db, callerOf(req), params, wanted === '0' ? [{ field: 'id', rule: 'eq', value: '' }] : []);
      return ok({ ...page, records: page.records.map(asWhiteListRow) });
    },
  );

  r.post(
    `${PATH}/add`,
    { config: { permission: `${P}:add` }, schema: { tags, summary: '添加系统表白名单', body: z.object({ tableName, fieldName, status }) } },
    async (req) => {
      refuseDisabling(req.body.status);
      await svc.add(db, callerOf(req), { tableName: req.body.tableName, fields: req.body.fieldName });
      return ok(null, '添加成功！');
    },
  );

  // the original client saves an edit with POST; PUT as the original server also takes
  r.route({
    method: ['PUT', 'POST'],
    url: `${PATH}/edit`,
    config: { permission: `${P}:edit` },
    schema: { tags, summary: '编辑系统表白名单', body: z.object({ id: requiredId('缺少id'), tableName: tableName.optional(), fieldName: fieldName.optional(), status }) },
    handler: async (req) => {
      refuseDisabling(req.body.status);
      const { id, tableName: table, fieldName: fields } = req.body;
      await svc.edit(db, callerOf(req), { id, ...(table !== undefined && { tableName: table }), ...(fields !== undefined && { fields }) });
      return ok(null, '编辑成功！');
    },
  });

  r.delete(
    `${PATH}/delete`,
    { config: { permission: `${P}:delete` }, schema: { tags, summary: '删除系统表白名单', querystring: z.object({ id: requiredId('缺少id') }) } },
    async (req) => {
      await svc.remove(db, callerOf(req), [req.query.id]);
      return ok(null, '删除成功！');
    },
  );

  r.delete(
    `${PATH}/deleteBatch`,
    { config: { permission: `${P}:deleteBatch` }, schema: { tags, summary: '批量删除系统表白名单', querystring: z.object({ ids: requiredId('请选择一条记录！', 70000) }) } },
    async (req) => {
      await svc.remove(db, callerOf(req), splitIds(req.query.ids));
      return ok(null, '批量删除成功！');
    },
  );

  // Export and import, which the original's page offers: the resource framework's spreadsheet of the
  // sources (our column titles), each import row checked like an add. No buttons of their own: exporting
  // is reading the list, importing is adding.
  registerResource(
    app,
    {
      ...def,
      path: PATH,
      without: ['list', 'queryById', 'add', 'edit', 'delete', 'deleteBatch'],
      actionPermissions: { exportXls: `${P}:list`, importExcel: `${P}:add` },
    },
    deps,
  );
}
