// 消息管理: every message queued or sent, with its status, tries and the last error. 添加 queues one
// (from a template with its parameters, or a title and content); the server's timer sends it and retries
// failures after 1, 5 and 15 minutes.
import { useState } from 'react';
import { Descriptions, Modal, Tag } from 'antd';
import { ResourcePage, type ListColumn } from '../../components/list-page';
import { formRules } from '../../lib/formRules';
import { t } from '../../lib/i18n';
import { MESSAGE_API, MESSAGE_PERMISSION, RECEIVER_HINT, type MessageRow } from './api';

const STATUS_COLOR: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'red' };

const COLUMNS: ListColumn<MessageRow>[] = [
  { title: '消息标题', dataIndex: 'esTitle', align: 'left', width: 160 },
  { title: '发送内容', dataIndex: 'esContent', align: 'left', width: 220, ellipsis: true },
  { title: '接收人', dataIndex: 'esReceiver', width: 160 },
  { title: '发送次数', dataIndex: 'esSendNum', width: 90 },
  { title: '发送状态', dataIndex: 'esSendStatus', width: 100, render: (v: string, r) => <Tag color={STATUS_COLOR[v]}>{r.esSendStatus_dictText ? t(r.esSendStatus_dictText) : v}</Tag> },
  { title: '发送时间', dataIndex: 'esSendTime', width: 160 },
  { title: '发送方式', dataIndex: 'esType_dictText', width: 100, render: (v?: string) => (v ? t(v) : v) },
];

function MessageDetail({ row, onClose }: { row: MessageRow | null; onClose: () => void }) {
  return (
    <Modal open={!!row} title={t('消息详情')} width={720} footer={null} onCancel={onClose}>
      {row && (
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('消息标题')}>{row.esTitle}</Descriptions.Item>
          <Descriptions.Item label={t('发送内容')}>
            <div style={{ whiteSpace: 'pre-wrap' }}>{row.esContent}</div>
          </Descriptions.Item>
          <Descriptions.Item label={t('发送参数')}>{row.esParam}</Descriptions.Item>
          <Descriptions.Item label={t('接收人')}>{row.esReceiver}</Descriptions.Item>
          <Descriptions.Item label={t('发送方式')}>{row.esType_dictText ? t(row.esType_dictText) : row.esType}</Descriptions.Item>
          <Descriptions.Item label={t('发送状态')}>{row.esSendStatus_dictText ? t(row.esSendStatus_dictText) : row.esSendStatus}</Descriptions.Item>
          <Descriptions.Item label={t('发送次数')}>{row.esSendNum}</Descriptions.Item>
          <Descriptions.Item label={t('发送时间')}>{row.esSendTime}</Descriptions.Item>
          {row.nextTryTime && row.esSendStatus === '0' && <Descriptions.Item label={t('下次发送')}>{row.nextTryTime}</Descriptions.Item>}
          <Descriptions.Item label={t('发送失败原因')}>{row.esResult}</Descriptions.Item>
          <Descriptions.Item label={t('备注')}>{row.remark}</Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}

export default function MessageListPage() {
  const [viewing, setViewing] = useState<MessageRow | null>(null);
  return (
    <ResourcePage<MessageRow>
      title="消息"
      permission={MESSAGE_PERMISSION}
      api={MESSAGE_API}
      columns={COLUMNS}
      formWidth={720}
      exportName={t('消息')}
      query={[
        { name: 'esTitle', label: '消息标题', rule: 'like' },
        { name: 'esSendStatus', label: '发送状态', widget: 'dict', dictCode: 'msgSendStatus' },
        { name: 'esType', label: '发送方式', widget: 'dict', dictCode: 'messageType' },
      ]}
      form={[
        { name: 'esType', label: '发送方式', widget: 'dict', dictCode: 'messageType', initialValue: 'system', rules: [{ required: true, message: '请选择发送方式!' }] },
        { name: 'esReceiver', label: '接收人', widget: 'input', rules: formRules.required('接收人', { max: 500 }), extra: Object.values(RECEIVER_HINT).map((hint) => t(hint)).join(t('；')) },
        { name: 'templateCode', label: '模板编码', widget: 'input', rules: formRules.length({ max: 100 }), extra: '填写时按模板和发送参数生成标题与内容' },
        { name: 'esParam', label: '发送参数', widget: 'textarea', rules: formRules.length({ max: 20000 }), visible: (v) => !!v.templateCode },
        { name: 'esTitle', label: '消息标题', widget: 'input', rules: formRules.length({ max: 255 }), visible: (v) => !v.templateCode },
        { name: 'esContent', label: '发送内容', widget: 'textarea', rules: formRules.length({ max: 20000 }), visible: (v) => !v.templateCode },
        { name: 'remark', label: '备注', widget: 'textarea', rules: formRules.length({ max: 500 }) },
      ]}
      rowActions={(row) => [{ key: 'view', label: t('详情'), onClick: () => setViewing(row) }]}
      extra={() => <MessageDetail row={viewing} onClose={() => setViewing(null)} />}
    />
  );
}
