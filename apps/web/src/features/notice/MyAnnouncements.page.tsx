// 我的消息 (/isps/userAnnouncement): every notice sent to me, unread first; search, open one (marks it
// read), mark all read.
import { useState } from 'react';
import { Button, Form, Modal, Select, Tag } from 'antd';
import { ListPage, QueryInput, RowActions, useListColumns, useListPage, type ListColumn } from '../../components/list-page';
import { AnnouncementModal } from '../../components/dialogs/AnnouncementModal';
import { http } from '../../lib/http';
import { announceNoticesChanged } from '../../lib/noticeSocket';
import { navigateTo } from '../../lib/navigation';
import { t } from '../../lib/i18n';
import type { Announcement } from '../../lib/types';
import { MARK_READ_URL, MSG_CATEGORY_OPTIONS, MY_DELETE_URL, MY_MESSAGES_URL, PRIORITY_COLOR, READ_ALL_URL, SYNC_URL, VISIT_URL } from './api';

/** One delivery: its id is the delivery's, anntId the announcement's. */
export interface MyMessage extends Omit<Announcement, 'id'> {
  id: string;
  anntId: string;
  msgCategory: string;
  readFlag: number;
}

const CATEGORY_TEXT = Object.fromEntries(MSG_CATEGORY_OPTIONS.map((o) => [o.value, o.label]));
const PRIORITY_TEXT: Record<string, string> = { L: '一般', M: '重要', H: '紧急' };
const READ_OPTIONS = [
  { label: '未读', value: '0' },
  { label: '已读', value: '1' },
];

export default function MyAnnouncementsPage() {
  const list = useListPage<MyMessage>({ api: { list: MY_MESSAGES_URL } });
  const [detail, setDetail] = useState<Announcement | null>(null);

  const open = async (row: MyMessage) => {
    await http.put(MARK_READ_URL, { anntId: row.anntId }, { silent: true }).catch(() => undefined);
    // counted as a visit, and the caller's other tabs told to reload their bell (as the original client does)
    void http.get(VISIT_URL, { id: row.anntId }, { silent: true }).catch(() => undefined);
    void http.get(SYNC_URL, { anntId: row.anntId }, { silent: true }).catch(() => undefined);
    announceNoticesChanged();
    void list.reload();
    if (row.openType === 'component' && row.openPage) navigateTo(row.openPage);
    else setDetail({ ...row, id: row.anntId });
  };
  const remove = async (row: MyMessage) => {
    await http.delete(MY_DELETE_URL, { id: row.id });
    announceNoticesChanged();
    await list.reload();
  };
  const readAll = () =>
    Modal.confirm({
      title: t('确认操作'),
      content: t('是否全部标注已读?'),
      okText: t('确认'),
      cancelText: t('取消'),
      onOk: async () => {
        await http.put(READ_ALL_URL);
        announceNoticesChanged();
        await list.reload();
      },
    });

  const columns: ListColumn<MyMessage>[] = [
    { title: '标题', dataIndex: 'titile', align: 'left', width: 240 },
    { title: '消息类型', dataIndex: 'msgCategory', width: 100, render: (v: string) => (CATEGORY_TEXT[v] ? t(CATEGORY_TEXT[v]) : v) },
    { title: '发布人', dataIndex: 'sender', width: 100 },
    { title: '发布时间', dataIndex: 'sendTime', width: 160 },
    { title: '优先级', dataIndex: 'priority', width: 80, render: (v: string) => v && <Tag color={PRIORITY_COLOR[v]}>{PRIORITY_TEXT[v] ? t(PRIORITY_TEXT[v]) : v}</Tag> },
    { title: '阅读状态', dataIndex: 'readFlag', width: 90, render: (v: number) => (v === 1 ? <Tag>{t('已读')}</Tag> : <Tag color="red">{t('未读')}</Tag>) },
    {
      title: '操作',
      key: 'action',
      width: 120,
      render: (_v: unknown, row: MyMessage) => (
        <RowActions
          actions={[
            { key: 'view', label: t('查看'), onClick: () => void open(row) },
            { key: 'delete', label: t('删除'), confirm: t('确定从我的消息中删除吗？'), onClick: () => void remove(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <>
      <ListPage<MyMessage>
        list={list}
        columns={useListColumns<MyMessage>(columns)}
        selectable={false}
        query={[
          <QueryInput key="titile" label={t('标题')} name="titile" />,
          <QueryInput key="sender" label={t('发布人')} name="sender" />,
          <Form.Item key="msgCategory" label={t('消息类型')} name="msgCategory">
            <Select options={MSG_CATEGORY_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} placeholder={t('请选择消息类型')} allowClear style={{ width: 160 }} />
          </Form.Item>,
          <Form.Item key="readFlag" label={t('阅读状态')} name="readFlag">
            <Select options={READ_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} placeholder={t('请选择阅读状态')} allowClear style={{ width: 160 }} />
          </Form.Item>,
        ]}
        toolbar={
          <Button type="primary" onClick={readAll}>
            {t('全部标注已读')}
          </Button>
        }
      />
      <AnnouncementModal record={detail} onClose={() => setDetail(null)} />
    </>
  );
}
