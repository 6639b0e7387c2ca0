import { DeleteOutlined, EyeOutlined, PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { App, Button, Card, Descriptions, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Tooltip, Typography, type FormInstance } from "antd";
import { useState } from "react";

import { MSG_CHANNEL, SCENE_VARIABLES, WX_KEYWORD_PATTERN, messageTemplateLimits as L } from "../../../contract/bbh-message";
import { actionColumn } from "../../../kit/action-column";
import { useAccess } from "../../../kit/auth";
import { useDictOptions } from "../../../kit/dict";
import { ExcelButtons } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useApi } from "../../../kit/use-api";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { MESSAGE_CODES, TEMPLATE_API, TEMPLATE_CODES, TEMPLATE_RESOURCE } from "./resource";
import { SendModal } from "./send-modal";

export interface TemplateRow {
  id: string;
  templateCode: string;
  templateName: string;
  channel: number;
  channel_dictText?: string;
  scene: string;
  scene_dictText?: string;
  wxTemplateId?: string | null;
  pagePath?: string | null;
  miniprogramState?: string | null;
  title?: string | null;
  content?: string | null;
  fieldMapping?: string | null;
  templateStatus: number;
  templateStatus_dictText?: string;
  remark?: string | null;
  [key: string]: unknown;
}

interface Preview {
  channel: number;
  title: string | null;
  content: string | null;
  pagePath: string | null;
  fields: Array<{ key: string; expression: string; rendered: string; value: string; limit: string | null; trimmed: boolean }>;
  variables: Array<{ name: string; label: string; value: unknown }>;
}

const KEYWORD = new RegExp(WX_KEYWORD_PATTERN);
const CHANNEL_COLORS: Record<number, string> = { 1: "green", 2: "blue", 3: "orange" };

/** Form values ↔ the wire: the field mapping is edited as rows and sent as a JSON object. */
export function toForm(r: TemplateRow): Record<string, unknown> {
  let mapping: Array<{ key: string; expr: string }> = [];
  try {
    mapping = Object.entries(JSON.parse(r.fieldMapping || "{}") as Record<string, string>).map(([key, expr]) => ({ key, expr }));
  } catch {
    mapping = [];
  }
  return { ...r, mapping };
}
export function toBody(v: Record<string, unknown>): Record<string, unknown> {
  const { mapping, ...rest } = v as { mapping?: Array<{ key?: string; expr?: string }> } & Record<string, unknown>;
  const rows = (mapping ?? []).filter((m) => m?.key?.trim());
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(rest)) if (rest[key] !== undefined) out[key] = rest[key];
  if (Number(v.channel) === MSG_CHANNEL.wechat) out.fieldMapping = rows.length ? JSON.stringify(Object.fromEntries(rows.map((m) => [m.key!.trim(), m.expr ?? ""]))) : "";
  return out;
}

/** The variables of a scene as chips; a click copies `${name}` into the field being edited last. */
function VariableHints({ scene, onPick }: { scene?: string; onPick: (text: string) => void }) {
  const vars = (scene && SCENE_VARIABLES[scene]) || [];
  if (!vars.length) return <Typography.Text type="secondary">请先选择触发场景，查看可用变量</Typography.Text>;
  return (
    <Space size={[4, 4]} wrap>
      {vars.map((v) => (
        <Tooltip key={v.name} title={`示例：${v.sample}`}>
          <Tag style={{ cursor: "pointer" }} onClick={() => onPick(`\${${v.name}}`)}>
            {v.label} <code>{`\${${v.name}}`}</code>
          </Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

/** 字段映射: rows of WeChat keyword (thing1 …) → expression. */
function FieldMappingEditor({ onFocusExpr }: { onFocusExpr: (name: (string | number)[]) => void }) {
  return (
    <Form.List name="mapping">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field) => (
            <Space key={field.key} align="baseline" style={{ display: "flex", marginBottom: 4 }}>
              <Form.Item
                name={[field.name, "key"]}
                rules={[
                  { required: true, message: "请输入微信字段" },
                  { pattern: KEYWORD, message: "应为 thing1、phrase2、time3 这样的关键词" },
                ]}
                style={{ width: 180, marginBottom: 8 }}
              >
                <Input placeholder="微信字段，如 thing1" />
              </Form.Item>
              <Form.Item name={[field.name, "expr"]} rules={[{ required: true, whitespace: true, message: "请输入表达式" }]} style={{ width: 380, marginBottom: 8 }}>
                <Input placeholder="表达式，如 ${activityName}" onFocus={() => onFocusExpr(["mapping", field.name, "expr"])} />
              </Form.Item>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除字段" onClick={() => remove(field.name)} />
            </Space>
          ))}
          <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: `thing${fields.length + 1}`, expr: "" })}>
            添加字段
          </Button>
        </>
      )}
    </Form.List>
  );
}

/** The drawer's form: channel-dependent fields, the field-mapping editor and the scene's variables. */
export function TemplateForm({ form }: { form: FormInstance }) {
  const channels = useDictOptions("bbh_msg_channel");
  const scenes = useDictOptions("bbh_msg_scene");
  const states = useDictOptions("bbh_mp_state");
  const statuses = useDictOptions("bbh_enable_status");
  const channel = Number(Form.useWatch("channel", form) ?? MSG_CHANNEL.wechat);
  const scene = Form.useWatch("scene", form) as string | undefined;
  const [target, setTarget] = useState<(string | number)[]>(["content"]);
  const insert = (text: string) => {
    const current = (form.getFieldValue(target) as string | undefined) ?? "";
    form.setFieldValue(target, current + text);
  };
  const asOptions = (o: { value: string; label: string }[]) => o.map((x) => ({ value: Number.isNaN(Number(x.value)) ? x.value : Number(x.value), label: x.label }));
  return (
    <>
      <Space size="large" style={{ display: "flex" }} align="start">
        <Form.Item label="模板编码" name="templateCode" rules={limitRules(L.templateCode)} extra="系统按编码触发：ANSWER_AUDIT_RESULT 答案审核、TIME_SETTLE_RESULT 成绩发布" style={{ width: 360 }}>
          <Input placeholder="如 ANSWER_AUDIT_RESULT" />
        </Form.Item>
        <Form.Item label="模板名称" name="templateName" rules={limitRules(L.templateName)} style={{ width: 360 }}>
          <Input placeholder="如 答案审核结果" />
        </Form.Item>
      </Space>
      <Space size="large" style={{ display: "flex" }} align="start">
        <Form.Item label="消息渠道" name="channel" initialValue={1} rules={[{ required: true, message: "请选择消息渠道" }]} style={{ width: 230 }}>
          <Select options={asOptions(channels)} placeholder="请选择消息渠道" />
        </Form.Item>
        <Form.Item label="触发场景" name="scene" rules={[{ required: true, message: "请选择触发场景" }]} style={{ width: 230 }}>
          <Select options={scenes} placeholder="请选择触发场景" />
        </Form.Item>
        <Form.Item label="状态" name="templateStatus" initialValue={1} style={{ width: 200 }}>
          <Select options={asOptions(statuses)} />
        </Form.Item>
      </Space>
      <Form.Item label="可用变量（点击插入到正在编辑的内容）">
        <VariableHints scene={scene} onPick={insert} />
      </Form.Item>
      {channel === MSG_CHANNEL.wechat ? (
        <>
          <Space size="large" style={{ display: "flex" }} align="start">
            <Form.Item label="微信模板ID" name="wxTemplateId" rules={limitRules(L.wxTemplateId, { required: true })} style={{ width: 360 }} extra="微信公众平台 → 订阅消息 → 我的模板">
              <Input placeholder="请输入订阅消息模板ID" />
            </Form.Item>
            <Form.Item label="跳转版本" name="miniprogramState" initialValue="formal" style={{ width: 200 }}>
              <Select options={states} />
            </Form.Item>
          </Space>
          <Form.Item label="跳转页" name="pagePath" rules={limitRules(L.pagePath)}>
            <Input placeholder="如 pages/activity/detail?id=${activityId}" onFocus={() => setTarget(["pagePath"])} />
          </Form.Item>
          <Form.Item label="字段映射" required extra="微信字段须与所选模板的关键词一致；发送时按类型截断：thing≤20字、phrase≤5字、name≤10字、character_string≤32位，time 格式化为 yyyy年M月d日 HH:mm">
            <FieldMappingEditor onFocusExpr={setTarget} />
          </Form.Item>
        </>
      ) : (
        <>
          {channel === MSG_CHANNEL.inApp && (
            <Form.Item label="标题" name="title" rules={limitRules(L.title, { required: true })}>
              <Input placeholder="如 报名审核结果" onFocus={() => setTarget(["title"])} />
            </Form.Item>
          )}
          <Form.Item label="内容" name="content" rules={limitRules(L.content, { required: true })}>
            <Input.TextArea rows={4} placeholder="如 您报名的【${activityName}】${auditResult}。" onFocus={() => setTarget(["content"])} />
          </Form.Item>
        </>
      )}
      <Form.Item label="备注" name="remark" rules={limitRules(L.remark)}>
        <Input />
      </Form.Item>
    </>
  );
}

/** 预览: the server renders the form as it stands with the scene's sample values. */
export function PreviewModal({ preview, onClose }: { preview?: Preview; onClose: () => void }) {
  return (
    <Modal title="消息预览" open={Boolean(preview)} onCancel={onClose} footer={<Button onClick={onClose}>关闭</Button>} width={760}>
      {preview && (
        <>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="标题">{preview.title}</Descriptions.Item>
            {preview.pagePath && <Descriptions.Item label="跳转页">{preview.pagePath}</Descriptions.Item>}
            {preview.channel !== MSG_CHANNEL.wechat && <Descriptions.Item label="内容">{preview.content}</Descriptions.Item>}
          </Descriptions>
          {preview.channel === MSG_CHANNEL.wechat && (
            <Table
              size="small"
              rowKey="key"
              pagination={false}
              dataSource={preview.fields}
              columns={[
                { title: "微信字段", dataIndex: "key", width: 150 },
                { title: "表达式", dataIndex: "expression" },
                { title: "发送值", dataIndex: "value", render: (v: string, r) => (r.trimmed ? <Tooltip title={`原值：${r.rendered}`}><span>{v} <Tag color="orange">已截断</Tag></span></Tooltip> : v) },
                { title: "限制", dataIndex: "limit", width: 150 },
              ]}
            />
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
            示例变量：{preview.variables.map((v) => `${v.label}=${String(v.value ?? "")}`).join("；") || "无"}
          </Typography.Paragraph>
        </>
      )}
    </Modal>
  );
}

/** 消息模板 (`/bbh/api/messageTemplate`): list, drawer form with preview, 发送测试, delete, export. */
export default function MessageTemplateListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const channels = useDictOptions("bbh_msg_channel");
  const scenes = useDictOptions("bbh_msg_scene");
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ open: boolean; record?: TemplateRow }>({ open: false });
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<Preview>();
  const [testing, setTesting] = useState<string>();
  const search: SearchField[] = [
    { name: "templateName", label: "模板名称" },
    { name: "templateCode", label: "模板编码" },
    { name: "channel", label: "消息渠道", exact: true, input: <Select allowClear options={channels} placeholder="请选择消息渠道" /> },
    { name: "scene", label: "触发场景", exact: true, input: <Select allowClear options={scenes} placeholder="请选择触发场景" /> },
  ];
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<TemplateRow>({
    resource: TEMPLATE_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: (values) => searchFilters(search, values as Record<string, unknown>),
    errorNotification,
  });
  const warn = (error: unknown, fallback: string) => {
    const failure = error as { message?: string; notified?: boolean };
    if (!failure.notified) message.warning(failure.message || fallback);
  };
  const open = (record?: TemplateRow) => {
    form.resetFields();
    setEditing({ open: true, record });
    if (record) form.setFieldsValue(toForm(record));
  };
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const body = toBody(values);
      if (editing.record) await api.put(`${TEMPLATE_API}/edit`, { ...body, id: editing.record.id });
      else await api.post(`${TEMPLATE_API}/add`, body);
      message.success(editing.record ? "编辑成功!" : "添加成功！");
      setEditing({ open: false });
      await tableQuery.refetch();
    } catch (error) {
      warn(error, "保存失败");
    } finally {
      setSaving(false);
    }
  };
  const showPreview = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      setPreview(await api.post<Preview>(`${TEMPLATE_API}/preview`, toBody(values)));
    } catch (error) {
      warn(error, "预览失败");
    }
  };
  const remove = async (id: string) => {
    try {
      await api.del(`${TEMPLATE_API}/delete`, { id });
      message.success("删除成功!");
      await tableQuery.refetch();
    } catch (error) {
      warn(error, "删除失败");
    }
  };

  return (
    <Card title={route.title}>
      <SearchForm formProps={searchFormProps} fields={search} />
      <Space style={{ marginBottom: 16 }} wrap>
        {access.has(TEMPLATE_CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
            新增
          </Button>
        )}
        <ExcelButtons base={TEMPLATE_API} title="消息模板" filters={filters} sorters={sorters} exportCode={TEMPLATE_CODES.export} onImported={() => void tableQuery.refetch()} />
      </Space>
      <Table<TemplateRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1100 }}
        columns={[
          { title: "编码", dataIndex: "templateCode", sorter: true, render: (v: string) => <code>{v}</code> },
          { title: "名称", dataIndex: "templateName", sorter: true },
          { title: "渠道", dataIndex: "channel", width: 130, render: (v: number, r) => <Tag color={CHANNEL_COLORS[v]}>{r.channel_dictText ?? v}</Tag> },
          { title: "场景", dataIndex: "scene_dictText", width: 120 },
          { title: "微信模板ID", dataIndex: "wxTemplateId", ellipsis: true },
          { title: "跳转页", dataIndex: "pagePath", ellipsis: true },
          { title: "状态", dataIndex: "templateStatus", width: 80, render: (v: number, r) => <Tag color={v === 1 ? "green" : "default"}>{r.templateStatus_dictText ?? (v === 1 ? "启用" : "停用")}</Tag> },
          actionColumn<TemplateRow>({
            rows: tableProps.dataSource,
            fixed: "right",
            links: (r) => [
              access.has(TEMPLATE_CODES.edit) && <a key="edit" onClick={() => open(r)}>编辑</a>,
              access.has(MESSAGE_CODES.send) && r.templateStatus === 1 && <a key="test" onClick={() => setTesting(r.templateCode)}>发送测试</a>,
              access.has(TEMPLATE_CODES.delete) && (
                <Popconfirm key="delete" title="确定删除吗?" onConfirm={() => void remove(r.id)} okText="确定" cancelText="取消">
                  <a>删除</a>
                </Popconfirm>
              ),
            ],
          }),
        ]}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: ["10", "20", "30"], showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条` }}
      />
      <Drawer
        title={editing.record ? "编辑消息模板" : "新增消息模板"}
        open={editing.open}
        width={820}
        onClose={() => setEditing({ open: false })}
        forceRender
        extra={
          <Space>
            <Button icon={<EyeOutlined />} onClick={() => void showPreview()}>
              预览
            </Button>
            <Button onClick={() => setEditing({ open: false })}>取消</Button>
            <Button type="primary" loading={saving} onClick={save}>
              确定
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" name={`${TEMPLATE_RESOURCE}-form`} validateTrigger={FORM_VALIDATE_TRIGGER}>
          <TemplateForm form={form} />
        </Form>
      </Drawer>
      <PreviewModal preview={preview} onClose={() => setPreview(undefined)} />
      <SendModal open={Boolean(testing)} templateCode={testing} onClose={() => setTesting(undefined)} />
    </Card>
  );
}
