// 登录设备 (个人设置 → 安全设置): the caller's own live sessions (the token store's entries) and signing
// one of them out, or every other one, as a user does after losing a phone. Nobody sees or ends another
// user's sessions here; that is 在线用户 (modules/monitor/online.ts), under its own rights.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDateTime } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';

/** One of the caller's sessions; `id` names it (the token's jti), never the token itself. */
export interface OwnSession {
  id: string;
  loginTime: string | null;
  expireTime: string;
  ip: string | null;
  userAgent: string | null;
  /** The session making this request. */
  current: boolean;
}

const MAX_SESSIONS = 200;
const oneBody = z.object({ id: z.string({ error: '请选择要退出的设备' }).trim().min(1, '请选择要退出的设备').max(100) });

export const ownSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, tokens } = app.ctx;
  const tags = ['登录设备'];
  const access = { config: { auth: true as const } };

  app.get('/sys/user/mySessions', { ...access, schema: { tags, summary: '我的登录设备' } }, async (req) => {
    const user = req.user!;
    const rows = await db
      .selectFrom('sysUserToken')
      .select(['id', 'createTime', 'expiresAt', 'clientIp', 'userAgent'])
      .where('userId', '=', user.id)
      .where('expiresAt', '>', formatDateTime(clock.now()))
      .orderBy('createTime', 'desc')
      .orderBy('id')
      .limit(MAX_SESSIONS)
      .execute();
    const sessions: OwnSession[] = rows.map((r) => ({
      id: r.id,
      loginTime: r.createTime,
      expireTime: r.expiresAt,
      ip: r.clientIp,
      userAgent: r.userAgent,
      current: r.id === user.tokenId,
    }));
    return ok(sessions);
  });

  app.post('/sys/user/mySessions/logout', { ...access, schema: { tags, summary: '退出一个登录设备', body: oneBody } }, async (req) => {
    const user = req.user!;
    const own = await db.selectFrom('sysUserToken').select('id').where('id', '=', req.body.id).where('userId', '=', user.id).executeTakeFirst();
    // another user's session reads as an unknown one
    if (!own) throw new BizError('该设备已退出登录');
    await tokens.revoke(own.id);
    req.log.info({ user: user.username, current: own.id === user.tokenId }, 'own session signed out');
    return ok(null, '已退出该设备');
  });

  app.post('/sys/user/mySessions/logoutOthers', { ...access, schema: { tags, summary: '退出其他所有设备' } }, async (req) => {
    const user = req.user!;
    const n = await tokens.revokeUser(user.id, user.tokenId);
    req.log.info({ user: user.username, count: n }, 'other sessions signed out');
    return ok(n, n ? `已退出其他${n}个设备` : '没有其他设备在登录');
  });
};
