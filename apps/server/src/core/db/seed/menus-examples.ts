import type { MenuSeed } from './menu-kit';

// Issue 17: the 任务页 and 图表页 dashboards, the 示例页面 group (forms, lists, profiles, results and
// exception pages, as the original's page demos) and three more 组件示例 pages (print, split panel, report
// charts). Pages without buttons: like the other demo pages they reach whoever is given the menu.
const page = (key: string, parent: string, name: string, url: string, component: string, sortNo: number): MenuSeed => ({
  key, parent, name, url, component, menuType: 1, sortNo,
});
const group = (key: string, name: string, url: string, redirect: string, sortNo: number): MenuSeed => ({
  key, parent: 'examples', name, url, component: 'layouts/RouteView', redirect, menuType: 1, sortNo,
});

export const EXAMPLE_MENUS: MenuSeed[] = [
  page('dashboard.task', 'dashboard', '任务页', '/dashboard/task', 'dashboard/Task', 3),
  page('dashboard.chart', 'dashboard', '图表页', '/dashboard/chart', 'dashboard/Chart', 4),

  { key: 'examples', name: '示例页面', url: '/examples', component: 'layouts/RouteView', redirect: '/examples/form/basic', menuType: 0, sortNo: 7, icon: 'ant-design:profile-outlined' },
  group('examples.form', '表单页', '/examples/form', '/examples/form/basic', 1),
  page('examples.form.basic', 'examples.form', '基础表单', '/examples/form/basic', 'demo/examples/form/BasicForm', 1),
  page('examples.form.step', 'examples.form', '分步表单', '/examples/form/step', 'demo/examples/form/StepForm', 2),
  page('examples.form.advanced', 'examples.form', '高级表单', '/examples/form/advanced', 'demo/examples/form/AdvancedForm', 3),
  group('examples.list', '列表页', '/examples/list', '/examples/list/table', 2),
  page('examples.list.table', 'examples.list', '查询表格', '/examples/list/table', 'demo/examples/list/TableList', 1),
  page('examples.list.standard', 'examples.list', '标准列表', '/examples/list/standard', 'demo/examples/list/StandardList', 2),
  page('examples.list.card', 'examples.list', '卡片列表', '/examples/list/card', 'demo/examples/list/CardList', 3),
  page('examples.list.search', 'examples.list', '搜索列表', '/examples/list/search', 'demo/examples/list/SearchList', 4),
  group('examples.profile', '详情页', '/examples/profile', '/examples/profile/basic', 3),
  page('examples.profile.basic', 'examples.profile', '基础详情页', '/examples/profile/basic', 'demo/examples/profile/BasicProfile', 1),
  page('examples.profile.advanced', 'examples.profile', '高级详情页', '/examples/profile/advanced', 'demo/examples/profile/AdvancedProfile', 2),
  group('examples.result', '结果页', '/examples/result', '/examples/result/success', 4),
  page('examples.result.success', 'examples.result', '成功页', '/examples/result/success', 'demo/examples/result/Success', 1),
  page('examples.result.fail', 'examples.result', '失败页', '/examples/result/fail', 'demo/examples/result/Fail', 2),
  group('examples.exception', '异常页', '/examples/exception', '/examples/exception/403', 5),
  page('examples.exception.403', 'examples.exception', '403', '/examples/exception/403', 'demo/examples/exception/Exception403', 1),
  page('examples.exception.404', 'examples.exception', '404', '/examples/exception/404', 'demo/examples/exception/Exception404', 2),
  page('examples.exception.500', 'examples.exception', '500', '/examples/exception/500', 'demo/examples/exception/Exception500', 3),

  page('demo.print', 'demo', '打印', '/demo/print', 'demo/print/Print', 4),
  page('demo.split', 'demo', '分割面板', '/demo/split', 'demo/split/SplitPanel', 5),
  page('demo.charts', 'demo', '报表图表', '/demo/charts', 'demo/charts/ReportCharts', 6),
  page('demo.pdf', 'demo', 'PDF预览', '/demo/pdf', 'demo/pdf/PdfPreview', 7),
];
