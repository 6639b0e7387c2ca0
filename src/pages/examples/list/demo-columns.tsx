import { Badge, Popconfirm, Space } from "antd";
import type { TableColumnType } from "antd";

import { DEMO_ENABLED } from "../demo-data";

/** 启用/停用 choices of the demo forms and search forms. */
export const statusOptions = DEMO_ENABLED.map((label, value) => ({ value, label }));

/** 状态 column of the demo lists: an enabled/disabled badge. */
export function statusColumn<T>(): TableColumnType<T> {
  return { title: "状态", dataIndex: "status", render: (s: 0 | 1) => <Badge status={s ? "success" : "default"} text={DEMO_ENABLED[s]} /> };
}

/** 操作 column of the demo lists: 编辑 and a confirmed 删除. */
export function actionColumn<T extends { key: number }>(onEdit: (row: T) => void, onRemove: (key: number) => void): TableColumnType<T> {
  return {
    title: "操作",
    key: "action",
    width: 130,
    render: (_, record) => (
      <Space>
        <a onClick={() => onEdit(record)}>编辑</a>
        <Popconfirm title="确定删除吗?" onConfirm={() => onRemove(record.key)}>
          <a>删除</a>
        </Popconfirm>
      </Space>
    ),
  };
}
