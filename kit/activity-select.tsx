/**
 * Pickers of the bbh pages: an activity (`getActivityNameSelectList`, the menu's data rules apply) and one of
 * its time windows (`/bbh/api/activity/time/list?activityId=`). Both load through Refine's data provider.
 */
import { useCustom } from "@refinedev/core";
import { Select, type SelectProps } from "antd";

import { errorNotification } from "../providers/data-provider";

interface Option {
  value: string;
  text: string;
}

export function useActivityOptions(activityType?: 1 | 2) {
  const { result } = useCustom<Option[]>({
    url: "/bbh/api/activity/main/getActivityNameSelectList",
    method: "get",
    config: { query: { limit: 500, ...(activityType ? { activityType } : {}) } },
    queryOptions: { staleTime: 30_000 },
    errorNotification,
  });
  const rows = Array.isArray(result?.data) ? result.data : [];
  return rows.map((r) => ({ value: String(r.value), label: r.text }));
}

/** 选择活动: searchable, clearable. */
export function ActivitySelect(props: SelectProps & { activityType?: 1 | 2 }) {
  const { activityType, ...rest } = props;
  const options = useActivityOptions(activityType);
  return <Select allowClear showSearch optionFilterProp="label" placeholder="请选择活动" style={{ minWidth: 180 }} {...rest} options={options} />;
}

/** 选择时间段 of one activity; disabled until an activity is chosen. */
export function TimeSelect(props: SelectProps & { activityId?: string }) {
  const { activityId, ...rest } = props;
  const { result } = useCustom<{ records?: Array<{ id: string; timeName: string; roundNo?: number }> }>({
    url: "/bbh/api/activity/time/list",
    method: "get",
    config: { query: { activityId, pageSize: 200, column: "startTime", order: "asc" } },
    queryOptions: { enabled: Boolean(activityId), staleTime: 30_000 },
    errorNotification,
  });
  const rows = activityId ? (result?.data?.records ?? []) : [];
  return (
    <Select
      allowClear
      disabled={!activityId}
      placeholder={activityId ? "请选择时间段" : "请先选择活动"}
      style={{ minWidth: 160 }}
      {...rest}
      options={rows.map((r) => ({ value: r.id, label: r.timeName }))}
    />
  );
}
