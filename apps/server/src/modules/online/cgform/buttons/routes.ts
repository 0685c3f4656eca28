import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buttonSaveBody, type ButtonSaveBody, type CgformButton, type PageButton } from '@anxue/shared/online-extras';
import { currentUser } from '../../../../core/access';
import { callerOf } from '../../../../core/crud';
import type { Db } from '../../../../core/db';
import { formatDateTime, newId } from '../../../../core/db/time';
import { BizError, PermissionError } from '../../../../core/errors';
import { ok } from '../../../../core/http';
import { headById } from '../definition';
import { FORM_PERMISSION_PREFIX } from '../form-permission';
import { formFor } from '../auth/enforce';
import { holdsForm, openForm } from '../records/access';
import { loadHead, type FormModel } from '../records/model';
import { writableFields, type DataCaller } from '../records/values';
import { buttonPermission, createButtonPermission, removeButtonPermissions, renameButtonPermission } from './button-permission';
import { runUpdateButton } from './update-action';

// 自定义按钮 of online forms (issue 15), on the original client's calls (button.api.ts) and its generated
// page's doButton. Designers manage them with online:cgform:list / edit; using one needs the button's own
// right online:form:<table>:btn:<code> (button-permission.ts). No script or SQL enhancement runs: a button
// opens a link built from the row, or sets fixed values on the chosen rows through the form's own API.

const tags = ['Online表单自定义按钮'];
const id = z.string({ error: '缺少ID' }).regex(/^[A-Za-z0-9_-]{1,64}$/, 'ID格式不正确');
const ids = z.string({ error: '缺少ids' }).min(1, '请选择一条记录！').max(4000);

type ButtonRow = Awaited<ReturnType<typeof buttonsOf>>[number];

async function buttonsOf(db: Db, headId: string) {
  return db.selectFrom('onlCgformButton').selectAll().where('cgformHeadId', '=', headId).orderBy('orderNum').orderBy('buttonCode').execute();
}

function parseUpdate(json: string | null): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The answer shape: the original's fields, with our link template and update values. */
export function buttonOut(b: ButtonRow): CgformButton {
  return {
    id: b.id,
    cgformHeadId: b.cgformHeadId,
    buttonCode: b.buttonCode,
    buttonName: b.buttonName,
    buttonIcon: b.buttonIcon,
    buttonStyle: b.buttonStyle === 'button' ? 'button' : 'link',
    optType: b.optType === 'update' ? 'update' : 'link',
    optPosition: b.optPosition,
    exp: b.exp,
    buttonStatus: b.buttonStatus === '0' ? '0' : '1',
    orderNum: Number(b.orderNum) || 0,
    linkUrl: b.optType === 'link' ? b.linkUrl : null,
    updateValues: b.optType === 'update' ? parseUpdate(b.updateJson) : null,
  };
}

/**
 * The list's own buttons as the original's getColumns lists them (buttonStyle 'built-in'): the 3.9 list reads
 * each by its code (cgBIBtnMap.add.enabled, …) and fails without it. Which ones a caller sees follows the
 * form's rights through hideColumns; 提交流程 (no workflow here) and 生成测试数据 (no AI) are off.
 */
const BUILT_IN: Array<[code: string, name: string, icon: string, on?: false]> = [
  ['add', '新增', 'plus-outlined'],
  ['edit', '编辑', 'edit-outlined'],
  ['delete', '删除', 'delete-outlined'],
  ['detail', '详情', 'eye-outlined'],
  ['batch_delete', '批量删除', 'delete-outlined'],
  ['import', '导入', 'import-outlined'],
  ['export', '导出', 'export-outlined'],
  ['query', '查询', 'search-outlined'],
  ['reset', '重置', 'reload-outlined'],
  ['super_query', '高级查询', 'filter-outlined'],
  ['form_confirm', '确定', ''],
  ['form_sub_add', '新增', 'plus-outlined'],
  ['form_sub_batch_delete', '删除', 'delete-outlined'],
  ['form_sub_open_add', '新增', 'plus-outlined'],
  ['form_sub_open_edit', '编辑', 'edit-outlined'],
  ['bpm', '提交流程', 'check-outlined', false],
  ['aigc_mock_data', '生成测试数据', 'experiment-outlined', false],
];

export function builtInButtons() {
  return BUILT_IN.map(([buttonCode, buttonName, buttonIcon, on], i) => ({
    buttonCode,
    buttonName,
    buttonStyle: 'built-in',
    optType: null,
    exp: null,
    buttonIcon,
    buttonStatus: on === false ? '0' : '1',
    orderNum: i + 1,
  }));
}

/** The active buttons of a form that the caller holds the rights of (getColumns' cgButtonList). */
export async function usableButtons(db: Db, req: FastifyRequest, form: Pick<FormModel, 'id' | 'tableName'>): Promise<PageButton[]> {
  const codes = await currentUser(req).permissions();
  const rows = await buttonsOf(db, form.id);
  return rows
    .filter((b) => b.buttonStatus === '1' && codes.has(buttonPermission(form.tableName, b.buttonCode)))
    .map((b) => {
      const { updateValues: _values, optType, ...rest } = buttonOut(b);
      return { ...rest, optType: optType === 'update' ? 'action' : 'link' };
    });
}

/** An update button may only set fields a request could write (not the key, audit columns or a tree's links). */
async function checkUpdateFields(db: Db, headId: string, body: ButtonSaveBody): Promise<string | null> {
  if (body.optType !== 'update') return null;
  const head = await headById(db, headId);
  // the fields as the synced table has them (an update button is made for a form in use)
  const form = await loadHead(db, head);
  const writable = new Set(
    writableFields(form)
      .filter((f) => f.name !== form.tree?.pidField)
      .map((f) => f.name),
  );
  for (const name of Object.keys(body.updateValues ?? {})) {
    if (!writable.has(name)) throw new BizError(`字段 ${name} 不是表单可修改的字段`);
  }
  return JSON.stringify(body.updateValues);
}

function dataCallerOf(req: FastifyRequest): DataCaller {
  return { ...callerOf(req), realname: req.user?.realname ?? null, orgCode: req.user?.orgCode ?? null };
}

export const cgformButtonRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock } = app.ctx;

  app.get(
    '/online/cgform/button/list/:code',
    { config: { permission: 'online:cgform:list' }, schema: { tags, summary: '表单的自定义按钮', params: z.object({ code: id }), querystring: z.record(z.string(), z.unknown()) } },
    async (req) => {
      const head = await headById(db, req.params.code);
      const records = (await buttonsOf(db, head.id)).map(buttonOut);
      return ok({ records, total: records.length, size: records.length, current: 1, pages: 1 });
    },
  );

  // The original's 管理内置按钮 restyles the list's own buttons; here they follow the form's rights
  // (online:form:<table>:<action>), so the list is shown as getColumns answers it and nothing is stored.
  app.get(
    '/online/cgform/button/builtInList/:code',
    { config: { permission: 'online:cgform:list' }, schema: { tags, summary: '内置按钮（随表单权限，不可修改）', params: z.object({ code: id }), querystring: z.record(z.string(), z.unknown()) } },
    async (req) => {
      await headById(db, req.params.code);
      return ok(builtInButtons());
    },
  );

  app.post(
    '/online/cgform/button/add',
    { config: { permission: 'online:cgform:edit' }, schema: { tags, summary: '新增自定义按钮', body: buttonSaveBody } },
    async (req) => {
      const body = req.body;
      const head = await headById(db, body.cgformHeadId);
      const updateJson = await checkUpdateFields(db, head.id, body);
      const taken = await db.selectFrom('onlCgformButton').select('id').where('cgformHeadId', '=', head.id).where('buttonCode', '=', body.buttonCode).executeTakeFirst();
      if (taken) throw new BizError('按钮编码已存在');
      const user = currentUser(req);
      const now = clock.now();
      const buttonId = newId();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('onlCgformButton')
          .values({ id: buttonId, ...values(body, updateJson), createBy: user.username, createTime: formatDateTime(now) })
          .execute();
        await createButtonPermission(trx, head, body, user.id, now);
      });
      return ok(buttonId, '添加成功！');
    },
  );

  app.put(
    '/online/cgform/button/edit',
    { config: { permission: 'online:cgform:edit' }, schema: { tags, summary: '编辑自定义按钮', body: buttonSaveBody } },
    async (req) => {
      const body = req.body;
      if (!body.id) throw new BizError('缺少按钮ID');
      const stored = await db.selectFrom('onlCgformButton').selectAll().where('id', '=', body.id).executeTakeFirst();
      if (!stored) throw new BizError('按钮不存在或已被删除');
      if (stored.cgformHeadId !== body.cgformHeadId) throw new BizError('不能把按钮移到别的表单');
      const head = await headById(db, stored.cgformHeadId);
      const updateJson = await checkUpdateFields(db, head.id, body);
      const taken = await db.selectFrom('onlCgformButton').select('id').where('cgformHeadId', '=', head.id).where('buttonCode', '=', body.buttonCode).where('id', '<>', stored.id).executeTakeFirst();
      if (taken) throw new BizError('按钮编码已存在');
      const user = currentUser(req);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('onlCgformButton')
          .set({ ...values(body, updateJson), updateBy: user.username, updateTime: formatDateTime(clock.now()) })
          .where('id', '=', stored.id)
          .execute();
        await renameButtonPermission(trx, head, stored.buttonCode, body);
      });
      return ok(null, '编辑成功!');
    },
  );

  const remove = async (list: string[]) => {
    const wanted = [...new Set(list.map((s) => s.trim()).filter(Boolean))];
    if (!wanted.length || wanted.some((x) => !/^[A-Za-z0-9_-]{1,64}$/.test(x))) throw new BizError('请选择一条记录！');
    await db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('onlCgformButton').select(['id', 'cgformHeadId', 'buttonCode']).where('id', 'in', wanted).execute();
      for (const b of rows) {
        const head = await trx.selectFrom('onlCgformHead').select('tableName').where('id', '=', b.cgformHeadId).executeTakeFirst();
        if (head) await removeButtonPermissions(trx, head.tableName, [b.buttonCode]);
      }
      await trx.deleteFrom('onlCgformButton').where('id', 'in', wanted).execute();
    });
  };
  app.delete('/online/cgform/button/delete', { config: { permission: 'online:cgform:edit' }, schema: { tags, summary: '删除自定义按钮', querystring: z.object({ id }) } }, async (req) => {
    await remove([req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/online/cgform/button/deleteBatch', { config: { permission: 'online:cgform:edit' }, schema: { tags, summary: '批量删除自定义按钮', querystring: z.object({ ids }) } }, async (req) => {
    await remove(req.query.ids.split(','));
    return ok(null, '批量删除成功!');
  });

  // The generated page's action call (useListButton: formId, buttonCode, dataId). Checked in this order:
  // the form's edit right, the button's own right, then the rows, all changed in one transaction or none.
  const doButtonBody = z.object({
    formId: z.string({ error: '缺少表单ID' }).trim().min(1).max(64),
    buttonCode: z.string({ error: '缺少按钮编码' }).trim().min(1).max(50),
    dataId: z.string({ error: '请先选中一条记录' }).trim().min(1, '请先选中一条记录').max(40_000),
  });
  app.post(
    '/online/cgform/api/doButton',
    { config: { auth: true }, schema: { tags, summary: '执行自定义按钮（update：把选中行的字段设为按钮的值）', querystring: doButtonBody.partial(), body: doButtonBody.partial().nullish() } },
    async (req) => {
      const parsed = doButtonBody.safeParse({ ...req.query, ...(req.body ?? {}) });
      // a caller holding no form right learns nothing from the parameters
      if (![...(await currentUser(req).permissions())].some((c) => c.startsWith(FORM_PERMISSION_PREFIX))) throw new PermissionError();
      if (!parsed.success) throw new BizError(parsed.error.issues[0]?.message ?? '参数不正确');
      const { formId, buttonCode, dataId } = parsed.data;
      const form = await openForm(db, req, formId, 'edit');
      const button = await db.selectFrom('onlCgformButton').selectAll().where('cgformHeadId', '=', form.id).where('buttonCode', '=', buttonCode).executeTakeFirst();
      const codes = await currentUser(req).permissions();
      if (!codes.has(buttonPermission(form.tableName, buttonCode))) throw new PermissionError();
      if (!button || button.buttonStatus !== '1') throw new BizError('按钮不存在或未激活');
      if (button.optType !== 'update') throw new BizError('链接按钮在页面上打开，不在服务器执行');
      if (!(await holdsForm(db, req, form, 'edit'))) throw new PermissionError();
      const caller = dataCallerOf(req);
      // 权限控制: the button itself may be under control, and the caller's locked fields and data rules hold
      const writable = await formFor(db, caller, form, 'write', buttonCode);
      const n = await runUpdateButton(db, writable, caller, parseUpdate(button.updateJson) ?? {}, dataId.split(','), clock.now());
      return ok(n, `处理完成，共更新${n}条`);
    },
  );
};

function values(body: ButtonSaveBody, updateJson: string | null) {
  return {
    cgformHeadId: body.cgformHeadId,
    buttonCode: body.buttonCode,
    buttonName: body.buttonName,
    buttonIcon: body.buttonIcon || null,
    buttonStyle: body.buttonStyle,
    optType: body.optType,
    optPosition: body.optPosition || null,
    exp: body.exp || null,
    buttonStatus: body.buttonStatus,
    orderNum: body.orderNum,
    linkUrl: body.optType === 'link' ? (body.linkUrl ?? '').trim() : null,
    updateJson,
  };
}
