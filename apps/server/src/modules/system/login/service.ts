import type { FastifyRequest } from 'fastify';
import { UNUSABLE_HASH, verifyPassword } from '../../../core/auth';
import type { AppContext } from '../../../core/context';
import { formatDateTime } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { chooseDepart, userDeparts } from '../depart/service';
import { allDictItems } from '../dict/service';
import { loadUserInfo, userTenants } from '../user/profile';
import { writeLoginLog } from './login-log';
import { CAPTCHA_WRONG_CODE, LOCK_AFTER_FAILURES, LOCK_MS, MESSAGES, type LoginBody } from './schema';

async function checkCaptcha(ctx: AppContext, body: LoginBody): Promise<void> {
  if (!ctx.config.loginCaptcha) return;
  if (!body.captcha || !body.checkKey) throw new BizError(MESSAGES.captchaInvalid);
  const outcome = await ctx.captcha.check(body.checkKey, body.captcha);
  if (outcome === 'missing') throw new BizError(MESSAGES.captchaInvalid);
  if (outcome === 'wrong') throw new BizError(MESSAGES.captchaWrong, { code: CAPTCHA_WRONG_CODE });
}

/** Counts a wrong password; the fifth in a row locks the account for ten minutes. */
async function recordFailure(ctx: AppContext, userId: string, now: Date): Promise<void> {
  const row = await ctx.db
    .updateTable('sysUser')
    .set((eb) => ({ loginFailCount: eb('loginFailCount', '+', 1) }))
    .where('id', '=', userId)
    .returning('loginFailCount')
    .executeTakeFirst();
  if (row && row.loginFailCount >= LOCK_AFTER_FAILURES) {
    await ctx.db
      .updateTable('sysUser')
      .set({ loginFailCount: 0, lockUntil: formatDateTime(new Date(now.getTime() + LOCK_MS)) })
      .where('id', '=', userId)
      .execute();
  }
}

/**
 * Signs a user in: captcha, lock-out, password, then the account state. Unknown users and wrong
 * passwords get the same answer (and the same hashing cost), so sign-in does not reveal which names exist;
 * a frozen account is only named once the right password proved who is asking.
 */
export async function login(ctx: AppContext, body: LoginBody, request: FastifyRequest) {
  await checkCaptcha(ctx, body);
  const now = ctx.clock.now();
  const user = await ctx.db
    .selectFrom('sysUser')
    .select(['id', 'username', 'password', 'status', 'lockUntil', 'orgCode', 'loginTenantId'])
    .where('username', '=', body.username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!user) {
    await verifyPassword(body.password, UNUSABLE_HASH);
    throw new BizError(MESSAGES.badCredentials);
  }
  if (user.lockUntil && user.lockUntil > formatDateTime(now)) throw new BizError(MESSAGES.locked);
  if (!(await verifyPassword(body.password, user.password))) {
    await recordFailure(ctx, user.id, now);
    throw new BizError(MESSAGES.badCredentials);
  }
  if (user.status === 2) throw new BizError(MESSAGES.frozen);
  if (user.status !== 1) throw new BizError(MESSAGES.badCredentials);

  const departs = await userDeparts(ctx.db, user.id);
  const preferred = body.loginOrgCode && departs.some((d) => d.orgCode === body.loginOrgCode) ? body.loginOrgCode : user.orgCode;
  const { multiDepart, orgCode } = chooseDepart(departs, preferred);
  const tenantList = await userTenants(ctx.db, user.id);
  const loginTenantId = tenantList.some((t) => t.id === user.loginTenantId) ? user.loginTenantId : (tenantList[0]?.id ?? 0);

  await ctx.db
    .updateTable('sysUser')
    .set({ loginFailCount: 0, lockUntil: null, orgCode, loginTenantId })
    .where('id', '=', user.id)
    .execute();
  const { token } = await ctx.tokens.issue({
    userId: user.id,
    username: user.username,
    clientIp: request.ip,
    userAgent: request.headers['user-agent'],
  });
  await writeLoginLog(ctx.db, request, { userId: user.id, username: user.username, content: `用户名: ${user.username},登录成功！`, now });

  return {
    token,
    userInfo: await loadUserInfo(ctx.db, user.id),
    departs,
    multi_depart: multiDepart,
    tenantList,
    sysAllDictItems: await allDictItems(ctx.db),
  };
}

/** Revokes the presented token at once; the token's own signature is checked first. */
export async function logout(ctx: AppContext, token: string | undefined, request: FastifyRequest): Promise<void> {
  const claims = token ? ctx.tokens.verifySignature(token) : null;
  if (!claims) throw new BizError(MESSAGES.logoutFailed);
  await ctx.tokens.store.revoke(claims.jti);
  await writeLoginLog(ctx.db, request, { userId: claims.sub, username: claims.username, content: `用户名: ${claims.username},退出成功！`, now: ctx.clock.now() });
}
