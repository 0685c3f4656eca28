// The chart of a report (bar, line or pie) with ECharts, loaded on first use so only report pages with a
// chart pay for it. The figures are also given as text for screen readers (and tests, where nothing is drawn).
import { useMemo } from 'react';
import { EChart } from '../../../components/charts/EChart';
import type { EChartsCoreOption } from 'echarts/core';
import type { ReportChartData } from './api';
import { t } from '../../../lib/i18n';

export function chartOption(data: ReportChartData): EChartsCoreOption {
  if (data.chartType === 'pie') {
    const s = data.series[0];
    return {
      animation: false,
      tooltip: { trigger: 'item' },
      legend: { top: 0 },
      series: [{ type: 'pie', name: s?.name, radius: '60%', data: data.categories.map((c, i) => ({ name: c, value: s?.data[i] ?? 0 })) }],
    };
  }
  return {
    animation: false,
    grid: { left: 56, right: 16, top: 32, bottom: 32 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: data.categories },
    yAxis: { type: 'value' },
    series: data.series.map((s) => ({ type: data.chartType === 'line' ? 'line' : 'bar', name: s.name, data: s.data })),
  };
}

export function ReportChart({ data, title, height = 320 }: { data: ReportChartData; title: string; height?: number }) {
  const option = useMemo(() => chartOption(data), [data]);
  const summary = data.series.map((s) => `${s.name}：${data.categories.map((c, i) => `${c} ${s.data[i]}`).join('，')}`).join('；');
  return (
    <figure style={{ margin: 0 }}>
      <EChart option={option} label={t('{title}图表', { title })} height={height} replace />
      <figcaption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>{summary}</figcaption>
    </figure>
  );
}
