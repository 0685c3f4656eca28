import type { FastifyRequest } from 'fastify';
import { tokenOf } from '../../../core/access';
import { hashPassword } from '../../../core/auth';
import type { AppContext } from '../../../core/context';
import { formatDateTime, newId } from '../../../core/db';
import { SEED_TENANT } from '../../../core/db/seed/organisation';
import { BizError } from '../../../core/errors';
import { logLoginFailure } from '../login/login-log';
import { MESSAGES as LOGIN_MESSAGES } from '../login/schema';
import { startSession } from '../login/service';
import { registrationOpen } from '../setting/service';
import { ACCOUNT_MESSAGES, type PasswordChangeBody, type RegisterBody } from './schema';
import { SMS_MESSAGES, SMS_MODES, type SmsCodes } from './sms-codes';

/**
 * Accounts another area makes at a number's first phone sign-in (a parent on a school's roster), wired by
 * the app: the account module knows nothing of who they are.
 */
export interface PhoneSignInHook {
  /** May a sign-in code go to this number, which no account holds? */
  canCreate(mobile: string): Promise<boolean>;
  /** Makes the account of such a number once its code is verified; answers its id, or null. */
  create(mobile: string): Promise<string | null>;
  /** After an existing account's phone sign-in is verified, before its session starts. */
  signedIn?(userId: string, mobile: string): Promise<void>;
}

const activeUserByPhone = (ctx: AppContext, phone: string) =>
  ctx.db
    .selectFrom('sysUser')
    .select(['id', 'username', 'status', 'orgCode', 'loginTenantId'])
    .where('phone', '=', phone)
    .where('delFlag', '=', 0)
    .executeTakeFirst();

/**
 * POST /sys/sms. Registration codes go only to numbers no account holds (and only while registration
 * is open); sign-in and forgotten-password codes only to an active account's number. For any other
 * number the send is counted and answered alike but nothing is sent, so the answer does not tell
 * which numbers belong to an account.
 */
export async function sendSmsCode(ctx: AppContext, codes: SmsCodes, body: { mobile: string; smsmode: string }, request: FastifyRequest, hook?: PhoneSignInHook) {
  const purpose = SMS_MODES[body.smsmode];
  if (purpose === 'register') {
    // The original client's 绑定手机号 (account settings) also asks for a registration code, signed in:
    // such a code is bound to that account and only binds a number (updateMobile), whether or not
    // registration is open.
    const token = tokenOf(request);
    const binder = token ? ((await ctx.tokens.authenticate(token))?.username ?? null) : null;
    if (!binder && !(await registrationOpen(ctx))) throw new BizError(ACCOUNT_MESSAGES.registrationOff);
    // deleted accounts keep their number (unique across the recycle bin)
    const taken = await ctx.db.selectFrom('sysUser').select('id').where('phone', '=', body.mobile).executeTakeFirst();
    if (taken) throw new BizError(ACCOUNT_MESSAGES.phoneRegistered);
    await codes.send({ mobile: body.mobile, purpose, clientIp: request.ip, username: binder });
    return;
  }
  const user = await activeUserByPhone(ctx, body.mobile);
  const deliver = (!!user && user.status === 1) || (!user && purpose === 'login' && !!hook && (await hook.canCreate(body.mobile)));
  await codes.send({ mobile: body.mobile, purpose, clientIp: request.ip, username: deliver ? (user?.username ?? null) : null, deliver });
}

/**
 * POST /sys/phoneLogin: the number's sign-in code, then the session as /sys/login answers. Wrong or
 * stale codes count like wrong passwords (per number and client address): the fifth locks the number
 * there for ten minutes. Failures are written to the login log. A number no account holds may get its
 * account made here by the hook (a parent's first sign-in).
 */
export async function phoneLogin(ctx: AppContext, codes: SmsCodes, body: { mobile: string; captcha: string; loginOrgCode?: string }, request: FastifyRequest, hook?: PhoneSignInHook) {
  const now = ctx.clock.now();
  const attempts = ctx.loginAttempts;
  const key = { username: `phone:${body.mobile}`, clientIp: request.ip };
  let user = await activeUserByPhone(ctx, body.mobile);
  try {
    if (await attempts.isLocked(key, now)) throw new BizError(LOGIN_MESSAGES.locked);
    try {
      await codes.consume({ mobile: body.mobile, purpose: 'login', code: body.captcha });
    } catch (err) {
      const lockedNow = await attempts.recordFailure(key, now);
      throw lockedNow ? new BizError(LOGIN_MESSAGES.locked) : err;
    }
    await attempts.clear(key);
    if (!user && hook && (await hook.canCreate(body.mobile))) {
      await hook.create(body.mobile);
      user = await activeUserByPhone(ctx, body.mobile);
    } else if (user?.status === 1 && hook?.signedIn) await hook.signedIn(user.id, body.mobile);
    if (!user) throw new BizError(ACCOUNT_MESSAGES.phoneLoginGone);
    if (user.status === 2) throw new BizError(LOGIN_MESSAGES.frozen);
    if (user.status !== 1) throw new BizError(ACCOUNT_MESSAGES.phoneLoginGone);
  } catch (err) {
    return logLoginFailure(ctx, request, user?.username ?? body.mobile, err);
  }
  return startSession(ctx, user, request, { loginOrgCode: body.loginOrgCode });
}

/**
 * POST /sys/user/register: only while registration is open (系统设置, read on every call); name, number and e-mail must be free,
 * then the number's registration code. The account gets no role and joins the default tenant.
 */
export async function register(ctx: AppContext, codes: SmsCodes, body: RegisterBody): Promise<void> {
  if (!(await registrationOpen(ctx))) throw new BizError(ACCOUNT_MESSAGES.registrationOff);
  const { db } = ctx;
  const taken = (column: 'username' | 'phone' | 'email', value: string) => db.selectFrom('sysUser').select('id').where(column, '=', value).executeTakeFirst();
  if (await taken('username', body.username)) throw new BizError(ACCOUNT_MESSAGES.usernameTaken);
  if (await taken('phone', body.phone)) throw new BizError(ACCOUNT_MESSAGES.phoneTaken);
  if (body.email && (await taken('email', body.email))) throw new BizError(ACCOUNT_MESSAGES.emailTaken);
  const { username: boundTo } = await codes.consume({ mobile: body.phone, purpose: 'register', code: body.smscode });
  // a code asked for by a signed-in account binds a number to it; it does not create another account
  if (boundTo) throw new BizError(SMS_MESSAGES.expired);

  const password = await hashPassword(body.password);
  const now = formatDateTime(ctx.clock.now());
  const tenant = await db.selectFrom('sysTenant').select('id').where('id', '=', SEED_TENANT.id).where('status', '=', 1).executeTakeFirst();
  const userId = newId();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('sysUser')
      .values({
        id: userId,
        username: body.username,
        realname: body.realname ?? body.username,
        password,
        phone: body.phone,
        email: body.email ?? null,
        status: 1,
        delFlag: 0,
        loginTenantId: tenant?.id ?? 0,
        createBy: body.username,
        createTime: now,
      })
      .execute();
    if (tenant) await trx.insertInto('sysUserTenant').values({ id: newId(), userId, tenantId: tenant.id, status: '1', createBy: body.username, createTime: now }).execute();
  });
}

/** POST /sys/user/phoneVerification: spends the number's forgotten-password code; that code then sets the new password. */
export async function phoneVerification(codes: SmsCodes, body: { phone: string; smscode: string }, request: FastifyRequest) {
  const { username } = await codes.consume({ mobile: body.phone, purpose: 'forgot', code: body.smscode });
  // a code is delivered only to an account's number; no name means the number belongs to nobody
  if (!username) throw new BizError(ACCOUNT_MESSAGES.noAccount);
  await codes.issueResetKey(body.phone, username, body.smscode, request.ip);
  return { username, smscode: body.smscode };
}

/**
 * The proof behind a new password: the verified forgotten-password code of the account, or else (the
 * account settings' change) a code sent by /sys/sendChangePwdSms to the signed-in account's number.
 */
async function spendPasswordKey(codes: SmsCodes, body: PasswordChangeBody): Promise<string> {
  try {
    return await codes.consumeResetKey(body.username, body.smscode);
  } catch (err) {
    if (!(err instanceof BizError) || err.message !== SMS_MESSAGES.resetExpired || !body.phone) throw err;
  }
  const { username } = await codes.consume({ mobile: body.phone, purpose: 'changePwd', code: body.smscode });
  if (username !== body.username) throw new BizError(ACCOUNT_MESSAGES.notYourCode);
  return body.phone;
}

/**
 * /sys/user/passwordChange: the verified code of the account, then the new password (the same length
 * rule as changing one's own password). Every session of the account ends at once, and its sign-in
 * locks are lifted.
 */
export async function resetPassword(ctx: AppContext, codes: SmsCodes, body: PasswordChangeBody): Promise<void> {
  const mobile = await spendPasswordKey(codes, body);
  if (body.phone && body.phone !== mobile) throw new BizError(ACCOUNT_MESSAGES.resetMismatch);
  const user = await ctx.db
    .selectFrom('sysUser')
    .select('id')
    .where('username', '=', body.username)
    .where('phone', '=', mobile)
    .where('delFlag', '=', 0)
    .executeTakeFirst();
  if (!user) throw new BizError(ACCOUNT_MESSAGES.resetMismatch);
  await ctx.db
    .updateTable('sysUser')
    .set({ password: await hashPassword(body.password), updateBy: body.username, updateTime: formatDateTime(ctx.clock.now()) })
    .where('id', '=', user.id)
    .execute();
  await ctx.tokens.revokeUser(user.id);
  await ctx.loginAttempts.clearName(body.username);
}
