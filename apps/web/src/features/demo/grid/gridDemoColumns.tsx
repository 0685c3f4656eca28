// The demo grid's columns: every column type of spec/02 §3, with rules, statistics and a linked select.
import { Tag } from 'antd';
import type { GridColumn } from '../../../components/editable-grid';
import { CITIES, HOBBIES, LEVELS, PROVINCES, SEXES, citiesOf, searchCities, searchDeparts, searchUsers } from './demoOptions';

export interface DemoColumnOptions {
  selection: 'checkbox' | 'radio';
  /** The popup column's picker (a modal of products). */
  pickProduct: () => Promise<Record<string, unknown> | undefined>;
}

export function gridDemoColumns({ selection, pickProduct }: DemoColumnOptions): GridColumn[] {
  return [
    { key: 'rowNo', title: '序号', type: 'row-number' },
    { key: 'rowSelect', title: '', type: selection === 'radio' ? 'row-radio' : 'row-checkbox' },
    { key: 'rowExpand', title: '', type: 'row-expand' },
    { key: 'rowDrag', title: '', type: 'row-drag-sort' },
    { key: 'secret', title: '隐藏值', type: 'hidden' },
    {
      key: 'name',
      title: '名称',
      type: 'input',
      width: 150,
      fixed: 'left',
      validateRules: [{ required: true, message: '请输入名称' }, { unique: true, message: '名称不能重复' }],
    },
    { key: 'phone', title: '手机号', type: 'input', width: 150, validateRules: [{ pattern: 'm' }] },
    { key: 'email', title: '邮箱', type: 'input', width: 180, validateRules: [{ pattern: 'e' }] },
    {
      key: 'quantity',
      title: '数量',
      type: 'inputNumber',
      width: 100,
      statistics: ['sum', 'average'],
      validateRules: [{ required: true }, { pattern: 'z' }],
    },
    { key: 'price', title: '单价', type: 'inputNumber', width: 110, statistics: ['sum'], validateRules: [{ pattern: 'money' }] },
    { key: 'description', title: '描述', type: 'textarea', width: 160 },
    { key: 'memo', title: '备注(弹出)', type: 'input_pop', width: 140 },
    { key: 'level', title: '级别', type: 'select', width: 120, options: LEVELS, validateRules: [{ required: true, message: '请选择级别' }] },
    { key: 'hobbies', title: '爱好', type: 'list_multi', width: 160, options: HOBBIES },
    { key: 'city', title: '城市', type: 'sel_search', width: 130, options: CITIES },
    { key: 'cityAsync', title: '城市(异步)', type: 'sel_search_async', width: 140, loadOptions: searchCities },
    { key: 'citySearch', title: '城市(可搜索)', type: 'select-search', width: 140, options: CITIES },
    { key: 'cities', title: '城市(多选)', type: 'select-multiple', width: 160, options: CITIES },
    { key: 'province', title: '省份', type: 'select', width: 110, options: PROVINCES },
    { key: 'provinceCity', title: '省内城市', type: 'select', width: 120, linkageKey: 'province', linkage: { getOptions: citiesOf } },
    { key: 'sex', title: '性别', type: 'radio', width: 130, options: SEXES },
    { key: 'enabled', title: '启用', type: 'checkbox', width: 70, customValue: ['Y', 'N'], defaultChecked: true },
    { key: 'birthday', title: '生日', type: 'date' },
    { key: 'meetAt', title: '会面时间', type: 'datetime' },
    { key: 'startTime', title: '开始时间', type: 'time', width: 130 },
    { key: 'depart', title: '部门', type: 'sel_depart', loadOptions: searchDeparts },
    { key: 'owner', title: '负责人', type: 'sel_user', loadOptions: searchUsers },
    { key: 'handler', title: '经办人(部门选人)', type: 'sel_user', width: 200, fieldExtendJson: { multiSelect: false } },
    { key: 'handlerDepart', title: '经办部门(选择)', type: 'sel_depart', width: 180 },
    { key: 'attachment', title: '附件', type: 'upload', width: 160, token: true, responseName: 'message' },
    { key: 'contract', title: '文件', type: 'file', width: 160, token: true, responseName: 'message' },
    { key: 'photo', title: '图片', type: 'image', width: 140, token: true, responseName: 'message' },
    {
      key: 'productName',
      title: '商品(弹出选择)',
      type: 'popup',
      width: 150,
      orgFields: 'name,code',
      destFields: 'productName,productCode',
      onPopup: pickProduct,
    },
    { key: 'productCode', title: '商品编码', type: 'normal', width: 100 },
    {
      key: 'reportUser',
      title: '负责人(报表弹窗)',
      type: 'popup',
      width: 150,
      popupCode: 'report_user',
      orgFields: 'realname,username',
      destFields: 'reportUser,reportAccount',
    },
    { key: 'reportAccount', title: '负责人账号', type: 'normal', width: 110 },
    { key: 'progress', title: '进度', type: 'progress', width: 150 },
    { key: 'tags', title: '标签', type: 'tags', width: 140 },
    {
      key: 'status',
      title: '状态(插槽)',
      type: 'slot',
      width: 130,
      render: ({ value, setValue }) => (
        <Tag color={value === 'done' ? 'green' : 'orange'} style={{ cursor: 'pointer' }} onClick={() => setValue(value === 'done' ? 'todo' : 'done')}>
          {value === 'done' ? '已完成' : '进行中'}
        </Tag>
      ),
    },
    { key: 'createdBy', title: '创建人', type: 'normal', width: 100, fixed: 'right' },
  ];
}

export const DEMO_ROWS = [
  { id: 'demo-1', name: '张三', phone: '13800138000', email: 'zhang@example.cn', quantity: 3, price: 12.5, level: '1', hobbies: 'read,run', city: 'bj', sex: '1', enabled: 'Y', birthday: '1990-01-02', meetAt: '2026-03-01 09:30:00', startTime: '08:00:00', progress: 30, tags: 'ab;cd', status: 'todo', createdBy: 'admin', secret: 'x1', province: 'zj', provinceCity: 'hz' },
  { id: 'demo-2', name: '李四', phone: '13900139000', email: 'li@example.cn', quantity: 5, price: 8, level: '2', hobbies: 'swim', city: 'sh', sex: '2', enabled: 'N', birthday: '1992-05-06', progress: 80, status: 'done', createdBy: 'admin', secret: 'x2' },
  { id: 'demo-3', name: '王五', phone: '12345', email: 'wang@', quantity: 2, price: 20, level: '', sex: '1', enabled: 'Y', progress: 100, status: 'todo', createdBy: 'admin', secret: 'x3' },
];
