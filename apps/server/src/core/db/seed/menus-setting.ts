import { resourcePage, type MenuSeed } from './menu-kit';

// 系统设置 under 系统管理 (issue 16): install-wide switches such as self-registration
// (modules/system/setting). 查询 reads them, 编辑 changes them.
export const SETTING_MENUS: MenuSeed[] = resourcePage('system.setting', {
  name: '系统设置',
  url: '/system/setting',
  component: 'system/setting/SystemSettings',
  sortNo: 13,
  prefix: 'system:setting',
  actions: ['list', 'edit'],
});
