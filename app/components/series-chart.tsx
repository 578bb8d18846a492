import { useEffect, useRef } from 'react';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS colour; the brand colour when absent. */
  color?: string;
}

/**
 * A small line or bar chart of values per label (days, plans) on uPlot, loaded only in the
 * browser and only by the pages that draw one. Screen readers get the numbers as a table.
 */
export function SeriesChart({
  title,
  labels,
  series,
  bars = false,
  height = 220,
}: {
  title: string;
  labels: string[];
  series: ChartSeries[];
  bars?: boolean;
  height?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height }));
    void import('uplot').then(({ default: UPlot }) => {
      if (cancelled) return;
      const brand = getComputedStyle(element).getPropertyValue('--color-brand').trim() || '#2563eb';
      const ink = getComputedStyle(element).color;
      const grid = 'rgba(128,128,128,0.2)';
      plot = new UPlot(
        {
          width: element.clientWidth,
          height,
          legend: { show: series.length > 1 },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false } },
          axes: [
            {
              stroke: ink,
              grid: { stroke: grid },
              values: (_, ticks) => ticks.map((tick) => labels[tick] ?? ''),
            },
            { stroke: ink, grid: { stroke: grid } },
          ],
          series: [
            {},
            ...series.map((one) => ({
              label: one.label,
              stroke: one.color ?? brand,
              fill: bars ? (one.color ?? brand) : undefined,
              width: 2,
              paths: bars ? UPlot.paths.bars?.({ size: [0.6, 40] }) : undefined,
              points: { show: !bars && labels.length <= 31 },
            })),
          ],
        },
        [labels.map((_, index) => index), ...series.map((one) => one.values)],
        element,
      );
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer.disconnect();
      plot?.destroy();
    };
  }, [labels, series, bars, height]);
  return (
    <figure className="min-w-0">
      <div ref={box} role="img" aria-label={title} style={{ minHeight: height }} className="w-full" />
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {series.map((one) => (
              <th key={one.label} scope="col">
                {one.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {labels.map((label, index) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              {series.map((one) => (
                <td key={one.label}>{one.values[index]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
