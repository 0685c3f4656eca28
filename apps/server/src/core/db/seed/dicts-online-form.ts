import type { DictSeed } from './dicts';

// Dictionaries of Online表单开发 (issue 15), the original's codes and values (the designer's list reads
// cgform_table_type to show 单表/主表/附表).
// Online图表's editor in the original client reads online_graph_type, online_graph_data_type (only SQL data
// is offered here) and online_graph_display_template.
export const ONLINE_FORM_DICT_SEEDS: DictSeed[] = [
  { code: 'cgform_table_type', name: 'Online表单类型', items: [['1', '单表'], ['2', '主表'], ['3', '附表']] },
  { code: 'online_graph_type', name: 'Online图表类型', items: [['bar', '柱状图'], ['line', '曲线图'], ['pie', '饼图'], ['table', '数据列表']] },
  { code: 'online_graph_data_type', name: 'Online图表数据类型', items: [['sql', 'SQL']] },
  { code: 'online_graph_display_template', name: 'Online图表展示模板', items: [['tab', 'Tab风格'], ['single', '单排布局'], ['double', '双排布局']] },
];
