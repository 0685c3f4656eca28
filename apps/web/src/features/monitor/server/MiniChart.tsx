// The monitoring pages' small charts: the shared EChart with their options.
import type { EChartsCoreOption } from 'echarts/core';
import { EChart } from '../../../components/charts/EChart';

export function MiniChart({ option, height = 200, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  return <EChart option={option} height={height} label={label} />;
}

/** A line chart of a few series over time. */
export function lineOption(times: number[], series: Array<{ name: string; data: number[] }>, unit = ''): EChartsCoreOption {
  const fmt = (t: number) => new Date(t).toTimeString().slice(0, 8);
  return {
    animation: false,
    grid: { left: 48, right: 16, top: 28, bottom: 24 },
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${v}${unit}` },
    legend: { top: 0, textStyle: { fontSize: 11 } },
    xAxis: { type: 'category', data: times.map(fmt), boundaryGap: false },
    yAxis: { type: 'value', axisLabel: { formatter: `{value}${unit}` } },
    series: series.map((s) => ({ type: 'line', name: s.name, data: s.data, showSymbol: false, smooth: true, areaStyle: { opacity: 0.1 } })),
  };
}

/** A gauge of a percentage. */
export function gaugeOption(name: string, percent: number): EChartsCoreOption {
  return {
    animation: false,
    series: [{ type: 'gauge', progress: { show: true }, detail: { formatter: '{value}%', fontSize: 16 }, data: [{ value: Math.round(percent * 10) / 10, name }] }],
  };
}
