import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { splitIds } from '../permission/grants';
import { addDepart, allDeparts, deleteDeparts, departBody, departNode, departSubtree, departTree, editDepart, pickerNodes, type DepartNode } from './depart-admin';
import { departRoleRoutes } from './depart-role';

const P = 'system:depart';

/** Holders of the department page's 查询 button read whole rows; everyone else the picker's fields. */
export const DEPART_LIST_PERMISSION = `${P}:list`;

/**
 * Department management (/sys/sysDepart/*). Reads of the tree serve the department pickers of every
 * page (users, address book, selectors), so they need a signed-in user only, and answer what the caller
 * may see (issue 10): the departments of the caller's tenant (every tenant only with the explicit
 * cross-tenant permission), as whole rows for holders of system:depart:list (the management page) and
 * cut to the picker's fields (no phone, fax, address, notes, audit columns) for everyone else. Writes
 * need the buttons.
 */
export const departAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['部门管理'];
  const read = { auth: true } as const;
  const visible = (req: FastifyRequest) => allDeparts(db, currentUser(req));
  /** Nodes as this caller may read them. */
  const shown = async (req: FastifyRequest, nodes: DepartNode[]) =>
    (await currentUser(req).permissions()).has(DEPART_LIST_PERMISSION) ? nodes : pickerNodes(nodes);

  app.get('/sys/sysDepart/queryTreeList', { config: read, schema: { tags, summary: '部门树', querystring: z.object({ ids: z.string().max(20000).optional() }) } }, async (req) => {
    const rows = await visible(req);
    const ids = splitIds(req.query.ids);
    return ok(await shown(req, ids.length ? rows.filter((r) => ids.includes(r.id)).map((r) => departNode(r, rows.some((c) => c.parentId === r.id))) : departTree(rows)));
  });

  app.get('/sys/sysDepart/queryDepartTreeSync', { config: read, schema: { tags, summary: '部门树（逐级加载）', querystring: z.object({ pid: z.string().max(64).optional() }) } }, async (req) => {
    const rows = await visible(req);
    const pid = req.query.pid || null;
    const ids = new Set(rows.map((r) => r.id));
    const level = rows.filter((r) => (pid ? r.parentId === pid : !r.parentId || !ids.has(r.parentId)));
    return ok(await shown(req, level.map((r) => departNode(r, rows.some((c) => c.parentId === r.id)))));
  });

  app.get('/sys/sysDepart/queryIdTree', { config: read, schema: { tags, summary: '部门id树' } }, async (req) => {
    type IdNode = { key: string; value: string; title: string; isLeaf: boolean; children?: IdNode[] };
    const strip = (n: ReturnType<typeof departTree>[number]): IdNode => {
      const out: IdNode = { key: n.id, value: n.id, title: n.departName, isLeaf: n.isLeaf };
      if (n.children) out.children = n.children.map(strip);
      return out;
    };
    return ok(departTree(await visible(req)).map(strip));
  });

  app.get('/sys/sysDepart/searchBy', { config: read, schema: { tags, summary: '按名称搜索部门', querystring: z.object({ keyWord: z.string().trim().max(100).optional() }) } }, async (req) => {
    const rows = await visible(req);
    const word = req.query.keyWord ?? '';
    const hits = rows.filter((r) => r.departName.includes(word)).map((r) => departNode(r, true));
    for (const h of hits) h.isLeaf = !rows.some((c) => c.parentId === h.id);
    return hits.length ? ok(await shown(req, hits)) : ok([], '未查询匹配数据！');
  });

  app.get('/sys/sysDepart/queryMyDeptTreeList', { config: read, schema: { tags, summary: '我所在部门及其下级' } }, async (req) => {
    const user = currentUser(req);
    // a 上级 (userIdentity 2) sees the departments in their charge, as the original; everyone else (and a
    // 上级 in charge of none) the departments they belong to. The message carries the identity, which the
    // original client's 部门用户 page reads to offer its buttons.
    const me = await db.selectFrom('sysUser').select(['userIdentity', 'departIds']).where('id', '=', user.id).executeTakeFirst();
    const head = me?.userIdentity === 2;
    let mine = head ? String(me?.departIds ?? '').split(',').map((s) => s.trim()).filter(Boolean) : [];
    if (!mine.length) mine = (await db.selectFrom('sysUserDepart').select('depId').where('userId', '=', user.id).execute()).map((r) => r.depId);
    const rows = await visible(req);
    // a department inside another of mine is already shown under it
    const roots = mine.filter((id) => !departSubtree(rows, mine.filter((m) => m !== id)).includes(id));
    return ok(await shown(req, departTree(rows, roots)), head ? '2' : '1');
  });

  app.post('/sys/sysDepart/add', { config: { permission: `${P}:add` }, schema: { tags, summary: '添加部门', body: departBody } }, async (req) => {
    const user = currentUser(req);
    const row = await addDepart(db, user.username, req.body, user);
    return ok(row, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepart/edit',
    config: { permission: `${P}:edit` },
    schema: { tags, summary: '编辑部门', body: departBody },
    handler: async (req) => {
      await editDepart(db, currentUser(req).username, req.body, currentUser(req));
      return ok(null, '编辑成功!');
    },
  });

  app.delete('/sys/sysDepart/delete', { config: { permission: `${P}:delete` }, schema: { tags, summary: '删除部门及其下级', querystring: z.object({ id: z.string({ error: '缺少id' }).trim().min(1, '缺少id').max(64) }) } }, async (req) => {
    await deleteDeparts(db, [req.query.id], currentUser(req));
    return ok(null, '删除成功!');
  });

  app.delete('/sys/sysDepart/deleteBatch', { config: { permission: `${P}:deleteBatch` }, schema: { tags, summary: '批量删除部门', querystring: z.object({ ids: z.string({ error: '请选择一条记录！' }).max(70000) }) } }, async (req) => {
    const ids = splitIds(req.query.ids);
    if (!ids.length) throw new BizError('请选择一条记录！');
    const n = await deleteDeparts(db, ids, currentUser(req));
    return ok(null, `批量删除成功! 共删除${n}条`);
  });

  await app.register(departRoleRoutes);
};
