import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../core/http';
import { readSettings, saveSettings, SETTING_LIMITS } from './service';

/** The 系统设置 page (seed/menus-setting.ts). */
export const SETTING_PERMISSION = { view: 'system:setting:list', edit: 'system:setting:edit' } as const;

const tags = ['系统设置'];
const editBody = z
  .object({
    registration: z.boolean({ error: '开放注册须为是或否' }).optional(),
    siteName: z.string({ error: '系统名称须为文字' }).trim().max(SETTING_LIMITS.siteName, { error: '系统名称不能超过50个字' }).optional(),
    // a file uploaded to this install (read back through /sys/common/view): the page's CSP shows no other
    siteLogo: z
      .string({ error: '系统标志须为上传的图片' })
      .trim()
      .max(SETTING_LIMITS.siteLogo, { error: '系统标志须为上传的图片' })
      .regex(/^$|^(?!\/)(?!.*\.\.)[^\s:\\?#<>"']+$/, { error: '系统标志须为上传的图片' })
      .optional(),
    footerText: z.string({ error: '页脚文字须为文字' }).trim().max(SETTING_LIMITS.footerText, { error: '页脚文字不能超过200个字' }).optional(),
  })
  .strict();

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const read = () => readSettings(ctx.db, ctx.config, ctx.clock);

  // What the sign-in and register pages show to visitors: whether registration is open, and the
  // install's name, logo and footer.
  app.get('/sys/setting/public', { config: { public: true }, schema: { tags, summary: '访客可见的系统设置（是否开放注册、系统名称、标志、页脚）' } }, async () => {
    const { registration, siteName, siteLogo, footerText } = await read();
    return ok({ registration, siteName, siteLogo, footerText });
  });

  app.get('/sys/setting/query', { config: { permission: SETTING_PERMISSION.view }, schema: { tags, summary: '系统设置' } }, async () => ok(await read()));

  app.put('/sys/setting/edit', { config: { permission: SETTING_PERMISSION.edit }, schema: { tags, summary: '修改系统设置', body: editBody } }, async (request) =>
    ok(await saveSettings(ctx.db, ctx.config, ctx.clock, request.body), '保存成功！'),
  );
};
