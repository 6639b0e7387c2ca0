import { useCustom } from "@refinedev/core";
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Popconfirm, Radio, Row, Select, Space, Table, Tabs, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useEffect, useMemo, useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { actionColumn } from "../../../kit/action-column";
import { useDepartTree, type DepartNode } from "../../../kit/depart-tree-select";
import { ExcelButtons } from "../../../kit/excel-buttons";
import { PermissionGrantDrawer } from "../../../kit/permission-tree";
import { useApi } from "../../../kit/use-api";
import { departLimits, roleLimits } from "../../../contract/limits";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";

interface Depart extends DepartNode {
  departName: string;
  departNameAbbr: string | null;
  departOrder: number;
  orgCategory: string;
  orgType: string | null;
  mobile: string | null;
  fax: string | null;
  address: string | null;
  memo: string | null;
  description: string | null;
}

interface DepartRole {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
}

interface Member {
  id: string;
  username: string;
  realname: string | null;
  phone: string | null;
  orgCodeTxt: string | null;
}

const CODES = {
  add: "system:depart:add",
  edit: "system:depart:edit",
  delete: "system:depart:delete",
  authorize: "system:depart:authorize",
  export: "system:depart:export",
  import: "system:depart:import",
};
const CATEGORY = [{ value: "1", label: "公司" }, { value: "2", label: "部门" }, { value: "3", label: "岗位" }];

const toTree = (nodes: DepartNode[]): DataNode[] =>
  nodes.map((n) => ({ title: n.title, key: n.id, children: n.children ? toTree(n.children) : undefined }));
const flatten = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** Shows the server's message for a failed action; true when it succeeded. */
function useRun() {
  const { message } = App.useApp();
  return async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
      return true;
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
      return false;
    }
  };
}

/** 部门管理: the department tree, the selected department's details, grants, roles and members. */
export default function DepartListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const run = useRun();
  const { tree, refetch } = useDepartTree();
  const [keyword, setKeyword] = useState("");
  const [found, setFound] = useState<DepartNode[] | null>(null);
  const [selectedId, setSelectedId] = useState<string>();
  const [adding, setAdding] = useState<{ parent?: DepartNode } | null>(null);
  const [granting, setGranting] = useState(false);
  /** Open tree nodes: all of them at first (as JeecgBoot shows the tree), then as the user leaves them. */
  const [expanded, setExpanded] = useState<string[]>();
  const [form] = Form.useForm();
  const [addForm] = Form.useForm();
  const selected = useMemo(() => flatten(tree).find((d) => d.id === selectedId) as Depart | undefined, [tree, selectedId]);

  useEffect(() => {
    form.resetFields();
    if (selected) form.setFieldsValue(selected);
  }, [selected, form]);

  useEffect(() => {
    if (expanded === undefined && tree.length) setExpanded(flatten(tree).filter((d) => d.children?.length).map((d) => d.id));
  }, [tree, expanded]);

  const search = async () => {
    if (!keyword.trim()) return setFound(null);
    setFound(await api.get<DepartNode[]>("/sys/sysDepart/searchBy", { keyWord: keyword.trim() }).catch(() => []));
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !selected) return;
    if (await run(() => api.put("/sys/sysDepart/edit", { ...values, id: selected.id }), "修改成功!")) await refetch();
  };

  const add = async () => {
    const values = await addForm.validateFields().catch(() => null);
    if (!values) return;
    const parent = adding?.parent;
    const known = new Set(flatten(tree).map((d) => d.id));
    if (await run(() => api.post("/sys/sysDepart/add", { ...values, parentId: parent?.id ?? null }), "添加成功！")) {
      setAdding(null);
      // The add answers no id (as JeecgBoot's): the new node is the one under the parent that was not there.
      const fresh = await refetch();
      const after = Array.isArray(fresh.data?.data) ? fresh.data.data : [];
      const added = flatten(after).find((d) => !known.has(d.id) && (d.parentId || "") === (parent?.id ?? ""));
      if (parent) setExpanded((keys) => [...new Set([...(keys ?? []), parent.id])]);
      if (added) {
        setFound(null);
        setSelectedId(added.id);
      }
    }
  };

  const remove = async () => {
    if (!selected) return;
    if (await run(() => api.del("/sys/sysDepart/delete", { id: selected.id }), "删除成功!")) {
      setSelectedId(undefined);
      await refetch();
    }
  };

  const detailFields = (
    <Row gutter={16}>
      <Col span={12}>
        <Form.Item label="机构名称" name="departName" rules={limitRules(departLimits.departName)}>
          <Input placeholder="请输入机构/部门名称" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="机构类型" name="orgCategory">
          <Radio.Group options={CATEGORY} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="排序" name="departOrder">
          <InputNumber style={{ width: "100%" }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="手机号" name="mobile" rules={limitRules(departLimits.mobile)}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="传真" name="fax" rules={limitRules(departLimits.fax)}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="地址" name="address" rules={limitRules(departLimits.address)}>
          <Input />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item label="备注" name="memo" rules={limitRules(departLimits.memo)}>
          <Input.TextArea rows={2} />
        </Form.Item>
      </Col>
    </Row>
  );

  return (
    <Row gutter={16}>
      <Col xs={24} lg={9}>
        <Card title={route.title}>
          <Space style={{ marginBottom: 12 }} wrap>
            {access.has(CODES.add) && (
              <Button type="primary" onClick={() => (addForm.resetFields(), addForm.setFieldsValue({ orgCategory: "1", departOrder: 0 }), setAdding({}))}>
                添加部门
              </Button>
            )}
            {access.has(CODES.add) && selected && (
              <Button onClick={() => (addForm.resetFields(), addForm.setFieldsValue({ orgCategory: "2", departOrder: 0 }), setAdding({ parent: selected }))}>添加下级</Button>
            )}
            {access.has(CODES.delete) && selected && (
              <Popconfirm title="确定删除该部门及其下级吗?" okText="确定" cancelText="取消" onConfirm={remove}>
                <Button danger>删除</Button>
              </Popconfirm>
            )}
            <ExcelButtons
              base="/sys/sysDepart"
              title="部门信息"
              filters={[]}
              sorters={[]}
              exportCode={CODES.export}
              importCode={CODES.import}
              onImported={() => void refetch()}
            />
          </Space>
          <Input.Search placeholder="请输入部门名称" value={keyword} onChange={(e) => setKeyword(e.target.value)} onSearch={search} allowClear style={{ marginBottom: 12 }} />
          {found ? (
            found.length ? (
              <Tree treeData={toTree(found.map((d) => ({ ...d, children: null })))} selectedKeys={selectedId ? [selectedId] : []} onSelect={(keys) => setSelectedId(keys[0] as string)} />
            ) : (
              <Empty description="未查询匹配数据！" />
            )
          ) : (
            <Tree
              treeData={toTree(tree)}
              expandedKeys={expanded ?? []}
              onExpand={(keys) => setExpanded(keys.map(String))}
              selectedKeys={selectedId ? [selectedId] : []}
              onSelect={(keys) => setSelectedId(keys[0] as string)}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={15}>
        <Card>
          {selected ? (
            <Tabs
              items={[
                {
                  key: "info",
                  label: "基本信息",
                  children: (
                    <Form form={form} layout="vertical" name="depart-form" validateTrigger={FORM_VALIDATE_TRIGGER} disabled={!access.has(CODES.edit)}>
                      <Form.Item label="机构编码">
                        <Input value={selected.orgCode} disabled />
                      </Form.Item>
                      {detailFields}
                      <Space>
                        {access.has(CODES.edit) && (
                          <Button type="primary" onClick={save}>
                            保存
                          </Button>
                        )}
                        {access.has(CODES.authorize) && <Button onClick={() => setGranting(true)}>部门授权</Button>}
                      </Space>
                    </Form>
                  ),
                },
                ...(access.has(CODES.authorize) ? [{ key: "roles", label: "部门角色", children: <DepartRoles depart={selected} /> }] : []),
                { key: "users", label: "部门用户", children: <DepartMembers depart={selected} /> },
              ]}
            />
          ) : (
            <Empty description="请在左侧选择一个部门" />
          )}
        </Card>
      </Col>
      <Modal title={adding?.parent ? `添加下级 - ${adding.parent.title}` : "添加部门"} open={Boolean(adding)} onCancel={() => setAdding(null)} onOk={add} okText="确定" cancelText="取消" width={720} forceRender>
        <Form form={addForm} layout="vertical" name="depart-add-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          {detailFields}
        </Form>
      </Modal>
      <PermissionGrantDrawer
        open={granting && Boolean(selected)}
        title={`部门权限 - ${selected?.title ?? ""}`}
        onClose={() => setGranting(false)}
        treeUrl="/sys/permission/queryTreeList"
        grantedUrl="/sys/permission/queryDepartPermission"
        grantedQuery={{ departId: selected?.id ?? "" }}
        saveUrl="/sys/permission/saveDepartPermission"
        saveBody={{ departId: selected?.id ?? "" }}
        ruleUrl={(permissionId) => `/sys/sysDepartPermission/datarule/${permissionId}/${selected?.id}`}
        ruleSaveUrl="/sys/sysDepartPermission/datarule"
        ruleSaveBody={(permissionId, ids) => ({ permissionId, departId: selected?.id ?? "", dataRuleIds: ids })}
      />
    </Row>
  );
}

/** Department roles (`/sys/sysDepartRole`) and what each may do (`/sys/sysDepartPermission`). */
function DepartRoles({ depart }: { depart: DepartNode }) {
  const api = useApi();
  const run = useRun();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ open: boolean; role?: DepartRole }>({ open: false });
  const [granting, setGranting] = useState<DepartRole>();
  const { result, query } = useCustom<{ records: DepartRole[] }>({
    url: "/sys/sysDepartRole/list",
    method: "get",
    config: { query: { deptId: depart.id, pageSize: 100 } },
    errorNotification,
  });

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const done = editing.role
      ? await run(() => api.put("/sys/sysDepartRole/edit", { ...values, id: editing.role!.id }), "编辑成功!")
      : await run(() => api.post("/sys/sysDepartRole/add", { ...values, departId: depart.id }), "添加成功！");
    if (done) {
      setEditing({ open: false });
      await query.refetch();
    }
  };

  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => (form.resetFields(), setEditing({ open: true }))}>
        新增部门角色
      </Button>
      <Table<DepartRole>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result?.data?.records ?? []}
        pagination={false}
        columns={[
          { title: "角色名称", dataIndex: "roleName" },
          { title: "角色编码", dataIndex: "roleCode" },
          { title: "描述", dataIndex: "description" },
          actionColumn<DepartRole>({
            rows: result?.data?.records,
            links: (role) => [
              <a key="edit" onClick={() => (form.setFieldsValue(role), setEditing({ open: true, role }))}>编辑</a>,
              <a key="grant" onClick={() => setGranting(role)}>授权</a>,
              <Popconfirm key="delete" title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={async () => (await run(() => api.del("/sys/sysDepartRole/delete", { id: role.id }), "删除成功!")) && query.refetch()}>
                <a>删除</a>
              </Popconfirm>,
            ],
          }),
        ]}
      />
      <Modal title={editing.role ? "编辑部门角色" : "新增部门角色"} open={editing.open} onCancel={() => setEditing({ open: false })} onOk={save} okText="确定" cancelText="取消" forceRender>
        <Form form={form} layout="vertical" name="depart-role-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Form.Item label="角色名称" name="roleName" rules={limitRules(roleLimits.roleName)}>
            <Input />
          </Form.Item>
          <Form.Item label="角色编码" name="roleCode" rules={limitRules(roleLimits.roleCode)}>
            <Input />
          </Form.Item>
          <Form.Item label="描述" name="description" rules={limitRules(roleLimits.description)}>
            <Input.TextArea rows={2} />
          </Form.Item>
        </Form>
      </Modal>
      <PermissionGrantDrawer
        open={Boolean(granting)}
        title={`部门角色权限 - ${granting?.roleName ?? ""}`}
        onClose={() => setGranting(undefined)}
        treeUrl="/sys/sysDepartPermission/queryTreeListForDeptRole"
        treeQuery={{ departId: depart.id }}
        grantedUrl="/sys/sysDepartPermission/queryDeptRolePermission"
        grantedQuery={{ roleId: granting?.id ?? "" }}
        saveUrl="/sys/sysDepartPermission/saveDeptRolePermission"
        saveBody={{ roleId: granting?.id ?? "" }}
        ruleUrl={(permissionId) => `/sys/sysDepartRole/datarule/${permissionId}/${depart.id}/${granting?.id}`}
        ruleSaveUrl="/sys/sysDepartRole/datarule"
        ruleSaveBody={(permissionId, ids) => ({ permissionId, departId: depart.id, roleId: granting?.id ?? "", dataRuleIds: ids })}
      />
    </>
  );
}

/** Members of the department subtree (`/sys/user/departUserList`), adding and removing them. */
export function DepartMembers({ depart }: { depart: DepartNode }) {
  const api = useApi();
  const run = useRun();
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);
  const { result, query } = useCustom<{ records: Member[]; total: number }>({
    url: "/sys/user/departUserList",
    method: "get",
    config: { query: { depId: depart.id, pageNo: paging.current, pageSize: paging.pageSize } },
    errorNotification,
  });

  const search = async (keyword: string) => {
    const page = await api.get<{ records: Member[] }>("/sys/user/list", { username: keyword ? `*${keyword}*` : undefined, pageSize: 20 }).catch(() => ({ records: [] }));
    setOptions(page.records.map((u) => ({ value: u.id, label: `${u.username}（${u.realname ?? ""}）` })));
  };

  return (
    <>
      <Button type="primary" style={{ marginBottom: 12 }} onClick={() => (setPicking(true), void search(""))}>
        添加已有用户
      </Button>
      <Table<Member>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result?.data?.records ?? []}
        pagination={{ ...paging, total: result?.data?.total ?? 0, onChange: (current, pageSize) => setPaging({ current, pageSize }) }}
        columns={[
          { title: "用户账号", dataIndex: "username" },
          { title: "用户姓名", dataIndex: "realname" },
          { title: "手机号码", dataIndex: "phone" },
          { title: "部门", dataIndex: "orgCodeTxt" },
          actionColumn<Member>({
            rows: result?.data?.records,
            links: (u) => [
              <Popconfirm
                key="remove"
                title="确定把该用户移出部门吗?"
                okText="确定"
                cancelText="取消"
                onConfirm={async () => (await run(() => api.del("/sys/user/deleteUserInDepart", { depId: depart.id, userId: u.id }), "删除成功!")) && query.refetch()}
              >
                <a>移出</a>
              </Popconfirm>,
            ],
          }),
        ]}
      />
      <Modal
        title="添加已有用户"
        open={picking}
        onCancel={() => setPicking(false)}
        okText="确定"
        cancelText="取消"
        onOk={async () => {
          if (picked.length && (await run(() => api.post("/sys/user/editSysDepartWithUser", { depId: depart.id, userIdList: picked }), "添加成功!"))) {
            setPicking(false);
            setPicked([]);
            await query.refetch();
          }
        }}
      >
        <Select mode="multiple" style={{ width: "100%" }} placeholder="输入账号搜索" filterOption={false} onSearch={search} options={options} value={picked} onChange={setPicked} />
      </Modal>
    </>
  );
}
