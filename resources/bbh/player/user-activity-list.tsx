import { Select, Tag } from "antd";
import { useNavigate } from "react-router";

import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { PlayerCell } from "../../../kit/player-cell";
import { activityFilter, duration, NO_FORM, playerFilters, timeFilter, UA_COLORS } from "./filters";
import { USER_ACTIVITY_API, USER_ACTIVITY_CODES, USER_ACTIVITY_RESOURCE, userActivityDetailPath } from "./resource";

export interface UserActivityRow {
  id: string;
  wxUserId: string;
  nickname?: string | null;
  realName?: string | null;
  avatarUrl?: string | null;
  phone?: string | null;
  activityName?: string | null;
  timeName?: string | null;
  roundNo: number;
  groupName?: string | null;
  uaStatus: number;
  uaStatus_dictText?: string;
  totalScore: number;
  finishedTaskCount: number;
  totalTaskCount: number;
  finishedMarkCount: number;
  durationSeconds?: number | null;
  rankNo?: number | null;
  joinTime?: string;
  lastActiveTime?: string | null;
}

/** 玩家活动: every player's round of an activity window; 详情 opens the task progress, answers and ledger. */
export default function UserActivityListPage({ route }: PageProps) {
  const navigate = useNavigate();
  const statuses = useDictOptions("bbh_ua_status");
  return (
    <CrudPage<UserActivityRow>
      title={route.title}
      resource={USER_ACTIVITY_RESOURCE}
      apiBase={USER_ACTIVITY_API}
      codes={USER_ACTIVITY_CODES}
      excelTitle="玩家活动"
      // 13 columns: scroll sideways rather than wrap names over three lines and squeeze the status tags out of their cells
      scrollX="max-content"
      search={[
        activityFilter,
        timeFilter,
        { name: "uaStatus", label: "状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择状态" /> },
        ...playerFilters,
      ]}
      columns={[
        { title: "玩家", dataIndex: "nickname", render: (_: unknown, row) => <PlayerCell row={row} /> },
        { title: "手机号", dataIndex: "phone" },
        { title: "活动", dataIndex: "activityName", ellipsis: true, width: 160 },
        { title: "时间段/轮次", dataIndex: "timeName", render: (v: string | null, row) => `${v ?? "—"} / 第${row.roundNo}轮` },
        { title: "小组", dataIndex: "groupName", render: (v: string | null) => v ?? "—" },
        { title: "状态", dataIndex: "uaStatus", sorter: true, render: (v: number, row) => <Tag color={UA_COLORS[v]}>{row.uaStatus_dictText ?? v}</Tag> },
        { title: "总分", dataIndex: "totalScore", sorter: true },
        { title: "完成任务/总任务", dataIndex: "finishedTaskCount", render: (v: number, row) => `${v} / ${row.totalTaskCount}` },
        { title: "完成印记", dataIndex: "finishedMarkCount" },
        { title: "用时", dataIndex: "durationSeconds", sorter: true, render: (v: number | null) => duration(v) },
        { title: "名次", dataIndex: "rankNo", sorter: true, render: (v: number | null) => v ?? "—" },
        { title: "加入时间", dataIndex: "joinTime", sorter: true },
        { title: "最后活跃", dataIndex: "lastActiveTime", sorter: true },
      ]}
      rowActions={(row) => [<a key="detail" onClick={() => navigate(userActivityDetailPath(row.id))}>详情</a>]}
      form={NO_FORM}
    />
  );
}
