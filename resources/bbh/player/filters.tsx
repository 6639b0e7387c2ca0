import { Form, Select, type SelectProps } from "antd";
import { useState } from "react";

import { ActivitySelect, TimeSelect } from "../../../kit/activity-select";
import { DepartTreeSelect } from "../../../kit/depart-tree-select";
import type { SearchField } from "../../../kit/search-form";
import { useApi } from "../../../kit/use-api";

/** The window picker of a search form: the windows of the activity chosen in the same form. */
function FormTimeSelect(props: { value?: string; onChange?: (v?: string) => void }) {
  const form = Form.useFormInstance();
  const activityId = Form.useWatch("activityId", form) as string | undefined;
  return <TimeSelect activityId={activityId} {...props} />;
}

/** The task picker of a search form: the tasks of the activity chosen in the same form. */
function FormTaskSelect(props: SelectProps) {
  const form = Form.useFormInstance();
  const api = useApi();
  const activityId = Form.useWatch("activityId", form) as string | undefined;
  const [options, setOptions] = useState<{ key?: string; list: Array<{ value: string; label: string }> }>({ list: [] });
  const load = (open: boolean) => {
    if (!open || !activityId || options.key === activityId) return;
    void api
      .get<{ records: Array<{ id: string; taskName: string; sortNo: number }> }>("/bbh/api/activity/task/list", { activityId, pageSize: 200, column: "sortNo", order: "asc" })
      .then((page) => setOptions({ key: activityId, list: page.records.map((t) => ({ value: t.id, label: `${t.sortNo}. ${t.taskName}` })) }), () => undefined);
  };
  return (
    <Select allowClear showSearch optionFilterProp="label" disabled={!activityId} placeholder={activityId ? "请选择任务" : "请先选择活动"} onOpenChange={load} {...props} options={options.key === activityId ? options.list : []} />
  );
}

/** The school picker: loads the schools when opened (`/bbh/api/school/list`). */
function SchoolSelect(props: SelectProps) {
  const api = useApi();
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>();
  const load = (open: boolean) => {
    if (!open || options) return;
    void api.get<{ records: Array<{ id: string; schoolName: string }> }>("/bbh/api/school/list", { pageSize: 200 }).then(
      (page) => setOptions(page.records.map((s) => ({ value: s.id, label: s.schoolName }))),
      () => setOptions([]),
    );
  };
  return <Select allowClear showSearch optionFilterProp="label" placeholder="请选择学校" onOpenChange={load} {...props} options={options ?? []} />;
}

export const activityFilter: SearchField = { name: "activityId", label: "活动", exact: true, input: <ActivitySelect /> };
export const timeFilter: SearchField = { name: "timeId", label: "时间段", exact: true, input: <FormTimeSelect /> };
export const taskFilter: SearchField = { name: "taskId", label: "任务", exact: true, input: <FormTaskSelect /> };

/** The WeChat user's school, organisation, nickname/name and phone (server: player.ts `wxUserFilter`). */
export const playerFilters: SearchField[] = [
  { name: "schoolId", label: "学校", exact: true, input: <SchoolSelect /> },
  { name: "sysDepartId", label: "组织", exact: true, input: <DepartTreeSelect placeholder="请选择组织" /> },
  { name: "nickname", label: "玩家", exact: true },
  { name: "phone", label: "手机号", exact: true },
];

export const NO_FORM = () => null;

/** Status colours of 参与状态, 任务进度 and 审核状态. */
export const UA_COLORS: Record<number, string> = { 0: "default", 1: "processing", 2: "success", 3: "warning", 4: "default" };
export const UT_COLORS: Record<number, string> = { 0: "default", 1: "processing", 2: "gold", 3: "success", 4: "error", 5: "default" };
export const AUDIT_COLORS: Record<number, string> = { 0: "gold", 1: "success", 2: "error" };

/** 用时 as h:mm:ss. */
export function duration(seconds?: number | null): string {
  if (seconds === null || seconds === undefined) return "—";
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}
