import { Tag } from "antd";

import { CrudPage } from "../../../kit/crud-page";
import type { PageProps } from "../../../kit/page";
import { activityFilters, NO_FORM } from "./filters";
import { GRADE_API, GRADE_CODES, GRADE_RESOURCE } from "./resource";

interface GradeRow {
  id: string;
  rankNo: number;
  displayName?: string;
  roundNo: number;
  totalScore: number;
  finishedTaskCount: number;
  durationSeconds: number;
  isFinished_dictText?: string;
  gradeLevel?: string;
  settleTime?: string;
}

/** 成绩: the grades settlement froze (read-only), by activity and window, export. */
export default function GradeListPage({ route }: PageProps) {
  return (
    <CrudPage<GradeRow>
      title={route.title}
      resource={GRADE_RESOURCE}
      apiBase={GRADE_API}
      codes={GRADE_CODES}
      // the server's default: latest settlement first, then 名次 (all rows of a settlement share their times)
      initialSorters={[]}
      excelTitle="成绩"
      search={[...activityFilters(), { name: "displayName", label: "姓名" }, { name: "gradeLevel", label: "等级", exact: true }]}
      columns={[
        { title: "名次", dataIndex: "rankNo", sorter: true, width: 80 },
        { title: "姓名", dataIndex: "displayName", sorter: true },
        { title: "轮次", dataIndex: "roundNo", sorter: true, width: 80 },
        { title: "总分", dataIndex: "totalScore", sorter: true },
        { title: "完成任务数", dataIndex: "finishedTaskCount", sorter: true },
        { title: "用时（秒）", dataIndex: "durationSeconds", sorter: true },
        { title: "是否完成", dataIndex: "isFinished_dictText" },
        { title: "等级", dataIndex: "gradeLevel", render: (v?: string) => (v ? <Tag color="red">{v}</Tag> : "—") },
        { title: "结算时间", dataIndex: "settleTime", sorter: true },
      ]}
      form={NO_FORM}
    />
  );
}
