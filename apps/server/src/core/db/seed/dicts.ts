import { STUDENT_DICT_SEEDS } from './dicts-students';
import { MESSAGE_DICT_SEEDS } from './dicts-message';
import { OPS_DICT_SEEDS } from './dicts-ops';
import { ONLINE_FORM_DICT_SEEDS } from './dicts-online-form';
import { CLIENT_DICT_SEEDS } from './dicts-client';

// Common dictionaries of the original platform. Items: [value, text, color?].
export interface DictSeed {
  code: string;
  name: string;
  items: Array<[string, string, string?]>;
}

export const DICT_SEEDS: DictSeed[] = [
  { code: 'sex', name: '性别', items: [['1', '男'], ['2', '女']] },
  // spec/01 §3: L general, M important, H urgent.
  { code: 'priority', name: '优先级', items: [['L', '一般', 'green'], ['M', '重要', 'orange'], ['H', '紧急', 'red']] },
  { code: 'position_rank', name: '职级', items: [['1', '员级'], ['2', '助级'], ['3', '中级'], ['4', '副高级'], ['5', '正高级']] },
  { code: 'user_status', name: '用户状态', items: [['1', '正常', 'green'], ['2', '冻结', 'red']] },
  { code: 'yn', name: '是否', items: [['1', '是'], ['0', '否']] },
  { code: 'valid_status', name: '有效无效状态', items: [['1', '有效', 'green'], ['0', '无效', 'red']] },
  { code: 'menu_type', name: '菜单类型', items: [['0', '一级菜单'], ['1', '子菜单'], ['2', '按钮权限']] },
  { code: 'perms_type', name: '权限策略', items: [['1', '显示'], ['2', '禁用']] },
  { code: 'msg_category', name: '消息类型', items: [['1', '通知公告'], ['2', '系统消息']] },
  { code: 'send_status', name: '发布状态', items: [['0', '未发布'], ['1', '已发布', 'green'], ['2', '已撤销', 'red']] },
  { code: 'del_flag', name: '删除状态', items: [['0', '正常'], ['1', '已删除']] },
  { code: 'log_type', name: '日志类型', items: [['1', '登录日志'], ['2', '操作日志'], ['3', '租户操作日志'], ['4', '异常日志']] },
  {
    code: 'operate_type',
    name: '操作类型',
    items: [['1', '查询'], ['2', '添加'], ['3', '更新'], ['4', '删除'], ['5', '导入'], ['6', '导出']],
  },
  { code: 'depart_status', name: '部门状态', items: [['1', '启用'], ['0', '不启用']] },
  { code: 'tenant_status', name: '租户状态', items: [['1', '正常', 'green'], ['0', '冻结', 'red']] },
  { code: 'org_category', name: '机构类型', items: [['1', '公司'], ['2', '部门'], ['3', '岗位']] },
  { code: 'relation_type', name: '首页关联类型', items: [['ROLE', '角色'], ['USER', '用户'], ['DEFAULT', '全局默认']] },
  ...STUDENT_DICT_SEEDS,
  ...MESSAGE_DICT_SEEDS,
  ...OPS_DICT_SEEDS,
  ...ONLINE_FORM_DICT_SEEDS,
  ...CLIENT_DICT_SEEDS,
];
