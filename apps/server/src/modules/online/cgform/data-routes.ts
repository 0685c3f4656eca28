import '@fastify/multipart';
import { PassThrough } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, importUploadedSheets } from '../../../core/crud';
import { BizError, PermissionError } from '../../../core/errors';
import { currentUser } from '../../../core/access';
import { FORM_PERMISSION_PREFIX } from './form-permission';
import { ok } from '../../../core/http';
import { hiddenButtons, holdsForm, openForm } from './records/access';
import { formAccess, formFor } from './auth/enforce';
import { builtInButtons, usableButtons } from './buttons/routes';
import { describeColumns, describeForm, describeQuery } from './records/describe';
import { errorReport, exportRows, importRows } from './records/excel';
import { linkageOptions } from './records/linkage';
import { loadForm, mainHeadsOf, type FormModel } from './records/model';
import { addRow, deleteRows, editRow, listRows, readRow, readSubRows, treeRows } from './records/rows';
import type { DataCaller } from './records/values';

// The generated API of a synced online form (issue 15), on the original's paths: the list's columns,
// query info and form schema; rows listed (with the query conventions, advanced query and tree
// loading), read with their sub rows, added, edited (sub rows replaced) and deleted; export and import.
// Every call needs the form's own right, online:form:<table_name>:<list|add|edit|delete|export|import>
// (form-permission.ts), checked here once the form named in the path is known.

const code = z.string().trim().min(1, '缺少表单ID').max(64, '表单ID不正确');
const codeParams = z.object({ code });
const rowParams = z.object({ code, dataId: z.string().trim().min(1, '缺少数据ID').max(64, '数据ID不正确') });
const idsParams = z.object({ code, dataIds: z.string().trim().min(1, '请选择一条记录！').max(40_000, '一次最多删除1000条记录') });
const subParams = z.object({ table: code, mainId: z.string().trim().min(1, '缺少主表数据ID').max(64, '主表数据ID不正确') });
const listQuery = z.record(z.string(), z.unknown());
const name = z.string().trim().min(1).max(64);
const linkageQuery = z.object({
  table: name,
  txt: name,
  key: name,
  idField: name.optional(),
  pidField: name.optional(),
  pidValue: z.string().max(200).optional(),
  condition: z.string().max(500).optional(),
});
const body = z.record(z.string(), z.unknown(), { error: '请求内容应为表单数据对象' });

/** The 3.9 client's generated lists key their rows by `jeecg_row_key` and delete the selected keys: the id. */
function withRowKeys<P extends { records: Array<Record<string, unknown>> }>(page: P): P {
  return { ...page, records: page.records.map((r) => ({ ...r, jeecg_row_key: r.id })) };
}


export function dataCaller(req: FastifyRequest): DataCaller {
  return { ...callerOf(req), realname: req.user?.realname ?? null, orgCode: req.user?.orgCode ?? null };
}

/** Query parameters of a list call; export also takes them as the JSON text `paramsStr`, as the original client sends. */
function listParams(query: Record<string, unknown>): Record<string, unknown> {
  const raw = query.paramsStr;
  if (typeof raw !== 'string' || !raw.trim()) return query;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new BizError('paramsStr 不是有效的 JSON');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BizError('paramsStr 应为查询条件对象');
  const { paramsStr: _ignored, ...rest } = query;
  return { ...rest, ...(parsed as Record<string, unknown>) };
}

export const cgformDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, storage } = app.ctx;
  const tags = ['Online表单数据'];
  const access = { config: { auth: true as const } };

  app.get('/online/cgform/api/getColumns/:code', { ...access, schema: { tags, summary: '列表的列、字典与按钮', params: codeParams } }, async (req) => {
    const form = await openForm(db, req, req.params.code, 'list');
    const caller = dataCaller(req);
    const auth = await formAccess(db, caller, form);
    return ok({ ...(await describeColumns(db, auth.view('list'), caller, [...(await hiddenButtons(db, req, form)), ...auth.hiddenButtons])), cgButtonList: [...builtInButtons(), ...(await usableButtons(db, req, form)).filter((b) => !auth.hiddenButtons.includes(b.buttonCode))] });
  });

  const queryInfo = async (req: FastifyRequest<{ Params: { code: string } }>) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'list'), 'list');
    return ok(await describeQuery(db, form, dataCaller(req)));
  };
  app.get('/online/cgform/api/getQueryInfoVue3/:code', { ...access, schema: { tags, summary: '查询条件与高级查询字段', params: codeParams } }, queryInfo);
  app.get('/online/cgform/api/getQueryInfo/:code', { ...access, schema: { tags, summary: '查询条件（同 getQueryInfoVue3）', params: codeParams } }, queryInfo);

  app.get('/online/cgform/api/getFormItem/:code', { ...access, schema: { tags, summary: '表单的字段与子表', params: codeParams } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'add', 'edit', 'list'), 'read');
    return ok(await describeForm(db, form, dataCaller(req), await holdsForm(db, req, form, 'edit')));
  });

  app.get('/online/cgform/api/getData/:code', { ...access, schema: { tags, summary: '列表数据（分页、查询、排序、高级查询）', params: codeParams, querystring: listQuery } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'list'), 'list');
    const page = await listRows(db, form, dataCaller(req), req.query);
    // a link-record widget asks for named fields only (linkTableSelectFields) and keys nothing
    return ok(req.query.linkTableSelectFields ? page : withRowKeys(page));
  });

  app.get('/online/cgform/api/getTreeData/:code', { ...access, schema: { tags, summary: '树表数据（根节点、下级节点）', params: codeParams, querystring: listQuery } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'list'), 'list');
    return ok(withRowKeys(await treeRows(db, form, dataCaller(req), req.query)));
  });

  app.get('/online/cgform/api/form/:code/:dataId', { ...access, schema: { tags, summary: '一条数据及其子表数据', params: rowParams } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'list', 'edit'), 'read');
    return ok(await readRow(db, form, dataCaller(req), req.params.dataId));
  });

  app.get('/online/cgform/api/detail/:code/:dataId', { ...access, schema: { tags, summary: '详情（含字典文本）', params: rowParams } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'list'), 'read', 'detail');
    return ok(await readRow(db, form, dataCaller(req), req.params.dataId, true));
  });

  app.post('/online/cgform/api/form/:code', { ...access, schema: { tags, summary: '新增（含子表数据）', params: codeParams, body } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'add'), 'write', 'add');
    return ok(await addRow(db, form, dataCaller(req), req.body, clock.now()), '添加成功！');
  });

  app.put('/online/cgform/api/form/:code', { ...access, schema: { tags, summary: '编辑（子表数据整体替换）', params: codeParams, body } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'edit'), 'write', 'edit', 'update');
    return ok(await editRow(db, form, dataCaller(req), req.body, clock.now()), '修改成功！');
  });

  app.delete('/online/cgform/api/form/:code/:dataIds', { ...access, schema: { tags, summary: '删除（逗号分隔多条）', params: idsParams } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'delete'), 'write', req.params.dataIds.includes(',') ? 'batch_delete' : 'delete');
    const n = await deleteRows(db, form, dataCaller(req), req.params.dataIds.split(','));
    return ok(null, n > 1 ? `批量删除成功! 共删除${n}条` : '删除成功!');
  });

  /** A sub form's rows under one main row, reached through the sub's table name and the main row's key. */
  async function subOf(req: FastifyRequest, table: string): Promise<{ main: FormModel; sub: FormModel }> {
    const sub = await openForm(db, req, table, 'list', 'edit');
    if (sub.tableType !== 3) throw new BizError('子表不存在');
    const [mainHead] = await mainHeadsOf(db, sub);
    if (!mainHead) throw new BizError('子表未关联主表');
    const main = await formFor(db, dataCaller(req), await loadForm(db, mainHead.id), 'read');
    const linked = main.subs.find((s) => s.id === sub.id);
    if (!linked) throw new BizError('子表未关联主表');
    return { main, sub: linked };
  }

  app.get('/online/cgform/api/subform/:table/:mainId', { ...access, schema: { tags, summary: '一对一子表的数据', params: subParams } }, async (req) => {
    const { main, sub } = await subOf(req, req.params.table);
    return ok((await readSubRows(db, main, sub, dataCaller(req), req.params.mainId))[0] ?? {});
  });

  app.get('/online/cgform/api/subform/list/:table/:mainId', { ...access, schema: { tags, summary: '子表的数据（一对多）', params: subParams } }, async (req) => {
    const { main, sub } = await subOf(req, req.params.table);
    return ok(await readSubRows(db, main, sub, dataCaller(req), req.params.mainId));
  });

  // 联动组件: options of linked selects, from declared dictionary sources only (data/linkage.ts); for
  // users of online forms (any online:form:* right), as the forms that show them.
  app.get('/online/cgform/api/querySelectOptions', { ...access, schema: { tags, summary: '联动组件的选项', querystring: listQuery } }, async (req) => {
    const codes = await currentUser(req).permissions();
    if (![...codes].some((c) => c.startsWith(FORM_PERMISSION_PREFIX))) throw new PermissionError();
    // checked after the right, so a caller without it learns nothing from the parameters
    const parsed = linkageQuery.safeParse(req.query);
    if (!parsed.success) throw new BizError('联动组件参数不正确（需要 table、txt、key）');
    return ok(await linkageOptions(db, parsed.data, dataCaller(req)));
  });

  const exportXls = async (req: FastifyRequest<{ Params: { code: string }; Querystring: Record<string, unknown> }>, reply: FastifyReply) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'export'), 'list', 'export');
    const params = listParams(req.query);
    const stream = new PassThrough();
    reply
      .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${form.title}.xlsx`)}`)
      .header('X-Content-Type-Options', 'nosniff');
    exportRows(db, form, dataCaller(req), params, stream).catch((err) => stream.destroy(err));
    return reply.send(stream);
  };
  app.get('/online/cgform/api/exportXls/:code', { ...access, schema: { tags, summary: '导出 Excel', params: codeParams, querystring: listQuery } }, exportXls);
  app.get('/online/cgform/api/exportXlsOld/:code', { ...access, schema: { tags, summary: '导出 Excel（原客户端的地址）', params: codeParams, querystring: listQuery } }, exportXls);

  app.post('/online/cgform/api/importXls/:code', { ...access, schema: { tags, summary: '导入 Excel', params: codeParams } }, async (req) => {
    const form = await formFor(db, dataCaller(req), await openForm(db, req, req.params.code, 'import'), 'write', 'import');
    return importUploadedSheets(req, storage, form.title, async (path) => {
      const outcome = await importRows(db, form, dataCaller(req), path, clock.now());
      return { ...outcome, errorFile: () => errorReport(form, outcome) };
    });
  });
};
