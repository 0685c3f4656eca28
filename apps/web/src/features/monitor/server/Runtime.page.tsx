// Node.js 运行时, in place of the original's JVM page (this server runs on Node.js): heap, event-loop
// delay and utilisation, garbage collections and the handles keeping the loop alive.
import { Alert, Card, Col, Row, Statistic, Table } from 'antd';
import { useMemo } from 'react';
import { lineOption, MiniChart } from './MiniChart';
import { bytes, percent, REFRESH_MS, useRuntimeInfo } from './monitorApi';
import { t } from '../../../lib/i18n';

const MB = 1024 * 1024;

export default function RuntimePage() {
  const { data: rt, error } = useRuntimeInfo();
  const history = rt?.history ?? [];
  const times = history.map((s) => s.time);
  const memory = useMemo(
    () =>
      lineOption(
        times,
        [
          { name: t('堆已用'), data: history.map((s) => Math.round(s.heapUsed / MB)) },
          { name: t('常驻内存'), data: history.map((s) => Math.round(s.rss / MB)) },
        ],
        ' MB',
      ),
    [rt],
  );
  const delay = useMemo(() => lineOption(times, [{ name: t('事件循环延迟 p99'), data: history.map((s) => s.eventLoopP99Ms) }], ' ms'), [rt]);

  if (error) return <Alert type="error" showIcon message={t('读取运行时信息失败')} />;
  return (
    <Card variant="borderless" title={t('Node.js 运行时{n}', { n: rt ? `（${rt.nodeVersion}，V8 ${rt.v8Version}）` : '' })} extra={t('每 {n} 秒刷新', { n: REFRESH_MS / 1000 })}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('堆已用 / 上限')} value={rt ? `${bytes(rt.heapUsed)} / ${bytes(rt.heapLimit)}` : '-'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('常驻内存')} value={rt ? bytes(rt.rss) : '-'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('事件循环延迟 p99')} value={rt ? rt.eventLoopDelay.p99Ms : '-'} suffix="ms" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('事件循环利用率')} value={rt ? percent(rt.eventLoopUtilization) : '-'} suffix="%" />
        </Col>
        <Col xs={24} md={12}>
          <MiniChart label={t('内存')} option={memory} />
        </Col>
        <Col xs={24} md={12}>
          <MiniChart label={t('事件循环延迟')} option={delay} />
        </Col>
        <Col xs={24} md={12}>
          <Table
            size="small"
            bordered
            title={() => t('垃圾回收（启动以来）')}
            rowKey="kind"
            pagination={false}
            dataSource={rt?.gc ?? []}
            columns={[
              { title: t('类型'), dataIndex: 'kind' },
              { title: t('次数'), dataIndex: 'count' },
              { title: t('总耗时（ms）'), dataIndex: 'totalMs' },
            ]}
          />
        </Col>
        <Col xs={24} md={12}>
          <Table
            size="small"
            bordered
            title={() => t('活动句柄与请求')}
            rowKey="type"
            pagination={false}
            dataSource={rt?.handles ?? []}
            columns={[
              { title: t('类型'), dataIndex: 'type' },
              { title: t('数量'), dataIndex: 'count' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
