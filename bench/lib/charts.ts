/**
 * Chart data a benchmark attaches to its result; bench/report draws them as
 * SVG under docs/img/. Data only: a bench says what to plot, the report
 * decides how it looks.
 */

/** One plotted point: the median, with the spread (p25–p75, or any range the bench names) as a bar. */
export interface ChartPoint {
  x: number;
  y: number;
  lo?: number;
  hi?: number;
}

/** y against a numeric x (cluster size, sockets…): one line per approach. */
export interface LineChart {
  kind: "line";
  /** File name stem: docs/img/<bench>-<id>.svg */
  id: string;
  title: string;
  x: { label: string; log?: boolean };
  y: { label: string; log?: boolean };
  lines: { name: string; points: ChartPoint[] }[];
  /** A goal drawn as a dashed horizontal line. */
  threshold?: { y: number; label: string };
}

/** Grouped bars over categories (scenarios, backends…): one bar per group member. */
export interface BarChart {
  kind: "bar";
  id: string;
  title: string;
  categories: string[];
  y: { label: string; log?: boolean };
  /** Each group has one value per category, in order (NaN: no bar). */
  groups: { name: string; values: number[] }[];
  threshold?: { y: number; label: string };
}

export type Chart = LineChart | BarChart;
