import { resourcePage, type MenuSeed } from './menu-kit';

// Menus of 数据字典 and 字典数据源 pages (issue 4).

/** Buttons of the items panel inside the 数据字典 page (permissions of the /sys/dictItem resource). */
const DICT_ITEM_BUTTONS: Array<[action: string, name: string]> = [
  ['list', '字典项查询'],
  ['add', '添加字典项'],
  ['edit', '编辑字典项'],
  ['delete', '删除字典项'],
  ['deleteBatch', '批量删除字典项'],
];

export const DICT_MENUS: MenuSeed[] = [
  // 刷新缓存 (system:dict:refresh): flushing the server's dictionary cache (issue 10).
  ...resourcePage('system.dict', { name: '数据字典', url: '/system/dict', component: 'system/dict/index', sortNo: 8, prefix: 'system:dict', extra: [['refresh', '刷新缓存']] }),
  ...DICT_ITEM_BUTTONS.map(([action, name], i): MenuSeed => ({
    key: `system.dict.item.${action}`,
    parent: 'system.dict',
    name,
    menuType: 2,
    perms: `system:dictItem:${action}`,
    permsType: '1',
    sortNo: 20 + i,
  })),
  ...resourcePage('system.dictSource', {
    name: '字典数据源', url: '/system/dictSource', component: 'system/tableWhiteList/SysTableWhiteListList', sortNo: 9, prefix: 'system:dictSource',
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  }),
];
