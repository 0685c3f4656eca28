import type { MenuSeed } from './menu-kit';

// 应用版本 (modules/system/appversion): saving the mobile app's release is a button of 系统设置, under
// the original client's code. The release itself is public (the app asks before signing in).
export const APP_VERSION_MENUS: MenuSeed[] = [
  { key: 'system.setting.appVersion', parent: 'system.setting', name: '应用版本编辑', menuType: 2, perms: 'app:edit:version', permsType: '1', sortNo: 10 },
];
