// 监控页: the server's health answer and the browser's view of the connection.
import { Badge, Card, Col, Descriptions, Row, Statistic } from 'antd';
import { useServerHealth } from '../system/info/useServerHealth';

export default function MonitorPage() {
  const { data, isError, isLoading, dataUpdatedAt } = useServerHealth();
  const nav = navigator as Navigator & { connection?: { effectiveType?: string; rtt?: number } };
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Card title="服务状态" loading={isLoading}>
          <Badge status={isError ? 'error' : 'success'} text={isError ? '无法连接服务器' : '运行正常'} />
          {data && (
            <Descriptions column={1} size="small" style={{ marginTop: 16 }}>
              {Object.entries(data).map(([k, v]) => (
                <Descriptions.Item key={k} label={k}>
                  {typeof v === 'object' ? JSON.stringify(v) : String(v)}
                </Descriptions.Item>
              ))}
            </Descriptions>
          )}
          {dataUpdatedAt > 0 && <div style={{ color: 'rgba(0,0,0,.45)', marginTop: 8 }}>更新时间：{new Date(dataUpdatedAt).toLocaleString('zh-CN')}</div>}
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <Card title="浏览器">
          <Row gutter={16}>
            <Col span={12}>
              <Statistic title="网络" value={navigator.onLine ? '在线' : '离线'} />
            </Col>
            <Col span={12}>
              <Statistic title="往返时延 (ms)" value={nav.connection?.rtt ?? '—'} />
            </Col>
          </Row>
        </Card>
      </Col>
    </Row>
  );
}
