import { Popconfirm, Select, Tag } from "antd";
import { useState } from "react";

import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { activityFilters, NO_FORM } from "./filters";
import { ReasonModal } from "./reason-modal";
import { APPLY_API, APPLY_CODES, APPLY_RESOURCE } from "./resource";

interface ApplyRow {
  id: string;
  realName?: string;
  phone?: string;
  className?: string;
  applyStatus: number;
  applyStatus_dictText?: string;
  applyTime?: string;
  auditRemark?: string;
}

const STATUS_COLORS: Record<number, string> = { 0: "blue", 1: "green", 2: "red", 3: "default" };

/** 报名管理: applies by activity and window, 审核 (通过, or 拒绝 with a reason), export. */
export default function ApplyListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(APPLY_RESOURCE);
  const statuses = useDictOptions("bbh_apply_status");
  const [refusing, setRefusing] = useState<string>();
  const audit = (id: string, applyStatus: 1 | 2, auditRemark?: string) =>
    act(() => api.put(`${APPLY_API}/audit`, { ids: [id], applyStatus, auditRemark }), applyStatus === 1 ? "审核通过" : "已拒绝");

  return (
    <>
      <CrudPage<ApplyRow>
        title={route.title}
        resource={APPLY_RESOURCE}
        apiBase={APPLY_API}
        codes={APPLY_CODES}
        excelTitle="报名"
        search={[
          ...activityFilters(),
          { name: "realName", label: "姓名" },
          { name: "applyStatus", label: "报名状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择报名状态" /> },
        ]}
        columns={[
          { title: "姓名", dataIndex: "realName", sorter: true },
          { title: "手机号", dataIndex: "phone" },
          { title: "班级", dataIndex: "className" },
          { title: "报名状态", dataIndex: "applyStatus", sorter: true, render: (v: number, row) => <Tag color={STATUS_COLORS[v]}>{row.applyStatus_dictText ?? v}</Tag> },
          { title: "报名时间", dataIndex: "applyTime", sorter: true },
          { title: "审核意见", dataIndex: "auditRemark" },
        ]}
        rowActions={(row) =>
          access.has(APPLY_CODES.audit) && row.applyStatus === 0
            ? [
                <Popconfirm key="pass" title="确定通过该报名吗?" onConfirm={() => void audit(row.id, 1)} okText="确定" cancelText="取消">
                  <a>通过</a>
                </Popconfirm>,
                <a key="refuse" onClick={() => setRefusing(row.id)}>拒绝</a>,
              ]
            : []
        }
        form={NO_FORM}
      />
      <ReasonModal title="拒绝报名" label="拒绝原因" open={Boolean(refusing)} onClose={() => setRefusing(undefined)} onOk={(reason) => audit(refusing!, 2, reason)} />
    </>
  );
}
