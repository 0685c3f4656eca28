// The original's "switch to the Vue 3 menu table" (GET /sys/switchVue3Menu): it backed up the Vue 2 menu
// rows and replaced them with the Vue 3 ones. Here one menu table already serves the original Vue 3
// client and ours (the original's component paths, resolved by our page registry), so there is nothing
// to switch: the call answers success and changes nothing. Its client called it and reloaded the page,
// ignoring the answer. The original allowed it to administrators; here it needs the menu-edit code.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../../core/http';

export const SWITCH_VUE3_MENU_MESSAGE = '菜单已同时适用于原版 Vue3 客户端与本系统，无需切换，未做任何修改';

export const switchVue3MenuRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/switchVue3Menu',
    { config: { permission: 'system:permission:edit' }, schema: { tags: ['菜单管理'], summary: '切换为 Vue3 菜单（菜单已通用，不做修改）' } },
    async () => ok(null, SWITCH_VUE3_MENU_MESSAGE),
  );
};
