/**
 * A time chart drawn by uPlot (a small canvas charting library). Only the pages that draw a
 * chart import this file, so the library travels in their chunks, never in the first one.
 * The canvas is one image to a screen reader: each page puts the same numbers in a table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartSeries {
  label: string;
  /** A colour the canvas can draw with (no CSS variable): the legend's swatch shows the same. */
  color: string;
  values: number[];
}

const HEIGHT = 200;
const AXIS = '#4f5966';
const GRID = '#d0d7de';

export function TimeChart(props: {
  /** What the chart shows, read out for the image. */
  label: string;
  /** Milliseconds since the epoch, one per value of each series. */
  times: number[];
  series: ChartSeries[];
  /** Bars (each series over the one before) rather than lines with points. */
  bars?: boolean;
  /** Dates in UTC, as the numbers are counted. */
  utc?: boolean;
}) {
  const { label, times, series, bars, utc } = props;
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const target = box.current;
    if (!target) return;
    const axis = { stroke: AXIS, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } };
    const bar = uPlot.paths.bars?.({ size: [0.7, 40] });
    const plot = new uPlot(
      {
        width: Math.max(target.clientWidth, 200),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        ...(utc ? { tzDate: (seconds: number) => uPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC') } : {}),
        // From zero, with room above the highest value so its point is drawn whole.
        scales: { y: { range: (_u, _min, max) => [0, Math.max(2, Math.ceil(max * 1.25))] } },
        axes: [axis, { ...axis, size: 44, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) }],
        series: [
          {},
          ...series.map((s) =>
            bars
              ? { label: s.label, stroke: s.color, fill: s.color, width: 0, paths: bar, points: { show: false } }
              : { label: s.label, stroke: s.color, width: 2, points: { show: true, size: 8, fill: s.color } },
          ),
        ],
      },
      [times.map((t) => t / 1000), ...series.map((s) => s.values)],
      target,
    );
    // The chart follows its box's width (a phone, a resized window).
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(target.clientWidth, 200), height: HEIGHT }));
    resize.observe(target);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [times, series, bars, utc]);
  return (
    <figure className="time-chart">
      <div ref={box} className="time-chart-plot" role="img" aria-label={label} />
      <figcaption>
        <ul className="legend" aria-label="Legend">
          {series.map((s) => (
            <li key={s.label}>
              <span className="swatch" style={{ background: s.color }} aria-hidden="true" /> {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
