import { useCustom } from "@refinedev/core";
import { App, Button, Drawer, Form, Input, Modal, Popconfirm, Select, Space, Table } from "antd";
import { useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { actionColumn } from "../../../kit/action-column";
import { CrudPage } from "../../../kit/crud-page";
import { PermissionGrantDrawer } from "../../../kit/permission-tree";
import { useAction, useApi } from "../../../kit/use-api";
import { roleLimits } from "../../../contract/limits";
import { duplicateRule, limitRules } from "../../../kit/validators";
import { USER_RESOURCE } from "../user/resource";
import { ROLE_CODES, ROLE_RESOURCE } from "./resource";

export interface RoleRow {
  id: string;
  roleName: string;
  roleCode: string;
  description: string | null;
  createTime: string | null;
}

interface UserRow {
  id: string;
  username: string;
  realname: string | null;
  status_dictText?: string;
}

/** 角色管理: roles, their menus and buttons (with data rules), and their users. */
export default function RoleListPage({ route }: PageProps) {
  const access = useAccess();
  const [authorizing, setAuthorizing] = useState<RoleRow>();
  const [members, setMembers] = useState<RoleRow>();

  return (
    <>
      <CrudPage<RoleRow>
        title={route.title}
        resource={ROLE_RESOURCE}
        apiBase="/sys/role"
        codes={{ add: ROLE_CODES.add, edit: ROLE_CODES.edit, delete: ROLE_CODES.delete, deleteBatch: ROLE_CODES.deleteBatch, export: ROLE_CODES.export, import: ROLE_CODES.import }}
        search={[{ name: "roleName", label: "角色名称" }, { name: "roleCode", label: "角色编码" }]}
        columns={[
          { title: "角色编码", dataIndex: "roleCode", sorter: true },
          { title: "角色名称", dataIndex: "roleName", sorter: true },
          { title: "描述", dataIndex: "description" },
          { title: "创建时间", dataIndex: "createTime", sorter: true, width: 180 },
        ]}
        form={({ record, api }) => (
          <>
            <Form.Item label="角色名称" name="roleName" rules={limitRules(roleLimits.roleName)}>
              <Input placeholder="请输入角色名称" />
            </Form.Item>
            <Form.Item
              label="角色编码"
              name="roleCode"
              rules={[
                ...limitRules(roleLimits.roleCode),
                duplicateRule(api, { tableName: "sys_role", fieldName: "role_code", dataId: record?.id }),
              ]}
            >
              <Input placeholder="请输入角色编码" disabled={record?.roleCode === "admin"} />
            </Form.Item>
            <Form.Item label="描述" name="description" rules={limitRules(roleLimits.description)}>
              <Input.TextArea rows={3} placeholder="请输入描述" />
            </Form.Item>
          </>
        )}
        rowActions={(record) => [
          access.has(ROLE_CODES.authorize) && (
            <a key="authorize" onClick={() => setAuthorizing(record)}>
              授权
            </a>
          ),
          <a key="users" onClick={() => setMembers(record)}>
            用户
          </a>,
        ]}
      />
      <PermissionGrantDrawer
        open={Boolean(authorizing)}
        title={`角色权限配置 - ${authorizing?.roleName ?? ""}`}
        onClose={() => setAuthorizing(undefined)}
        treeUrl="/sys/role/queryTreeList"
        grantedUrl="/sys/permission/queryRolePermission"
        grantedQuery={{ roleId: authorizing?.id ?? "" }}
        saveUrl="/sys/permission/saveRolePermission"
        saveBody={{ roleId: authorizing?.id ?? "" }}
        ruleUrl={(permissionId) => `/sys/role/datarule/${permissionId}/${authorizing?.id}`}
        ruleSaveUrl="/sys/role/datarule"
        ruleSaveBody={(permissionId, ids) => ({ permissionId, roleId: authorizing?.id ?? "", dataRuleIds: ids })}
      />
      <RoleUsersDrawer role={members} onClose={() => setMembers(undefined)} />
    </>
  );
}

/** The users of a role (`/sys/user/userRoleList`), adding and removing them. */
function RoleUsersDrawer({ role, onClose }: { role?: RoleRow; onClose: () => void }) {
  const api = useApi();
  const act = useAction(USER_RESOURCE);
  const { message } = App.useApp();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<string[]>([]);
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const { result, query } = useCustom<{ records: UserRow[]; total: number }>({
    url: "/sys/user/userRoleList",
    method: "get",
    config: { query: { roleId: role?.id, pageNo: paging.current, pageSize: paging.pageSize } },
    queryOptions: { enabled: Boolean(role) },
    errorNotification,
  });
  const tableQuery = query;
  const tableProps = {
    dataSource: result?.data?.records ?? [],
    loading: query.isFetching,
    pagination: { ...paging, total: result?.data?.total ?? 0, onChange: (current: number, pageSize: number) => setPaging({ current, pageSize }) },
  };
  const [options, setOptions] = useState<Array<{ value: string; label: string }>>([]);

  const search = async (keyword: string) => {
    const page = await api.get<{ records: UserRow[] }>("/sys/user/list", { username: keyword ? `*${keyword}*` : undefined, pageSize: 20 });
    setOptions(page.records.map((u) => ({ value: u.id, label: `${u.username}（${u.realname ?? ""}）` })));
  };

  const add = async () => {
    if (!role || !picked.length) return message.warning("请选择用户");
    if (await act(() => api.post("/sys/user/addSysUserRole", { roleId: role.id, userIdList: picked }), "添加成功!")) {
      setPicking(false);
      setPicked([]);
      await tableQuery.refetch();
    }
  };

  return (
    <Drawer title={`角色用户 - ${role?.roleName ?? ""}`} open={Boolean(role)} width={720} onClose={onClose} destroyOnHidden>
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" onClick={() => (setPicking(true), void search(""))}>
          添加已有用户
        </Button>
      </Space>
      <Table<UserRow>
        {...tableProps}
        rowKey="id"
        size="small"
        columns={[
          { title: "用户账号", dataIndex: "username" },
          { title: "用户名称", dataIndex: "realname" },
          { title: "状态", dataIndex: "status_dictText" },
          actionColumn<UserRow>({
            rows: tableProps.dataSource,
            links: (u) => [
              <Popconfirm
                key="unlink"
                title="确定取消关联吗?"
                okText="确定"
                cancelText="取消"
                onConfirm={async () => {
                  if (role && (await act(() => api.del("/sys/user/deleteUserRole", { roleId: role.id, userId: u.id }), "删除成功!"))) await tableQuery.refetch();
                }}
              >
                <a>取消关联</a>
              </Popconfirm>,
            ],
          }),
        ]}
      />
      <Modal title="选择用户" open={picking} onCancel={() => setPicking(false)} onOk={add} okText="确定" cancelText="取消">
        <Select mode="multiple" style={{ width: "100%" }} placeholder="输入账号搜索" filterOption={false} onSearch={search} options={options} value={picked} onChange={setPicked} />
      </Modal>
    </Drawer>
  );
}
