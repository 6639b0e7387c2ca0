import { CrudPage } from "../../../kit/crud-page";
import type { PageProps } from "../../../kit/page";
import { activityFilters, NO_FORM } from "./filters";
import { GROUP_GRADE_API, GROUP_GRADE_CODES, GROUP_GRADE_RESOURCE } from "./resource";

interface GroupGradeRow {
  id: string;
  rankNo: number;
  groupName?: string;
  roundNo: number;
  memberCount?: number;
  finishedMemberCount?: number;
  totalScore: number;
  avgScore?: number;
  groupScore: number;
  scoreRule_dictText?: string;
  settleTime?: string;
}

/** 小组成绩: group grades frozen by settlement (read-only), by activity and window, export. */
export default function GroupGradeListPage({ route }: PageProps) {
  return (
    <CrudPage<GroupGradeRow>
      title={route.title}
      resource={GROUP_GRADE_RESOURCE}
      apiBase={GROUP_GRADE_API}
      codes={GROUP_GRADE_CODES}
      // the server's default: latest settlement first, then 名次 (all rows of a settlement share their times)
      initialSorters={[]}
      excelTitle="小组成绩"
      search={[...activityFilters(), { name: "groupName", label: "小组" }]}
      columns={[
        { title: "名次", dataIndex: "rankNo", sorter: true, width: 80 },
        { title: "小组", dataIndex: "groupName", sorter: true },
        { title: "轮次", dataIndex: "roundNo", sorter: true, width: 80 },
        { title: "成员数", dataIndex: "memberCount" },
        { title: "完成人数", dataIndex: "finishedMemberCount" },
        { title: "总分", dataIndex: "totalScore", sorter: true },
        { title: "平均分", dataIndex: "avgScore" },
        { title: "计分", dataIndex: "groupScore", sorter: true },
        { title: "计分规则", dataIndex: "scoreRule_dictText" },
        { title: "结算时间", dataIndex: "settleTime", sorter: true },
      ]}
      form={NO_FORM}
    />
  );
}
