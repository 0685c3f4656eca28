import { resourcePage, type MenuSeed } from './menu-kit';
import { ONLINE_DEV_MENU } from './menus-online-dev';

// Online表单开发 under 在线开发 (issue 15).
//
// The designer's buttons carry `online:cgform:<action>`. Every form then has its own rights,
// `online:form:<table_name>:<list|add|edit|delete|export|import>`: button rows the server creates when a form
// is added (modules/online/cgform/form-permission.ts) under the hidden Online表单数据 menu seeded here,
// renames when the table is renamed and removes when the form is deleted. A new form's rows are granted to
// the creator's roles that hold online:cgform:add; anybody else gets them only in 角色授权.

export const ONLINE_FORM_DESIGNER_MENU = `${ONLINE_DEV_MENU}.cgform`;
export const ONLINE_FORM_DATA_MENU = 'online.formData';

export const ONLINE_FORM_MENUS: MenuSeed[] = [
  ...resourcePage(ONLINE_FORM_DESIGNER_MENU, {
    name: 'Online表单开发',
    url: '/online/cgform',
    component: 'super/online/cgform/index',
    sortNo: 1,
    prefix: 'online:cgform',
    parent: ONLINE_DEV_MENU,
    actions: ['list', 'add', 'edit', 'delete'],
    extra: [
      ['sync', '同步数据库'],
      ['copy', '复制视图/表'],
    ],
  }),
  // not a page of its own: the parent of every form's buttons, hidden from the side menu
  { key: ONLINE_FORM_DATA_MENU, name: 'Online表单数据', url: '/online/cgformData', component: 'layouts/RouteView', menuType: 0, sortNo: 21, icon: 'ant-design:form-outlined', hidden: true },
];
