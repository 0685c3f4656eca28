// 服务器信息: CPU, memory, load and uptime of the machine this node runs on, the database, and charts of
// the last minutes (sampled by the server every 5 s), refreshed on an interval.
import { Alert, Card, Col, Descriptions, Row, Statistic } from 'antd';
import { useMemo } from 'react';
import { lineOption, MiniChart } from './MiniChart';
import { bytes, duration, percent, REFRESH_MS, useDatabaseInfo, useSystemInfo } from './monitorApi';
import { t } from '../../../lib/i18n';

export default function ServerInfoPage() {
  const { data: sys, error } = useSystemInfo();
  const { data: db } = useDatabaseInfo();
  const history = sys?.history ?? [];
  const times = history.map((s) => s.time);
  const usage = useMemo(
    () =>
      lineOption(
        times,
        [
          { name: 'CPU', data: history.map((s) => percent(s.cpuUsage)) },
          { name: t('内存'), data: history.map((s) => percent(s.memoryUsage)) },
          { name: t('本进程 CPU'), data: history.map((s) => percent(s.processCpuUsage)) },
        ],
        '%',
      ),
    [sys],
  );
  const load = useMemo(() => lineOption(times, [{ name: t('1 分钟负载'), data: history.map((s) => s.load1) }]), [sys]);

  if (error) return <Alert type="error" showIcon message={t('读取服务器信息失败')} />;
  return (
    <Card variant="borderless" title={t('服务器信息')} extra={t('每 {n} 秒刷新', { n: REFRESH_MS / 1000 })}>
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('CPU 使用率')} value={sys ? percent(sys.cpuUsage) : '-'} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('内存使用率')} value={sys ? percent(sys.memoryUsage) : '-'} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('负载（1/5/15 分钟）')} value={sys ? sys.loadAverage.join(' / ') : '-'} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('应用已运行')} value={sys ? duration(sys.processUptimeSeconds) : '-'} />
        </Col>
        <Col xs={24} md={12}>
          <MiniChart label={t('CPU 与内存使用率')} option={usage} />
        </Col>
        <Col xs={24} md={12}>
          <MiniChart label={t('系统负载')} option={load} />
        </Col>
      </Row>
      {sys && (
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }} title={t('主机')}>
          <Descriptions.Item label={t('主机名')}>{sys.hostname}</Descriptions.Item>
          <Descriptions.Item label={t('操作系统')}>{`${sys.platform} (${sys.arch})`}</Descriptions.Item>
          <Descriptions.Item label="CPU">{`${sys.cpuModel} × ${sys.cpuCount}`}</Descriptions.Item>
          <Descriptions.Item label={t('内存')}>{`${bytes(sys.memoryUsed)} / ${bytes(sys.memoryTotal)}`}</Descriptions.Item>
          <Descriptions.Item label={t('系统已运行')}>{duration(sys.systemUptimeSeconds)}</Descriptions.Item>
          <Descriptions.Item label={t('进程号')}>{sys.pid}</Descriptions.Item>
        </Descriptions>
      )}
      {db && (
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginTop: 16 }} title={t('数据库')}>
          <Descriptions.Item label={t('数据库')}>{db.version}</Descriptions.Item>
          <Descriptions.Item label={t('大小')}>{bytes(db.sizeBytes)}</Descriptions.Item>
          <Descriptions.Item label={t('表')}>{db.tableCount}</Descriptions.Item>
          <Descriptions.Item label={t('连接数')}>{db.connections === null ? t('不适用（SQLite 文件）') : `${db.connections} / ${db.maxConnections}`}</Descriptions.Item>
        </Descriptions>
      )}
    </Card>
  );
}
