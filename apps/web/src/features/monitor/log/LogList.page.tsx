// 日志管理: the login log (every sign-in, refused sign-in and sign-out) and the operation log (each write:
// who, what, parameters with secrets masked, duration, outcome), searched by keyword, time and type,
// on the original's /sys/log/list and /sys/log/exportXls. The content, recorded in Chinese, shows in the
// interface language where the catalogue knows it (logContentText).
import { DatePicker, Form, Tabs, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { DictSelect, ListPage, QueryInput, useListColumns, useListPage, type ListColumn } from '../../../components/list-page';
import { t } from '../../../lib/i18n';
import { logContentText } from './logContentText';

const PERM = 'system:log';
const API = { list: '/sys/log/list', exportXls: '/sys/log/exportXls' };
type LogType = '1' | '2';

export interface LogRow {
  id: string;
  logType: number;
  logContent: string | null;
  operateType: number | null;
  operateType_dictText?: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  costTime: number | null;
  userAgent: string | null;
  outcome: string | null;
  createTime: string;
}

const dayValue = { getValueProps: (v?: string) => ({ value: v ? dayjs(v) : undefined }), normalize: (v?: dayjs.Dayjs | null) => (v ? v.format('YYYY-MM-DD') : undefined) };

function Outcome({ value }: { value: string | null }) {
  if (!value) return null;
  return value === '成功' ? <Tag color="green">{t('成功')}</Tag> : <Tag color="red">{t(value)}</Tag>;
}

function LogTable({ logType }: { logType: LogType }) {
  const list = useListPage<LogRow>({ api: API, defaultParams: { logType }, queryRules: {} });
  const base: ListColumn<LogRow>[] = [
    { title: t('日志内容'), dataIndex: 'logContent', align: 'left', ellipsis: true, render: (v: string | null) => (v ? logContentText(v) : v) },
    { title: t('操作人'), dataIndex: 'username', width: 120 },
    { title: 'IP', dataIndex: 'ip', width: 130 },
    { title: t('结果'), dataIndex: 'outcome', width: 200, render: (v: string | null) => <Outcome value={v} /> },
    { title: t('创建时间'), dataIndex: 'createTime', width: 170, sorter: true },
  ];
  const columns = useListColumns<LogRow>(
    logType === '2'
      ? [...base, { title: t('耗时(毫秒)'), dataIndex: 'costTime', width: 100 }, { title: t('操作类型'), dataIndex: 'operateType_dictText', width: 90 }]
      : [...base, { title: t('客户端'), dataIndex: 'userAgent', width: 220, ellipsis: true }],
  );
  return (
    <ListPage<LogRow>
      list={list}
      columns={columns}
      permission={PERM}
      exportName={logType === '2' ? t('操作日志') : t('登录日志')}
      selectable={false}
      tableProps={{
        expandable: {
          expandedRowRender: (r) => (
            <Typography.Paragraph style={{ margin: 0 }}>
              {r.method && <div>{t('请求方法：')}{r.method}</div>}
              {r.requestParam && <div style={{ wordBreak: 'break-all' }}>{t('请求参数：')}{r.requestParam}</div>}
              {r.userAgent && <div>{t('客户端：')}{r.userAgent}</div>}
            </Typography.Paragraph>
          ),
        },
      }}
      query={
        <>
          <QueryInput label={t('搜索日志')} name="keyWord" />
          <Form.Item label={t('开始日期')} name="createTime_begin" {...dayValue}>
            <DatePicker />
          </Form.Item>
          <Form.Item label={t('结束日期')} name="createTime_end" {...dayValue}>
            <DatePicker />
          </Form.Item>
          {logType === '2' && (
            <Form.Item label={t('操作类型')} name="operateType">
              <DictSelect dictCode="operate_type" placeholder={t('请选择操作类型')} style={{ width: 140 }} />
            </Form.Item>
          )}
        </>
      }
    />
  );
}

export default function LogListPage() {
  const [logType, setLogType] = useState<LogType>('1');
  return (
    <>
      <Tabs
        activeKey={logType}
        onChange={(k) => setLogType(k as LogType)}
        items={[
          { key: '1', label: t('登录日志') },
          { key: '2', label: t('操作日志') },
        ]}
      />
      <LogTable key={logType} logType={logType} />
    </>
  );
}
