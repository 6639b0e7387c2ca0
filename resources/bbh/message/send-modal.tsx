import { Alert, App, Form, Input, Modal, Radio, Select } from "antd";
import { useEffect, useState } from "react";

import { ActivitySelect, TimeSelect } from "../../../kit/activity-select";
import { useApi } from "../../../kit/use-api";
import { MESSAGE_API, TEMPLATE_API } from "./resource";

interface Option {
  value: string;
  label: string;
}

/** WeChat users found by nickname or name (the list's fuzzy search), several at once. */
export function WxUserSelect(props: { value?: string[]; onChange?: (v: string[]) => void }) {
  const api = useApi();
  const [options, setOptions] = useState<Option[]>([]);
  const search = async (text: string) => {
    const q = text.trim();
    const page = await api
      .get<{ records: Array<{ id: string; nickname?: string | null; realName?: string | null; openid?: string }> }>("/bbh/bbhWxUser/list", { pageSize: 20, ...(q ? { nickname: `*${q}*` } : {}) })
      .catch(() => ({ records: [] }));
    setOptions(page.records.map((u) => ({ value: u.id, label: `${u.realName || u.nickname || "微信用户"}（${u.id}）` })));
  };
  return (
    <Select
      mode="multiple"
      showSearch
      filterOption={false}
      onSearch={search}
      onFocus={() => void search("")}
      options={options}
      placeholder="输入昵称搜索微信用户"
      value={props.value}
      onChange={props.onChange}
    />
  );
}

function FormTimeSelect(props: { value?: string; onChange?: (v?: string) => void }) {
  const form = Form.useFormInstance();
  const activityId = Form.useWatch("activityId", form) as string | undefined;
  return <TimeSelect activityId={activityId} allowClear placeholder="全部时间段" {...props} />;
}

const jsonRule = {
  validator: async (_: unknown, value?: string) => {
    if (!value || !value.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error("变量值必须是 JSON 对象");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("变量值必须是 JSON 对象");
  },
};

/**
 * 手工发送 (`POST /bbh/api/message/send`): a template to chosen WeChat users, or to every player of an activity
 * (one window or all). `templateCode` fixes the template (the template list's 发送测试).
 */
export function SendModal({ open, templateCode, onClose, onSent }: { open: boolean; templateCode?: string; onClose: () => void; onSent?: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const [templates, setTemplates] = useState<Option[]>([]);
  const target = Form.useWatch("target", form) as "users" | "activity" | undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ target: "users", templateCode });
    if (!templateCode)
      void api
        .get<{ records: Array<{ templateCode: string; templateName: string }> }>(`${TEMPLATE_API}/list`, { templateStatus: 1, pageSize: 100 })
        .then((p) => setTemplates(p.records.map((t) => ({ value: t.templateCode, label: `${t.templateName}（${t.templateCode}）` }))))
        .catch(() => setTemplates([]));
  }, [open, templateCode, form, api]);

  const send = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      const payload = {
        templateCode: v.templateCode,
        ...(v.target === "users" ? { wxUserIds: v.wxUserIds } : { activityId: v.activityId, timeId: v.timeId || null }),
        params: v.params?.trim() ? JSON.parse(v.params) : undefined,
      };
      const answer = await api.envelope("post", `${MESSAGE_API}/send`, { payload });
      message.success(answer.message || "已加入发送队列");
      onSent?.();
      onClose();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "发送失败");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={templateCode ? "发送测试" : "手工发送"} open={open} onCancel={onClose} onOk={send} confirmLoading={busy} okText="发送" cancelText="取消" forceRender destroyOnHidden={false}>
      <Form form={form} layout="vertical" name="bbh-message-send">
        <Form.Item label="消息模板" name="templateCode" rules={[{ required: true, message: "请选择消息模板" }]}>
          {templateCode ? <Input disabled /> : <Select options={templates} placeholder="请选择启用的消息模板" showSearch optionFilterProp="label" />}
        </Form.Item>
        <Form.Item label="发送对象" name="target" initialValue="users">
          <Radio.Group options={[{ value: "users", label: "指定微信用户" }, { value: "activity", label: "活动的全部玩家" }]} />
        </Form.Item>
        {target === "activity" ? (
          <>
            <Form.Item label="活动" name="activityId" rules={[{ required: true, message: "请选择活动" }]}>
              <ActivitySelect />
            </Form.Item>
            <Form.Item label="时间段" name="timeId">
              <FormTimeSelect />
            </Form.Item>
          </>
        ) : (
          <Form.Item label="接收人" name="wxUserIds" rules={[{ required: true, message: "请选择接收人" }]}>
            <WxUserSelect />
          </Form.Item>
        )}
        <Form.Item label="变量值" name="params" rules={[jsonRule]} extra={'JSON 对象，替换模板中的 ${变量名}，如 {"activityName":"党史知识闯关"}'}>
          <Input.TextArea rows={3} placeholder='{"title":"系统维护通知","content":"今晚22:00系统维护"}' />
        </Form.Item>
        <Alert type="info" showIcon message="消息先加入发送队列，发送结果在「消息记录」中查看。" />
      </Form>
    </Modal>
  );
}
