import { resourcePage, type MenuSeed } from './menu-kit';

// Third-party sign-in (issue 16): 第三方登录配置 under 系统管理 (the OpenID Connect providers), and
// 账号绑定 under 个人页 (the signed-in user's own linked accounts; its calls need only a session).
export const THIRD_LOGIN_MENUS: MenuSeed[] = [
  ...resourcePage('system.thirdapp', {
    name: '第三方登录配置',
    url: '/system/thirdapp',
    component: 'system/thirdapp/ThirdAppList',
    sortNo: 12,
    prefix: 'system:thirdApp',
    actions: ['list', 'add', 'edit', 'delete'],
  }),
  { key: 'account.binding', parent: 'account', name: '账号绑定', url: '/account/settings/binding', component: 'account/settings/Binding', menuType: 1, sortNo: 3 },
];
