import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, ResourceError, ResourceService, type ResourceDef } from '../../../core/crud';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { newId } from '../../../core/db';
import { grantedIds, heldPermissionIds, inTransaction, replaceGrants, splitIds } from '../permission/grants';
import { whereTenant, type TenantReader } from '../../../core/access';
import { assertDepartsVisible } from './depart-admin';
import { grantTree, allMenus } from '../permission/menu-admin';
import { roleGrantBody } from '../permission/menu-schema';
import { listRules } from '../permission/data-rule';
import { ROLE_CODE } from '../role/resource';

/** Roles inside one department; their codes are unique within the department. */
const departRoleResource: ResourceDef = {
  label: '部门角色',
  table: 'sysDepartRole',
  path: '/sys/sysDepartRole',
  permission: 'system:depart:role',
  fields: [
    { name: 'id', type: 'string', title: 'ID', writable: false },
    { name: 'departId', type: 'string', title: '部门', required: true, max: 64 },
    { name: 'roleName', type: 'string', title: '部门角色名称', required: true, max: 100 },
    { name: 'roleCode', type: 'string', title: '部门角色编码', required: true, max: 100, check: z.string().regex(ROLE_CODE, '角色编码以字母开头，只能包含字母、数字和下划线') },
    { name: 'description', type: 'string', title: '描述', max: 255 },
    { name: 'createBy', type: 'string', title: '创建人', writable: false },
    { name: 'createTime', type: 'datetime', title: '创建时间', writable: false },
    { name: 'updateBy', type: 'string', title: '更新人', writable: false },
    { name: 'updateTime', type: 'datetime', title: '更新时间', writable: false },
  ],
  hooks: {
    async beforeSave(row, ctx, mode) {
      const id = mode === 'edit' ? (row.id as string) : undefined;
      let departId = row.departId as string | undefined;
      if (id) {
        const current = await ctx.db.selectFrom('sysDepartRole').select('departId').where('id', '=', id).executeTakeFirstOrThrow();
        if (departId && departId !== current.departId) throw new ResourceError('部门角色不能移到其他部门');
        departId = current.departId;
      }
      const depart = await whereTenant(ctx.db.selectFrom('sysDepart').select('id').where('id', '=', departId!).where('delFlag', '=', '0'), ctx.caller).executeTakeFirst();
      if (!depart) throw new ResourceError('部门不存在');
      if (row.roleCode !== undefined) {
        let q = ctx.db.selectFrom('sysDepartRole').select('id').where('departId', '=', departId!).where('roleCode', '=', row.roleCode as string);
        if (id) q = q.where('id', '<>', id);
        if (await q.executeTakeFirst()) throw new ResourceError(`部门角色编码“${String(row.roleCode)}”已存在`, 409);
      }
    },
    // the original client's 部门角色 list shows the department by departId_dictText
    async decorate(records, ctx) {
      const ids = [...new Set(records.map((r) => r.departId as string).filter(Boolean))];
      const names = ids.length ? await ctx.db.selectFrom('sysDepart').select(['id', 'departName']).where('id', 'in', ids).execute() : [];
      for (const r of records) r.departId_dictText = names.find((d) => d.id === r.departId)?.departName ?? '';
    },
    async beforeDelete(ids, ctx) {
      await ctx.db.deleteFrom('sysDepartRoleUser').where('droleId', 'in', ids).execute();
      await ctx.db.deleteFrom('sysDepartRolePermission').where('roleId', 'in', ids).execute();
    },
  },
};

const requiredId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64);

/** Department roles (/sys/sysDepartRole/*) and their grants (/sys/sysDepartPermission/*). */
export const departRoleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const svc = new ResourceService(departRoleResource);
  // a department role is seen through its department: only those of the caller's tenant
  const base = svc.scoped.bind(svc);
  const tenantDeparts = (caller: TenantReader) => whereTenant(db.selectFrom('sysDepart').select('id'), caller);
  svc.scoped = async (d, caller) => (await base(d, caller)).where('departId', 'in', tenantDeparts(caller));
  const visibleRole = async (caller: TenantReader, roleId: string) => {
    const drole = await db.selectFrom('sysDepartRole').select(['id', 'departId']).where('id', '=', roleId).where('departId', 'in', tenantDeparts(caller)).executeTakeFirst();
    if (!drole) throw new BizError('部门角色不存在');
    return drole;
  };
  const tags = ['部门角色'];
  const role = { permission: 'system:depart:role' };

  app.get('/sys/sysDepartRole/list', { config: role, schema: { tags, summary: '部门角色列表' } }, async (req) => {
    const params = { ...(req.query as Record<string, unknown>) };
    const deptId = params.deptId;
    delete params.deptId;
    if (typeof deptId !== 'string' || !deptId) throw new BizError('请选择部门');
    return ok(await svc.list(db, callerOf(req), params, [{ field: 'departId', rule: 'eq', value: deptId }]));
  });
  app.post('/sys/sysDepartRole/add', { config: role, schema: { tags, summary: '添加部门角色' } }, async (req) => {
    await svc.add(db, callerOf(req), req.body);
    return ok(null, '添加成功！');
  });
  app.route({
    method: ['PUT', 'POST'],
    url: '/sys/sysDepartRole/edit',
    config: role,
    schema: { tags, summary: '编辑部门角色' },
    handler: async (req) => {
      await svc.edit(db, callerOf(req), req.body);
      return ok(null, '编辑成功!');
    },
  });
  app.delete('/sys/sysDepartRole/delete', { config: role, schema: { tags, summary: '删除部门角色', querystring: z.object({ id: requiredId('缺少id') }) } }, async (req) => {
    await svc.remove(db, callerOf(req), [req.query.id]);
    return ok(null, '删除成功!');
  });
  app.delete('/sys/sysDepartRole/deleteBatch', { config: role, schema: { tags, summary: '批量删除部门角色', querystring: z.object({ ids: z.string({ error: '请选择一条记录！' }).max(70000) }) } }, async (req) => {
    const n = await svc.remove(db, callerOf(req), splitIds(req.query.ids));
    return ok(null, `批量删除成功! 共删除${n}条`);
  });

  app.get(
    '/sys/sysDepartRole/getDeptRoleList',
    { config: role, schema: { tags, summary: '部门的全部角色', querystring: z.object({ departId: requiredId('请选择部门'), userId: z.string().max(64).optional() }) } },
    async (req) => {
      await assertDepartsVisible(db, callerOf(req), [req.query.departId]);
      return ok(await db.selectFrom('sysDepartRole').selectAll().where('departId', '=', req.query.departId).orderBy('createTime', 'desc').orderBy('roleCode').execute());
    },
  );

  app.get(
    '/sys/sysDepartRole/getDeptRoleByUserId',
    { config: role, schema: { tags, summary: '用户在部门内的角色', querystring: z.object({ userId: requiredId('请选择用户'), departId: z.string().max(64).optional() }) } },
    async (req) => {
      let q = db
        .selectFrom('sysDepartRoleUser as ru')
        .innerJoin('sysDepartRole as r', 'r.id', 'ru.droleId')
        .select(['ru.id', 'ru.userId', 'ru.droleId'])
        .where('ru.userId', '=', req.query.userId)
        .where('r.departId', 'in', tenantDeparts(callerOf(req)));
      if (req.query.departId) q = q.where('r.departId', '=', req.query.departId);
      return ok(await q.execute());
    },
  );

  app.post(
    '/sys/sysDepartRole/deptRoleUserAdd',
    {
      config: role,
      schema: { tags, summary: '设置用户的部门角色', body: z.object({ userId: requiredId('请选择用户'), newRoleId: z.string().max(20000).nullish(), oldRoleId: z.string().max(20000).nullish() }) },
    },
    async (req) => {
      const wanted = splitIds(req.body.newRoleId);
      const mentioned = [...new Set([...wanted, ...splitIds(req.body.oldRoleId)])];
      if (!mentioned.length) return ok(null, '添加成功!');
      await inTransaction(db, async (trx) => {
        const roles = await trx.selectFrom('sysDepartRole').select(['id', 'departId']).where('id', 'in', mentioned).where('departId', 'in', tenantDeparts(callerOf(req))).execute();
        const departs = new Set(roles.map((r) => r.departId));
        if (roles.length !== mentioned.length || departs.size !== 1) throw new BizError('所选部门角色不存在或不属于同一部门');
        const departId = roles[0].departId;
        if (wanted.length) {
          const member = await trx.selectFrom('sysUserDepart').select('id').where('userId', '=', req.body.userId).where('depId', '=', departId).executeTakeFirst();
          if (!member) throw new BizError('该用户不属于此部门');
        }
        // the user's roles in this department become exactly the chosen ones
        const inDepart = (await trx.selectFrom('sysDepartRole').select('id').where('departId', '=', departId).execute()).map((r) => r.id);
        const current = (await trx.selectFrom('sysDepartRoleUser').select('droleId').where('userId', '=', req.body.userId).where('droleId', 'in', inDepart).execute()).map((r) => r.droleId);
        const drop = current.filter((id) => !wanted.includes(id));
        if (drop.length) await trx.deleteFrom('sysDepartRoleUser').where('userId', '=', req.body.userId).where('droleId', 'in', drop).execute();
        const add = wanted.filter((id) => !current.includes(id));
        if (add.length) await trx.insertInto('sysDepartRoleUser').values(add.map((droleId) => ({ id: newId(), userId: req.body.userId, droleId }))).execute();
      });
      return ok(null, '添加成功!');
    },
  );

  const ptags = ['部门授权'];
  const grant = { permission: ['system:depart:role', 'system:depart:authorize'] };
  app.get(
    '/sys/sysDepartPermission/queryTreeListForDeptRole',
    { config: grant, schema: { tags: ptags, summary: '部门已授权的菜单树', querystring: z.object({ departId: requiredId('请选择部门') }) } },
    async (req) => {
      await assertDepartsVisible(db, callerOf(req), [req.query.departId]);
      const granted = new Set(await grantedIds(db, 'depart', req.query.departId));
      return ok(grantTree((await allMenus(db)).filter((m) => granted.has(m.id))));
    },
  );
  app.get(
    '/sys/sysDepartPermission/queryDeptRolePermission',
    { config: grant, schema: { tags: ptags, summary: '部门角色已授权的菜单id', querystring: z.object({ roleId: requiredId('请选择部门角色') }) } },
    async (req) => ok(await grantedIds(db, 'departRole', (await visibleRole(callerOf(req), req.query.roleId)).id)),
  );
  app.post('/sys/sysDepartPermission/saveDeptRolePermission', { config: grant, schema: { tags: ptags, summary: '保存部门角色授权', body: roleGrantBody } }, async (req) => {
    const caller = callerOf(req);
    const drole = await visibleRole(caller, req.body.roleId);
    const allowed = new Set(await grantedIds(db, 'depart', drole.departId));
    // within the department's grants, and within what the one granting holds
    const grantorHolds = await heldPermissionIds(db, caller.id);
    await replaceGrants(db, 'departRole', drole.id, splitIds(req.body.permissionIds), { extra: { departId: drole.departId }, allowed, grantorHolds });
    return ok(null, '保存成功！');
  });
  // 部门角色 → 数据权限: the rules offered are those the department holds for the menu, and the role's
  // choice stays within them.
  app.get(
    '/sys/sysDepartRole/datarule/:permissionId/:departId/:roleId',
    {
      config: grant,
      schema: { tags: ptags, summary: '部门角色的数据规则', params: z.object({ permissionId: requiredId('缺少菜单id'), departId: requiredId('请选择部门'), roleId: requiredId('请选择部门角色') }) },
    },
    async (req) => {
      const { permissionId, departId, roleId } = req.params;
      const drole = await visibleRole(callerOf(req), roleId);
      if (drole.departId !== departId) throw new BizError('部门角色不属于该部门');
      const offered = await departRules(drole.departId, permissionId);
      if (!offered.length) return ok({ datarule: [], drChecked: '' }, '未找到权限配置信息');
      const held = await db.selectFrom('sysDepartRolePermission').select('dataRuleIds').where('roleId', '=', roleId).where('permissionId', '=', permissionId).executeTakeFirst();
      return ok({ datarule: offered, drChecked: splitIds(held?.dataRuleIds).join(',') });
    },
  );
  app.post(
    '/sys/sysDepartRole/datarule',
    {
      config: grant,
      schema: {
        tags: ptags,
        summary: '保存部门角色的数据规则',
        body: z.object({ permissionId: requiredId('缺少菜单id'), roleId: requiredId('请选择部门角色'), dataRuleIds: z.string().max(20000, '选择的规则过多').nullish() }),
      },
    },
    async (req) => {
      const { permissionId, roleId } = req.body;
      const caller = callerOf(req);
      const drole = await visibleRole(caller, roleId);
      const ids = splitIds(req.body.dataRuleIds);
      if (!(await heldPermissionIds(db, caller.id)).has(permissionId)) throw new BizError('不能授予您本人没有的权限');
      const offered = new Set((await departRules(drole.departId, permissionId)).map((r) => r.id));
      if (ids.some((id) => !offered.has(id))) throw new BizError('所选数据规则不在部门的授权范围内');
      const res = await db
        .updateTable('sysDepartRolePermission')
        .set({ dataRuleIds: ids.length ? ids.join(',') : null })
        .where('roleId', '=', roleId)
        .where('permissionId', '=', permissionId)
        .executeTakeFirst();
      if (!Number(res.numUpdatedRows)) throw new BizError('请先保存角色菜单权限!');
      return ok(null, '保存成功!');
    },
  );

  /** The data rules of a menu that a department was granted. */
  async function departRules(departId: string, permissionId: string) {
    const grantRow = await db.selectFrom('sysDepartPermission').select('dataRuleIds').where('departId', '=', departId).where('permissionId', '=', permissionId).executeTakeFirst();
    const ids = new Set(splitIds(grantRow?.dataRuleIds));
    if (!ids.size) return [];
    return (await listRules(db, { permissionId })).filter((r) => ids.has(r.id));
  }
};
