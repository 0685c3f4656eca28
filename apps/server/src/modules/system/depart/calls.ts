import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { splitIds } from '../permission/grants';
import { allDeparts, departNode, pickerNodes, type DepartNode, type DepartRow } from './depart-admin';
import { exportDeparts, importDeparts } from './excel';
import { DEPART_LIST_PERMISSION } from './manage';
import { departPostRoutes } from './posts';

const P = 'system:depart';
/** Each level of an org code is three characters (A01, A01A01, …). */
const CODE_STEP = 3;

const idList = (max: number) => z.string().trim().max(max).optional();

/** The name shown for a department in a path: its abbreviation when it has one (as the original). */
const pathName = (r: DepartRow) => r.departNameAbbr || r.departName;

/** Names from the top down to the department coded `orgCode`, joined by '/' ('' when it is unknown). */
export function departPathName(rows: DepartRow[], orgCode: string): string {
  const byCode = new Map(rows.map((r) => [r.orgCode, r]));
  if (!byCode.has(orgCode)) return '';
  const names: string[] = [];
  for (let n = CODE_STEP; n <= orgCode.length; n += CODE_STEP) {
    const r = byCode.get(orgCode.slice(0, n));
    if (r) names.push(pathName(r));
  }
  return names.join('/');
}

/**
 * Calls of the original's department pickers and page beyond manage.ts: the path name of a department,
 * the ids above chosen departments, the department-and-post tree (a 岗位 is a department of org category
 * 3), and the department sheet. Reads keep to the caller's tenant and, like the other tree reads, give
 * whole rows only to holders of system:depart:list.
 */
export const departCallRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const tags = ['部门管理'];
  const read = { auth: true } as const;
  const visible = (req: FastifyRequest) => allDeparts(db, currentUser(req));
  const canReadRows = async (req: FastifyRequest) => (await currentUser(req).permissions()).has(DEPART_LIST_PERMISSION);
  const shown = async (req: FastifyRequest, nodes: DepartNode[]) => ((await canReadRows(req)) ? nodes : pickerNodes(nodes));

  app.get(
    '/sys/sysDepart/getDepartPathNameByOrgCode',
    {
      config: read,
      schema: { tags, summary: '部门路径名称（总公司/研发部）', querystring: z.object({ orgCode: z.string().trim().max(64, '部门编码过长').optional(), depId: z.string().trim().max(64, '部门id过长').optional() }) },
    },
    async (req) => {
      const rows = await visible(req);
      let orgCode = req.query.orgCode ?? '';
      if (req.query.depId) {
        const dep = rows.find((r) => r.id === req.query.depId);
        if (dep) orgCode = dep.orgCode;
      }
      return ok(orgCode ? departPathName(rows, orgCode) : '');
    },
  );

  app.get(
    '/sys/sysDepart/queryAllParentId',
    { config: read, schema: { tags, summary: '部门及其全部上级的id', querystring: z.object({ departId: idList(20000), orgCode: idList(20000) }) } },
    async (req) => {
      const { departId, orgCode } = req.query;
      const byId = !!departId;
      if (!departId && !orgCode) throw new BizError('departId 和 orgCode 不能都为空！');
      const rows = await visible(req);
      const ids = new Map(rows.map((r) => [r.id, r]));
      const codes = new Map(rows.map((r) => [r.orgCode, r]));
      const full = await canReadRows(req);
      const out: Record<string, { parentIds: string[]; parentMap: Record<string, unknown> }> = {};
      for (const key of splitIds(byId ? departId : orgCode)) {
        const entry = { parentIds: [] as string[], parentMap: {} as Record<string, unknown> };
        let r = byId ? ids.get(key) : codes.get(key);
        while (r && !(r.id in entry.parentMap)) {
          entry.parentIds.unshift(r.id);
          const node = departNode(r, rows.some((c) => c.parentId === r!.id));
          entry.parentMap[r.id] = full ? node : pickerNodes([node])[0];
          r = r.parentId ? ids.get(r.parentId) : undefined;
        }
        out[key] = entry;
      }
      return ok(out);
    },
  );

  app.get(
    '/sys/sysDepart/queryDepartAndPostTreeSync',
    {
      config: read,
      schema: {
        tags,
        summary: '部门和岗位树（逐级加载）',
        querystring: z.object({
          pid: z.string().trim().max(64).optional(),
          ids: idList(20000),
          primaryKey: z.enum(['id', 'orgCode'], { error: 'primaryKey 只能是 id 或 orgCode' }).optional(),
          departIds: idList(20000),
          name: z.string().trim().max(100, '名称过长').optional(),
        }),
      },
    },
    async (req) => {
      const { pid, ids, primaryKey, departIds, name } = req.query;
      const rows = await visible(req);
      const known = new Set(rows.map((r) => r.id));
      let level: DepartRow[];
      if (ids) {
        const wanted = new Set(splitIds(ids));
        level = rows.filter((r) => wanted.has(primaryKey === 'orgCode' ? r.orgCode : r.id));
      } else if (pid) {
        level = rows.filter((r) => r.parentId === pid);
      } else if (departIds) {
        // the departments of a user choosing a main or part-time post: each shown once, under its top-most chosen one
        const wanted = new Set(splitIds(departIds));
        level = rows.filter((r) => wanted.has(r.id) && !(r.parentId && wanted.has(r.parentId)));
      } else if (name) {
        level = rows.filter((r) => r.departName.includes(name));
      } else {
        level = rows.filter((r) => !r.parentId || !known.has(r.parentId));
      }
      return ok(await shown(req, level.map((r) => departNode(r, rows.some((c) => c.parentId === r.id)))));
    },
  );

  app.get(
    '/sys/sysDepart/exportXls',
    { config: { permission: `${P}:exportXls` }, schema: { tags, summary: '导出部门', querystring: z.object({ selections: idList(70000) }).passthrough() } },
    async (req, reply) => exportDeparts(reply, await visible(req), splitIds(req.query.selections)),
  );

  app.post('/sys/sysDepart/importExcel', { config: { permission: `${P}:importExcel` }, schema: { tags, summary: '导入部门' } }, async (req) =>
    importDeparts(req, db, app.ctx.storage, currentUser(req)),
  );

  await app.register(departPostRoutes);
};
