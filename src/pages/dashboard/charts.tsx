/**
 * The dashboards' charts (@ant-design/plots, i.e. G2 on a canvas). Only ever imported through
 * `lazy-charts.tsx`, so the chart library is its own chunk, loaded after the page's first paint.
 */
import { Column, Line, Pie } from "@ant-design/plots";

export interface SeriesPoint {
  x: string;
  y: number;
  series?: string;
}

export interface ChartProps {
  data: SeriesPoint[];
  height?: number;
  /** Unit after values in tooltips and axis, e.g. "次", "KB". */
  unit?: string;
}

const valueFormatter = (unit?: string) => (v: number) => (unit ? `${v} ${unit}` : String(v));
/** Axis labels of counts: whole numbers only (G2 picks ticks like 0.5 for small counts). */
const axisFormatter = (unit?: string) => (v: number) => (Number.isInteger(Number(v)) ? valueFormatter(unit)(v) : "");

export function LineChart({ data, height = 260, unit }: ChartProps) {
  const series = data.some((d) => d.series);
  return (
    <Line
      data={data}
      xField="x"
      yField="y"
      colorField={series ? "series" : undefined}
      height={height}
      autoFit
      point={{ shapeField: "circle", sizeField: 3 }}
      axis={{ y: { labelFormatter: axisFormatter(unit) } }}
      tooltip={{ items: [{ channel: "y", valueFormatter: valueFormatter(unit) }] }}
    />
  );
}

export function ColumnChart({ data, height = 260, unit }: ChartProps) {
  const series = data.some((d) => d.series);
  return (
    <Column
      data={data}
      xField="x"
      yField="y"
      colorField={series ? "series" : undefined}
      group={series}
      height={height}
      autoFit
      axis={{ y: { labelFormatter: axisFormatter(unit) } }}
      tooltip={{ items: [{ channel: "y", valueFormatter: valueFormatter(unit) }] }}
    />
  );
}

export function PieChart({ data, height = 260, unit }: ChartProps) {
  return (
    <Pie
      data={data}
      angleField="y"
      colorField="x"
      innerRadius={0.6}
      height={height}
      autoFit
      label={{ text: (d: SeriesPoint) => `${d.x} ${d.y}`, position: "outside" }}
      legend={{ color: { position: "bottom", layout: { justifyContent: "center" } } }}
      tooltip={{ items: [{ channel: "y", valueFormatter: valueFormatter(unit) }] }}
    />
  );
}
