// 首页: visits (the original's /sys/loginfo), new users, sign-ins per day for 30 days (a chart), my latest
// announcements and learning completion of the student area (/sys/dashboard/analysis), all of the caller's tenant.
// The tenant's figures only for holders of dashboard:analysis:view; everyone else gets their own parts.
import { useMemo } from 'react';
import { Card, Col, Empty, List, Progress, Row, Statistic, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import type { EChartsCoreOption } from 'echarts/core';
import { greeting } from '@anxue/shared/constants';
import { DASHBOARD_FIGURES_PERMISSION } from '@anxue/shared/dashboard';
import { EChart } from '../../components/charts/EChart';
import { useSession } from '../../lib/session/store';
import { usePermission } from '../../lib/permission/usePermission';
import { PRIORITY, share, useAnalysis, useLogInfo, type AnalysisFigures } from './dashboardApi';
import { t } from '../../lib/i18n';

const MY_ANNOUNCEMENTS = '/isps/userAnnouncement';

function loginsOption(days: NonNullable<AnalysisFigures['loginsByDay']>): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 32, bottom: 24 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: t('登录次数'), data: days.map((d) => d.logins), barMaxWidth: 16 },
      { type: 'line', name: t('登录人数'), data: days.map((d) => d.users), smooth: true, showSymbol: false },
    ],
  };
}

function StudyCard({ study }: { study: NonNullable<AnalysisFigures['study']> }) {
  const lessons = share(study.lessonsFinished, study.lessonsStarted);
  const passRate = share(study.attemptsPassed, study.attemptsSubmitted);
  return (
    <Card title={study.scope === 'tenant' ? t('学习完成情况') : t('我的学习')} style={{ marginTop: 16 }}>
      <Row gutter={16} align="middle">
        <Col xs={24} md={6}>
          <Statistic title={t('课时完成')} value={`${study.lessonsFinished} / ${study.lessonsStarted}`} />
          <Progress percent={lessons} size="small" aria-label={t('课时完成率')} />
        </Col>
        <Col xs={24} md={6}>
          <Statistic title={t('通过试卷')} value={study.papersPassed} />
        </Col>
        <Col xs={24} md={6}>
          <Statistic title={t('测验通过')} value={`${study.attemptsPassed} / ${study.attemptsSubmitted}`} />
          <Progress percent={passRate} size="small" aria-label={t('测验通过率')} />
        </Col>
        {study.scope === 'tenant' && (
          <Col xs={24} md={6}>
            <Statistic title={t('参与学习人数')} value={study.learners} />
          </Col>
        )}
      </Row>
    </Card>
  );
}

export default function AnalysisPage() {
  const realname = useSession((s) => s.realname);
  const orgCodeTxt = useSession((s) => s.info?.orgCodeTxt);
  // not even asked for without the right: the server would refuse them
  const mayReadFigures = usePermission().has(DASHBOARD_FIGURES_PERMISSION);
  const visits = useLogInfo(mayReadFigures);
  const analysis = useAnalysis();
  const v = (n?: number, failed?: boolean) => (failed || n === undefined ? '—' : n);
  const a = analysis.data;
  const figures = mayReadFigures && !(a && !a.loginsByDay);
  const option = useMemo(() => (a?.loginsByDay ? loginsOption(a.loginsByDay) : undefined), [a]);
  const busyDays = a?.loginsByDay?.filter((d) => d.logins > 0) ?? [];
  const monthLogins = busyDays.reduce((s, d) => s + d.logins, 0);

  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t('{greeting}，{name}，欢迎回来', { greeting: t(greeting()), name: realname ?? '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{orgCodeTxt ? t('当前部门：{name}', { name: orgCodeTxt }) : t('祝你开心每一天！')}</Typography.Text>
      </Card>
      {figures && (
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Card>
              <Statistic title={t('今日访问次数')} value={v(visits.data?.todayVisitCount, visits.isError)} />
              <Typography.Text type="secondary">{t('今日访问 IP {n}', { n: v(visits.data?.todayIp, visits.isError) })}</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card>
              <Statistic title={t('总访问次数')} value={v(visits.data?.totalVisitCount, visits.isError)} />
              <Typography.Text type="secondary">{t('近30日 {n} 次', { n: a ? monthLogins : '—' })}</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card>
              <Statistic title={t('今日新增用户')} value={v(a?.newUsers?.today, analysis.isError)} />
              <Typography.Text type="secondary">{t('用户总数 {n}', { n: v(a?.newUsers?.total, analysis.isError) })}</Typography.Text>
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card>
              <Statistic title={t('本月新增用户')} value={v(a?.newUsers?.month, analysis.isError)} />
              <Typography.Text type="secondary">{t('本租户')}</Typography.Text>
            </Card>
          </Col>
        </Row>
      )}
      <Row gutter={16} style={{ marginTop: figures ? 16 : 0 }}>
        {figures && (
          <Col xs={24} lg={16}>
            <Card title={t('近30日登录')} loading={analysis.isLoading}>
              {option && <EChart option={option} label={t('近30日每日登录次数与人数')} height={260} />}
              {a && (
                <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                  {busyDays.length
                    ? t('有登录的日子：{days}', { days: busyDays.map((d) => t('{day} {logins} 次 {users} 人', { day: d.day.slice(5), logins: d.logins, users: d.users })).join(t('；')) })
                    : t('近30日没有登录记录')}
                </Typography.Paragraph>
              )}
              {analysis.isError && <Empty description={t('无法读取统计')} />}
            </Card>
          </Col>
        )}
        <Col xs={24} lg={figures ? 8 : 24}>
          <Card title={t('最新公告')} extra={<Link to={MY_ANNOUNCEMENTS}>{t('更多')}</Link>} loading={analysis.isLoading}>
            <List
              size="small"
              locale={{ emptyText: t('暂无公告') }}
              dataSource={a?.announcements ?? []}
              renderItem={(n) => (
                <List.Item key={n.id}>
                  <List.Item.Meta
                    title={
                      <Link to={MY_ANNOUNCEMENTS}>
                        {n.readFlag ? null : <Tag color="processing">{t('未读')}</Tag>}
                        {n.titile}
                      </Link>
                    }
                    description={`${n.sendTime ?? ''}${n.sender ? ` · ${n.sender}` : ''}`}
                  />
                  {PRIORITY[n.priority] && <Tag color={PRIORITY[n.priority].color}>{t(PRIORITY[n.priority].text)}</Tag>}
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      {a?.study && <StudyCard study={a.study} />}
    </>
  );
}
