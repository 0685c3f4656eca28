import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser, whereTenant } from '../../../core/access';
import { callerOf } from '../../../core/crud';
import { BizError } from '../../../core/errors';
import { fail, ok } from '../../../core/http';
import { addRule, deleteRule, editRule, listRules } from './data-rule';
import { grantedIds, heldPermissionIds, replaceGrants, splitIds } from './grants';
import { visibleRole } from '../role/role-members';
import { addMenu, allMenus, deleteMenus, editMenu, grantTree, menuListTree, menuNode } from './menu-admin';
import { departGrantBody, idQuery, idsQuery, menuBody, roleGrantBody, ruleBody } from './menu-schema';

const P = 'system:permission';
const requiredId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64);

/** Menu management (/sys/permission/*): the menu tree, its data rules, and grants to roles and departments. */
export const permissionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['菜单管理'];
  const list = { permission: `${P}:list` };

  app.get('/sys/permission/list', { config: list, schema: { tags, summary: '菜单树（含按钮）', querystring: z.object({ name: z.string().max(100).optional() }) } }, async (req) => {
    const rows = await allMenus(db);
    const name = req.query.name?.trim();
    // a search shows the matching rows with what is under them
    if (name) return ok(menuListTree(rows).flatMap(function find(n): ReturnType<typeof menuListTree> {
      return n.name.includes(name) ? [n] : (n.children ?? []).flatMap(find);
    }));
    return ok(menuListTree(rows));
  });

  app.post('/sys/permission/add', { config: { permission: `${P}:add` }, schema: { tags, summary: '添加菜单', body: menuBody } }, async (req) => {
    const me = currentUser(req);
    await addMenu(db, { id: me.id, username: me.username }, req.body);
    return ok(null, '添加成功！');
  });

  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/edit',
    config: { permission: `${P}:edit` },
    schema: { tags, summary: '编辑菜单', body: menuBody },
    handler: async (req) => {
      await editMenu(db, currentUser(req).username, req.body);
      return ok(null, '编辑成功!');
    },
  });

  app.delete('/sys/permission/delete', { config: { permission: `${P}:delete` }, schema: { tags, summary: '删除菜单及其下级', querystring: idQuery } }, async (req) => {
    await deleteMenus(db, [req.query.id]);
    return ok(null, '删除成功!');
  });

  app.delete('/sys/permission/deleteBatch', { config: { permission: `${P}:deleteBatch` }, schema: { tags, summary: '批量删除菜单', querystring: idsQuery } }, async (req) => {
    const ids = splitIds(req.query.ids);
    if (!ids.length) throw new BizError('请选择一条记录！');
    const n = await deleteMenus(db, ids);
    return ok(null, `批量删除成功! 共删除${n}条`);
  });

  // The original menu form's check of 访问路径 (menus and sub menus; buttons have none): taken when another
  // live menu has the same url and the same 聚合路由 (alwaysShow) setting, so an aggregate route may share
  // its path with the page it aggregates. Answers and messages as the original's.
  app.get(
    '/sys/permission/checkPermDuplication',
    {
      config: { permission: [`${P}:add`, `${P}:edit`] },
      schema: {
        tags,
        summary: '菜单访问路径是否可用',
        querystring: z.object({
          id: z.string().max(64, 'id过长').optional(),
          url: z.string({ error: '请输入访问路径' }).trim().min(1, '请输入访问路径').max(255, '访问路径过长'),
          alwaysShow: z.enum(['true', 'false', '1', '0'], { error: '聚合路由只能是true或false' }).optional(),
        }),
      },
    },
    async (req) => {
      const { id, url, alwaysShow } = req.query;
      let q = db.selectFrom('sysPermission').select('id').where('url', '=', url).where('delFlag', '=', 0).where('alwaysShow', '=', alwaysShow === 'true' || alwaysShow === '1' ? 1 : 0);
      if (id) q = q.where('id', '<>', id);
      return (await q.executeTakeFirst()) ? fail('访问路径不允许重复，请重定义！') : ok('该值可用！', '该值可用！');
    },
  );

  app.get('/sys/permission/getSystemMenuList', { config: list, schema: { tags, summary: '一级菜单' } }, async () => {
    const rows = await allMenus(db);
    return ok(rows.filter((r) => r.menuType === 0 && !r.parentId).map(menuNode));
  });

  app.get('/sys/permission/getSystemSubmenu', { config: list, schema: { tags, summary: '下级菜单', querystring: z.object({ parentId: requiredId('缺少parentId') }) } }, async (req) => {
    const rows = await allMenus(db);
    return ok(rows.filter((r) => r.parentId === req.query.parentId).map(menuNode));
  });

  app.get('/sys/permission/getSystemSubmenuBatch', { config: list, schema: { tags, summary: '多个菜单的下级', querystring: z.object({ parentIds: z.string({ error: '缺少parentIds' }).max(20000) }) } }, async (req) => {
    const parents = splitIds(req.query.parentIds);
    const rows = await allMenus(db);
    const out: Record<string, ReturnType<typeof menuNode>[]> = {};
    for (const p of parents) out[p] = rows.filter((r) => r.parentId === p).map(menuNode);
    return ok(out);
  });

  // The authorisation drawers of roles and departments read the tree as well.
  const treeReaders = { permission: [`${P}:list`, 'system:role:authorize', 'system:depart:authorize', 'system:depart:role'] };
  app.get('/sys/permission/queryTreeList', { config: treeReaders, schema: { tags, summary: '授权用的菜单树' } }, async () => ok(grantTree(await allMenus(db))));

  // Data rules of a menu.
  const rule = { permission: `${P}:rule` };
  app.get('/sys/permission/getPermRuleListByPermId', { config: rule, schema: { tags, summary: '菜单的数据规则', querystring: z.object({ permissionId: requiredId('缺少菜单id') }) } }, async (req) =>
    ok(await listRules(db, { permissionId: req.query.permissionId })),
  );
  app.get(
    '/sys/permission/queryPermissionRule',
    { config: rule, schema: { tags, summary: '查询数据规则', querystring: z.object({ permissionId: z.string().max(64).optional(), ruleName: z.string().max(50).optional(), ruleValue: z.string().max(300).optional() }) } },
    async (req) => ok(await listRules(db, req.query)),
  );
  app.post('/sys/permission/addPermissionRule', { config: rule, schema: { tags, summary: '添加数据规则', body: ruleBody } }, async (req) => {
    await addRule(db, currentUser(req).username, req.body);
    return ok(null, '添加成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/permission/editPermissionRule',
    config: rule,
    schema: { tags, summary: '编辑数据规则', body: ruleBody },
    handler: async (req) => {
      await editRule(db, currentUser(req).username, req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/permission/deletePermissionRule', { config: rule, schema: { tags, summary: '删除数据规则', querystring: idQuery } }, async (req) => {
    await deleteRule(db, req.query.id);
    return ok(null, '删除成功!');
  });

  // Grants to roles.
  const roleAuth = { permission: 'system:role:authorize' };
  app.get('/sys/permission/queryRolePermission', { config: roleAuth, schema: { tags, summary: '角色已授权的菜单id', querystring: z.object({ roleId: requiredId('请选择角色') }) } }, async (req) => {
    const role = await visibleRole(db, callerOf(req), req.query.roleId);
    return ok(await grantedIds(db, 'role', role.id));
  });
  app.post('/sys/permission/saveRolePermission', { config: roleAuth, schema: { tags, summary: '保存角色授权', body: roleGrantBody } }, async (req) => {
    const caller = callerOf(req);
    const role = await visibleRole(db, caller, req.body.roleId);
    // nobody hands out (or takes back) more than they hold
    await replaceGrants(db, 'role', role.id, splitIds(req.body.permissionIds), { grantorHolds: await heldPermissionIds(db, caller.id) });
    return ok(null, '保存成功！');
  });

  // Grants to departments (the ceiling of what their department roles may hold).
  const departAuth = { permission: 'system:depart:authorize' };
  app.get('/sys/permission/queryDepartPermission', { config: departAuth, schema: { tags, summary: '部门已授权的菜单id', querystring: z.object({ departId: requiredId('请选择部门') }) } }, async (req) =>
    ok(await grantedIds(db, 'depart', (await whereTenant(db.selectFrom('sysDepart').select('id'), callerOf(req)).where('id', '=', req.query.departId).executeTakeFirstOrThrow(() => new BizError('部门不存在'))).id)),
  );
  app.post('/sys/permission/saveDepartPermission', { config: departAuth, schema: { tags, summary: '保存部门授权', body: departGrantBody } }, async (req) => {
    const caller = callerOf(req);
    const depart = await whereTenant(db.selectFrom('sysDepart').select('id'), caller).where('id', '=', req.body.departId).executeTakeFirst();
    if (!depart) throw new BizError('部门不存在');
    const ids = splitIds(req.body.permissionIds);
    const grantorHolds = await heldPermissionIds(db, caller.id);
    await db.transaction().execute(async (trx) => {
      await replaceGrants(trx, 'depart', depart.id, ids, { grantorHolds });
      // what the department lost, its roles lose too
      let q = trx.deleteFrom('sysDepartRolePermission').where('departId', '=', depart.id);
      if (ids.length) q = q.where('permissionId', 'not in', ids);
      await q.execute();
    });
    return ok(null, '保存成功！');
  });
};
