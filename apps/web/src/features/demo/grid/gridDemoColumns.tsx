// The demo grid's columns: every column type of spec/02 §3, with rules, statistics and a linked select.
import { Tag } from 'antd';
import { findPattern, REQUIRED_MESSAGE, type GridColumn } from '../../../components/editable-grid';
import { CITIES, HOBBIES, LEVELS, PROVINCES, SEXES, citiesOf, searchCities, searchDeparts, searchUsers } from './demoOptions';
import { t } from '../../../lib/i18n';

export interface DemoColumnOptions {
  selection: 'checkbox' | 'radio';
  /** The popup column's picker (a modal of products). */
  pickProduct: () => Promise<Record<string, unknown> | undefined>;
}

/** A built-in pattern rule with its default message in the current language (the grid shows the message as given). */
const builtIn = (code: string) => ({ pattern: code, message: t(findPattern(code)?.message ?? '') });

/** The columns, their titles, options and messages in the current language; call while rendering. */
export function gridDemoColumns({ selection, pickProduct }: DemoColumnOptions): GridColumn[] {
  return [
    { key: 'rowNo', title: t('序号'), type: 'row-number' },
    { key: 'rowSelect', title: '', type: selection === 'radio' ? 'row-radio' : 'row-checkbox' },
    { key: 'rowExpand', title: '', type: 'row-expand' },
    { key: 'rowDrag', title: '', type: 'row-drag-sort' },
    { key: 'secret', title: t('隐藏值'), type: 'hidden' },
    {
      key: 'name',
      title: t('名称'),
      type: 'input',
      width: 150,
      fixed: 'left',
      validateRules: [{ required: true, message: t('请输入名称') }, { unique: true, message: t('名称不能重复') }],
    },
    { key: 'phone', title: t('手机号'), type: 'input', width: 150, validateRules: [builtIn('m')] },
    { key: 'email', title: t('邮箱'), type: 'input', width: 180, validateRules: [builtIn('e')] },
    {
      key: 'quantity',
      title: t('数量'),
      type: 'inputNumber',
      width: 100,
      statistics: ['sum', 'average'],
      validateRules: [{ required: true, message: t(REQUIRED_MESSAGE) }, builtIn('z')],
    },
    { key: 'price', title: t('单价'), type: 'inputNumber', width: 110, statistics: ['sum'], validateRules: [builtIn('money')] },
    { key: 'description', title: t('描述'), type: 'textarea', width: 160 },
    { key: 'memo', title: t('备注(弹出)'), type: 'input_pop', width: 140 },
    { key: 'level', title: t('级别'), type: 'select', width: 120, options: LEVELS, validateRules: [{ required: true, message: t('请选择级别') }] },
    { key: 'hobbies', title: t('爱好'), type: 'list_multi', width: 160, options: HOBBIES },
    { key: 'city', title: t('城市'), type: 'sel_search', width: 130, options: CITIES },
    { key: 'cityAsync', title: t('城市(异步)'), type: 'sel_search_async', width: 140, loadOptions: searchCities },
    { key: 'citySearch', title: t('城市(可搜索)'), type: 'select-search', width: 140, options: CITIES },
    { key: 'cities', title: t('城市(多选)'), type: 'select-multiple', width: 160, options: CITIES },
    { key: 'province', title: t('省份'), type: 'select', width: 110, options: PROVINCES },
    { key: 'provinceCity', title: t('省内城市'), type: 'select', width: 120, linkageKey: 'province', linkage: { getOptions: citiesOf } },
    { key: 'sex', title: t('性别'), type: 'radio', width: 130, options: SEXES },
    { key: 'enabled', title: t('启用'), type: 'checkbox', width: 70, customValue: ['Y', 'N'], defaultChecked: true },
    { key: 'birthday', title: t('生日'), type: 'date' },
    { key: 'meetAt', title: t('会面时间'), type: 'datetime' },
    { key: 'startTime', title: t('开始时间'), type: 'time', width: 130 },
    { key: 'depart', title: t('部门'), type: 'sel_depart', loadOptions: searchDeparts },
    { key: 'owner', title: t('负责人'), type: 'sel_user', loadOptions: searchUsers },
    { key: 'handler', title: t('经办人(部门选人)'), type: 'sel_user', width: 200, fieldExtendJson: { multiSelect: false } },
    { key: 'handlerDepart', title: t('经办部门(选择)'), type: 'sel_depart', width: 180 },
    { key: 'attachment', title: t('附件'), type: 'upload', width: 160, token: true, responseName: 'message' },
    { key: 'contract', title: t('文件'), type: 'file', width: 160, token: true, responseName: 'message' },
    { key: 'photo', title: t('图片'), type: 'image', width: 140, token: true, responseName: 'message' },
    {
      key: 'productName',
      title: t('商品(弹出选择)'),
      type: 'popup',
      width: 150,
      orgFields: 'name,code',
      destFields: 'productName,productCode',
      onPopup: pickProduct,
    },
    { key: 'productCode', title: t('商品编码'), type: 'normal', width: 100 },
    {
      key: 'reportUser',
      title: t('负责人(报表弹窗)'),
      type: 'popup',
      width: 150,
      popupCode: 'report_user',
      orgFields: 'realname,username',
      destFields: 'reportUser,reportAccount',
    },
    { key: 'reportAccount', title: t('负责人账号'), type: 'normal', width: 110 },
    { key: 'progress', title: t('进度'), type: 'progress', width: 150 },
    { key: 'tags', title: t('标签'), type: 'tags', width: 140 },
    {
      key: 'status',
      title: t('状态(插槽)'),
      type: 'slot',
      width: 130,
      render: ({ value, setValue }) => (
        <Tag color={value === 'done' ? 'green' : 'orange'} style={{ cursor: 'pointer' }} onClick={() => setValue(value === 'done' ? 'todo' : 'done')}>
          {value === 'done' ? t('已完成') : t('进行中')}
        </Tag>
      ),
    },
    { key: 'createdBy', title: t('创建人'), type: 'normal', width: 100, fixed: 'right' },
  ];
}

/** The sample rows, their names in the current language; call while rendering. */
export const demoRows = () => DEMO_ROWS.map((row) => ({ ...row, name: t(row.name) }));

export const DEMO_ROWS = [
  { id: 'demo-1', name: '张三', phone: '13800138000', email: 'zhang@example.cn', quantity: 3, price: 12.5, level: '1', hobbies: 'read,run', city: 'bj', sex: '1', enabled: 'Y', birthday: '1990-01-02', meetAt: '2026-03-01 09:30:00', startTime: '08:00:00', progress: 30, tags: 'ab;cd', status: 'todo', createdBy: 'admin', secret: 'x1', province: 'zj', provinceCity: 'hz' },
  { id: 'demo-2', name: '李四', phone: '13900139000', email: 'li@example.cn', quantity: 5, price: 8, level: '2', hobbies: 'swim', city: 'sh', sex: '2', enabled: 'N', birthday: '1992-05-06', progress: 80, status: 'done', createdBy: 'admin', secret: 'x2' },
  { id: 'demo-3', name: '王五', phone: '12345', email: 'wang@', quantity: 2, price: 20, level: '', sex: '1', enabled: 'Y', progress: 100, status: 'todo', createdBy: 'admin', secret: 'x3' },
];
