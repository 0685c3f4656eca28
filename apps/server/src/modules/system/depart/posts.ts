import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { callerOf } from '../../../core/crud';
import { ok } from '../../../core/http';
import { formatDateTime, type Db } from '../../../core/db';
import { grantedIds, heldPermissionIds, splitIds } from '../permission/grants';
import { listRules } from '../permission/data-rule';
import { allDeparts, assertDepartsVisible, departSubtree, type DepartRow } from './depart-admin';
import { DEPART_LIST_PERMISSION } from './manage';
import { nextOrgCode } from './org-code';
import { chargeUsersOf, setDepartCharge } from './charge';

const P = 'system:depart';
/** A 岗位 (post) is a department of org category 3; a company one of category 1. */
const POST = '3';
const COMPANY = '1';
const requiredId = (missing: string) => z.string({ error: missing }).trim().min(1, missing).max(64, `${missing.replace(/^请选择|^缺少/, '')}过长`);

/** A node of the original's post trees (SysPositionSelectTreeVo). */
interface PostNode {
  id: string;
  value: string;
  title: string;
  parentId: string | null;
  orgCategory: string;
  orgCode?: string;
  isLeaf: boolean;
  checkable: boolean;
  disabled: boolean;
  children: PostNode[];
}

/**
 * The posts under a department as the original's rank-relation tree. The original links a post to the
 * post it reports to (dep_post_parent_id); this platform does not store that link, so every post is a
 * root of its own and the title names the department it belongs to, as the original's does.
 */
function postNodes(rows: DepartRow[], under: DepartRow, withOrgCode: boolean): PostNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rows
    .filter((r) => r.orgCategory === POST && r.orgCode.startsWith(under.orgCode) && r.id !== under.id)
    .map((r) => {
      const parent = r.parentId ? byId.get(r.parentId) : undefined;
      const node: PostNode = {
        id: r.id,
        value: r.id,
        title: parent ? `${r.departName}(${parent.departName})` : r.departName,
        parentId: null,
        orgCategory: POST,
        isLeaf: !rows.some((c) => c.parentId === r.id),
        checkable: true,
        disabled: false,
        children: [],
      };
      if (withOrgCode) node.orgCode = r.orgCode;
      return node;
    });
}

/** Moves a department (and everything under it) under `newParentId` (null: to the top), renumbering codes. */
async function reparent(trx: Db, rows: DepartRow[], drag: DepartRow, newParentId: string | null): Promise<void> {
  if ((drag.parentId || null) === newParentId) return;
  const parentCode = newParentId ? rows.find((r) => r.id === newParentId)!.orgCode : '';
  const siblings = await trx.selectFrom('sysDepart').select('orgCode').where('orgCode', 'like', `${parentCode}___`).execute();
  let code: string;
  try {
    code = nextOrgCode(parentCode, siblings.map((s) => s.orgCode));
  } catch {
    throw new BizError('目标部门下的部门数量已达上限');
  }
  const old = drag.orgCode;
  // the department and its subtree take the new prefix; users whose login department moved follow it
  for (const r of rows.filter((x) => x.orgCode.startsWith(old))) {
    const moved = code + r.orgCode.slice(old.length);
    await trx.updateTable('sysDepart').set({ orgCode: moved }).where('id', '=', r.id).execute();
    await trx.updateTable('sysUser').set({ orgCode: moved }).where('orgCode', '=', r.orgCode).execute();
  }
  await trx.updateTable('sysDepart').set({ parentId: newParentId }).where('id', '=', drag.id).execute();
  if (newParentId) await trx.updateTable('sysDepart').set({ izLeaf: 0 }).where('id', '=', newParentId).execute();
  if (drag.parentId && !rows.some((r) => r.parentId === drag.parentId && r.id !== drag.id)) {
    await trx.updateTable('sysDepart').set({ izLeaf: 1 }).where('id', '=', drag.parentId).execute();
  }
}

/** The departments of the caller's tenant, every id asked for among them (else 未找到对应部门). */
async function visibleRows(db: Db, req: FastifyRequest, ids: string[]) {
  const caller = callerOf(req);
  await assertDepartsVisible(db, caller, ids);
  return allDeparts(db, caller);
}

/**
 * Calls of the original's department page for posts, ranks, heads, the drag-and-drop move, the
 * low-code app's department edit and the department data-rule grants. Every read and write keeps to the
 * caller's tenant.
 */
export const departPostRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['部门管理'];

  // The department page's 职级关系 tab: the posts under a department.
  app.get(
    '/sys/sysDepart/getRankRelation',
    { config: { permission: `${P}:list` }, schema: { tags, summary: '部门下岗位的上下级关系', querystring: z.object({ departId: requiredId('请选择部门') }) } },
    async (req) => {
      const rows = await visibleRows(db, req, [req.query.departId]);
      const dep = rows.find((r) => r.id === req.query.departId)!;
      return ok(postNodes(rows, dep, false));
    },
  );

  // The user picker's 职级 tab (JTabsSelectUser): the posts of one department, or of every top company.
  app.get(
    '/sys/sysDepart/getALLRankRelation',
    { config: { auth: true }, schema: { tags, summary: '全部岗位的上下级关系', querystring: z.object({ departId: z.string().trim().max(64, '部门id过长').optional() }) } },
    async (req) => {
      const caller = callerOf(req);
      const rows = await allDeparts(db, caller);
      if (req.query.departId) {
        const dep = rows.find((r) => r.id === req.query.departId);
        return ok(dep ? postNodes(rows, dep, false) : []);
      }
      const ids = new Set(rows.map((r) => r.id));
      const tops = rows.filter((r) => !r.parentId || !ids.has(r.parentId));
      return ok(tops.flatMap((top) => postNodes(rows, top, true)));
    },
  );

  // The department form's 上级岗位 choice, filtered by the chosen 职级's level in the original. This
  // platform stores neither a post's 职级 nor the post it reports to, so there is nothing to choose from:
  // the answer is an empty tree (the form's select stays empty) rather than a choice that cannot be saved.
  app.get(
    '/sys/sysDepart/getPositionByDepartId',
    {
      config: { permission: [`${P}:add`, `${P}:edit`] },
      schema: {
        tags,
        summary: '可选的上级岗位（本平台不保存岗位上下级，答复为空）',
        querystring: z.object({ parentId: z.string().trim().max(64).optional(), departId: z.string().trim().max(64).optional(), positionId: z.string().trim().max(64).optional() }),
      },
    },
    async (req) => {
      const mentioned = [req.query.parentId, req.query.departId].filter((x): x is string => !!x);
      await assertDepartsVisible(db, callerOf(req), mentioned);
      return ok([], '未设置岗位的上下级关系');
    },
  );

  // The user form: ids of the posts under the chosen companies and departments, comma-joined.
  app.get(
    '/sys/sysDepart/getDepPostIdByDepId',
    {
      config: { permission: ['system:user:add', 'system:user:edit'] },
      schema: { tags, summary: '部门下的岗位id', querystring: z.object({ depIds: z.string({ error: '请选择部门' }).trim().max(20000, '选择的部门过多') }) },
    },
    async (req) => {
      const wanted = splitIds(req.query.depIds);
      if (wanted.length > 200) throw new BizError('选择的部门过多');
      const rows = await allDeparts(db, callerOf(req));
      const codes = rows.filter((r) => wanted.includes(r.id)).map((r) => r.orgCode);
      const posts = rows.filter((r) => r.orgCategory === POST && codes.some((c) => r.orgCode.startsWith(c)));
      return ok(posts.map((r) => r.id).join(','));
    },
  );

  // Drag and drop in the department tree: above (-1) or below (1) the drop target, or into it (0).
  app.put(
    '/sys/sysDepart/updateChangeDepart',
    {
      config: { permission: `${P}:edit` },
      schema: {
        tags,
        summary: '拖拽调整部门位置',
        body: z.object({
          dragId: requiredId('请选择要移动的部门'),
          dropId: requiredId('请选择目标部门'),
          dropPosition: z.coerce.number().pipe(z.union([z.literal(-1), z.literal(0), z.literal(1)], { error: '无效的拖拽位置' })),
          sort: z.coerce.number().int().min(0).max(99999).optional(),
        }),
      },
    },
    async (req) => {
      const { dragId, dropId, dropPosition } = req.body;
      const caller = callerOf(req);
      await db.transaction().execute(async (trx) => {
        const rows = await allDeparts(trx, caller);
        const drag = rows.find((r) => r.id === dragId);
        if (!drag) throw new BizError('被拖拽的部门不存在');
        const drop = rows.find((r) => r.id === dropId);
        if (!drop) throw new BizError('目标部门不存在');
        if (drag.id === drop.id) throw new BizError('不能拖拽到自身');
        if (departSubtree(rows, [drag.id]).includes(drop.id)) throw new BizError('不能拖拽到自身子部门');
        const newParentId = dropPosition === 0 ? drop.id : drop.parentId || null;
        if (dropPosition === 0 && drop.orgCategory === POST) throw new BizError('岗位不允许存在子级');
        if (newParentId && drag.orgCategory === COMPANY) throw new BizError('公司不允许作为子级');
        await reparent(trx, rows, drag, newParentId);
        // the new siblings in order, the moved one at its place; renumbered 0, 1, 2, …
        const siblings = rows.filter((r) => (r.parentId || null) === newParentId && r.id !== drag.id);
        const at = dropPosition === 0 ? 0 : siblings.findIndex((r) => r.id === drop.id) + (dropPosition === 1 ? 1 : 0);
        siblings.splice(Math.max(0, at), 0, drag);
        const now = formatDateTime(new Date());
        for (const [i, r] of siblings.entries()) {
          if (r.id === drag.id) await trx.updateTable('sysDepart').set({ departOrder: i, updateBy: caller.username, updateTime: now }).where('id', '=', r.id).execute();
          else if (r.departOrder !== i) await trx.updateTable('sysDepart').set({ departOrder: i }).where('id', '=', r.id).execute();
        }
      });
      return ok(null, '调整部门位置成功！');
    },
  );

  // The department page's 负责人 tab: users who head the department (the original's depart_ids).
  app.get(
    '/sys/sysDepart/getDepartmentHead',
    {
      config: { permission: `${P}:list` },
      schema: {
        tags,
        summary: '部门负责人（分页）',
        querystring: z.object({ departId: requiredId('请选择部门'), pageNo: pageNoParam(100000), pageSize: pageSizeParam(10) }),
      },
    },
    async (req) => {
      const { departId, pageNo, pageSize } = req.query;
      const caller = callerOf(req);
      await assertDepartsVisible(db, caller, [departId]);
      const heads = await chargeUsersOf(db, caller, departId);
      // contact details only for those who may read users
      const contact = (await currentUser(req).permissions()).has('system:user:list');
      const records = heads.slice((pageNo - 1) * pageSize, pageNo * pageSize).map((u) => ({
        id: u.id,
        username: u.username,
        realname: u.realname,
        avatar: u.avatar,
        sex: u.sex,
        telephone: contact ? u.telephone : null,
        phone: contact ? u.phone : null,
        createTime: u.createTime,
      }));
      return ok({ records, total: heads.length, size: pageSize, current: pageNo, pages: Math.ceil(heads.length / pageSize) });
    },
  );

  // The low-code app's department editor (getUpdateDepartInfo / doUpdateDepartInfo / changeDepartChargePerson).
  app.get(
    '/sys/user/getUpdateDepartInfo',
    { config: { permission: [`${P}:list`, `${P}:edit`] }, schema: { tags, summary: '编辑部门前的部门信息', querystring: z.object({ id: requiredId('请选择部门') }) } },
    async (req) => {
      const rows = await visibleRows(db, req, [req.query.id]);
      const dep = rows.find((r) => r.id === req.query.id)!;
      const heads = await chargeUsersOf(db, callerOf(req), dep.id);
      return ok({ departId: dep.id, departName: dep.departName, parentId: dep.parentId, hasSub: rows.some((r) => r.parentId === dep.id), chargePersonList: heads.map((u) => u.id) });
    },
  );

  app.put(
    '/sys/user/doUpdateDepartInfo',
    {
      config: { permission: `${P}:edit` },
      schema: {
        tags,
        summary: '编辑部门名称、上级和负责人',
        body: z.object({
          departId: requiredId('请选择部门'),
          departName: z.string({ error: '部门名称不能为空' }).trim().min(1, '部门名称不能为空').max(100, '部门名称过长'),
          parentId: z.string().trim().max(64).nullish(),
          chargePersonList: z.array(z.string().max(64), { error: '负责人格式不正确' }).max(1000, '负责人过多').nullish(),
        }),
      },
    },
    async (req) => {
      const { departId, departName, parentId, chargePersonList } = req.body;
      const caller = callerOf(req);
      await db.transaction().execute(async (trx) => {
        const rows = await allDeparts(trx, caller);
        const dep = rows.find((r) => r.id === departId);
        if (!dep) throw new BizError('未找到对应部门');
        const newParent = parentId || null;
        if (newParent && newParent !== dep.parentId) {
          if (!rows.some((r) => r.id === newParent)) throw new BizError('上级部门不存在');
          if (departSubtree(rows, [dep.id]).includes(newParent)) throw new BizError('上级部门不能是自身或其下级');
          if (rows.find((r) => r.id === newParent)!.orgCategory === POST) throw new BizError('岗位不允许存在子级');
          await reparent(trx, rows, dep, newParent);
        }
        await trx.updateTable('sysDepart').set({ departName, updateBy: caller.username, updateTime: formatDateTime(new Date()) }).where('id', '=', dep.id).execute();
        // the heads become exactly the listed users
        const wanted = [...new Set(chargePersonList ?? [])];
        const current = (await chargeUsersOf(trx, caller, dep.id)).map((u) => u.id);
        for (const id of wanted.filter((x) => !current.includes(x))) await setDepartCharge(trx, caller, id, dep.id, true);
        for (const id of current.filter((x) => !wanted.includes(x))) await setDepartCharge(trx, caller, id, dep.id, false);
      });
      return ok(null, '编辑成功!');
    },
  );

  app.put(
    '/sys/user/changeDepartChargePerson',
    {
      config: { permission: `${P}:edit` },
      schema: {
        tags,
        summary: '设置或取消部门负责人',
        body: z.object({ userId: requiredId('请选择用户'), departId: requiredId('请选择部门'), status: z.boolean({ error: 'status 只能是 true 或 false' }) }),
      },
    },
    async (req) => {
      const caller = callerOf(req);
      await assertDepartsVisible(db, caller, [req.body.departId]);
      await db.transaction().execute((trx) => setDepartCharge(trx, caller, req.body.userId, req.body.departId, req.body.status));
      return ok(null, req.body.status ? '设置负责人成功' : '取消负责人成功');
    },
  );

  // Data rules granted to a department for one of its menus (the department page's 数据权限 drawer).
  const authorize = { permission: `${P}:authorize` };
  app.get(
    '/sys/sysDepartPermission/datarule/:permissionId/:departId',
    { config: authorize, schema: { tags: ['部门授权'], summary: '菜单的数据规则及部门已授权的', params: z.object({ permissionId: requiredId('缺少菜单id'), departId: requiredId('请选择部门') }) } },
    async (req) => {
      await assertDepartsVisible(db, callerOf(req), [req.params.departId]);
      const datarule = await listRules(db, { permissionId: req.params.permissionId });
      const grant = await db.selectFrom('sysDepartPermission').select('dataRuleIds').where('departId', '=', req.params.departId).where('permissionId', '=', req.params.permissionId).executeTakeFirst();
      const answer = { datarule, drChecked: grant?.dataRuleIds ?? '' };
      return datarule.length ? ok(answer) : ok(answer, '未找到权限配置信息');
    },
  );
  app.post(
    '/sys/sysDepartPermission/datarule',
    {
      config: authorize,
      schema: { tags: ['部门授权'], summary: '授予部门数据规则', body: z.object({ permissionId: requiredId('缺少菜单id'), departId: requiredId('请选择部门'), dataRuleIds: z.string().max(20000, '选择的规则过多').nullish() }) },
    },
    async (req) => {
      const { permissionId, departId } = req.body;
      const caller = callerOf(req);
      await assertDepartsVisible(db, caller, [departId]);
      const ids = splitIds(req.body.dataRuleIds);
      // within the department's menus, and only for a menu the one granting holds
      if (!(await grantedIds(db, 'depart', departId)).includes(permissionId)) throw new BizError('请先保存部门菜单权限!');
      if (!(await heldPermissionIds(db, caller.id)).has(permissionId)) throw new BizError('不能授予您本人没有的权限');
      await db.transaction().execute(async (trx) => {
        if (ids.length) {
          const found = await trx.selectFrom('sysPermissionDataRule').select('id').where('permissionId', '=', permissionId).where('id', 'in', ids).execute();
          if (found.length !== ids.length) throw new BizError('所选数据规则不属于该菜单');
        }
        await trx.updateTable('sysDepartPermission').set({ dataRuleIds: ids.length ? ids.join(',') : null }).where('departId', '=', departId).where('permissionId', '=', permissionId).execute();
      });
      return ok(null, '保存成功!');
    },
  );
};
