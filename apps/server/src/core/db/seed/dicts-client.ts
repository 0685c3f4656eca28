import type { DictSeed } from './dicts';

// Dictionaries the original 3.9 client reads by code on its system, message and tenant pages (dictCode,
// initDictOptions, getDictItemsByCode from sysAllDictItems), with the original's items. rangeDate and
// messageHref are enum dictionaries there (RangeDateEnum, Vue3MessageHrefEnum): 我的消息 and the bell spread
// messageHref and fail without it.
export const CLIENT_DICT_SEEDS: DictSeed[] = [
  {
    code: 'rangeDate',
    name: '日期范围',
    items: [['jt', '今天'], ['zt', '昨天'], ['qt', '前天'], ['bz', '本周'], ['sz', '上周'], ['by', '本月'], ['sy', '上月'], ['7day', '7日'], ['zdy', '自定义日期']],
  },
  {
    code: 'messageHref',
    name: '消息跳转地址',
    items: [['bpm', '/task/myHandleTaskInfo'], ['bpm_msg_node', ''], ['bpm_cc', '/task/myHandleTaskInfo'], ['bpm_task', '/task/myHandleTaskInfo'], ['email', '/eoa/email']],
  },
  {
    code: 'notice_type',
    name: '公告分类',
    items: [['1', '发布性通知'], ['2', '转发性通知'], ['3', '指示性通知'], ['4', '任免性通知'], ['5', '事务性（周知）通知'], ['6', '会议通知'], ['7', '其他通知']],
  },
  { code: 'msg_type', name: '推送类别', items: [['USER', '指定用户'], ['ALL', '全体用户']] },
  { code: 'msgCategory', name: '模版分类', items: [['notice', '通知公告'], ['other', '其他']] },
  { code: 'dict_item_status', name: '字典状态', items: [['1', '启用'], ['0', '不启用']] },
  { code: 'user_position', name: '用户职务', items: [['0', '董事长'], ['1', '总经理'], ['2', '副总经理'], ['3', '部长'], ['4', '副部长'], ['5', '职员']] },
  { code: 'activiti_sync', name: '同步工作流引擎', items: [['1', '同步'], ['0', '不同步']] },
  {
    code: 'trade',
    name: '所属行业',
    items: [
      ['1', '信息传输、软件和信息技术服务业'], ['2', '制造业'], ['3', '租赁和商务服务业'], ['4', '教育'], ['5', '金融业'], ['6', '建筑业'],
      ['7', '科学研究和技术服务业'], ['8', '批发和零售业'], ['9', '住宿和餐饮业'], ['10', '电子商务'], ['11', '线下零售与服务业'],
      ['12', '文化、体育和娱乐业'], ['13', '房地产业'], ['14', '交通运输、仓储和邮政业'], ['15', '卫生和社会工作'], ['16', '公共管理、社会保障和社会组织'],
      ['18', '电力、热力、燃气及水生产和供应业'], ['19', '水利、环境和公共设施管理业'], ['20', '居民服务、修理和其他服务业'], ['21', '政府机构'],
      ['22', '农、林、牧、渔业'], ['23', '采矿业'], ['24', '国际组织'], ['25', '其他'],
    ],
  },
  { code: 'company_size', name: '公司规模', items: [['1', '20人以下'], ['2', '21-99人'], ['3', '100-499人'], ['4', '500-999人'], ['5', '1000-9999人'], ['6', '10000人以上']] },
  { code: 'company_rank', name: '职级', items: [['1', '总裁/总经理/CEO'], ['2', '副总裁/副总经理/VP'], ['3', '总监/主管/经理'], ['4', '员工/专员/执行'], ['5', '其他']] },
  {
    code: 'company_department',
    name: '公司部门',
    items: [['1', '总经办'], ['2', '技术/IT/研发'], ['3', '产品/设计'], ['4', '销售/市场/运营'], ['5', '人事/财务/行政'], ['6', '资源/仓储/采购'], ['7', '其他']],
  },
  {
    code: 'database_type',
    name: '数据库类型',
    items: [
      ['1', 'MySQL5.5'], ['4', 'MYSQL5.7+'], ['2', 'Oracle'], ['3', 'SQLServer'], ['6', 'postgresql'], ['5', 'marialDB'], ['7', '达梦'], ['8', '人大金仓'],
      ['9', '神通'], ['10', 'SQLite'], ['11', 'DB2'], ['12', 'Hsqldb'], ['13', 'Derby'], ['14', 'H2'], ['15', '其他数据库'],
    ],
  },
  { code: 'ol_form_biz_type', name: 'Online表单业务分类', items: [['demo', '官方示例'], ['bpm', '流程表单'], ['temp', '测试表单'], ['bdfl_include', '导入表单']] },
];
