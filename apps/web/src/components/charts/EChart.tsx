// One ECharts chart (line, bar, pie or gauge). ECharts is imported on first use, so only the pages with a
// chart pay for it; every chart of the app draws through this component.
import { useEffect, useRef } from 'react';
import type { EChartsCoreOption } from 'echarts/core';

type ECharts = { setOption(o: EChartsCoreOption, notMerge?: boolean): void; resize(): void; dispose(): void };

let loading: Promise<(el: HTMLElement) => ECharts> | undefined;
function loadECharts() {
  loading ??= Promise.all([import('echarts/core'), import('echarts/charts'), import('echarts/components'), import('echarts/renderers')]).then(
    ([core, charts, components, renderers]) => {
      core.use([
        charts.LineChart, charts.BarChart, charts.PieChart, charts.GaugeChart,
        components.GridComponent, components.TooltipComponent, components.LegendComponent, renderers.SVGRenderer,
      ]);
      return (el: HTMLElement) => core.init(el, undefined, { renderer: 'svg' }) as unknown as ECharts;
    },
  );
  return loading;
}

export interface EChartProps {
  option: EChartsCoreOption;
  /** What the chart shows, for screen readers. */
  label: string;
  height?: number;
  /** Replace the whole option on change (a chart whose series come and go) instead of merging. */
  replace?: boolean;
}

export function EChart({ option, label, height = 200, replace = false }: EChartProps) {
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
      chart.current?.setOption(option, replace);
    } catch {
      // see above
    }
  }, [option, replace]);

  return <div ref={el} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
