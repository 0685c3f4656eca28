import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { formatDateTime, newId } from '../../../core/db';
import { BizError } from '../../../core/errors';

/** Writes a login-type entry (log_type 1) to sys_log: sign-ins and sign-outs, with the client's user agent and the outcome. */
export async function writeLoginLog(
  db: Db,
  request: FastifyRequest,
  entry: { userId: string | null; username: string; content: string; now: Date; tenantId?: number; outcome?: string },
): Promise<void> {
  // A sign-out without a tenant header belongs to the account's login tenant.
  let tenantId = entry.tenantId ?? request.tenantId;
  if (!tenantId && entry.userId) {
    const user = await db.selectFrom('sysUser').select('loginTenantId').where('id', '=', entry.userId).executeTakeFirst();
    tenantId = user?.loginTenantId ?? 0;
  }
  await db
    .insertInto('sysLog')
    .values({
      id: newId(),
      logType: 1,
      logContent: entry.content,
      userid: entry.userId,
      username: entry.username.slice(0, 100),
      ip: request.ip,
      requestUrl: request.url.split('?')[0].slice(0, 255),
      requestType: request.method,
      tenantId,
      clientType: 'pc',
      userAgent: String(request.headers['user-agent'] ?? '').slice(0, 500) || null,
      outcome: entry.outcome ?? '成功',
      createBy: entry.username.slice(0, 32),
      createTime: formatDateTime(entry.now),
    })
    .execute();
}

/** Records a refused sign-in (under the account's tenant when the name exists) and passes the refusal on. */
export async function logLoginFailure(ctx: AppContext, request: FastifyRequest, username: unknown, err: unknown): Promise<never> {
  if (err instanceof BizError && typeof username === 'string' && username) {
    const user = await ctx.db.selectFrom('sysUser').select(['id', 'loginTenantId']).where('username', '=', username).executeTakeFirst();
    await writeLoginLog(ctx.db, request, {
      userId: user?.id ?? null,
      username,
      content: `登录失败，用户名: ${username}，${err.message}`,
      now: ctx.clock.now(),
      tenantId: user?.loginTenantId ?? 0,
      outcome: `失败：${err.message}`.slice(0, 500),
    });
  }
  throw err;
}
