import { useCustom } from "@refinedev/core";
import { App, Button, Card, Col, Form, Input, Modal, Popconfirm, Row, Space, Table } from "antd";
import { useCallback, useEffect, useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { actionColumn } from "../../../kit/action-column";
import { categoryLimits } from "../../../contract/limits";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";

export interface CategoryRow {
  id: string;
  pid: string;
  name: string;
  code: string | null;
  hasChild: string;
}

interface Page<T> {
  records: T[];
  total: number;
}

export const CATEGORY_CODES = {
  add: "system:category:add",
  edit: "system:category:edit",
  delete: "system:category:delete",
} as const;

type Node = CategoryRow & { key: string; loading?: boolean; children?: Node[] };

/** Rows with their loaded children; a node with unloaded children gets one placeholder so it can expand. */
function toNodes(rows: CategoryRow[], loaded: Record<string, CategoryRow[]>): Node[] {
  return rows.map((r) => {
    const kids = loaded[r.id];
    const children = kids ? toNodes(kids, loaded) : r.hasChild === "1" ? [{ ...r, id: `${r.id}__loading`, key: `${r.id}__loading`, name: "加载中…", code: null, hasChild: "0", loading: true }] : undefined;
    return { ...r, key: r.id, children: children?.length ? children : undefined };
  });
}

/** 分类字典 (`/sys/category`, contract §10.9): a tree table whose children load on expand. */
export default function CategoryListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const [searchForm] = Form.useForm();
  const [form] = Form.useForm();
  const [search, setSearch] = useState<{ name?: string; code?: string }>({});
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const [loaded, setLoaded] = useState<Record<string, CategoryRow[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);
  const [editing, setEditing] = useState<{ open: boolean; record?: CategoryRow; parent?: CategoryRow }>({ open: false });
  const [saving, setSaving] = useState(false);

  const { result, query } = useCustom<Page<CategoryRow>>({
    url: "/sys/category/rootList",
    method: "get",
    config: {
      query: {
        pageNo: paging.current,
        pageSize: paging.pageSize,
        name: search.name ? `*${search.name}*` : undefined,
        code: search.code ? `*${search.code}*` : undefined,
      },
    },
    errorNotification,
  });
  const page = result?.data;
  const nodes = toNodes(page?.records ?? [], loaded);

  const loadChildren = useCallback(
    async (pid: string) => {
      const kids = await api.get<CategoryRow[]>("/sys/category/childList", { pid }).catch(() => []);
      setLoaded((prev) => ({ ...prev, [pid]: kids }));
    },
    [api],
  );

  useEffect(() => {
    if (!editing.open) return;
    form.resetFields();
    if (editing.record) form.setFieldsValue({ name: editing.record.name, code: editing.record.code });
  }, [editing, form]);

  const refresh = async (pids: string[]) => {
    await query.refetch();
    await Promise.all(pids.filter((p) => p && p !== "0").map(loadChildren));
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      if (editing.record) await api.put("/sys/category/edit", { id: editing.record.id, name: values.name, code: values.code });
      else await api.post("/sys/category/add", { pid: editing.parent?.id ?? "0", name: values.name });
      message.success(editing.record ? "编辑成功!" : "添加成功！");
      const pid = editing.record?.pid ?? editing.parent?.id ?? "0";
      if (editing.parent) setExpanded((keys) => (keys.includes(editing.parent!.id) ? keys : [...keys, editing.parent!.id]));
      setEditing({ open: false });
      await refresh([pid]);
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
    } finally {
      setSaving(false);
    }
  };

  const remove = async (record: CategoryRow) => {
    try {
      await api.del("/sys/category/delete", { id: record.id });
      message.success("删除成功!");
      await refresh([record.pid]);
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
    }
  };

  const parentCode = editing.record ? null : (editing.parent?.code ?? null);

  return (
    <Card title={route.title}>
      <Form form={searchForm} layout="horizontal" style={{ marginBottom: 16 }} onFinish={(v) => (setSearch({ name: v.name?.trim(), code: v.code?.trim() }), setPaging((p) => ({ ...p, current: 1 })))}>
        <Row gutter={24}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="名称" name="name">
              <Input placeholder="请输入名称" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="编码" name="code">
              <Input placeholder="请输入编码" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button onClick={() => (searchForm.resetFields(), setSearch({}), setPaging((p) => ({ ...p, current: 1 })))}>重置</Button>
            </Space>
          </Col>
        </Row>
      </Form>
      {access.has(CATEGORY_CODES.add) && (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing({ open: true })}>
          新增
        </Button>
      )}
      <Table<Node>
        rowKey="key"
        size="middle"
        loading={query.isFetching}
        dataSource={nodes}
        expandable={{
          expandedRowKeys: expanded,
          onExpand: (open, record) => {
            setExpanded((keys) => (open ? [...keys, record.id] : keys.filter((k) => k !== record.id)));
            if (open && !loaded[record.id]) void loadChildren(record.id);
          },
        }}
        columns={[
          { title: "分类名称", dataIndex: "name" },
          { title: "分类编码", dataIndex: "code" },
          actionColumn<Node>({
            rows: nodes,
            links: (record) =>
              record.loading
                ? []
                : [
                    access.has(CATEGORY_CODES.edit) && <a key="edit" onClick={() => setEditing({ open: true, record })}>编辑</a>,
                    access.has(CATEGORY_CODES.add) && <a key="add" onClick={() => setEditing({ open: true, parent: record })}>添加下级</a>,
                    access.has(CATEGORY_CODES.delete) && (
                      <Popconfirm key="delete" title="确定删除该分类及其下级吗?" okText="确定" cancelText="取消" onConfirm={() => remove(record)}>
                        <a>删除</a>
                      </Popconfirm>
                    ),
                  ],
          }),
        ]}
        pagination={{
          current: paging.current,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: ["10", "20", "30"],
          showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          onChange: (current, pageSize) => setPaging({ current, pageSize }),
        }}
      />
      <Modal
        title={editing.record ? "编辑" : editing.parent ? `添加下级 - ${editing.parent.name}` : "新增"}
        open={editing.open}
        onCancel={() => setEditing({ open: false })}
        onOk={save}
        confirmLoading={saving}
        okText="确定"
        cancelText="取消"
        forceRender
      >
        <Form form={form} layout="vertical" name="category-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Form.Item label="分类名称" name="name" rules={limitRules(categoryLimits.name)}>
            <Input placeholder="请输入分类名称" />
          </Form.Item>
          {editing.record ? (
            <Form.Item
              label="分类编码"
              name="code"
              rules={limitRules(categoryLimits.code)}
            >
              <Input placeholder="请输入分类编码" />
            </Form.Item>
          ) : (
            <Form.Item label="分类编码">
              <Input disabled value={parentCode ? `${parentCode}…（保存时按编码规则生成）` : "保存时按编码规则生成"} />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </Card>
  );
}
