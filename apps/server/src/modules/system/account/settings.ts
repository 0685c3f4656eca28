// The account settings' phone and password changes of the original client (issue 16): a code to the
// current number, then one to the new number (changePhone); a code to the bound number for a new
// password (sendChangePwdSms, then /sys/user/passwordChange); the old password when no number is bound.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORM_PATTERNS, PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT } from '@anxue/shared';
import { z } from 'zod';
import { currentUser } from '../../../core/access';
import type { AppContext } from '../../../core/context';
import { formatDateTime } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { SEED_ADMIN_ROLE, SEED_ADMIN_USER } from '../../../core/db/seed/organisation';
import { assertAdministratorRemains } from '../role/role-members';
import { updateOwnPassword } from '../user/service';
import { SMS_MESSAGES, type SmsCodes } from './sms-codes';

const tags = ['个人设置'];
const own = { auth: true } as const;

const mobile = (required: string) => z.string({ error: required }).trim().min(1, required).regex(FORM_PATTERNS.mobile.pattern, FORM_PATTERNS.mobile.message);
const smscode = z.coerce.string({ error: '请填写验证码！' }).trim().min(1, '请填写验证码！').max(16, '验证码无效');
const TYPES = { verify: 'verifyOriginalPhone', update: 'updatePhone' } as const;

const changePwdSmsBody = z.object({ mobile: mobile('手机号不允许为空！') });
const changePhoneSmsInput = z.object({ type: z.enum([TYPES.verify, TYPES.update], { error: '类型不正确' }), phone: mobile('请填写手机号！') });
const changePhoneInput = z.object({
  type: z.enum([TYPES.verify, TYPES.update], { error: '类型不正确' }),
  phone: z.preprocess((v) => (v === '' || v === null ? undefined : v), mobile('请填写原手机号！').optional()),
  newPhone: z.preprocess((v) => (v === '' || v === null ? undefined : v), mobile('请填写新手机号！').optional()),
  smscode,
});
const updateMobileInput = z.object({ phone: mobile('请填写新手机号！'), smscode });
const logOffSmsInput = z.object({ username: z.string({ error: '发送验证码失败，用户不匹配！' }).trim().max(100), phone: mobile('请输入手机号') });
const logOffInput = z.object({ username: z.string().trim().max(100).optional(), phone: mobile('请输入手机号'), smscode });
const notBoundInput = z.object({
  username: z.string({ error: '请输入用户名' }).trim().min(1, '请输入用户名').max(100),
  oldPassword: z.string({ error: '请输入旧密码!' }).min(1, '请输入旧密码!').max(200),
  password: z.string({ error: '请输入新密码!' }).min(1, '请输入新密码!').max(200).refine((v) => [...v].length >= PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT),
});

export const SETTING_MESSAGES = {
  sent: '发送验证码成功！',
  pwdPhoneMismatch: '当前登录用户和绑定的手机号不匹配，无法修改密码！',
  oldPhoneMismatch: '旧手机号不匹配，无法修改手机号！',
  phoneRegistered: '手机号已被注册，请尝试其他手机号！',
  samePhone: '新手机号与原手机号一致，无法修改！',
  verifyOldFirst: '请先验证原手机号',
  notYourCode: '此验证码不是当前用户的！',
  phoneChanged: '修改手机号成功！',
  hasPhone: '手机号不为空，请根据手机号进行修改密码操作！',
  onlyOwn: '只允许修改自己的密码！',
  passwordChanged: '修改密码成功！',
  logOffUserMismatch: '发送验证码失败，用户不匹配！',
  logOffSmsPhoneMismatch: '当前用户手机号不匹配，无法修改！',
  logOffPhoneMismatch: '当前用户手机号不匹配，无法注销！',
  logOffFirstAdmin: '不能注销超级管理员账号',
  logOffLastAdmin: '不能注销最后一位管理员，请先为其他用户分配管理员角色',
  loggedOff: '注销成功！',
} as const;

/** Query parameters and body together (the original client joins some PUT parameters to the URL). */
function input<T extends z.ZodType>(schema: T, query: unknown, body: unknown): z.infer<T> {
  const merged = { ...(query && typeof query === 'object' ? query : {}), ...(body && typeof body === 'object' ? body : {}) };
  const res = schema.safeParse(merged);
  if (!res.success) throw new BizError(res.error.issues[0]?.message ?? '参数不正确');
  return res.data;
}

async function phoneOf(ctx: AppContext, userId: string) {
  const row = await ctx.db.selectFrom('sysUser').select(['phone', 'username']).where('id', '=', userId).executeTakeFirstOrThrow();
  return row.phone || null;
}

/** The calls that send an SMS are signed calls (SIGNED_CALLS, checked by core/auth/request-signature.ts). */
export function accountSettingRoutes(codes: SmsCodes): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;

    // a code to the caller's bound number; /sys/user/passwordChange then sets the new password with it
    app.post('/sys/sendChangePwdSms', { config: own, schema: { tags, summary: '修改密码：向绑定手机发送验证码', body: changePwdSmsBody } }, async (request) => {
      const me = currentUser(request);
      if ((await phoneOf(ctx, me.id)) !== request.body.mobile) throw new BizError(SETTING_MESSAGES.pwdPhoneMismatch);
      await codes.send({ mobile: request.body.mobile, purpose: 'changePwd', clientIp: request.ip, username: me.username });
      return ok(null, SETTING_MESSAGES.sent);
    });

    app.post('/sys/user/sendChangePhoneSms', { config: own, schema: { tags, summary: '更换手机号：向原手机号或新手机号发送验证码' } }, async (request) => {
      const me = currentUser(request);
      const body = input(changePhoneSmsInput, request.query, request.body);
      if (body.type === TYPES.verify) {
        if ((await phoneOf(ctx, me.id)) !== body.phone) throw new BizError(SETTING_MESSAGES.oldPhoneMismatch);
      } else if (await ctx.db.selectFrom('sysUser').select('id').where('phone', '=', body.phone).executeTakeFirst()) {
        throw new BizError(SETTING_MESSAGES.phoneRegistered);
      }
      await codes.send({ mobile: body.phone, purpose: 'changePhone', clientIp: request.ip, username: me.username });
      return ok(null, SETTING_MESSAGES.sent);
    });

    /** The new number with its code; the current one (if any) must have been proven just before. */
    const setNewPhone = async (me: { id: string; username: string }, newPhone: string, smscode: string, orRegisterCode = false) => {
      const current = await phoneOf(ctx, me.id);
      if (newPhone === current) throw new BizError(SETTING_MESSAGES.samePhone);
      let username: string | null;
      try {
        ({ username } = await codes.consume({ mobile: newPhone, purpose: 'changePhone', code: smscode }));
      } catch (err) {
        // the original client's 绑定手机号 asks /sys/sms (smsmode 1) for the code while signed in
        if (!orRegisterCode || !(err instanceof BizError) || err.message !== SMS_MESSAGES.expired) throw err;
        ({ username } = await codes.consume({ mobile: newPhone, purpose: 'register', code: smscode }));
      }
      if (username !== me.username) throw new BizError(SETTING_MESSAGES.notYourCode);
      if (current && !(await codes.spendPhoneChange(me.username))) throw new BizError(SETTING_MESSAGES.verifyOldFirst);
      if (await ctx.db.selectFrom('sysUser').select('id').where('phone', '=', newPhone).executeTakeFirst()) throw new BizError(SETTING_MESSAGES.phoneRegistered);
      await ctx.db
        .updateTable('sysUser')
        .set({ phone: newPhone, updateBy: me.username, updateTime: formatDateTime(ctx.clock.now()) })
        .where('id', '=', me.id)
        .execute();
    };

    // verifyOriginalPhone proves the current number (good for 10 minutes); updatePhone then sets the new
    // number with its own code. An account without a number sets one with the new number's code alone.
    app.put('/sys/user/changePhone', { config: own, schema: { tags, summary: '更换手机号' } }, async (request) => {
      const me = currentUser(request);
      const body = input(changePhoneInput, request.query, request.body);
      const current = await phoneOf(ctx, me.id);
      const spend = async (phone: string) => {
        const { username } = await codes.consume({ mobile: phone, purpose: 'changePhone', code: body.smscode });
        if (username !== me.username) throw new BizError(SETTING_MESSAGES.notYourCode);
      };
      if (current && body.phone !== current) throw new BizError(SETTING_MESSAGES.oldPhoneMismatch);
      if (body.type === TYPES.verify) {
        if (!current) throw new BizError(SETTING_MESSAGES.oldPhoneMismatch);
        await spend(current);
        await codes.grantPhoneChange(me.username, current, request.ip);
        return ok(null, SETTING_MESSAGES.phoneChanged);
      }
      if (!body.newPhone) throw new BizError('请填写新手机号！');
      await setNewPhone(me, body.newPhone, body.smscode);
      return ok(null, SETTING_MESSAGES.phoneChanged);
    });

    // 绑定手机号 of the original client: { phone: the new number, smscode } with a code from sendChangePhoneSms
    // or, as that client asks, from /sys/sms (smsmode 1) while signed in; the rules of changePhone's updatePhone.
    app.put('/sys/user/updateMobile', { config: own, schema: { tags, summary: '更换手机号（旧接口）' } }, async (request) => {
      const me = currentUser(request);
      const body = input(updateMobileInput, request.query, request.body);
      await setNewPhone(me, body.phone, body.smscode, true);
      return ok(null, SETTING_MESSAGES.phoneChanged);
    });

    // 注销 (account cancellation): a code to the caller's bound number, then userLogOff moves the account to
    // the recycle bin (an administrator can restore it) and ends every session of it. The first administrator
    // and the last active holder of the administrator role cannot cancel themselves.
    app.post('/sys/user/sendLogOffPhoneSms', { config: own, schema: { tags, summary: '注销账号：向绑定手机发送验证码' } }, async (request) => {
      const me = currentUser(request);
      const body = input(logOffSmsInput, request.query, request.body);
      if (body.username !== me.username) throw new BizError(SETTING_MESSAGES.logOffUserMismatch);
      if ((await phoneOf(ctx, me.id)) !== body.phone) throw new BizError(SETTING_MESSAGES.logOffSmsPhoneMismatch);
      await refuseLastAdministrator(me);
      await codes.send({ mobile: body.phone, purpose: 'logOff', clientIp: request.ip, username: me.username });
      return ok(null, SETTING_MESSAGES.sent);
    });

    const refuseLastAdministrator = async (me: { id: string; username: string }) => {
      if (me.username === SEED_ADMIN_USER.username) throw new BizError(SETTING_MESSAGES.logOffFirstAdmin);
      const holds = await ctx.db
        .selectFrom('sysUserRole as ur')
        .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
        .select('ur.userId')
        .where('r.roleCode', '=', SEED_ADMIN_ROLE.roleCode)
        .where('ur.userId', '=', me.id)
        .executeTakeFirst();
      if (!holds) return false;
      const other = await ctx.db
        .selectFrom('sysUserRole as ur')
        .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
        .innerJoin('sysUser as u', 'u.id', 'ur.userId')
        .select('u.id')
        .where('r.roleCode', '=', SEED_ADMIN_ROLE.roleCode)
        .where('u.id', '<>', me.id)
        .where('u.status', '=', 1)
        .where('u.delFlag', '=', 0)
        .executeTakeFirst();
      if (!other) throw new BizError(SETTING_MESSAGES.logOffLastAdmin);
      return true;
    };

    app.put('/sys/user/userLogOff', { config: own, schema: { tags, summary: '注销自己的账号（短信验证）' } }, async (request) => {
      const me = currentUser(request);
      const body = input(logOffInput, request.query, request.body);
      if (body.username !== undefined && body.username !== me.username) throw new BizError(SETTING_MESSAGES.logOffPhoneMismatch);
      if ((await phoneOf(ctx, me.id)) !== body.phone) throw new BizError(SETTING_MESSAGES.logOffPhoneMismatch);
      const administrator = await refuseLastAdministrator(me);
      const { username } = await codes.consume({ mobile: body.phone, purpose: 'logOff', code: body.smscode });
      if (username !== me.username) throw new BizError(SETTING_MESSAGES.notYourCode);
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sysUser')
          .set({ delFlag: 1, updateBy: me.username, updateTime: formatDateTime(ctx.clock.now()) })
          .where('id', '=', me.id)
          .execute();
        // two administrators cancelling at once: one of them stays
        if (administrator) {
          try {
            await assertAdministratorRemains(trx);
          } catch {
            throw new BizError(SETTING_MESSAGES.logOffLastAdmin);
          }
        }
      });
      await ctx.tokens.revokeUser(me.id);
      return ok(null, SETTING_MESSAGES.loggedOff);
    });

    // Accounts without a bound number change their password with the old one (as /sys/user/updatePassword).
    app.put('/sys/user/updatePasswordNotBindPhone', { config: own, schema: { tags, summary: '未绑定手机号时修改密码' } }, async (request) => {
      const me = currentUser(request);
      const body = input(notBoundInput, request.query, request.body);
      if (body.username !== me.username) throw new BizError(SETTING_MESSAGES.onlyOwn);
      if (await phoneOf(ctx, me.id)) throw new BizError(SETTING_MESSAGES.hasPhone);
      await updateOwnPassword(ctx, me, { username: body.username, oldpassword: body.oldPassword, password: body.password, confirmpassword: body.password }, request.ip);
      return ok(null, SETTING_MESSAGES.passwordChanged);
    });
  };
}
