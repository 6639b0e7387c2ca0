import { UserOutlined } from "@ant-design/icons";
import { getDefaultSortOrder } from "@refinedev/antd";
import type { CrudSort } from "@refinedev/core";
import { Avatar, Tag } from "antd";
import type { TableColumnsType } from "antd";

import type { SysUser } from "../../../contract";
import { fileUrl } from "../../../providers/config";

/** A row of `/sys/user/list`: the entity plus the `_dictText` translations the server adds. */
export interface UserRow extends SysUser {
  sex_dictText?: string;
  status_dictText?: string;
}

/** Columns of JeecgBoot's `system/UserList` (contract §10.17); sortable ones sort on the server. */
export function userColumns(sorters: CrudSort[]): TableColumnsType<UserRow> {
  return [
    {
      title: "用户账号",
      dataIndex: "username",
      width: 120,
      sorter: true,
      defaultSortOrder: getDefaultSortOrder("username", sorters),
    },
    {
      title: "用户姓名",
      dataIndex: "realname",
      width: 100,
      sorter: true,
      defaultSortOrder: getDefaultSortOrder("realname", sorters),
    },
    {
      title: "头像",
      dataIndex: "avatar",
      width: 80,
      align: "center",
      render: (avatar: string | null) => <Avatar src={fileUrl(avatar)} icon={<UserOutlined />} />,
    },
    {
      title: "性别",
      dataIndex: "sex_dictText",
      width: 80,
      align: "center",
      sorter: true,
      defaultSortOrder: getDefaultSortOrder("sex_dictText", sorters),
    },
    {
      title: "生日",
      dataIndex: "birthday",
      width: 110,
      align: "center",
      sorter: true,
      defaultSortOrder: getDefaultSortOrder("birthday", sorters),
    },
    { title: "手机号码", dataIndex: "phone", width: 120, align: "center" },
    { title: "部门", dataIndex: "orgCodeTxt", width: 180 },
    {
      title: "状态",
      dataIndex: "status_dictText",
      width: 80,
      align: "center",
      sorter: true,
      defaultSortOrder: getDefaultSortOrder("status_dictText", sorters),
      render: (text: string | undefined, row) =>
        text ? <Tag color={String(row.status) === "1" ? "green" : "red"}>{text}</Tag> : null,
    },
    {
      title: "创建时间",
      dataIndex: "createTime",
      width: 170,
      align: "center",
      sorter: true,
      defaultSortOrder: getDefaultSortOrder("createTime", sorters),
    },
  ];
}
