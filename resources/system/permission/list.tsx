import { useCustom } from "@refinedev/core";
import { App, Button, Card, Col, Drawer, Form, Input, InputNumber, Popconfirm, Radio, Row, Space, Switch, Table, Tag, TreeSelect } from "antd";
import { createElement, useEffect, useMemo, useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { useAccess } from "../../../kit/auth";
import { menuIcon } from "../../../kit/menu-icons";
import type { PageProps } from "../../../kit/page";
import { actionColumn } from "../../../kit/action-column";
import { useApi } from "../../../kit/use-api";
import { DataRulesDrawer } from "./data-rules";
import { IconPicker } from "./icon-picker";
import { PERMISSION_CODES } from "./resource";
import { permissionLimits } from "../../../contract/limits";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";

export interface MenuRow {
  id: string;
  parentId: string | null;
  name: string;
  menuType: 0 | 1 | 2;
  perms: string | null;
  permsType: string | null;
  icon: string | null;
  component: string | null;
  componentName: string | null;
  url: string | null;
  redirect: string | null;
  sortNo: number;
  route: boolean;
  keepAlive: boolean;
  hidden: boolean;
  hideTab: boolean;
  alwaysShow: boolean;
  internalOrExternal: boolean;
  status: string | null;
  ruleFlag: number;
  description: string | null;
  children?: MenuRow[];
}

const MENU_TYPES: Record<number, [string, string]> = { 0: ["一级菜单", "blue"], 1: ["子菜单", "green"], 2: ["按钮/权限", "orange"] };

interface ParentOption {
  title: string;
  value: string;
  children?: ParentOption[];
}

/** Every row of the tree (the action column fits the widest row at any depth). */
const flattenRows = (rows: MenuRow[]): MenuRow[] => rows.flatMap((r) => [r, ...flattenRows(r.children ?? [])]);

const parentOptions = (rows: MenuRow[]): ParentOption[] =>
  rows.filter((r) => r.menuType !== 2).map((r) => ({ title: r.name, value: r.id, children: r.children ? parentOptions(r.children) : undefined }));

/** 菜单管理: the menu tree with every `sys_permission` column, its buttons and data rules. */
export default function PermissionListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; row?: Partial<MenuRow> }>({ open: false });
  const [rulesOf, setRulesOf] = useState<MenuRow>();
  const [form] = Form.useForm();
  const menuType = Form.useWatch("menuType", form);
  const { result, query } = useCustom<MenuRow[]>({ url: "/sys/permission/list", method: "get", errorNotification });
  const rows = useMemo(() => (Array.isArray(result?.data) ? result.data : []), [result]);

  useEffect(() => {
    if (!editing.open) return;
    form.resetFields();
    form.setFieldsValue({ menuType: 1, route: true, sortNo: 1, permsType: "1", status: "1", ...editing.row });
  }, [editing, form]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
      await query.refetch();
      return true;
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
      return false;
    }
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const ok = editing.row?.id
      ? await run(() => api.put("/sys/permission/edit", { ...values, id: editing.row!.id }), "修改成功!")
      : await run(() => api.post("/sys/permission/add", values), "添加成功！");
    if (ok) setEditing({ open: false });
  };

  const columns = [
    { title: "菜单名称", dataIndex: "name", key: "name", width: 220 },
    { title: "菜单类型", dataIndex: "menuType", width: 100, render: (t: number) => <Tag color={MENU_TYPES[t][1]}>{MENU_TYPES[t][0]}</Tag> },
    { title: "授权标识", dataIndex: "perms", width: 200 },
    { title: "图标", dataIndex: "icon", width: 60, align: "center" as const, render: (icon: string | null) => (icon ? createElement(menuIcon(icon)) : null) },
    { title: "组件", dataIndex: "component", ellipsis: true },
    { title: "路径", dataIndex: "url", ellipsis: true },
    { title: "排序", dataIndex: "sortNo", width: 70 },
    actionColumn<MenuRow>({
      rows: flattenRows(rows),
      align: "left",
      // The table scrolls sideways below 1200 px of content: the links stay in view.
      fixed: "right",
      links: (row) => [
        access.has(PERMISSION_CODES.edit) && <a key="edit" onClick={() => setEditing({ open: true, row })}>编辑</a>,
        access.has(PERMISSION_CODES.add) && row.menuType !== 2 && (
          <a key="add" onClick={() => setEditing({ open: true, row: { parentId: row.id, menuType: 1 } })}>添加下级</a>
        ),
        access.has(PERMISSION_CODES.rule) && row.menuType !== 2 && <a key="rules" onClick={() => setRulesOf(row)}>数据规则</a>,
        access.has(PERMISSION_CODES.delete) && (
          <Popconfirm key="delete" title="确定删除吗? 下级菜单和按钮会一并删除" okText="确定" cancelText="取消" onConfirm={() => run(() => api.del("/sys/permission/delete", { id: row.id }), "删除成功!")}>
            <a>删除</a>
          </Popconfirm>
        ),
      ],
    }),
  ];

  return (
    <Card title={route.title}>
      <Space style={{ marginBottom: 16 }}>
        {access.has(PERMISSION_CODES.add) && (
          <Button type="primary" onClick={() => setEditing({ open: true, row: { menuType: 0 } })}>
            新增菜单
          </Button>
        )}
      </Space>
      <Table<MenuRow> rowKey="id" size="middle" loading={query.isFetching} dataSource={rows} columns={columns} pagination={false} scroll={{ x: 1200 }} />
      <Drawer
        title={editing.row?.id ? "编辑菜单" : "新增菜单"}
        open={editing.open}
        width={640}
        onClose={() => setEditing({ open: false })}
        forceRender
        footer={
          <Space style={{ float: "right" }}>
            <Button onClick={() => setEditing({ open: false })}>取消</Button>
            <Button type="primary" onClick={save}>
              确定
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" name="menu-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Form.Item label="菜单类型" name="menuType">
            <Radio.Group options={[0, 1, 2].map((v) => ({ value: v, label: MENU_TYPES[v][0] }))} />
          </Form.Item>
          <Form.Item label={menuType === 2 ? "按钮/权限名称" : "菜单名称"} name="name" rules={limitRules(permissionLimits.name)}>
            <Input placeholder="请输入名称" />
          </Form.Item>
          {menuType !== 0 && (
            <Form.Item label="上级菜单" name="parentId" rules={[{ required: true, message: "请选择上级菜单!" }]}>
              <TreeSelect treeData={parentOptions(rows)} showSearch treeNodeFilterProp="title" placeholder="请选择上级菜单" allowClear />
            </Form.Item>
          )}
          {menuType !== 2 ? (
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item label="菜单路径" name="url" rules={limitRules(permissionLimits.url, { required: true })}>
                  <Input placeholder="/isystem/user 或 http(s)://外部链接" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="前端组件" name="component" rules={limitRules(permissionLimits.component, { required: menuType === 1 })}>
                  <Input placeholder="system/UserList" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="组件名称" name="componentName" rules={limitRules(permissionLimits.componentName)}>
                  <Input placeholder="路由名称（可选）" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="默认跳转地址" name="redirect" rules={limitRules(permissionLimits.redirect)}>
                  <Input placeholder="一级菜单的默认子路径" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="菜单图标" name="icon" rules={limitRules(permissionLimits.icon)}>
                  <IconPicker />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="排序" name="sortNo">
                  <InputNumber style={{ width: "100%" }} step={0.1} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="是否路由菜单" name="route" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="隐藏路由" name="hidden" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="隐藏Tab" name="hideTab" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="是否缓存路由" name="keepAlive" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="聚合路由" name="alwaysShow" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="外部链接新窗口打开" name="internalOrExternal" valuePropName="checked">
                  <Switch checkedChildren="是" unCheckedChildren="否" />
                </Form.Item>
              </Col>
            </Row>
          ) : (
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item
                  label="授权标识"
                  name="perms"
                  rules={limitRules(permissionLimits.perms, { required: true })}
                >
                  <Input placeholder="system:user:add" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="授权策略" name="permsType">
                  <Radio.Group options={[{ value: "1", label: "可见/可访问" }, { value: "2", label: "可编辑" }]} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="状态" name="status">
                  <Radio.Group options={[{ value: "1", label: "有效" }, { value: "0", label: "无效" }]} />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item label="排序" name="sortNo">
                  <InputNumber style={{ width: "100%" }} />
                </Form.Item>
              </Col>
            </Row>
          )}
          <Form.Item label="描述" name="description">
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Drawer>
      <DataRulesDrawer menu={rulesOf} onClose={() => setRulesOf(undefined)} />
    </Card>
  );
}
