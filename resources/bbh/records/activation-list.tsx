import { App, Button, DatePicker, Form, Input, InputNumber, Modal, Select, Tag } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";

import { ActivitySelect } from "../../../kit/activity-select";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { activityFilters } from "./filters";
import { ReasonModal } from "./reason-modal";
import { ACTIVATION_API, ACTIVATION_CODES, ACTIVATION_RESOURCE } from "./resource";

interface CodeRow {
  id: string;
  code: string;
  batchNo: string;
  codeStatus: number;
  codeStatus_dictText?: string;
  validStartTime?: string | null;
  validEndTime?: string | null;
  usedBy?: string | null;
  usedByName?: string | null;
  usedTime?: string | null;
  remark?: string | null;
  [key: string]: unknown;
}

const FORMAT = "YYYY-MM-DD HH:mm:ss";
const STATUS_COLORS: Record<number, string> = { 0: "green", 1: "blue", 2: "red", 3: "default" };
const toText = (d?: Dayjs | null) => (d ? d.format(FORMAT) : null);
const toDay = (s?: string | null) => (s ? dayjs(s) : undefined);

/** 批量生成激活码: an activity, how many (1–5000), the validity, a remark. */
function GenerateModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const act = useAction(ACTIVATION_RESOURCE);
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const ok = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const [start, end] = (v.valid ?? []) as [Dayjs?, Dayjs?];
    setBusy(true);
    try {
      let text = "";
      const done = await act(async () => {
        const answer = await api.envelope("post", `${ACTIVATION_API}/generate`, {
          payload: { activityId: v.activityId, count: v.count, validStartTime: toText(start), validEndTime: toText(end), remark: v.remark?.trim() || null },
        });
        text = answer.message;
      }, "生成成功");
      if (done) {
        if (text) message.info(text);
        onClose();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title="批量生成激活码" open={open} onCancel={onClose} onOk={ok} confirmLoading={busy} okText="生成" cancelText="取消" forceRender>
      <Form form={form} layout="vertical" name="activation-generate-form">
        <Form.Item label="活动" name="activityId" rules={[{ required: true, message: "请选择活动!" }]}>
          <ActivitySelect />
        </Form.Item>
        <Form.Item label="生成数量" name="count" initialValue={100} rules={[{ required: true, message: "请输入生成数量!" }]}>
          <InputNumber style={{ width: "100%" }} min={1} max={5000} precision={0} placeholder="1 到 5000" />
        </Form.Item>
        <Form.Item
          label="有效期"
          name="valid"
          rules={[{ validator: (_, v?: [Dayjs?, Dayjs?]) => (v?.[0] && v?.[1] && !v[1].isAfter(v[0]) ? Promise.reject(new Error("有效期结束时间必须晚于开始时间")) : Promise.resolve()) }]}
        >
          <DatePicker.RangePicker showTime style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 255, message: "备注不能超过255个字符" }]}>
          <Input placeholder="如：某校第一批" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 激活码: codes by activity, batch and status; batch generation, void, edit of the validity, delete, export. */
export default function ActivationListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(ACTIVATION_RESOURCE);
  const statuses = useDictOptions("bbh_activation_status");
  const [generating, setGenerating] = useState(false);
  const [voiding, setVoiding] = useState<string>();
  return (
    <>
      <CrudPage<CodeRow>
        title={route.title}
        resource={ACTIVATION_RESOURCE}
        apiBase={ACTIVATION_API}
        codes={ACTIVATION_CODES}
        excelTitle="激活码"
        search={[
          ...activityFilters(false),
          { name: "code", label: "激活码", exact: true },
          { name: "batchNo", label: "批次", exact: true },
          { name: "codeStatus", label: "状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择状态" /> },
        ]}
        toolbar={
          access.has(ACTIVATION_CODES.generate) && (
            <Button type="primary" onClick={() => setGenerating(true)}>
              批量生成
            </Button>
          )
        }
        columns={[
          { title: "激活码", dataIndex: "code", sorter: true, render: (v: string) => <code>{v}</code> },
          { title: "批次", dataIndex: "batchNo", sorter: true },
          { title: "状态", dataIndex: "codeStatus", sorter: true, render: (v: number, row) => <Tag color={STATUS_COLORS[v]}>{row.codeStatus_dictText ?? v}</Tag> },
          { title: "有效期开始", dataIndex: "validStartTime" },
          { title: "有效期结束", dataIndex: "validEndTime", sorter: true },
          { title: "使用者", dataIndex: "usedByName", render: (v: string | null, row) => v ?? row.usedBy ?? "" },
          { title: "使用时间", dataIndex: "usedTime", sorter: true },
          { title: "备注", dataIndex: "remark" },
        ]}
        rowActions={(row) => [access.has(ACTIVATION_CODES.void) && row.codeStatus === 0 && <a key="void" onClick={() => setVoiding(row.id)}>作废</a>]}
        toForm={(row) => ({ valid: [toDay(row.validStartTime), toDay(row.validEndTime)], remark: row.remark })}
        toBody={(v) => {
          const [start, end] = (v.valid ?? []) as [Dayjs?, Dayjs?];
          return { validStartTime: toText(start), validEndTime: toText(end), remark: (v.remark as string | undefined)?.trim() || null };
        }}
        form={() => (
          <>
            <Form.Item label="有效期" name="valid">
              <DatePicker.RangePicker showTime style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} allowEmpty={[true, true]} />
            </Form.Item>
            <Form.Item label="备注" name="remark" rules={[{ max: 255, message: "备注不能超过255个字符" }]}>
              <Input placeholder="请输入备注" />
            </Form.Item>
          </>
        )}
      />
      <GenerateModal open={generating} onClose={() => setGenerating(false)} />
      <ReasonModal
        title="作废激活码"
        label="作废原因"
        open={Boolean(voiding)}
        onClose={() => setVoiding(undefined)}
        onOk={(voidReason) => act(() => api.put(`${ACTIVATION_API}/void`, { ids: [voiding!], voidReason }), "作废成功")}
      />
    </>
  );
}
