// 监控页: live figures of the node answering, from the monitoring calls (/sys/actuator/system/info and
// /sys/actuator/runtime/info of modules/monitor, permission monitor:server:view), refreshed every few
// seconds: gauges of CPU, memory and heap, and a chart of the server's recent samples.
import { useMemo } from 'react';
import { Alert, Badge, Card, Col, Descriptions, Row, Statistic } from 'antd';
import { gaugeOption, lineOption, MiniChart } from '../monitor/server/MiniChart';
import { bytes, duration, percent, REFRESH_MS, useRuntimeInfo, useSystemInfo } from '../monitor/server/monitorApi';
import { useServerHealth } from '../system/info/useServerHealth';
import { t } from '../../lib/i18n';

export default function MonitorPage() {
  const health = useServerHealth();
  const system = useSystemInfo();
  const runtime = useRuntimeInfo();
  const sys = system.data;
  const rt = runtime.data;
  const history = sys?.history ?? [];

  const cpu = useMemo(() => gaugeOption('CPU', sys ? percent(sys.cpuUsage) : 0), [sys]);
  const memory = useMemo(() => gaugeOption(t('内存'), sys ? percent(sys.memoryUsage) : 0), [sys]);
  const heap = useMemo(() => gaugeOption(t('堆内存'), rt ? percent(rt.heapUsed / rt.heapLimit) : 0), [rt]);
  const trend = useMemo(
    () =>
      lineOption(
        history.map((s) => s.time),
        [
          { name: 'CPU', data: history.map((s) => percent(s.cpuUsage)) },
          { name: t('内存'), data: history.map((s) => percent(s.memoryUsage)) },
          { name: t('本进程 CPU'), data: history.map((s) => percent(s.processCpuUsage)) },
        ],
        '%',
      ),
    [sys],
  );
  const loop = useMemo(() => lineOption(history.map((s) => s.time), [{ name: t('事件循环延迟 p99'), data: history.map((s) => s.eventLoopP99Ms) }], ' ms'), [sys]);

  return (
    <>
      <Card style={{ marginBottom: 16 }} title={t('服务状态')} extra={t('每 {n} 秒刷新', { n: REFRESH_MS / 1000 })}>
        <Row gutter={[16, 16]} align="middle">
          <Col xs={24} md={6}>
            <Badge status={health.isError ? 'error' : 'success'} text={health.isError ? t('无法连接服务器') : t('运行正常')} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('CPU 使用率')} value={sys ? percent(sys.cpuUsage) : '—'} suffix={sys ? '%' : undefined} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('内存')} value={sys ? `${bytes(sys.memoryUsed)} / ${bytes(sys.memoryTotal)}` : '—'} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('运行时间')} value={sys ? duration(sys.processUptimeSeconds) : '—'} />
          </Col>
        </Row>
      </Card>
      {(system.isError || runtime.isError) && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('读取监控数据失败（需要“服务器监控”权限）')} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card title="CPU">
            <MiniChart option={cpu} label={t('CPU 使用率')} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title={t('内存')}>
            <MiniChart option={memory} label={t('内存使用率')} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card title={t('Node.js 堆')}>
            <MiniChart option={heap} label={t('堆内存使用率')} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('近几分钟的使用率')}>
            <MiniChart option={trend} label={t('CPU 与内存使用率的变化')} height={240} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('事件循环')}>
            <MiniChart option={loop} label={t('事件循环延迟的变化')} height={240} />
          </Card>
        </Col>
        <Col xs={24}>
          <Card title={t('节点')}>
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('主机')}>{sys?.hostname ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('系统')}>{sys ? `${sys.platform} ${sys.arch}` : '—'}</Descriptions.Item>
              <Descriptions.Item label="CPU">{sys ? `${sys.cpuModel} × ${sys.cpuCount}` : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('负载（1/5/15 分钟）')}>{sys ? sys.loadAverage.join(' / ') : '—'}</Descriptions.Item>
              <Descriptions.Item label="Node.js">{rt?.nodeVersion ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('堆内存')}>{rt ? `${bytes(rt.heapUsed)} / ${bytes(rt.heapLimit)}` : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('事件循环延迟 p99')}>{rt ? `${rt.eventLoopDelay.p99Ms} ms` : '—'}</Descriptions.Item>
              <Descriptions.Item label={t('进程号')}>{sys?.pid ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('采样数')}>{history.length}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
      </Row>
    </>
  );
}
