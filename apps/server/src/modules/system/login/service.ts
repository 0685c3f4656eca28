import type { FastifyRequest } from 'fastify';
import { readTransportPassword, UNUSABLE_HASH, verifyPassword } from '../../../core/auth';
import type { AppContext } from '../../../core/context';
import { BizError } from '../../../core/errors';
import { chooseDepart, userDeparts } from '../depart/service';
import { allDictItems } from '../dict/service';
import { landingAreasOf } from '../permission/service';
import { loadUserInfo, userTenants } from '../user/profile';
import { writeLoginLog } from './login-log';
import { CAPTCHA_WRONG_CODE, MESSAGES, type DepartsBeforeLoginBody, type LoginBody } from './schema';

async function checkCaptcha(ctx: AppContext, body: { captcha?: string; checkKey?: string }, opts: { keepIfRight?: boolean } = {}): Promise<void> {
  if (!ctx.config.loginCaptcha) return;
  if (!body.captcha || !body.checkKey) throw new BizError(MESSAGES.captchaInvalid);
  const outcome = await ctx.captcha.check(body.checkKey, body.captcha, opts);
  if (outcome === 'missing') throw new BizError(MESSAGES.captchaInvalid);
  if (outcome === 'wrong') throw new BizError(MESSAGES.captchaWrong, { code: CAPTCHA_WRONG_CODE });
}

/**
 * The account behind a name and password: lock-out, password, then the account state. Failed attempts
 * are answered alike whether the name exists, is locked or not: the same message and the same work (one
 * password hash check, one lock-out lookup, one counter update), so sign-in does not reveal which names
 * exist. Lock-out is per account name AND client address (core/auth/login-attempts.ts): a lock one
 * address earned does not keep the owner out elsewhere, and it applies to unknown names the same way. A
 * frozen account is only named once the right password proved who is asking.
 */
async function checkCredentials(ctx: AppContext, username: string, sentPassword: string, request: FastifyRequest) {
  const now = ctx.clock.now();
  const attempts = ctx.loginAttempts;
  const key = { username, clientIp: request.ip };
  const user = await ctx.db
    .selectFrom('sysUser')
    .select(['id', 'username', 'password', 'status', 'orgCode', 'loginTenantId'])
    .where('username', '=', username)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  const locked = await attempts.isLocked(key, now);
  // Always hash, even for an unknown or locked name, so the answer takes the same time.
  const passwordOk = await verifyPassword(readTransportPassword(sentPassword), user?.password ?? UNUSABLE_HASH);
  if (locked) throw new BizError(MESSAGES.locked);
  if (!user || !passwordOk) {
    await attempts.recordFailure(key, now);
    throw new BizError(MESSAGES.badCredentials);
  }
  if (user.status === 2) throw new BizError(MESSAGES.frozen);
  if (user.status !== 1) throw new BizError(MESSAGES.badCredentials);
  return { user, clearFailures: () => attempts.clear(key), now };
}

/** Signs a user in: captcha, then the credentials, then the session. */
export async function login(ctx: AppContext, body: LoginBody, request: FastifyRequest) {
  await checkCaptcha(ctx, body);
  const { user, clearFailures } = await checkCredentials(ctx, body.username, body.password, request);
  await clearFailures();
  return startSession(ctx, user, request, { loginOrgCode: body.loginOrgCode });
}

/**
 * The session of a user whose identity another way has proved (password, third-party provider, CAS
 * ticket): department and tenant chosen, token issued, login log written, and the original's login
 * answer (token, userInfo, departs, multi_depart, tenantList, sysAllDictItems).
 */
export async function startSession(
  ctx: AppContext,
  user: { id: string; username: string; orgCode: string | null; loginTenantId: number | null },
  request: FastifyRequest,
  opts: { loginOrgCode?: string; how?: string } = {},
) {
  const now = ctx.clock.now();
  const departs = await userDeparts(ctx.db, user.id);
  const preferred = opts.loginOrgCode && departs.some((d) => d.orgCode === opts.loginOrgCode) ? opts.loginOrgCode : user.orgCode;
  const { multiDepart, orgCode } = chooseDepart(departs, preferred);
  const tenantList = await userTenants(ctx.db, user.id);
  const loginTenantId = (tenantList.some((t) => t.id === user.loginTenantId) ? user.loginTenantId : tenantList[0]?.id) ?? 0;

  await ctx.db
    .updateTable('sysUser')
    .set({ orgCode, loginTenantId })
    .where('id', '=', user.id)
    .execute();
  const { token } = await ctx.tokens.issue({
    userId: user.id,
    username: user.username,
    clientIp: request.ip,
    userAgent: request.headers['user-agent'],
  });
  const content = opts.how ? `用户名: ${user.username},登录成功！（${opts.how}）` : `用户名: ${user.username},登录成功！`;
  await writeLoginLog(ctx.db, request, { userId: user.id, username: user.username, content, now, tenantId: loginTenantId });

  return {
    token,
    userInfo: await loadUserInfo(ctx.db, user.id),
    departs,
    multi_depart: multiDepart,
    tenantList,
    sysAllDictItems: await allDictItems(ctx.db),
    landingAreas: await landingAreasOf(ctx.db, user.id),
  };
}

/** Revokes the presented token at once; the token's own signature is checked first. */
export async function logout(ctx: AppContext, token: string | undefined, request: FastifyRequest): Promise<void> {
  const claims = token ? ctx.tokens.verifySignature(token) : null;
  if (!claims) throw new BizError(MESSAGES.logoutFailed);
  await ctx.tokens.revoke(claims.jti);
  await writeLoginLog(ctx.db, request, { userId: claims.sub, username: claims.username, content: `用户名: ${claims.username},退出成功！`, now: ctx.clock.now() });
}

/**
 * The original client's two-step sign-in asks for the departments first (loginGetUserDeparts): the same
 * captcha and credential checks, no session. A right captcha stays usable for the sign-in that follows.
 */
export async function departsBeforeLogin(ctx: AppContext, body: DepartsBeforeLoginBody, request: FastifyRequest) {
  if (body.loginType === 'phone') throw new BizError(MESSAGES.phoneLoginUnavailable);
  await checkCaptcha(ctx, { captcha: body.inputCode ?? body.captcha, checkKey: body.checkKey }, { keepIfRight: true });
  const { user } = await checkCredentials(ctx, body.username, body.password, request);
  const departs = await userDeparts(ctx.db, user.id);
  return {
    currentOrgCode: user.orgCode,
    departs: departs.filter((d) => d.orgCode).map((d) => ({ orgCode: d.orgCode, departName: d.departName })),
  };
}
