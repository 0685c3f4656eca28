// A small ECharts chart. ECharts is imported on first use, so only the monitoring pages pay for it.
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

type ECharts = { setOption(o: EChartsCoreOption, notMerge?: boolean): void; resize(): void; dispose(): void };

let loading: Promise<(el: HTMLElement) => ECharts> | undefined;
function loadECharts() {
  loading ??= Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]).then(
    ([core, charts, components, renderers]) => {
      core.use([charts.LineChart, charts.GaugeChart, components.GridComponent, components.TooltipComponent, components.LegendComponent, renderers.SVGRenderer]);
      return (el: HTMLElement) => core.init(el, undefined, { renderer: 'svg' }) as unknown as ECharts;
    },
  );
  return loading;
}

export function MiniChart({ option, height = 200, label }: { option: EChartsCoreOption; height?: number; label: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | undefined>(undefined);
  const latest = useRef(option);
  latest.current = option;

  useEffect(() => {
    let disposed = false;
    const onResize = () => chart.current?.resize();
    void loadECharts().then((init) => {
      if (disposed || !el.current) return;
      try {
        chart.current = init(el.current);
        chart.current.setOption(latest.current);
      } catch {
        // an environment without layout (tests) draws nothing; the figures beside the chart still show
      }
    });
    window.addEventListener('resize', onResize);
    return () => {
      disposed = true;
      window.removeEventListener('resize', onResize);
      chart.current?.dispose();
      chart.current = undefined;
    };
  }, []);

  useEffect(() => {
    try {
      chart.current?.setOption(option);
    } catch {
      // see above
    }
  }, [option]);

  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
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
