import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../../core/crud';
import { ok } from '../../../core/http';
import { fetchPage } from '../../../core/query';
import { userDepartNames } from '../user/user-admin';
import { contains, inTenant } from '../user/user-list';

const query = z.object({
  departId: z.string().trim().max(64).optional(),
  realname: z.string().trim().max(100).optional(),
  pageNo: pageNoParam(1_000_000, 'pageNo 必须是整数'),
  pageSize: pageSizeParam(10, 'pageSize 必须是整数'),
});

/** Address book: active users of a department and everything below it, with department and position names. */
export const addressBookRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  app.get('/sys/addressbook/list', { config: { permission: 'system:addressbook:list' }, schema: { tags: ['通讯录'], summary: '通讯录', querystring: query } }, async (req) => {
    const { departId, realname, pageNo, pageSize } = req.query;
    let qb = db
      .selectFrom('sysUser')
      .select(['id', 'username', 'realname', 'avatar', 'sex', 'phone', 'email', 'telephone', 'workNo', 'post', 'orgCode'])
      .where('delFlag', '=', 0)
      .where('status', '=', 1);
    qb = inTenant(qb as any, callerOf(req)) as unknown as typeof qb;
    if (departId) {
      const depart = await db.selectFrom('sysDepart').select('orgCode').where('id', '=', departId).executeTakeFirst();
      if (!depart) return ok({ records: [], total: 0, size: pageSize, current: pageNo, pages: 0 });
      // sub-departments' codes extend their parent's code
      const under = db.selectFrom('sysDepart').select('id').where('orgCode', 'like', `${depart.orgCode}%`).where('delFlag', '=', '0');
      qb = qb.where('id', 'in', db.selectFrom('sysUserDepart').select('userId').where('depId', 'in', under));
    }
    if (realname) qb = qb.where(contains('realname', realname));
    const page = await fetchPage(qb.orderBy('workNo').orderBy('username'), pageNo, pageSize);
    const departs = await userDepartNames(db, page.records.map((r) => r.id));
    const codes = [...new Set(page.records.flatMap((r) => (r.post ?? '').split(',').filter(Boolean)))];
    const positions = codes.length ? await db.selectFrom('sysPosition').select(['code', 'name']).where('code', 'in', codes).execute() : [];
    const positionName = new Map(positions.map((p) => [p.code, p.name]));
    const records = page.records.map((r) => ({
      ...r,
      departNames: departs.get(r.id) ?? '',
      postText: (r.post ?? '').split(',').filter(Boolean).map((c) => positionName.get(c) ?? c).join(','),
    }));
    return ok({ ...page, records });
  });
};
