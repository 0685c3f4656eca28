// 图表页: ECharts over the live figures of the caller's tenant (/sys/dashboard/charts): sign-ins per day,
// users per department, announcements per month and learning completion. Each chart has its figures in
// words beside it, for screen readers and where no chart can be drawn.
import { useMemo } from 'react';
import { Card, Col, Empty, Row, Typography } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../components/charts/EChart';
import { share } from './dashboardApi';
import { useCharts, type ChartFigures } from './taskChartApi';
import { t } from '../../lib/i18n';

const CHART_HEIGHT = 280;

function loginsOption(days: ChartFigures['loginsByDay']): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 32, bottom: 24 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'line', name: t('登录次数'), data: days.map((d) => d.logins), areaStyle: { opacity: 0.15 }, smooth: true },
      { type: 'line', name: t('登录人数'), data: days.map((d) => d.users), smooth: true },
    ],
  };
}

function departsOption(departs: ChartFigures['usersByDepart']): EChartsCoreOption {
  const shown = departs.slice(0, 10).reverse();
  return {
    animation: false,
    grid: { left: 96, right: 24, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'value', minInterval: 1 },
    yAxis: { type: 'category', data: shown.map((d) => d.departName) },
    series: [{ type: 'bar', name: t('用户数'), data: shown.map((d) => d.users), barMaxWidth: 20 }],
  };
}

function announcementsOption(months: ChartFigures['announcementsByMonth']): EChartsCoreOption {
  return {
    animation: false,
    grid: { left: 40, right: 16, top: 32, bottom: 24 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: months.map((m) => m.month) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { type: 'bar', name: t('通知公告'), stack: 'all', data: months.map((m) => m.notices), barMaxWidth: 24 },
      { type: 'bar', name: t('系统消息'), stack: 'all', data: months.map((m) => m.messages), barMaxWidth: 24 },
    ],
  };
}

function studyOption(study: NonNullable<ChartFigures['study']>): EChartsCoreOption {
  return {
    animation: false,
    tooltip: { trigger: 'item' },
    legend: { bottom: 0 },
    series: [
      {
        type: 'pie',
        name: t('课时'),
        radius: ['35%', '60%'],
        center: ['25%', '45%'],
        data: [
          { name: t('已完成课时'), value: study.lessonsFinished },
          { name: t('未完成课时'), value: study.lessonsStarted - study.lessonsFinished },
        ],
      },
      {
        type: 'pie',
        name: t('测验'),
        radius: ['35%', '60%'],
        center: ['75%', '45%'],
        data: [
          { name: t('通过的测验'), value: study.attemptsPassed },
          { name: t('未通过的测验'), value: study.attemptsSubmitted - study.attemptsPassed },
        ],
      },
    ],
  };
}

const Figures = ({ children }: { children: string }) => (
  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
    {children}
  </Typography.Paragraph>
);

export default function ChartPage() {
  const { data, isLoading, isError } = useCharts();
  const options = useMemo(
    () =>
      data && {
        logins: loginsOption(data.loginsByDay),
        departs: departsOption(data.usersByDepart),
        announcements: announcementsOption(data.announcementsByMonth),
        study: data.study ? studyOption(data.study) : undefined,
      },
    [data],
  );
  if (isError) return <Empty description={t('无法读取图表数据')} />;

  const totalLogins = data?.loginsByDay.reduce((s, d) => s + d.logins, 0) ?? 0;
  const busiest = data?.loginsByDay.reduce((b, d) => (d.logins > b.logins ? d : b), data.loginsByDay[0]);
  const busyMonths = data?.announcementsByMonth.filter((m) => m.notices + m.messages > 0) ?? [];

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('近30日登录趋势')} loading={isLoading}>
          {options && data && (
            <>
              <EChart option={options.logins} label={t('近30日每日登录次数与人数的折线图')} height={CHART_HEIGHT} />
              <Figures>
                {totalLogins && busiest
                  ? t('近30日共登录 {totalLogins} 次，最多的一天 {n}：{logins} 次 {users} 人', { totalLogins, n: busiest.day.slice(5), logins: busiest.logins, users: busiest.users })
                  : t('近30日没有登录记录')}
              </Figures>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('各部门用户数')} loading={isLoading}>
          {options && data && (
            <>
              <EChart option={options.departs} label={t('各部门用户数的条形图')} height={CHART_HEIGHT} />
              <Figures>
                {data.usersByDepart.length ? data.usersByDepart.map((d) => t('{departName} {users} 人', { departName: d.departName, users: d.users })).join('；') : t('还没有用户归属部门')}
              </Figures>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('近12个月发布的公告')} loading={isLoading}>
          {options && data && (
            <>
              <EChart option={options.announcements} label={t('近12个月每月发布的通知公告与系统消息的柱状图')} height={CHART_HEIGHT} />
              <Figures>
                {busyMonths.length
                  ? busyMonths.map((m) => t('{month}：公告 {notices} 条，消息 {messages} 条', { month: m.month, notices: m.notices, messages: m.messages })).join('；')
                  : t('近12个月没有发布公告')}
              </Figures>
            </>
          )}
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={data?.study?.scope === 'mine' ? t('我的学习完成情况') : t('学习完成情况')} loading={isLoading}>
          {options?.study && data?.study ? (
            <>
              <EChart option={options.study} label={t('课时完成与测验通过的饼图')} height={CHART_HEIGHT} />
              <Figures>
                {t('课时完成 {lessonsFinished} / {lessonsStarted}（{n}%），测验通过 {attemptsPassed} / {attemptsSubmitted}（{n6}%）', { lessonsFinished: data.study.lessonsFinished, lessonsStarted: data.study.lessonsStarted, n: share(data.study.lessonsFinished, data.study.lessonsStarted), attemptsPassed: data.study.attemptsPassed, attemptsSubmitted: data.study.attemptsSubmitted, n6: share(data.study.attemptsPassed, data.study.attemptsSubmitted) })}
              </Figures>
            </>
          ) : (
            data && <Empty description={t('没有可查看的学习数据')} />
          )}
        </Card>
      </Col>
    </Row>
  );
}
