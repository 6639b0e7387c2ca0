import { useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { Card, Table } from "antd";

import { errorNotification } from "../../../providers/data-provider";
import type { PageProps } from "../../../src/registry";
import { userColumns, type UserRow } from "./columns";
import { USER_RESOURCE } from "./resource";
import { UserSearchForm, type UserSearch } from "./search-form";

/** Search form fields → list filters: account and name are fuzzy (`*x*`), sex and status exact. */
export function userFilters(values: UserSearch): CrudFilters {
  return [
    { field: "username", operator: "contains", value: values.username?.trim() || undefined },
    { field: "realname", operator: "contains", value: values.realname?.trim() || undefined },
    { field: "sex", operator: "eq", value: values.sex ?? undefined },
    { field: "status", operator: "eq", value: values.status ?? undefined },
  ];
}

export default function UserListPage({ route }: PageProps) {
  const { tableProps, searchFormProps, sorters } = useTable<UserRow, never, UserSearch>({
    resource: USER_RESOURCE,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: userFilters,
    errorNotification,
  });

  return (
    <Card title={route.title}>
      <UserSearchForm formProps={searchFormProps} />
      <Table<UserRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        columns={userColumns(sorters)}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: true,
            pageSizeOptions: ["10", "20", "30"],
            showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          }
        }
      />
    </Card>
  );
}
