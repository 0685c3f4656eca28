// Redis监控: the INFO of the Redis this install is configured with (REDIS_URL), and its key count and
// memory over the last hour; without Redis the server says it is not configured.
import { Alert, Card, Col, Row, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http, HttpError } from '../../../lib/http';
import { lineOption, MiniChart } from './MiniChart';
import { t } from '../../../lib/i18n';

interface RedisInfoRow {
  key: string;
  value: string;
  description: string;
}
type Point = { create_time: number; dbSize?: number; used_memory?: number };

export default function RedisInfoPage() {
  const info = useQuery({ queryKey: ['monitor', 'redis', 'info'], queryFn: () => http.get<RedisInfoRow[]>('/sys/actuator/redis/info', undefined, { silent: true }), refetchInterval: 60_000, retry: false });
  const history = useQuery({
    queryKey: ['monitor', 'redis', 'history'],
    queryFn: () => http.get<{ dbSize: Point[]; memory: Point[]; configured?: boolean }>('/sys/actuator/redis/metrics/history', undefined, { silent: true }),
    refetchInterval: 60_000,
    enabled: info.isSuccess,
  });
  const keys = useMemo(() => lineOption((history.data?.dbSize ?? []).map((p) => p.create_time), [{ name: t('key 数量'), data: (history.data?.dbSize ?? []).map((p) => p.dbSize ?? 0) }]), [history.data]);
  const memory = useMemo(
    () => lineOption((history.data?.memory ?? []).map((p) => p.create_time), [{ name: t('内存'), data: (history.data?.memory ?? []).map((p) => Math.round((p.used_memory ?? 0) / 1024)) }], ' KB'),
    [history.data],
  );

  if (history.data?.configured === false) return <Alert type="warning" showIcon message={t('未配置 Redis（REDIS_URL），没有可显示的 Redis 信息')} />;
  if (info.error) return <Alert type="warning" showIcon message={info.error instanceof HttpError ? info.error.message : t('读取 Redis 信息失败')} />;
  return (
    <Card variant="borderless" title={t('Redis 监控')} loading={info.isLoading}>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={12}>
          <MiniChart label={t('Redis key 数量')} option={keys} />
        </Col>
        <Col xs={24} md={12}>
          <MiniChart label={t('Redis 内存')} option={memory} />
        </Col>
        <Col span={24}>
          <Table<RedisInfoRow>
            size="small"
            bordered
            rowKey="key"
            dataSource={info.data ?? []}
            pagination={false}
            columns={[
              { title: 'Key', dataIndex: 'key', width: 260 },
              { title: t('分组'), dataIndex: 'description', width: 140 },
              { title: 'Value', dataIndex: 'value' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
