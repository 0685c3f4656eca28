// 请求追踪: the last requests this node answered (secrets in the query masked by the server), with the
// original's status filter and sort by time taken.
import { Button, Card, Radio, Space, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { usePhoneTable } from '../../../components/list-page';
import { loadTraces, REFRESH_MS, type TraceEntry } from './monitorApi';
import { currentLocale, t } from '../../../lib/i18n';

// preset tag colours (dark text on a light tint): white on the original's bright hexes is unreadable
const METHOD_COLOR: Record<string, string> = { GET: 'green', POST: 'blue', PUT: 'gold', DELETE: 'volcano' };
const statusColor = (s: number) => (s < 200 ? 'pink' : s < 201 ? 'green' : s < 399 ? 'cyan' : s < 403 ? 'orange' : 'red');
const latencyColor = (ms: number) => (ms < 500 ? 'green' : ms < 1000 ? 'cyan' : ms < 1500 ? 'orange' : 'red');

export default function HttpTracePage() {
  const [status, setStatus] = useState('all');
  const [sort, setSort] = useState('');
  const { data = [], refetch, isFetching } = useQuery({ queryKey: ['monitor', 'trace', status, sort], queryFn: () => loadTraces(status, sort), refetchInterval: REFRESH_MS });
  const phone = usePhoneTable();
  return (
    <Card variant="borderless" title={t('共追踪到 {length} 条近期 HTTP 请求记录', { length: data.length })}>
      {/* in the card rather than its head, which a phone's width cut off (立即刷新 went out of reach) */}
      <Space wrap style={{ marginBottom: 12 }}>
        <Button size="small" onClick={() => void refetch()} loading={isFetching}>
          {t('立即刷新')}
        </Button>
        <Radio.Group size="small" value={status} onChange={(e) => setStatus(e.target.value)}>
          <Radio.Button value="all">{t('全部')}</Radio.Button>
          <Radio.Button value="success">{t('成功')}</Radio.Button>
          <Radio.Button value="error">{t('错误')}</Radio.Button>
        </Radio.Group>
      </Space>
      <Table<TraceEntry>
        size="small"
        bordered
        rowKey="id"
        scroll={phone.scroll}
        dataSource={data}
        pagination={{ pageSize: 20 }}
        onChange={(_p, _f, s) => {
          const one = Array.isArray(s) ? s[0] : s;
          setSort(one?.order ? `timeTaken/${one.order === 'ascend' ? 'asc' : 'desc'}` : '');
        }}
        columns={[
          { title: t('请求时间'), dataIndex: 'timestamp', width: 180, render: (v: string) => new Date(v).toLocaleString(currentLocale(), { hour12: false }) },
          { title: t('请求方法'), dataIndex: ['request', 'method'], width: 90, render: (v: string) => <Tag color={METHOD_COLOR[v]}>{v}</Tag> },
          { title: t('请求 URL'), dataIndex: ['request', 'uri'], ellipsis: true },
          { title: t('用户'), dataIndex: ['principal', 'name'], width: 110 },
          { title: t('响应状态'), dataIndex: ['response', 'status'], width: 90, render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag> },
          { title: t('请求耗时'), dataIndex: 'timeTaken', width: 110, sorter: true, render: (v: number) => <Tag color={latencyColor(v)}>{`${v} ms`}</Tag> },
        ]}
      />
    </Card>
  );
}
