// 消息模板: templates with ${placeholder}s (checked by the server on save), 应用/停用 (a template in use
// is neither edited nor deleted) and 发送测试.
import { useState } from 'react';
import { Tag } from 'antd';
import { ResourcePage, type ListColumn } from '../../components/list-page';
import { http } from '../../lib/http';
import { formRules } from '../../lib/formRules';
import { t } from '../../lib/i18n';
import { TEMPLATE_API, TEMPLATE_PERMISSION, type MessageTemplate } from './api';
import { SendTestDialog } from './SendTestDialog';

const COLUMNS: ListColumn<MessageTemplate>[] = [
  { title: '模板标题', dataIndex: 'templateName', align: 'left', width: 160 },
  { title: '模板编码', dataIndex: 'templateCode', width: 140 },
  { title: '模板内容', dataIndex: 'templateContent', align: 'left', width: 260, ellipsis: true },
  { title: '模板类型', dataIndex: 'templateType_dictText', width: 120, render: (v?: string) => (v ? t(v) : v) },
  { title: '是否应用', dataIndex: 'useStatus', width: 90, render: (v: string) => (v === '1' ? <Tag color="green">{t('是')}</Tag> : <Tag>{t('否')}</Tag>) },
];

const PLACEHOLDER_HELP = '用 ${参数名} 插入参数，如 ${name}同学：请于${date}前完成学习；$${ 写出字面的 ${';

export default function TemplateListPage() {
  const [testing, setTesting] = useState<MessageTemplate | null>(null);
  const setUse = (row: MessageTemplate, useStatus: '0' | '1', reload: () => void) =>
    void http.put(TEMPLATE_API.edit!, { id: row.id, useStatus }).then(reload, () => undefined);
  return (
    <ResourcePage<MessageTemplate>
      title={t('消息模板', undefined, 'item')}
      permission={TEMPLATE_PERMISSION}
      api={TEMPLATE_API}
      columns={COLUMNS}
      formWidth={800}
      actionWidth={240}
      exportName={t('消息模板')}
      query={[
        { name: 'templateName', label: '模板标题', rule: 'like' },
        { name: 'templateCode', label: '模板编码', rule: 'like' },
        { name: 'templateType', label: '模板类型', widget: 'dict', dictCode: 'msgType' },
      ]}
      form={[
        { name: 'templateName', label: '模板标题', widget: 'input', rules: formRules.required('模板标题', { max: 100 }), extra: '可含 ${参数}，是发出消息的标题' },
        { name: 'templateCode', label: '模板编码', widget: 'input', rules: formRules.required('模板编码', { max: 100 }) },
        { name: 'templateType', label: '模板类型', widget: 'dict', dictCode: 'msgType', initialValue: '4', rules: [{ required: true, message: '请选择模板类型!' }] },
        { name: 'templateContent', label: '模板内容', widget: 'textarea', rules: formRules.required('模板内容', { max: 20000 }), extra: PLACEHOLDER_HELP },
        { name: 'templateTestJson', label: '测试数据', widget: 'textarea', rules: formRules.length({ max: 20000 }), extra: '发送测试时默认的 JSON，如 {"name":"张三"}' },
      ]}
      rowActions={(row, page) => [
        { key: 'send', label: t('发送测试'), permission: `${TEMPLATE_PERMISSION}:sendMsg`, onClick: () => setTesting(row) },
        { key: 'use', label: t('应用'), permission: `${TEMPLATE_PERMISSION}:edit`, hidden: row.useStatus === '1', onClick: () => setUse(row, '1', page.list.reload) },
        { key: 'unuse', label: t('停用'), permission: `${TEMPLATE_PERMISSION}:edit`, hidden: row.useStatus !== '1', onClick: () => setUse(row, '0', page.list.reload) },
      ]}
      extra={() => <SendTestDialog template={testing} onClose={() => setTesting(null)} />}
    />
  );
}
