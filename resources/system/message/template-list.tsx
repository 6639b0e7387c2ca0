import { App, Form, Input, Modal, Select } from "antd";
import { useState } from "react";

import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { MESSAGE_TYPES, TEMPLATE_API, TEMPLATE_CODES, TEMPLATE_RESOURCE } from "./resource";

interface TemplateRow {
  id: string;
  templateName: string | null;
  templateCode: string;
  templateType: string;
  templateContent: string;
  templateTestJson: string | null;
}

const typeText = (v: string | null) => MESSAGE_TYPES.find((t) => t.value === v)?.label ?? v;

const jsonRule = {
  validator: async (_: unknown, value?: string) => {
    if (!value || !value.trim()) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      throw new Error("测试数据必须是 JSON");
    }
    if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("测试数据必须是 JSON 对象");
  },
};

/** 消息模板 (`/sys/message/sysMessageTemplate`) with 发送测试 (`sendMsg`). */
export default function MessageTemplateListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const [testing, setTesting] = useState<TemplateRow>();
  const [sending, setSending] = useState(false);
  const [form] = Form.useForm();

  const send = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !testing) return;
    setSending(true);
    try {
      await api.post(`${TEMPLATE_API}/sendMsg`, { templateCode: testing.templateCode, ...values });
      message.success("发送消息任务添加成功！");
      setTesting(undefined);
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "发送消息任务添加失败！");
    } finally {
      setSending(false);
    }
  };

  return (
    <>
      <CrudPage<TemplateRow>
        title={route.title}
        resource={TEMPLATE_RESOURCE}
        apiBase={TEMPLATE_API}
        codes={TEMPLATE_CODES}
        search={[
          { name: "templateName", label: "模板标题" },
          { name: "templateCode", label: "模板编码" },
        ]}
        columns={[
          { title: "模板标题", dataIndex: "templateName", ellipsis: true },
          { title: "模板编码", dataIndex: "templateCode", sorter: true },
          { title: "模板类型", dataIndex: "templateType", width: 100, render: typeText },
          { title: "模板内容", dataIndex: "templateContent", ellipsis: true },
        ]}
        rowActions={(r) => [
          access.has(TEMPLATE_CODES.send) && (
            <a
              key="send"
              onClick={() => {
                form.setFieldsValue({ testData: r.templateTestJson ?? "", receiver: "", msgType: r.templateType });
                setTesting(r);
              }}
            >
              发送测试
            </a>
          ),
        ]}
        form={({ record }) => (
          <>
            <Form.Item label="模板标题" name="templateName" rules={[{ max: 50, message: "模板标题不能超过50个字符" }]}>
              <Input />
            </Form.Item>
            <Form.Item
              label="模板编码"
              name="templateCode"
              rules={[
                { required: true, whitespace: true, message: "请输入模板编码" },
                { max: 32, message: "模板编码不能超过32个字符" },
                { pattern: /^[A-Za-z0-9_-]+$/, message: "模板编码只能包含字母、数字、下划线和横线" },
              ]}
            >
              <Input disabled={Boolean(record)} />
            </Form.Item>
            <Form.Item label="模板类型" name="templateType" initialValue="4" rules={[{ required: true, message: "请选择模板类型" }]}>
              <Select options={MESSAGE_TYPES} />
            </Form.Item>
            <Form.Item label="模板内容" name="templateContent" rules={[{ required: true, message: "请输入模板内容" }, { max: 1000, message: "模板内容不能超过1000个字符" }]} extra="用 ${变量名} 引用测试数据中的值">
              <Input.TextArea rows={5} />
            </Form.Item>
            <Form.Item label="测试数据" name="templateTestJson" rules={[{ max: 1000, message: "测试数据不能超过1000个字符" }, jsonRule]}>
              <Input.TextArea rows={3} placeholder='{"name":"张三"}' />
            </Form.Item>
          </>
        )}
      />
      <Modal title="发送测试" open={Boolean(testing)} onCancel={() => setTesting(undefined)} onOk={send} confirmLoading={sending} okText="发送" cancelText="取消" forceRender>
        <Form form={form} layout="vertical" name="message-template-send">
          <Form.Item label="模板">
            <Input value={`${testing?.templateName ?? ""}（${testing?.templateCode ?? ""}）`} disabled />
          </Form.Item>
          <Form.Item label="测试数据" name="testData" rules={[jsonRule]}>
            <Input.TextArea rows={4} />
          </Form.Item>
          <Form.Item label="消息类型" name="msgType">
            <Select options={MESSAGE_TYPES} />
          </Form.Item>
          <Form.Item label="接收人" name="receiver" rules={[{ required: true, whitespace: true, message: "请输入接收人" }, { max: 255, message: "接收人不能超过255个字符" }]} extra="系统通知：用户账号；邮件：邮箱地址">
            <Input />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
