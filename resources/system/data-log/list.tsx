import { useTable } from "@refinedev/antd";
import { App, Button, Card, Modal, Select, Space, Table, Typography } from "antd";
import { useState } from "react";

import type { PageProps } from "../../../kit/page";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useApi } from "../../../kit/use-api";
import { errorNotification } from "../../../providers/data-provider";
import { CompareModal, type DataLogRow } from "./compare";
import { DATA_LOG_API, DATA_LOG_RESOURCE, DATA_LOG_TABLES } from "./resource";

const tableName = (v: string) => DATA_LOG_TABLES.find((t) => t.value === v)?.label ?? v;

const search: SearchField[] = [
  { name: "dataTable", label: "表名", exact: true, input: <Select allowClear placeholder="请选择" options={DATA_LOG_TABLES.map((t) => ({ value: t.value, label: `${t.label}（${t.value}）` }))} /> },
  { name: "dataId", label: "数据编号", exact: true },
];

/** 数据日志 (`/sys/dataLog`): every version of the logged tables' rows; two versions of one row compared side by side. */
export default function DataLogListPage({ route }: PageProps) {
  const api = useApi();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<DataLogRow[]>([]);
  const [pair, setPair] = useState<[DataLogRow, DataLogRow] | undefined>();
  const [viewing, setViewing] = useState<DataLogRow | undefined>();
  const { tableProps, searchFormProps } = useTable<DataLogRow>({
    resource: DATA_LOG_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: (values) => searchFilters(search, values as Record<string, unknown>),
    errorNotification,
  });

  const compare = async () => {
    if (selected.length !== 2) return void message.warning("请选择两条数据进行比较");
    const [x, y] = selected;
    if (x!.dataTable !== y!.dataTable || x!.dataId !== y!.dataId) return void message.warning("请选择同一条数据（相同的表名和数据编号）的两个版本");
    const [older, newer] = x!.dataVersion <= y!.dataVersion ? [x!, y!] : [y!, x!];
    try {
      const rows = await api.get<DataLogRow[]>(`${DATA_LOG_API}/queryCompareList`, { dataId1: older.id, dataId2: newer.id });
      if (rows.length === 2) setPair([rows[0]!, rows[1]!]);
      else message.warning("所选版本已不存在");
    } catch {
      // the notification has been shown
    }
  };

  return (
    <Card title={route.title}>
      <SearchForm formProps={searchFormProps} fields={search} />
      <Space style={{ marginBottom: 16 }}>
        <Button type="primary" disabled={selected.length !== 2} onClick={() => void compare()}>
          数据比较
        </Button>
        <Typography.Text type="secondary">勾选同一条数据的两个版本后点击「数据比较」</Typography.Text>
      </Space>
      <Table<DataLogRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows.slice(-2)),
        }}
        columns={[
          { title: "表名", dataIndex: "dataTable", width: 200, sorter: true, render: (v: string) => `${tableName(v)}（${v}）` },
          { title: "数据编号", dataIndex: "dataId", width: 200 },
          { title: "版本号", dataIndex: "dataVersion", width: 90, sorter: true },
          { title: "数据内容", dataIndex: "dataContent", ellipsis: true, render: (v: string, r) => <a onClick={() => setViewing(r)}>{v}</a> },
          { title: "创建人", dataIndex: "createBy", width: 110 },
          { title: "创建时间", dataIndex: "createTime", width: 170, sorter: true },
        ]}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: true,
            pageSizeOptions: ["10", "20", "30"],
            showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          }
        }
      />
      <CompareModal pair={pair} onClose={() => setPair(undefined)} />
      <Modal title={viewing ? `数据内容：${tableName(viewing.dataTable)} 版本 ${viewing.dataVersion}` : ""} open={Boolean(viewing)} onCancel={() => setViewing(undefined)} footer={null} width={800}>
        <pre style={{ maxHeight: 520, overflow: "auto", whiteSpace: "pre-wrap", wordBreak: "break-all" }}>{viewing ? pretty(viewing.dataContent) : ""}</pre>
      </Modal>
    </Card>
  );
}

function pretty(content: string | null) {
  try {
    return JSON.stringify(JSON.parse(content ?? ""), null, 2);
  } catch {
    return content ?? "";
  }
}
