import { Form, Input, InputNumber, Modal, Select, Typography } from "antd";
import { useEffect, useState } from "react";

import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { PlayerCell } from "../../../kit/player-cell";
import { useAction, useApi } from "../../../kit/use-api";
import { activityFilters, NO_FORM } from "./filters";
import { SCORE_API, SCORE_CODES, SCORE_RESOURCE } from "./resource";

interface ScoreRow {
  id: string;
  wxUserId: string;
  nickname?: string | null;
  realName?: string | null;
  avatarUrl?: string | null;
  activityName?: string | null;
  timeName?: string | null;
  userActivityId: string;
  scoreType: number;
  scoreType_dictText?: string;
  scoreChange: number;
  scoreAfter?: number;
  reason?: string;
  operator?: string;
  createTime?: string;
}

/** 人工调整积分 of one player's round (`score/adjust`); refused once the window is settled. */
function AdjustModal({ row, onClose }: { row?: ScoreRow; onClose: () => void }) {
  const api = useApi();
  const act = useAction(SCORE_RESOURCE);
  const [form] = Form.useForm<{ scoreChange: number; reason: string }>();
  useEffect(() => {
    if (row) form.resetFields();
  }, [row, form]);
  const ok = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !row) return;
    if (await act(() => api.post(`${SCORE_API}/adjust`, { userActivityId: row.userActivityId, scoreChange: values.scoreChange, reason: values.reason.trim() }), "调整成功")) onClose();
  };
  return (
    <Modal title="人工调整积分" open={Boolean(row)} onCancel={onClose} onOk={ok} okText="确定" cancelText="取消" forceRender>
      <Typography.Paragraph type="secondary">玩家：{row?.wxUserId}（当前积分 {row?.scoreAfter ?? "—"}）。正数加分，负数扣分；时间段结算后不能调整。</Typography.Paragraph>
      <Form form={form} layout="vertical" name="score-adjust-form">
        <Form.Item
          label="调整分值"
          name="scoreChange"
          rules={[{ required: true, message: "请输入调整分值!" }, { validator: (_, v) => (v === 0 ? Promise.reject(new Error("调整分值不能为0")) : Promise.resolve()) }]}
        >
          <InputNumber style={{ width: "100%" }} min={-100000} max={100000} precision={0} placeholder="如：10 或 -5" />
        </Form.Item>
        <Form.Item label="调整原因" name="reason" rules={[{ required: true, whitespace: true, message: "请输入调整原因!" }, { max: 255, message: "调整原因不能超过255个字符" }]}>
          <Input.TextArea rows={3} placeholder="请输入调整原因" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 积分流水: the score ledger by activity, window and type, export, 人工调整积分. */
export default function ScoreListPage({ route }: PageProps) {
  const access = useAccess();
  const types = useDictOptions("bbh_score_type");
  const [adjusting, setAdjusting] = useState<ScoreRow>();
  return (
    <>
      <CrudPage<ScoreRow>
        title={route.title}
        resource={SCORE_RESOURCE}
        apiBase={SCORE_API}
        codes={SCORE_CODES}
        excelTitle="积分流水"
        search={[
          ...activityFilters(),
          { name: "nickname", label: "玩家", exact: true },
          { name: "scoreType", label: "积分类型", exact: true, input: <Select allowClear options={types} placeholder="请选择积分类型" /> },
        ]}
        columns={[
          { title: "玩家", dataIndex: "nickname", render: (_: unknown, row) => <PlayerCell row={row} /> },
          { title: "活动/时间段", dataIndex: "activityName", ellipsis: true, width: 260, render: (v: string | null, row) => `${v ?? "—"} / ${row.timeName ?? "—"}` },
          { title: "积分类型", dataIndex: "scoreType_dictText" },
          { title: "变动", dataIndex: "scoreChange", sorter: true, render: (v: number) => <Typography.Text type={v < 0 ? "danger" : "success"}>{v > 0 ? `+${v}` : v}</Typography.Text> },
          { title: "变动后", dataIndex: "scoreAfter" },
          { title: "原因", dataIndex: "reason" },
          { title: "操作人", dataIndex: "operator" },
          { title: "时间", dataIndex: "createTime", sorter: true, width: 180 },
        ]}
        rowActions={(row) => [access.has(SCORE_CODES.adjust) && row.userActivityId && <a key="adjust" onClick={() => setAdjusting(row)}>调整积分</a>]}
        form={NO_FORM}
      />
      <AdjustModal row={adjusting} onClose={() => setAdjusting(undefined)} />
    </>
  );
}
