import { PlusOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Button, Card, Col, Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Space, Table, Tag, TreeSelect } from "antd";
import { useEffect, useState } from "react";

import { questionTypeLimits } from "../../../contract/bbh-limits";
import { actionColumn } from "../../../kit/action-column";
import { useAccess } from "../../../kit/auth";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { QUESTION_TYPE_API, QUESTION_TYPE_CODES } from "./resource";

export interface TypeRow {
  id: string;
  pid: string;
  typeName: string;
  hasChild: string;
  sortNo: number;
  icon?: string | null;
  typeStatus: number;
  typeStatus_dictText?: string;
  questionCount: number;
  totalCount: number;
  children?: TypeRow[] | null;
}

const ids = (rows: TypeRow[]): string[] => rows.flatMap((r) => [r.id, ...ids(r.children ?? [])]);
const clean = (rows: TypeRow[]): TypeRow[] => rows.map((r) => ({ ...r, children: r.children?.length ? clean(r.children) : undefined }));
const asTree = (rows: TypeRow[], except?: string): Array<{ title: string; value: string; children?: unknown[] }> =>
  rows.filter((r) => r.id !== except).map((r) => ({ title: r.typeName, value: r.id, children: r.children?.length ? asTree(r.children, except) : undefined }));

/** 题目分类 (`/bbh/api/questionType`, domain.md §7.3): the whole tree as a tree table, with 添加下级 and question counts. */
export default function QuestionTypeListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction();
  const statuses = useDictOptions("bbh_enable_status");
  const [form] = Form.useForm();
  const [name, setName] = useState<string>();
  const [expanded, setExpanded] = useState<string[]>();
  const [editing, setEditing] = useState<{ open: boolean; record?: TypeRow; parent?: TypeRow }>({ open: false });
  const [saving, setSaving] = useState(false);

  const { result, query } = useCustom<TypeRow[]>({ url: `${QUESTION_TYPE_API}/treeList`, method: "get", config: { query: { typeName: name } }, errorNotification });
  // Before the first answer Refine's result holds no array.
  const data = Array.isArray(result?.data) ? result.data : undefined;
  const tree = clean(data ?? []);
  // Everything open at first (the tree is small); the user's choice afterwards.
  useEffect(() => {
    if (data && expanded === undefined) setExpanded(ids(data));
  }, [data, expanded]);
  useEffect(() => {
    if (name) setExpanded(ids(data ?? []));
  }, [name, data]);

  useEffect(() => {
    if (!editing.open) return;
    form.resetFields();
    const r = editing.record;
    form.setFieldsValue(r ? { typeName: r.typeName, pid: r.pid === "0" ? undefined : r.pid, sortNo: r.sortNo, icon: r.icon, typeStatus: String(r.typeStatus) } : { pid: editing.parent?.id, typeStatus: "1" });
  }, [editing, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = { typeName: values.typeName, pid: values.pid ?? "0", sortNo: values.sortNo ?? null, icon: values.icon ?? null, typeStatus: Number(values.typeStatus ?? 1) };
    setSaving(true);
    const done = await act(
      () => (editing.record ? api.put(`${QUESTION_TYPE_API}/edit`, { ...body, id: editing.record.id }) : api.post(`${QUESTION_TYPE_API}/add`, body)),
      editing.record ? "编辑成功!" : "添加成功！",
    );
    setSaving(false);
    if (!done) return;
    if (editing.parent) setExpanded((keys) => [...(keys ?? []), editing.parent!.id]);
    setEditing({ open: false });
    await query.refetch();
  };

  const remove = async (record: TypeRow) => {
    if (await act(() => api.del(`${QUESTION_TYPE_API}/delete`, { id: record.id }), "删除成功!")) await query.refetch();
  };

  return (
    <Card title={route.title}>
      <Form layout="horizontal" style={{ marginBottom: 16 }} onFinish={(v) => setName(v.typeName?.trim() || undefined)}>
        <Row gutter={24}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="分类名称" name="typeName">
              <Input placeholder="请输入分类名称" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button htmlType="reset" onClick={() => setName(undefined)}>
                重置
              </Button>
            </Space>
          </Col>
        </Row>
      </Form>
      <Space style={{ marginBottom: 16 }}>
        {access.has(QUESTION_TYPE_CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ open: true })}>
            新增
          </Button>
        )}
        <Button onClick={() => setExpanded(ids(data ?? []))}>全部展开</Button>
        <Button onClick={() => setExpanded([])}>全部折叠</Button>
      </Space>
      <Table<TypeRow>
        rowKey="id"
        size="middle"
        loading={query.isFetching}
        dataSource={tree}
        pagination={false}
        expandable={{ expandedRowKeys: expanded ?? [], onExpandedRowsChange: (keys) => setExpanded(keys as string[]) }}
        columns={[
          { title: "分类名称", dataIndex: "typeName" },
          { title: "排序", dataIndex: "sortNo", width: 80 },
          { title: "图标", dataIndex: "icon", width: 120, render: (v?: string | null) => v || "—" },
          { title: "状态", dataIndex: "typeStatus", width: 90, render: (v: number, r) => <Tag color={v === 1 ? "green" : "default"}>{r.typeStatus_dictText ?? v}</Tag> },
          {
            title: "题目数",
            dataIndex: "totalCount",
            width: 120,
            render: (v: number, r) => (r.children?.length ? `${v}（本级 ${r.questionCount}）` : v),
          },
          actionColumn<TypeRow>({
            rows: tree,
            links: (record) => [
              access.has(QUESTION_TYPE_CODES.add) && <a key="child" onClick={() => setEditing({ open: true, parent: record })}>添加下级</a>,
              access.has(QUESTION_TYPE_CODES.edit) && <a key="edit" onClick={() => setEditing({ open: true, record })}>编辑</a>,
              access.has(QUESTION_TYPE_CODES.delete) && (
                <Popconfirm key="delete" title={`确定删除分类「${record.typeName}」吗?`} okText="确定" cancelText="取消" onConfirm={() => remove(record)}>
                  <a>删除</a>
                </Popconfirm>
              ),
            ],
          }),
        ]}
      />
      <Modal
        title={editing.record ? "编辑分类" : editing.parent ? `添加下级 - ${editing.parent.typeName}` : "新增分类"}
        open={editing.open}
        onCancel={() => setEditing({ open: false })}
        onOk={() => void save()}
        confirmLoading={saving}
        okText="确定"
        cancelText="取消"
        forceRender
      >
        <Form form={form} layout="vertical" name="bbh-question-type-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Form.Item label="上级分类" name="pid" extra="不选则为顶级分类">
            <TreeSelect allowClear treeDefaultExpandAll treeData={asTree(tree, editing.record?.id) as never} placeholder="顶级分类" />
          </Form.Item>
          <Form.Item label="分类名称" name="typeName" rules={limitRules(questionTypeLimits.typeName)}>
            <Input placeholder="请输入分类名称" />
          </Form.Item>
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item label="排序" name="sortNo" extra="不填则排在同级最后">
                <InputNumber style={{ width: "100%" }} precision={0} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="状态" name="typeStatus">
                <Select options={statuses} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item label="图标" name="icon" rules={limitRules(questionTypeLimits.icon)}>
            <Input placeholder="图标地址（可选）" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
