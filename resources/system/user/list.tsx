import { DownOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { App, Button, Card, Dropdown, Popconfirm, Space, Table, type MenuProps } from "antd";
import { useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { actionColumn as actionColumnOf } from "../../../kit/action-column";
import { ExcelButtons } from "../../../kit/excel-buttons";
import { useAction, useApi } from "../../../kit/use-api";
import { userColumns, type UserRow } from "./columns";
import { PasswordModal, UserFormModal } from "./form";
import { USER_CODES, USER_RESOURCE } from "./resource";
import { UserSearchForm, type UserSearch } from "./search-form";

/** Search form fields → list filters: account, name and phone are fuzzy (`*x*`), the rest exact. */
export function userFilters(values: UserSearch): CrudFilters {
  return [
    { field: "username", operator: "contains", value: values.username?.trim() || undefined },
    { field: "realname", operator: "contains", value: values.realname?.trim() || undefined },
    { field: "phone", operator: "contains", value: values.phone?.trim() || undefined },
    { field: "sex", operator: "eq", value: values.sex ?? undefined },
    { field: "status", operator: "eq", value: values.status ?? undefined },
    { field: "departId", operator: "eq", value: values.departId ?? undefined },
  ];
}

export default function UserListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(USER_RESOURCE);
  const { modal } = App.useApp();
  const [editing, setEditing] = useState<{ open: boolean; user?: UserRow }>({ open: false });
  const [resetting, setResetting] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<UserRow, never, UserSearch>({
    resource: USER_RESOURCE,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: userFilters,
    errorNotification,
  });

  const freeze = (ids: string[], status: 1 | 2) =>
    act(() => api.put("/sys/user/frozenBatch", { ids: ids.join(","), status }), status === 2 ? "冻结成功" : "解冻成功");
  const remove = (ids: string[]) =>
    ids.length === 1
      ? act(() => api.del("/sys/user/delete", { id: ids[0] }), "删除用户成功")
      : act(() => api.del("/sys/user/deleteBatch", { ids: ids.join(",") }), "批量删除用户成功");
  const confirmBatch = (title: string, run: () => Promise<unknown>) =>
    modal.confirm({ title: "确认操作", content: title, okText: "确定", cancelText: "取消", onOk: async () => { await run(); setSelected([]); } });

  const rowMenu = (row: UserRow): MenuProps["items"] =>
    [
      access.has(USER_CODES.resetPassword) && { key: "password", label: "密码", onClick: () => setResetting(row.username) },
      // Confirmed like 删除, as JeecgBoot's UserList does (确定冻结吗? / 确定解冻吗?).
      access.has(USER_CODES.frozen) && row.status === 1 && {
        key: "freeze",
        label: (
          <Popconfirm title="确定冻结吗?" onConfirm={() => freeze([row.id], 2)} okText="确定" cancelText="取消">
            <span>冻结</span>
          </Popconfirm>
        ),
      },
      access.has(USER_CODES.frozen) && row.status === 2 && {
        key: "unfreeze",
        label: (
          <Popconfirm title="确定解冻吗?" onConfirm={() => freeze([row.id], 1)} okText="确定" cancelText="取消">
            <span>解冻</span>
          </Popconfirm>
        ),
      },
      access.has(USER_CODES.delete) && {
        key: "delete",
        danger: true,
        label: (
          <Popconfirm title="确定删除吗?" onConfirm={() => remove([row.id])} okText="确定" cancelText="取消">
            <span>删除</span>
          </Popconfirm>
        ),
      },
    ].filter(Boolean) as MenuProps["items"];

  const actionColumn = actionColumnOf<UserRow>({
    rows: tableProps.dataSource,
    fixed: "right",
    links: (row) => {
      const items = rowMenu(row);
      return [
        access.has(USER_CODES.edit) && <a key="edit" onClick={() => setEditing({ open: true, user: row })}>编辑</a>,
        items && items.length > 0 && (
          <Dropdown key="more" menu={{ items }}>
            <a>
              更多 <DownOutlined />
            </a>
          </Dropdown>
        ),
      ];
    },
  });

  return (
    <Card title={route.title}>
      <UserSearchForm formProps={searchFormProps} />
      <Space style={{ marginBottom: 16 }} wrap>
        {access.has(USER_CODES.add) && (
          <Button type="primary" onClick={() => setEditing({ open: true })}>
            添加用户
          </Button>
        )}
        <ExcelButtons
          base="/sys/user"
          title="用户信息"
          filters={filters}
          sorters={sorters}
          selections={selected}
          exportCode={USER_CODES.export}
          importCode={USER_CODES.import}
          onImported={() => tableQuery.refetch()}
        />
        {selected.length > 0 && (
          <Dropdown
            menu={{
              items: [
                access.has(USER_CODES.deleteBatch) && { key: "delete", label: "删除", onClick: () => confirmBatch(`确定删除选中的 ${selected.length} 个用户吗?`, () => remove(selected)) },
                access.has(USER_CODES.frozen) && { key: "freeze", label: "冻结", onClick: () => confirmBatch(`确定冻结选中的 ${selected.length} 个用户吗?`, () => freeze(selected, 2)) },
                access.has(USER_CODES.frozen) && { key: "unfreeze", label: "解冻", onClick: () => confirmBatch(`确定解冻选中的 ${selected.length} 个用户吗?`, () => freeze(selected, 1)) },
              ].filter(Boolean) as MenuProps["items"],
            }}
          >
            <Button>
              批量操作 <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Space>
      <Table<UserRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        columns={access.has(USER_CODES.edit) || (rowMenu(tableProps.dataSource?.[0] ?? ({ status: 1 } as UserRow))?.length ?? 0) > 0 ? [...userColumns(sorters), actionColumn] : userColumns(sorters)}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: true,
            pageSizeOptions: ["10", "20", "30"],
            showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          }
        }
      />
      <UserFormModal
        open={editing.open}
        user={editing.user}
        onClose={() => setEditing({ open: false })}
        onSaved={() => {
          setEditing({ open: false });
          void tableQuery.refetch();
        }}
      />
      <PasswordModal username={resetting} onClose={() => setResetting(undefined)} />
    </Card>
  );
}
