import { resourcePage, type MenuSeed } from './menu-kit';

// Menus of 分类字典, 校验规则 and 填值规则 pages (issue 4).
export const RULE_MENUS: MenuSeed[] = [
  // categories are a tree; an imported row finds its parent by its code (A01A02 under A01)
  ...resourcePage('system.category', {
    name: '分类字典',
    url: '/system/category',
    component: 'system/category/index',
    sortNo: 10,
    prefix: 'system:category',
  }),
  ...resourcePage('system.checkRule', {
    name: '校验规则',
    url: '/system/checkRule',
    component: 'system/checkRule/index',
    sortNo: 11,
    prefix: 'system:checkRule',
  }),
  ...resourcePage('system.fillRule', {
    name: '填值规则',
    url: '/system/fillRule',
    component: 'system/fillRule/index',
    sortNo: 12,
    prefix: 'system:fillRule',
    // 执行规则 (system:fillRule:execute): generating a value, which consumes a number of the sequence (issue 10)
    extra: [['execute', '执行规则']],
  }),
  // 首页配置: the home page of a role, a user or everyone (/sys/sysRoleIndex/*), the original's page
  ...resourcePage('system.roleIndex', {
    name: '首页配置',
    url: '/system/homeConfig',
    component: 'system/homeConfig/index',
    sortNo: 13,
    prefix: 'system:roleindex',
    actions: ['list', 'add', 'edit', 'delete', 'deleteBatch'],
  }),
];
