// 通知公告: drafts written on the resource page, then released to everyone, chosen users or departments,
// and revoked. Released ones are read-only on the server (编辑 answers 请先撤销).
import { useState } from 'react';
import { Tag } from 'antd';
import { ResourcePage, type ListColumn } from '../../components/list-page';
import { AnnouncementModal } from '../../components/dialogs/AnnouncementModal';
import { DepartPicker, UserPicker } from '../../components/pickers';
import { http } from '../../lib/http';
import { formRules } from '../../lib/formRules';
import { t } from '../../lib/i18n';
import type { Announcement } from '../../lib/types';
import { MSG_CATEGORY_OPTIONS, MSG_TYPE_OPTIONS, NOTICE_API, NOTICE_PERMISSION, OPEN_TYPE_OPTIONS, PIN_URL, PRIORITY_COLOR, RELEASE_URL, REVOKE_URL } from './api';

export interface NoticeRow extends Announcement {
  msgAbstract?: string | null;
  msgCategory?: string;
  msgCategory_dictText?: string;
  msgType?: string;
  userIds?: string | null;
  departIds?: string | null;
  priority_dictText?: string;
  sendStatus?: string;
  sendStatus_dictText?: string;
  cancelTime?: string | null;
  izTop?: number;
  visitsNum?: number;
  startTime?: string | null;
  endTime?: string | null;
}

const MSG_TYPE_TEXT = Object.fromEntries(MSG_TYPE_OPTIONS.map((o) => [o.value, o.label]));
const STATUS_COLOR: Record<string, string> = { '0': 'default', '1': 'green', '2': 'red' };

const COLUMNS: ListColumn<NoticeRow>[] = [
  { title: '标题', dataIndex: 'titile', align: 'left', width: 200, render: (v: string, r) => (r.izTop ? <><Tag color="orange">{t('置顶')}</Tag>{v}</> : v) },
  { title: '消息类型', dataIndex: 'msgCategory_dictText', width: 100, render: (v?: string) => (v ? t(v) : v) },
  { title: '发布人', dataIndex: 'sender', width: 100 },
  { title: '优先级', dataIndex: 'priority', width: 80, render: (v: string, r) => v && <Tag color={PRIORITY_COLOR[v]}>{r.priority_dictText ? t(r.priority_dictText) : v}</Tag> },
  { title: '通告对象', dataIndex: 'msgType', width: 100, render: (v: string) => (MSG_TYPE_TEXT[v] ? t(MSG_TYPE_TEXT[v]) : v) },
  { title: '发布状态', dataIndex: 'sendStatus', width: 90, render: (v: string, r) => <Tag color={STATUS_COLOR[v]}>{r.sendStatus_dictText ? t(r.sendStatus_dictText) : v}</Tag> },
  { title: '发布时间', dataIndex: 'sendTime', width: 160 },
  { title: '撤销时间', dataIndex: 'cancelTime', width: 160 },
  { title: '阅读次数', dataIndex: 'visitsNum', width: 90 },
];

export default function NoticeListPage() {
  const [viewing, setViewing] = useState<Announcement | null>(null);
  return (
    <ResourcePage<NoticeRow>
      title="通告"
      permission={NOTICE_PERMISSION}
      api={NOTICE_API}
      columns={COLUMNS}
      formWidth={900}
      actionWidth={220}
      query={[
        { name: 'titile', label: '标题', rule: 'like' },
        { name: 'msgCategory', label: '消息类型', widget: 'dict', dictCode: 'msg_category' },
        { name: 'sendStatus', label: '发布状态', widget: 'dict', dictCode: 'send_status' },
      ]}
      form={[
        { name: 'msgCategory', label: '消息类型', widget: 'select', options: MSG_CATEGORY_OPTIONS, initialValue: '1', rules: [{ required: true, message: '请选择消息类型!' }] },
        { name: 'titile', label: '通告标题', widget: 'input', rules: formRules.required('通告标题', { max: 100 }) },
        { name: 'msgAbstract', label: '通告摘要', widget: 'textarea', rules: formRules.length({ max: 500 }) },
        { name: 'msgType', label: '接收用户', widget: 'select', options: MSG_TYPE_OPTIONS, initialValue: 'ALL', rules: [{ required: true, message: '请选择接收用户!' }] },
        {
          name: 'userIds',
          label: '指定用户',
          widget: 'custom',
          render: () => <UserPicker store="id" text="realname" />,
          visible: (v) => v.msgType === 'USER',
          rules: [{ required: true, message: '请选择指定用户!' }],
        },
        {
          name: 'departIds',
          label: '指定部门',
          widget: 'custom',
          render: () => <DepartPicker multi />,
          visible: (v) => v.msgType === 'DEPART',
          rules: [{ required: true, message: '请选择指定部门!' }],
        },
        { name: 'priority', label: '优先级别', widget: 'dict', dictCode: 'priority', initialValue: 'H' },
        { name: 'openType', label: '打开方式', widget: 'select', options: OPEN_TYPE_OPTIONS, initialValue: '' },
        { name: 'openPage', label: '打开页面', widget: 'input', visible: (v) => !!v.openType, rules: formRules.length({ max: 255 }) },
        { name: 'startTime', label: '开始时间', widget: 'datetime' },
        { name: 'endTime', label: '结束时间', widget: 'datetime' },
        { name: 'msgContent', label: '通告内容', widget: 'richText' },
      ]}
      rowActions={(row, page) => [
        { key: 'view', label: t('查看'), onClick: () => setViewing(row) },
        {
          key: 'pin',
          label: row.izTop ? t('取消置顶') : t('置顶'),
          permission: `${NOTICE_PERMISSION}:edit`,
          onClick: () => void http.put(PIN_URL, { id: row.id, izTop: row.izTop ? 0 : 1 }).then(() => page.list.reload(), () => undefined),
        },
        {
          key: 'release',
          label: t('发布'),
          permission: `${NOTICE_PERMISSION}:doReleaseData`,
          hidden: row.sendStatus === '1',
          confirm: row.sendStatus === '2' ? t('确定要再次发布吗？') : undefined,
          onClick: () => void http.get(RELEASE_URL, { id: row.id }).then(() => page.list.reload(), () => undefined),
        },
        {
          key: 'revoke',
          label: t('撤销'),
          permission: `${NOTICE_PERMISSION}:doReovkeData`,
          hidden: row.sendStatus !== '1',
          confirm: t('确定要撤销吗？'),
          onClick: () => void http.get(REVOKE_URL, { id: row.id }).then(() => page.list.reload(), () => undefined),
        },
      ]}
      extra={() => <AnnouncementModal record={viewing} onClose={() => setViewing(null)} />}
    />
  );
}
