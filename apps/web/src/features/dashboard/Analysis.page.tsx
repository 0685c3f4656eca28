// 首页: a welcome and the visit figures of GET /sys/loginfo (when the server offers them).
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { greeting } from '@anxue/shared/constants';
import { http } from '../../lib/http';
import { useSession } from '../../lib/session/store';

interface LogInfo {
  totalVisitCount?: number;
  todayVisitCount?: number;
  todayIp?: number;
}

export default function AnalysisPage() {
  const realname = useSession((s) => s.realname);
  const orgCodeTxt = useSession((s) => s.info?.orgCodeTxt);
  const { data, isError } = useQuery({
    queryKey: ['sys', 'loginfo'],
    queryFn: () => http.get<LogInfo>('/sys/loginfo', undefined, { silent: true }),
    retry: false,
  });
  const figure = (v?: number) => (isError || v === undefined ? '—' : v);
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {greeting()}，{realname}，欢迎回来
        </Typography.Title>
        <Typography.Text type="secondary">{orgCodeTxt ? `当前部门：${orgCodeTxt}` : '祝你开心每一天！'}</Typography.Text>
      </Card>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="今日访问 IP" value={figure(data?.todayIp)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="今日访问次数" value={figure(data?.todayVisitCount)} />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic title="总访问次数" value={figure(data?.totalVisitCount)} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
