// The shape of a seeded menu and the helper that gives a resource list page its buttons.

export interface MenuSeed {
  key: string;
  parent?: string;
  name: string;
  url?: string;
  component?: string;
  componentName?: string;
  redirect?: string;
  /** 0 top menu, 1 sub menu, 2 button. */
  menuType: 0 | 1 | 2;
  perms?: string;
  permsType?: '1' | '2';
  sortNo: number;
  icon?: string;
  keepAlive?: boolean;
  hidden?: boolean;
  alwaysShow?: boolean;
  isRoute?: boolean;
}


const CRUD_BUTTONS: Array<[action: string, name: string]> = [
  ['list', '查询'],
  ['add', '添加'],
  ['edit', '编辑'],
  ['delete', '删除'],
  ['deleteBatch', '批量删除'],
  ['exportXls', '导出'],
  ['importExcel', '导入'],
];

/** A list page of the resource framework: its menu and one button per action (`<prefix>:<action>`). */
export function resourcePage(
  key: string,
  page: { name: string; url: string; component: string; sortNo: number; prefix: string; extra?: Array<[action: string, name: string]>; actions?: string[]; parent?: string },
): MenuSeed[] {
  const buttons = CRUD_BUTTONS.filter(([a]) => !page.actions || page.actions.includes(a)).concat(page.extra ?? []);
  return [
    { key, parent: page.parent ?? 'system', name: page.name, url: page.url, component: page.component, menuType: 1, sortNo: page.sortNo, keepAlive: true },
    ...buttons.map(([action, name], i): MenuSeed => ({ key: `${key}.${action}`, parent: key, name, menuType: 2, perms: `${page.prefix}:${action}`, permsType: '1', sortNo: i + 1 })),
  ];
}
