import { PlusOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { App, Button, Card, ColorPicker, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Switch, Tabs, Tag, Typography } from "antd";
import { useEffect, useState } from "react";

import { SHOW_INDEX_BOUNDS, tagLimits as L } from "../../../contract/bbh-limits";
import { useAccess } from "../../../kit/auth";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { TAG_API, TAG_CODES } from "./resource";
import { SortableTable } from "../../../kit/sortable-table";

export interface TagRow {
  id: string;
  tagName: string;
  tagType: number;
  tagColor?: string | null;
  icon?: string | null;
  showIndex: number;
  isShow: number;
  tagStatus: number;
  tagStatus_dictText?: string;
  refCount?: number;
}

type Failure = { message?: string; notified?: boolean };
const TYPES_FALLBACK = [
  { value: "1", label: "活动标签" },
  { value: "2", label: "印记标签" },
  { value: "3", label: "题目标签" },
];

/** The tags of one type, in display order, with their drag order. */
function TagTypeTable({ tagType, reloadKey, onEdit }: { tagType: number; reloadKey: number; onEdit: (row: TagRow) => void }) {
  const access = useAccess();
  const api = useApi();
  const act = useAction();
  const { message } = App.useApp();
  const { result, query } = useCustom<{ records: TagRow[] }>({
    url: `${TAG_API}/list`,
    method: "get",
    config: { query: { tagType, pageSize: -1, column: "showIndex", order: "asc" } },
    errorNotification,
  });
  const loaded = result?.data?.records;
  const [rows, setRows] = useState<TagRow[]>([]);
  useEffect(() => setRows(loaded ?? []), [loaded]);
  useEffect(() => {
    if (reloadKey) void query.refetch();
  }, [reloadKey]);
  const sortable = access.has(TAG_CODES.sort) && rows.length > 1;

  const onSort = async (ids: string[]) => {
    const before = rows;
    setRows(ids.map((id) => rows.find((r) => r.id === id)!).map((r, i) => ({ ...r, showIndex: i + 1 })));
    try {
      await api.put(`${TAG_API}/updateShowIndex`, { tagType, ids });
      message.success("排序已保存");
    } catch (error) {
      setRows(before);
      const failure = error as Failure;
      if (!failure.notified) message.warning(failure.message || "排序保存失败");
    }
    await query.refetch();
  };

  const remove = async (row: TagRow) => {
    if (await act(() => api.del(`${TAG_API}/delete`, { id: row.id }), "删除成功!")) await query.refetch();
  };

  return (
    <>
      {sortable && <Typography.Paragraph type="secondary">拖动左侧手柄调整标签在小程序中的展示顺序，松开后立即保存。</Typography.Paragraph>}
      <SortableTable<TagRow>
        sortable={sortable}
        onSort={(ids) => void onSort(ids)}
        size="middle"
        loading={query.isFetching}
        dataSource={rows}
        pagination={false}
        aria-label="标签列表"
        columns={[
          { title: "标签", dataIndex: "tagName", render: (v: string, row) => <Tag color={row.tagColor ?? undefined}>{v}</Tag> },
          {
            title: "颜色",
            dataIndex: "tagColor",
            render: (v: string | null) =>
              v ? (
                <Space size={4}>
                  <span style={{ display: "inline-block", width: 14, height: 14, borderRadius: 3, background: v, verticalAlign: "middle" }} />
                  {v}
                </Space>
              ) : (
                "—"
              ),
          },
          { title: "图标", dataIndex: "icon", ellipsis: true, render: (v: string | null) => v ?? "—" },
          { title: "展示顺序", dataIndex: "showIndex", width: 90 },
          { title: "小程序展示", dataIndex: "isShow", render: (v: number) => (v === 1 ? <Tag color="blue">展示</Tag> : <Tag>不展示</Tag>) },
          { title: "引用数", dataIndex: "refCount", width: 80 },
          { title: "状态", dataIndex: "tagStatus", render: (v: number, row) => <Tag color={v === 1 ? "green" : "default"}>{row.tagStatus_dictText ?? (v === 1 ? "启用" : "停用")}</Tag> },
          {
            title: "操作",
            key: "action",
            width: 130,
            render: (_: unknown, row) => (
              <Space>
                {access.has(TAG_CODES.edit) && <a onClick={() => onEdit(row)}>编辑</a>}
                {access.has(TAG_CODES.delete) && (
                  <Popconfirm title={row.refCount ? `该标签已被引用${row.refCount}次，删除后将一并移除，确定删除吗?` : "确定删除吗?"} onConfirm={() => remove(row)} okText="确定" cancelText="取消">
                    <a>删除</a>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** 标签管理 (domain.md §7.4): a tab per tag type; drag-sort (→ updateShowIndex), add, edit, delete. */
export default function TagListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction();
  const dictTypes = useDictOptions("bbh_tag_type");
  const types = dictTypes.length ? dictTypes : TYPES_FALLBACK;
  const states = useDictOptions("bbh_enable_status");
  const [active, setActive] = useState("1");
  const [editing, setEditing] = useState<{ open: boolean; record?: TagRow }>({ open: false });
  const [saving, setSaving] = useState(false);
  const [reloadKey, setReloadKey] = useState(0);
  const [form] = Form.useForm();

  useEffect(() => {
    if (!editing.open) return;
    form.resetFields();
    const r = editing.record;
    form.setFieldsValue(r ? { ...r, tagType: String(r.tagType), tagStatus: String(r.tagStatus), isShow: r.isShow === 1 } : { tagType: active, tagStatus: "1", isShow: true });
  }, [editing, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const color = values.tagColor as unknown;
    const body = {
      tagName: values.tagName,
      tagType: Number(values.tagType),
      tagColor: typeof color === "string" ? color || null : color && typeof color === "object" && "toHexString" in color ? (color as { toHexString: () => string }).toHexString().toUpperCase() : null,
      icon: values.icon || null,
      showIndex: values.showIndex ?? null,
      isShow: values.isShow ? 1 : 0,
      tagStatus: Number(values.tagStatus ?? 1),
    };
    setSaving(true);
    const done = await act(
      () => (editing.record ? api.put(`${TAG_API}/edit`, { ...body, id: editing.record.id }) : api.post(`${TAG_API}/add`, body)),
      editing.record ? "编辑成功!" : "添加成功！",
    );
    setSaving(false);
    if (!done) return;
    setEditing({ open: false });
    setActive(String(body.tagType));
    setReloadKey((k) => k + 1);
  };

  return (
    <Card
      title={route.title}
      extra={
        access.has(TAG_CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            新增
          </Button>
        )
      }
    >
      <Tabs
        activeKey={active}
        onChange={setActive}
        destroyOnHidden
        items={types.map((t) => ({
          key: t.value,
          label: t.label,
          children: <TagTypeTable tagType={Number(t.value)} reloadKey={reloadKey} onEdit={(record) => setEditing({ open: true, record })} />,
        }))}
      />
      <Modal title={editing.record ? "编辑标签" : "新增标签"} open={editing.open} onCancel={() => setEditing({ open: false })} onOk={save} confirmLoading={saving} okText="确定" cancelText="取消" forceRender>
        <Form form={form} layout="vertical" name="bbh-tag-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="标签名称" name="tagName" rules={limitRules(L.tagName)}>
                <Input placeholder="请输入标签名称" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="标签类型" name="tagType" rules={[{ required: true, message: "请选择标签类型!" }]}>
                <Select options={types} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="标签颜色" name="tagColor">
                <ColorPicker format="hex" disabledAlpha allowClear showText />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="展示顺序" name="showIndex" extra="不填则排在本类型最后">
                <InputNumber style={{ width: "100%" }} min={SHOW_INDEX_BOUNDS.min} max={SHOW_INDEX_BOUNDS.max} precision={0} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="图标" name="icon" rules={limitRules(L.icon)}>
                <Input placeholder="图标地址（选填）" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="小程序展示" name="isShow" valuePropName="checked">
                <Switch checkedChildren="展示" unCheckedChildren="不展示" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="状态" name="tagStatus">
                <Select options={states.length ? states : [{ value: "1", label: "启用" }, { value: "0", label: "停用" }]} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
    </Card>
  );
}
