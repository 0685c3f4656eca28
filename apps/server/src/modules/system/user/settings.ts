import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FORM_PATTERNS } from '@anxue/shared';
import { z } from 'zod';
import { currentUser, whereTenant } from '../../../core/access';
import { callerOf } from '../../../core/crud';
import { formatDateTime, type Db } from '../../../core/db';
import { BizError } from '../../../core/errors';
import { ok } from '../../../core/http';
import { loadUserInfo } from './profile';
import { AVATAR_PATH } from './resource';

const tags = ['个人设置'];

// '' or null leave a field as it is, as the original's app edit does
const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const realname = z.preprocess(blank, z.string().trim().min(1, '姓名不能为空').max(100, '姓名过长').optional());
const avatar = z.preprocess(blank, AVATAR_PATH.max(255, '头像地址过长').optional());
const sex = z.preprocess(blank, z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)], { error: '性别只能是男或女' })).optional());
const birthday = z.preprocess(
  blank,
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}(?:[ T][\d:.]+Z?)?$/, '生日格式不正确')
    .transform((v) => v.slice(0, 10))
    .optional(),
);

/**
 * What a signed-in user may change of their own record from the settings page: name, avatar, sex and
 * birthday. The original's setting edit saves whatever the body holds (status, password, roles' fields);
 * here every other key is dropped. The app edit (below) also takes the e-mail, unique as everywhere, but
 * never a new phone number: a number signs in by SMS code (/sys/phoneLogin), so it changes only through
 * the SMS-proven flows (changePhone, updateMobile). The original's 基本设置 form sends the number it
 * shows along with the rest; the current number (or a blank one) is accepted and left as it is.
 */
const settingBody = z.object({ id: z.string().max(64).optional(), realname, avatar, sex, birthday });
const appBody = settingBody.extend({
  phone: z.preprocess(blank, z.string().trim().regex(FORM_PATTERNS.mobile.pattern, FORM_PATTERNS.mobile.message).optional()),
  email: z.preprocess(blank, z.string().trim().max(45, '邮箱过长').regex(FORM_PATTERNS.email.pattern, FORM_PATTERNS.email.message).optional()),
});
type AppBody = z.infer<typeof appBody>;

export const PHONE_BY_CODE = '手机号请通过短信验证码修改（个人设置 → 手机号）';

/** Writes the given fields to the caller's own record; refuses another user's id and taken phone/e-mail. */
async function editOwn(db: Db, me: { id: string; username: string }, body: AppBody) {
  if (body.id && body.id !== me.id) throw new BizError('只能修改自己的数据');
  const changes: Record<string, unknown> = {};
  for (const k of ['realname', 'avatar', 'sex', 'birthday', 'email'] as const) if (body[k] !== undefined) changes[k] = body[k];
  if (body.phone) {
    const current = await db.selectFrom('sysUser').select('phone').where('id', '=', me.id).executeTakeFirst();
    if ((current?.phone ?? '') !== body.phone) throw new BizError(PHONE_BY_CODE);
  }
  // deleted users count too: the database keeps e-mail unique across the recycle bin
  if (body.email && (await db.selectFrom('sysUser').select('id').where('email', '=', body.email).where('id', '<>', me.id).executeTakeFirst())) throw new BizError('保存失败，邮箱已存在!');
  if (!Object.keys(changes).length) return;
  await db
    .updateTable('sysUser')
    .set({ ...changes, updateBy: me.username, updateTime: formatDateTime(new Date()) })
    .where('id', '=', me.id)
    .execute();
}

/** The signed-in user's own settings (the original's /sys/user/login/setting/* and the app's appEdit). */
export const userSettingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const own = { auth: true } as const;

  app.get('/sys/user/login/setting/getUserData', { config: own, schema: { tags, summary: '当前用户的资料（个人设置）' } }, async (req) => {
    const me = currentUser(req);
    const info = await loadUserInfo(db, me.id);
    if (!info) throw new BizError('未找到该用户数据');
    const extra = await db.selectFrom('sysUser').select(['post', 'departIds']).where('id', '=', me.id).executeTakeFirstOrThrow();
    const codes = (extra.post ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    const positions = codes.length ? await whereTenant(db.selectFrom('sysPosition').select(['code', 'name']).where('code', 'in', codes), callerOf(req)).execute() : [];
    const names = codes.map((c) => positions.find((p) => p.code === c)?.name).filter(Boolean);
    return ok({ ...info, post: extra.post, postText: names.length ? names.join(' | ') : null, departIds: extra.departIds });
  });

  app.post('/sys/user/login/setting/userEdit', { config: own, schema: { tags, summary: '修改自己的姓名、头像、性别、生日', body: settingBody } }, async (req) => {
    await editOwn(db, currentUser(req), req.body);
    return ok(null, '更新个人信息成功');
  });

  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/user/appEdit',
    config: own,
    schema: { tags, summary: '移动端修改自己的资料（含手机、邮箱）', body: appBody },
    handler: async (req) => {
      const me = currentUser(req);
      await editOwn(db, me, req.body);
      return ok(await loadUserInfo(db, me.id), '保存成功!');
    },
  });
};
