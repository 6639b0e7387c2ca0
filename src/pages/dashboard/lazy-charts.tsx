/**
 * Lazy chart components for the dashboards and monitoring pages: the chart library (G2, several hundred kB)
 * is a chunk of its own that loads after the page's first paint, so the home tab's initial JS stays within
 * its budget (docs/performance.md). While it loads, and when there is nothing to draw, a placeholder keeps
 * the card's height.
 */
import { Empty, Skeleton } from "antd";
import { lazy, Suspense, type ComponentType } from "react";

import type { ChartProps } from "./charts";

export type { ChartProps, SeriesPoint } from "./charts";

const charts = () => import("./charts");
const Line = lazy(() => charts().then((m) => ({ default: m.LineChart })));
const Column = lazy(() => charts().then((m) => ({ default: m.ColumnChart })));
const Pie = lazy(() => charts().then((m) => ({ default: m.PieChart })));

function chart(Inner: ComponentType<ChartProps>) {
  return function LazyChart(props: ChartProps & { loading?: boolean; empty?: string }) {
    const height = props.height ?? 260;
    if (props.loading) return <Skeleton active paragraph={{ rows: 5 }} style={{ height }} />;
    if (!props.data.length)
      return (
        <div style={{ height, display: "flex", alignItems: "center", justifyContent: "center" }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.empty ?? "暂无数据"} />
        </div>
      );
    return (
      <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} style={{ height }} />}>
        <div data-chart="" style={{ height }}>
          <Inner data={props.data} height={height} unit={props.unit} />
        </div>
      </Suspense>
    );
  };
}

export const LineChart = chart(Line);
export const ColumnChart = chart(Column);
export const PieChart = chart(Pie);
