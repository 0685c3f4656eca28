// 多数据源管理: external PostgreSQL, MySQL/MariaDB and SQLite databases that online reports read. The
// server never answers a stored password: the form's password is blank on edit, and a blank one keeps it.
import { Alert, Form, Input, Tag } from 'antd';
import { ResourcePage, type ListColumn } from '../../../components/list-page';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';
import { ConnectionTest } from './ConnectionTest';
import { ADDRESS_HINT, DATA_SOURCE_API, DATA_SOURCE_PERMISSION, DB_TYPE_OPTIONS, formDbType, PASSWORD_MASK, type DataSourceRow } from './api';

/** The 表白名单 bounds reports on the install's own database only: here the account itself is the bound. */
const RIGHTS_NOTE = '报表在该数据源上能读取的，就是这个数据库账号（SQLite 为这个文件）能读取的全部内容：请使用只读、只授权报表所需表的账号。';

const COLUMNS: ListColumn<DataSourceRow>[] = [
  { title: '数据源编码', dataIndex: 'code', width: 140 },
  { title: '数据源名称', dataIndex: 'name', width: 160 },
  { title: '数据库类型', dataIndex: 'dbType_dictText', width: 130 },
  { title: '数据源地址', dataIndex: 'dbUrl', align: 'left', width: 280 },
  { title: '数据库名称', dataIndex: 'dbName', width: 120 },
  { title: '用户名', dataIndex: 'dbUsername', width: 120 },
  { title: '密码', dataIndex: 'dbPassword', width: 90, render: (v: string) => (v ? <Tag>{t('已设置')}</Tag> : <Tag color="default">{t('未设置')}</Tag>) },
  { title: '备注', dataIndex: 'remark', width: 160 },
];

export default function DataSourceListPage() {
  return (
    <ResourcePage<DataSourceRow>
      title="数据源"
      permission={DATA_SOURCE_PERMISSION}
      api={DATA_SOURCE_API}
      columns={COLUMNS}
      formWidth={760}
      query={[
        { name: 'code', label: '数据源编码', rule: 'like' },
        { name: 'name', label: '数据源名称', rule: 'like' },
        { name: 'dbType', label: '数据库类型', widget: 'select', options: DB_TYPE_OPTIONS },
      ]}
      form={[
        { name: 'id', label: 'ID', widget: 'hidden' },
        {
          name: 'code',
          label: '数据源编码',
          widget: 'input',
          rules: [...formRules.required('数据源编码', { max: 100 }), { pattern: /^[A-Za-z0-9_-]+$/, message: '数据源编码只能包含字母、数字、下划线和短横线' }],
        },
        { name: 'name', label: '数据源名称', widget: 'input', rules: formRules.required('数据源名称', { max: 100 }) },
        { name: 'dbType', label: '数据库类型', widget: 'select', options: DB_TYPE_OPTIONS, initialValue: 'postgresql', rules: formRules.requiredSelect('数据库类型') },
        { key: 'address', section: () => <AddressField /> },
        { name: 'dbName', label: '数据库名称', widget: 'input', placeholder: '不填则取地址中的库名', visible: (v) => v.dbType !== 'sqlite', rules: formRules.length({ max: 100 }) },
        { name: 'dbUsername', label: '用户名', widget: 'input', visible: (v) => v.dbType !== 'sqlite', rules: formRules.length({ max: 100 }) },
        {
          name: 'dbPassword',
          label: '密码',
          widget: 'custom',
          visible: (v) => v.dbType !== 'sqlite',
          rules: formRules.length({ max: 200 }),
          render: ({ isEdit }) => <Input.Password autoComplete="new-password" placeholder={isEdit ? t('留空则保持原密码') : t('请输入密码')} />,
        },
        { name: 'remark', label: '备注', widget: 'textarea', rules: formRules.length({ max: 500 }) },
        { key: 'rights', section: () => <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t(RIGHTS_NOTE)} /> },
        { key: 'test', section: ({ form }) => <ConnectionTest form={form} /> },
      ]}
      // the stored password never reaches the form; a blank (or the mask) leaves it as stored. A new
      // record keeps the form's initial type.
      toForm={(record) => ({ ...record, ...(record.dbType ? { dbType: formDbType(record.dbType) } : {}), dbPassword: '' })}
      toBody={(values) => {
        const { dbPassword, ...rest } = values;
        return dbPassword && dbPassword !== PASSWORD_MASK ? { ...rest, dbPassword } : rest;
      }}
    />
  );
}

/** The address, with a hint that follows the chosen database type. */
function AddressField() {
  return (
    <Form.Item noStyle shouldUpdate={(a, b) => a.dbType !== b.dbType}>
      {({ getFieldValue }) => {
        const kind = (getFieldValue('dbType') as string | undefined) ?? '';
        return (
          <Form.Item label={t('数据源地址')} name="dbUrl" rules={formRules.required('数据源地址', { max: 500 })} extra={ADDRESS_HINT[kind] && t(ADDRESS_HINT[kind])}>
            <Input placeholder={kind === 'sqlite' ? t('例如 reports/sales.db') : t('例如 postgresql://127.0.0.1:5432/mydb')} />
          </Form.Item>
        );
      }}
    </Form.Item>
  );
}
