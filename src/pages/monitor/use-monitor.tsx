/**
 * What every monitoring page shares: one polled GET (auto-refresh that can be switched off), the refresh
 * controls, and the loading / error states. `raw` reads answers without the envelope (Actuator shapes).
 */
import { ReloadOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Alert, Button, Space, Switch } from "antd";
import { useState, type ReactNode } from "react";

export const REFRESH_MS = 5_000;

export function useMonitor<T>(url: string, { refreshMs = REFRESH_MS, check, raw: plain = false }: { refreshMs?: number; check: (data: unknown) => boolean; raw?: boolean }) {
  const [auto, setAuto] = useState(true);
  const { result, query } = useCustom<Record<string, unknown>>({
    url,
    method: "get",
    meta: plain ? { envelope: true } : undefined,
    queryOptions: { queryKey: ["monitor", url], refetchInterval: auto ? refreshMs : false, refetchOnWindowFocus: false, retry: false },
  });
  // Until the first answer, Refine's result holds a placeholder without our fields.
  const raw = (query.isSuccess || query.data ? result?.data : undefined) as unknown as T | undefined;
  const data = raw !== undefined && check(raw) ? raw : undefined;
  const controls: ReactNode = (
    <Space>
      <span>自动刷新</span>
      <Switch size="small" checked={auto} onChange={setAuto} aria-label="自动刷新" />
      <Button icon={<ReloadOutlined />} loading={query.isFetching} onClick={() => void query.refetch()}>
        刷新
      </Button>
    </Space>
  );
  const failed = query.isError && !data;
  const error: ReactNode = failed ? <Alert type="error" showIcon message="监控信息加载失败" description={(query.error as unknown as { message?: string } | null)?.message} /> : null;
  return { data, query, controls, loading: !data && query.isLoading, error, dataUpdatedAt: query.dataUpdatedAt };
}

export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return "-";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return "-";
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return [d && `${d} 天`, (d || h) && `${h} 小时`, (d || h || m) && `${m} 分`, `${s} 秒`].filter(Boolean).join(" ");
}

export const ms = (v: number | null | undefined) => (v === null || v === undefined ? "-" : `${v.toLocaleString("zh-CN")} ms`);
export const percent = (ratio: number | null | undefined) => (ratio === null || ratio === undefined ? 0 : Math.round(ratio * 1000) / 10);
export const dateTime = (v: number | string | null | undefined) => (v === null || v === undefined ? "-" : new Date(v).toLocaleString("zh-CN", { hour12: false }));
/** Colour of a usage gauge: green, orange above 70 %, red above 90 %. */
export const usageColor = (p: number) => (p >= 90 ? "#ff4d4f" : p >= 70 ? "#faad14" : "#52c41a");

/** The last `size` readings of a polled figure (one per answer), for a chart over time. */
export function useHistory<T>(reading: T | undefined, at: number, size = 20): Array<{ at: number; value: T }> {
  const [points, setPoints] = useState<Array<{ at: number; value: T }>>([]);
  const [seen, setSeen] = useState(0);
  if (reading !== undefined && at && at !== seen) {
    setSeen(at);
    setPoints((p) => [...p, { at, value: reading }].slice(-size));
  }
  return points;
}

export const clock = (at: number) => new Date(at).toLocaleTimeString("zh-CN", { hour12: false });
