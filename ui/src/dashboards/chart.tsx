import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { AriaComponent, GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

// Only what the dashboards draw: bars, donuts and lines, drawn as SVG (crisp, and inside the page's CSP).
echarts.use([BarChart, LineChart, PieChart, GridComponent, TooltipComponent, AriaComponent, SVGRenderer]);

export type ChartOption = echarts.EChartsCoreOption;

/**
 * One Apache ECharts chart, sized by its box and redrawn when the option changes. It follows the
 * page's colour scheme; ECharts' aria component gives it a spoken description, and the dashboards
 * also show each chart's figures as a table.
 */
export function Chart({ option, label, height = 260 }: { option: ChartOption; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!box.current) return;
    const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const chart = echarts.init(box.current, dark ? 'dark' : undefined, { renderer: 'svg' });
    chart.setOption({ backgroundColor: 'transparent', aria: { enabled: true }, ...option });
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      chart.dispose();
    };
  }, [option]);
  return <div ref={box} className="chart" role="img" aria-label={label} style={{ height }} />;
}
