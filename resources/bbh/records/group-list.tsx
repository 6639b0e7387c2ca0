import { useCustom } from "@refinedev/core";
import { Col, Form, Input, InputNumber, Modal, Row, Select, Tag } from "antd";
import { useEffect, useState } from "react";

import { groupLimits } from "../../../contract/bbh-limits";
import { ActivitySelect, TimeSelect } from "../../../kit/activity-select";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { limitRules } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { activityFilters } from "./filters";
import { APPLY_API, GROUP_API, GROUP_CODES, GROUP_RESOURCE } from "./resource";

interface GroupRow {
  id: string;
  activityId: string;
  timeId?: string | null;
  groupName: string;
  groupNo?: string | null;
  groupType?: number;
  groupType_dictText?: string;
  memberCount?: number;
  maxMembers?: number | null;
  inviteCode?: string;
  groupStatus: number;
  groupStatus_dictText?: string;
  [key: string]: unknown;
}

/** 分配成员: players with an approved apply of the group's activity. */
function AssignModal({ group, onClose }: { group?: GroupRow; onClose: () => void }) {
  const api = useApi();
  const act = useAction(GROUP_RESOURCE);
  const [chosen, setChosen] = useState<string[]>([]);
  useEffect(() => setChosen([]), [group]);
  const { result } = useCustom<{ records?: Array<{ wxUserId: string; realName?: string; className?: string; groupId?: string }> }>({
    url: `${APPLY_API}/list`,
    method: "get",
    config: { query: { activityId: group?.activityId, applyStatus: 1, pageSize: 500 } },
    queryOptions: { enabled: Boolean(group) },
    errorNotification,
  });
  const seen = new Set<string>();
  const options = (result?.data?.records ?? [])
    .filter((r) => !seen.has(r.wxUserId) && seen.add(r.wxUserId))
    .map((r) => ({ value: r.wxUserId, label: `${r.realName ?? r.wxUserId}${r.className ? `（${r.className}）` : ""}${r.groupId === group?.id ? " · 已在本组" : ""}` }));
  const ok = async () => {
    if (!group || !chosen.length) return;
    if (await act(() => api.post(`${GROUP_API}/assign`, { groupId: group.id, wxUserIds: chosen }), "分配成功")) onClose();
  };
  return (
    <Modal title={`分配成员 - ${group?.groupName ?? ""}`} open={Boolean(group)} onCancel={onClose} onOk={ok} okButtonProps={{ disabled: !chosen.length }} okText="确定" cancelText="取消">
      <Select mode="multiple" style={{ width: "100%" }} value={chosen} onChange={setChosen} options={options} optionFilterProp="label" placeholder="选择已通过报名的玩家" />
    </Modal>
  );
}

function FormTime() {
  const form = Form.useFormInstance();
  const activityId = Form.useWatch("activityId", form) as string | undefined;
  return (
    <Form.Item label="所属时间段" name="timeId">
      <TimeSelect activityId={activityId} />
    </Form.Item>
  );
}

const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));

/** 小组管理: groups by activity and window, CRUD, 分配成员, export. */
export default function GroupListPage({ route }: PageProps) {
  const access = useAccess();
  const types = useDictOptions("bbh_group_type");
  const states = useDictOptions("bbh_enable_status");
  const [assigning, setAssigning] = useState<GroupRow>();
  return (
    <>
      <CrudPage<GroupRow>
        title={route.title}
        resource={GROUP_RESOURCE}
        apiBase={GROUP_API}
        codes={GROUP_CODES}
        excelTitle="小组"
        search={[...activityFilters(), { name: "groupName", label: "小组名称" }]}
        columns={[
          { title: "小组名称", dataIndex: "groupName", sorter: true },
          { title: "编号", dataIndex: "groupNo", sorter: true },
          { title: "分组方式", dataIndex: "groupType_dictText" },
          { title: "成员数", dataIndex: "memberCount", sorter: true, render: (v: number, row) => `${v ?? 0}${row.maxMembers ? ` / ${row.maxMembers}` : ""}` },
          { title: "邀请码", dataIndex: "inviteCode" },
          { title: "状态", dataIndex: "groupStatus", render: (v: number, row) => <Tag color={v === 1 ? "green" : "default"}>{row.groupStatus_dictText ?? v}</Tag> },
          { title: "创建时间", dataIndex: "createTime", sorter: true },
        ]}
        rowActions={(row) => [access.has(GROUP_CODES.assign) && row.groupStatus === 1 && <a key="assign" onClick={() => setAssigning(row)}>分配成员</a>]}
        toForm={(row) => ({ ...row, groupType: row.groupType != null ? String(row.groupType) : undefined, groupStatus: String(row.groupStatus) })}
        toBody={(values) => ({ ...values, groupType: num(values.groupType), groupStatus: num(values.groupStatus), maxMembers: num(values.maxMembers) })}
        form={({ record }) => (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="所属活动" name="activityId" rules={[{ required: true, message: "请选择所属活动!" }]}>
                <ActivitySelect disabled={Boolean(record)} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <FormTime />
            </Col>
            <Col span={12}>
              <Form.Item label="小组名称" name="groupName" rules={limitRules(groupLimits.groupName)}>
                <Input placeholder="请输入小组名称" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="小组编号" name="groupNo" rules={limitRules(groupLimits.groupNo)}>
                <Input placeholder="请输入小组编号" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="分组方式" name="groupType">
                <Select allowClear options={types} placeholder="默认按活动设置" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="人数上限" name="maxMembers">
                <InputNumber style={{ width: "100%" }} min={1} max={1000} placeholder="默认按活动设置" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item label="状态" name="groupStatus" initialValue="1">
                <Select options={states} />
              </Form.Item>
            </Col>
          </Row>
        )}
      />
      <AssignModal group={assigning} onClose={() => setAssigning(undefined)} />
    </>
  );
}
