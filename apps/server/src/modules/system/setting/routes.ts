import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../core/http';
import { readSettings, saveSettings } from './service';

/** The 系统设置 page (seed/menus-setting.ts). */
export const SETTING_PERMISSION = { view: 'system:setting:list', edit: 'system:setting:edit' } as const;

const tags = ['系统设置'];
const editBody = z.object({ registration: z.boolean({ error: '开放注册须为是或否' }).optional() }).strict();

export const settingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const read = () => readSettings(ctx.db, ctx.config, ctx.clock);

  // What the sign-in and register pages show to visitors: whether registration is open.
  app.get('/sys/setting/public', { config: { public: true }, schema: { tags, summary: '访客可见的系统设置（是否开放注册）' } }, async () =>
    ok({ registration: (await read()).registration }),
  );

  app.get('/sys/setting/query', { config: { permission: SETTING_PERMISSION.view }, schema: { tags, summary: '系统设置' } }, async () => ok(await read()));

  app.put('/sys/setting/edit', { config: { permission: SETTING_PERMISSION.edit }, schema: { tags, summary: '修改系统设置', body: editBody } }, async (request) =>
    ok(await saveSettings(ctx.db, ctx.config, ctx.clock, request.body), '保存成功！'),
  );
};
