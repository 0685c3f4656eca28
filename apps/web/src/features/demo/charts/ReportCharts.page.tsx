// 报表图表 (the original's report chart demo): a year's safety-training report drawn as a bar chart (by
// month), a line (participants and pass rate) and a pie (by topic), with the same figures in a table. The
// figures are computed here from the chosen year, no server call.
import { useMemo, useState } from 'react';
import { Card, Col, Row, Segmented, Table } from 'antd';
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../../components/charts/EChart';
import { t } from '../../../lib/i18n';

const YEARS = [2024, 2025, 2026];
const TOPICS = ['消防安全', '交通安全', '防溺水', '食品安全', '网络安全'];
const MONTHS = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);

interface MonthFigures {
  month: string;
  sessions: number;
  participants: number;
  passRate: number;
}

/** A deterministic made-up year: the same year always gives the same figures (its texts in the current
 * language: call while rendering). */
function reportOf(year: number): { months: MonthFigures[]; topics: { name: string; value: number }[] } {
  const seed = year % 100;
  const months = MONTHS.map((month, i) => {
    const sessions = 4 + ((seed * 7 + i * 5) % 9);
    return { month: t(month), sessions, participants: sessions * (30 + ((seed + i * 3) % 20)), passRate: 80 + ((seed * 3 + i * 7) % 19) };
  });
  const topics = TOPICS.map((name, i) => ({ name: t(name), value: 10 + ((seed * 11 + i * 13) % 30) }));
  return { months, topics };
}

export default function ReportChartsPage() {
  const [year, setYear] = useState(YEARS[YEARS.length - 1]);
  const report = useMemo(() => reportOf(year), [year]);
  const sessions = report.months.reduce((s, m) => s + m.sessions, 0);
  const participants = report.months.reduce((s, m) => s + m.participants, 0);

  const months = report.months.map((m) => m.month);
  const bar: EChartsCoreOption = useMemo(
    () => ({
      animation: false,
      grid: { left: 40, right: 16, top: 24, bottom: 24 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: months },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: t('培训场次'), data: report.months.map((m) => m.sessions), barMaxWidth: 24 }],
    }),
    [report, months],
  );
  const line: EChartsCoreOption = useMemo(
    () => ({
      animation: false,
      grid: { left: 48, right: 48, top: 32, bottom: 24 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: months },
      yAxis: [
        { type: 'value', name: t('人次') },
        { type: 'value', name: '%', min: 0, max: 100 },
      ],
      series: [
        { type: 'line', name: t('参训人次'), data: report.months.map((m) => m.participants), smooth: true },
        { type: 'line', name: t('考核通过率'), yAxisIndex: 1, data: report.months.map((m) => m.passRate), smooth: true },
      ],
    }),
    [report, months],
  );
  const pie: EChartsCoreOption = useMemo(
    () => ({
      animation: false,
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [{ type: 'pie', name: t('培训主题'), radius: ['30%', '60%'], data: report.topics }],
    }),
    [report],
  );

  return (
    <>
      <Card
        title={t('{year}年安全培训报表', { year })}
        extra={<Segmented aria-label={t('年份')} options={YEARS.map((y) => ({ value: y, label: t(`${y}年`) }))} value={year} onChange={(v) => setYear(Number(v))} />}
        style={{ marginBottom: 16 }}
      >
        {t('全年培训 {sessions} 场，参训 {participants} 人次。', { sessions, participants })}
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('每月培训场次')}>
            <EChart option={bar} label={t('{year}年每月培训场次的柱状图', { year })} height={260} replace />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('参训人次与通过率')}>
            <EChart option={line} label={t('{year}年每月参训人次与考核通过率的折线图', { year })} height={260} replace />
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Card title={t('培训主题占比')}>
            <EChart option={pie} label={t('{year}年各培训主题场次占比的饼图', { year })} height={300} replace />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('明细')}>
            <Table<MonthFigures>
              rowKey="month"
              size="small"
              dataSource={report.months}
              pagination={false}
              scroll={{ x: 480 }}
              columns={[
                { title: t('月份'), dataIndex: 'month' },
                { title: t('培训场次'), dataIndex: 'sessions', align: 'right' },
                { title: t('参训人次'), dataIndex: 'participants', align: 'right' },
                { title: t('考核通过率'), dataIndex: 'passRate', align: 'right', render: (r: number) => `${r}%` },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
}
