// 在线用户 on the original's calls: the sessions signed in now (the token store's live entries) and
// force logout. The store is shared by every node and read on every request, so deleting the entry
// refuses that token at once everywhere.
import { pageNoParam, pageSizeParam } from '@anxue/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import { z } from 'zod';
import { loadPermissionCodes } from '../../core/access';
import { callerOf, ResourceError, type Caller } from '../../core/crud';
import { formatDateTime, type Db } from '../../core/db';
import { ok } from '../../core/http';
import { escapeLike } from '../../core/query';
import { ONLINE_FORCE_LOGOUT, ONLINE_LIST } from './permissions';

/** One signed-in session. `token` is the session's id (the token's jti), never the token itself. */
export interface OnlineSession {
  id: string;
  token: string;
  userId: string;
  username: string;
  realname: string | null;
  avatar: string | null;
  sex: number | null;
  phone: string | null;
  birthday: string | null;
  loginTime: string;
  expireTime: string;
  ip: string | null;
  userAgent: string | null;
  /** The caller's own session (the original marks it “（我）”). */
  current: boolean;
}

const listQuery = z.object({
  username: z.string().trim().max(100).optional(),
  pageNo: pageNoParam(100_000),
  pageSize: pageSizeParam(10),
});

const forceBody = z.object({
  token: z.string({ error: '退出登录失败！' }).trim().min(1, '退出登录失败！').max(100),
});

/** Live sessions the caller may see: every tenant's with the cross-tenant permission, else members of the caller's tenant. */
function liveSessions(db: Db, caller: Caller, now: Date) {
  let q = db
    .selectFrom('sysUserToken as t')
    .innerJoin('sysUser as u', 'u.id', 't.userId')
    .where('t.expiresAt', '>', formatDateTime(now))
    .where('u.delFlag', '=', 0);
  if (!caller.allTenants) {
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sysUserTenant as ut')
          .select('ut.id')
          .whereRef('ut.userId', '=', 't.userId')
          .where('ut.tenantId', '=', caller.tenantId)
          .where('ut.status', '=', '1'),
      ),
    );
  }
  return q;
}

export async function onlineRoutes(app: FastifyInstance) {
  const { db, clock, tokens } = app.ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/sys/online/list', { config: { permission: ONLINE_LIST }, schema: { tags: ['在线用户'], summary: '在线用户', querystring: listQuery } }, async (req) => {
    const caller = callerOf(req);
    const { username, pageNo, pageSize } = req.query;
    let q = liveSessions(db, caller, clock.now());
    if (username) q = q.where(sql<SqlBool>`lower(u.username) like lower(${`%${escapeLike(username)}%`}) escape '\\'`);
    const { total } = await q.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    const rows = await q
      .select(['t.id', 't.userId', 'u.username', 'u.realname', 'u.avatar', 'u.sex', 'u.phone', 'u.birthday', 't.createTime', 't.expiresAt', 't.clientIp', 't.userAgent'])
      .orderBy('t.createTime', 'desc')
      .orderBy('t.id')
      .limit(pageSize)
      .offset((pageNo - 1) * pageSize)
      .execute();
    const records: OnlineSession[] = rows.map((row) => ({
      id: row.id,
      token: row.id,
      userId: row.userId,
      username: row.username,
      realname: row.realname,
      avatar: row.avatar,
      sex: row.sex,
      phone: row.phone,
      birthday: row.birthday,
      loginTime: row.createTime,
      expireTime: row.expiresAt,
      ip: row.clientIp,
      userAgent: row.userAgent,
      current: row.id === req.user?.tokenId,
    }));
    const count = Number(total);
    return ok({ records, total: count, size: pageSize, current: pageNo, pages: Math.ceil(count / pageSize) });
  });

  r.post(
    '/sys/online/forceLogout',
    { config: { permission: ONLINE_FORCE_LOGOUT }, schema: { tags: ['在线用户'], summary: '强制退出', body: forceBody } },
    async (req) => {
      const caller = callerOf(req);
      const session = await liveSessions(db, caller, clock.now())
        .select(['t.id', 't.userId', 'u.realname', 'u.username'])
        .where('t.id', '=', req.body.token)
        .executeTakeFirst();
      // another tenant's session reads as an unknown one
      if (!session) throw new ResourceError('Token无效!');
      // Nobody forces out a user who holds a right the caller does not (an administrator, say).
      if (session.userId !== caller.id) {
        const [mine, theirs] = await Promise.all([caller.permissions!(), loadPermissionCodes(db, session.userId)]);
        if ([...theirs].some((code) => !mine.has(code))) throw new ResourceError('不能强制退出权限多于您的用户');
      }
      await tokens.revoke(session.id);
      req.log.info({ by: caller.username, user: session.username }, 'forced logout');
      return ok(null, '退出登录成功！');
    },
  );
}
