import { Drawer, Select, Tag } from "antd";
import { useState } from "react";

import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { AnswerHistory } from "./answer-history";
import { activityFilter, NO_FORM, playerFilters, taskFilter, timeFilter, UT_COLORS } from "./filters";
import { USER_TASK_API, USER_TASK_CODES, USER_TASK_RESOURCE } from "./resource";
import { PlayerCell } from "../../../kit/player-cell";

interface UserTaskRow {
  id: string;
  wxUserId: string;
  nickname?: string | null;
  realName?: string | null;
  avatarUrl?: string | null;
  activityName?: string | null;
  timeName?: string | null;
  taskName?: string | null;
  taskType?: number | null;
  taskType_dictText?: string;
  markName?: string | null;
  utStatus: number;
  utStatus_dictText?: string;
  score: number;
  taskScore?: number | null;
  submitCount: number;
  maxSubmitTimes?: number | null;
  unlockTime?: string | null;
  finishTime?: string | null;
}

/** 玩家任务: every player's task with its progress; 答题记录 shows every attempt. */
export default function UserTaskListPage({ route }: PageProps) {
  const statuses = useDictOptions("bbh_ut_status");
  const [history, setHistory] = useState<UserTaskRow>();
  return (
    <>
      <CrudPage<UserTaskRow>
        title={route.title}
        resource={USER_TASK_RESOURCE}
        apiBase={USER_TASK_API}
        codes={USER_TASK_CODES}
        excelTitle="玩家任务"
        // 12 columns: scroll sideways rather than wrap names and times over three lines
        scrollX="max-content"
        search={[
          activityFilter,
          timeFilter,
          taskFilter,
          { name: "utStatus", label: "状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择状态" /> },
          ...playerFilters,
        ]}
        columns={[
          { title: "玩家", dataIndex: "nickname", render: (_: unknown, row) => <PlayerCell row={row} /> },
          { title: "活动", dataIndex: "activityName", ellipsis: true, width: 160 },
          { title: "时间段", dataIndex: "timeName" },
          { title: "任务", dataIndex: "taskName" },
          { title: "类型", dataIndex: "taskType", render: (v: number, row) => row.taskType_dictText ?? v },
          { title: "所在印记", dataIndex: "markName", render: (v: string | null) => v ?? "—" },
          { title: "状态", dataIndex: "utStatus", sorter: true, render: (v: number, row) => <Tag color={UT_COLORS[v]}>{row.utStatus_dictText ?? v}</Tag> },
          { title: "得分", dataIndex: "score", sorter: true, render: (v: number, row) => `${v} / ${row.taskScore ?? "—"}` },
          { title: "提交次数", dataIndex: "submitCount", sorter: true, render: (v: number, row) => `${v} / ${row.maxSubmitTimes ?? "—"}` },
          { title: "解锁时间", dataIndex: "unlockTime", sorter: true },
          { title: "完成时间", dataIndex: "finishTime", sorter: true },
        ]}
        rowActions={(row) => [<a key="history" onClick={() => setHistory(row)}>答题记录</a>]}
        form={NO_FORM}
      />
      <Drawer title={history ? `答题记录 · ${history.nickname ?? history.wxUserId} · ${history.taskName ?? ""}` : "答题记录"} width={640} open={Boolean(history)} onClose={() => setHistory(undefined)} destroyOnHidden>
        {history && <AnswerHistory userTaskId={history.id} />}
      </Drawer>
    </>
  );
}
