// 第三方登录配置 (issue 16): the OpenID Connect providers users may sign in with. The client secret is
// sealed on the server and never answered: the form's secret is blank on edit, and a blank one keeps it.
import { Input, Tag, Typography } from 'antd';
import { ResourcePage, resourceApi, type ListColumn } from '../../../components/list-page';
import { formRules } from '../../../lib/formRules';
import { t } from '../../../lib/i18n';
import { appConfig } from '../../../lib/runtimeConfig';

export const THIRD_APP_PERMISSION = 'system:thirdApp';
export const THIRD_APP_API = resourceApi('/sys/thirdApp/config', ['list', 'add', 'edit', 'delete', 'queryById']);
const SECRET_MASK = '******';

interface ThirdAppRow {
  id: string;
  thirdType: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret?: string;
  scopes?: string | null;
  usernameClaim?: string | null;
  status: number;
  status_dictText?: string;
  redirectPath?: string;
}

/** The address to register at the provider as the redirect (callback) address. */
const callbackOf = (thirdType: string) => `${window.location.origin}${appConfig().apiBase}/sys/thirdLogin/callback/${thirdType || `<${t('标识')}>`}`;

const COLUMNS: ListColumn<ThirdAppRow>[] = [
  { title: '名称', dataIndex: 'name', width: 140 },
  { title: '标识', dataIndex: 'thirdType', width: 120 },
  { title: '颁发者地址', dataIndex: 'issuer', align: 'left', width: 260 },
  { title: '客户端ID', dataIndex: 'clientId', width: 160 },
  { title: '客户端密钥', dataIndex: 'clientSecret', width: 100, render: (v: string) => (v ? <Tag>{t('已设置')}</Tag> : <Tag color="default">{t('未设置')}</Tag>) },
  { title: '授权范围', dataIndex: 'scopes', width: 160 },
  { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">{t('启用')}</Tag> : <Tag>{t('停用')}</Tag>) },
  {
    title: '回调地址',
    dataIndex: 'thirdType',
    key: 'callback',
    align: 'left',
    width: 320,
    render: (v: string) => <Typography.Text copyable style={{ fontSize: 12 }}>{callbackOf(v)}</Typography.Text>,
  },
];

const STATUS_OPTIONS = [
  { label: '启用', value: 1 },
  { label: '停用', value: 0 },
];

export default function ThirdAppListPage() {
  return (
    <ResourcePage<ThirdAppRow>
      title={t('第三方登录配置', undefined, 'item')}
      permission={THIRD_APP_PERMISSION}
      api={THIRD_APP_API}
      columns={COLUMNS}
      formWidth={720}
      query={[
        { name: 'name', label: '名称', rule: 'like' },
        { name: 'thirdType', label: '标识', rule: 'like' },
      ]}
      form={[
        { name: 'id', label: 'ID', widget: 'hidden' },
        { name: 'name', label: '名称', widget: 'input', placeholder: '登录页按钮上的文字，如 学校统一身份认证', rules: formRules.required('名称', { max: 100 }) },
        {
          name: 'thirdType',
          label: '标识',
          widget: 'input',
          placeholder: '如 school_sso',
          rules: [...formRules.required('标识', { max: 32 }), { pattern: /^[a-z][a-z0-9_]{1,31}$/, message: '标识须以小写字母开头，只含小写字母、数字和下划线，2到32位' }],
        },
        {
          name: 'issuer',
          label: '颁发者地址',
          widget: 'input',
          placeholder: '如 https://sso.school.cn/realms/main（自动读取 /.well-known/openid-configuration）',
          rules: [...formRules.required('颁发者地址', { max: 500 }), { pattern: /^https?:\/\/[^\s?#]+$/, message: '颁发者地址须是 http(s) 地址，不含查询参数' }],
        },
        { name: 'clientId', label: '客户端ID', widget: 'input', rules: formRules.required('客户端ID', { max: 200 }) },
        {
          name: 'clientSecret',
          label: '客户端密钥',
          widget: 'custom',
          rules: formRules.length({ max: 500 }),
          render: ({ isEdit }) => <Input.Password autoComplete="new-password" placeholder={isEdit ? t('留空则保持原密钥') : t('公开客户端可不填')} />,
        },
        { name: 'scopes', label: '授权范围', widget: 'input', placeholder: '以空格分隔，默认 openid profile email', rules: formRules.length({ max: 500 }) },
        { name: 'usernameClaim', label: '账号字段', widget: 'input', placeholder: '显示为第三方账号名的声明，默认 preferred_username', rules: formRules.length({ max: 64 }) },
        { name: 'status', label: '状态', widget: 'select', options: STATUS_OPTIONS, initialValue: 1 },
      ]}
      toForm={(record) => ({ ...record, clientSecret: '' })}
      toBody={(values) => {
        const { clientSecret, ...rest } = values;
        return clientSecret && clientSecret !== SECRET_MASK ? { ...rest, clientSecret } : rest;
      }}
    />
  );
}
