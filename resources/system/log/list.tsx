import { useTable } from "@refinedev/antd";
import type { CrudFilters } from "@refinedev/core";
import { App, Button, Card, Col, DatePicker, Descriptions, Form, Input, Popconfirm, Row, Select, Space, Table, Tabs, Tag } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";

import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { errorNotification } from "../../../providers/data-provider";
import { LOG_API, LOG_CODES, LOG_RESOURCE } from "./resource";

export interface LogRow {
  id: string;
  logType: number;
  logType_dictText?: string;
  logContent: string | null;
  operateType: number | null;
  operateType_dictText?: string;
  userid: string | null;
  username: string | null;
  ip: string | null;
  method: string | null;
  requestUrl: string | null;
  requestParam: string | null;
  requestType: string | null;
  costTime: number | null;
  createTime: string;
  [key: string]: unknown;
}

const FORMAT = "YYYY-MM-DD HH:mm:ss";

interface SearchValues {
  keyWord?: string;
  user?: string;
  ip?: string;
  method?: string;
  operateType?: string;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's values → the list's query (keyWord and user are the server's own parameters). */
export function logFilters(v: SearchValues): CrudFilters {
  const text = (s?: string) => s?.trim() || undefined;
  const [from, to] = v.createTime ?? [];
  return [
    { field: "keyWord", operator: "eq", value: text(v.keyWord) },
    { field: "user", operator: "eq", value: text(v.user) },
    { field: "ip", operator: "contains", value: text(v.ip) },
    { field: "method", operator: "contains", value: text(v.method) },
    { field: "operateType", operator: "eq", value: v.operateType || undefined },
    { field: "createTime", operator: "gte", value: from ? from.format(FORMAT) : undefined },
    { field: "createTime", operator: "lte", value: to ? to.format(FORMAT) : undefined },
  ];
}

const OPERATE_TYPES = [
  { value: "1", label: "查询" },
  { value: "2", label: "添加" },
  { value: "3", label: "修改" },
  { value: "4", label: "删除" },
  { value: "5", label: "导入" },
  { value: "6", label: "导出" },
];

/** One tab: the logs of one type with their search, paging, delete and clear. */
function LogTable({ logType }: { logType: 1 | 2 }) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(LOG_RESOURCE);
  const { modal } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const { tableProps, searchFormProps, tableQuery } = useTable<LogRow>({
    resource: LOG_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    filters: { permanent: [{ field: "logType", operator: "eq", value: logType }] },
    onSearch: (values) => logFilters(values as SearchValues),
    errorNotification,
  });
  const canDelete = access.has(LOG_CODES.delete);
  const refresh = () => tableQuery.refetch();
  const removeSelected = async () => {
    if (await act(() => api.del(`${LOG_API}/deleteBatch`, { ids: selected.join(",") }), "删除成功!")) {
      setSelected([]);
      await refresh();
    }
  };
  const clearAll = () =>
    modal.confirm({
      title: "清空日志",
      content: "将删除全部登录日志和操作日志，且不可恢复。确定清空吗？",
      okText: "确定",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        if (await act(() => api.del(`${LOG_API}/deleteBatch`, { ids: "allclear" }), "删除成功!")) await refresh();
      },
    });

  return (
    <>
      <Form {...searchFormProps} layout="horizontal" style={{ marginBottom: 16 }}>
        <Row gutter={24}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="搜索日志" name="keyWord">
              <Input placeholder="日志内容关键词" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="用户" name="user">
              <Input placeholder="账号或姓名" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="IP" name="ip">
              <Input placeholder="请输入IP" allowClear />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item label="创建时间" name="createTime">
              <DatePicker.RangePicker showTime style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} />
            </Form.Item>
          </Col>
          {logType === 2 && (
            <>
              <Col xs={24} md={12} xl={6}>
                <Form.Item label="操作类型" name="operateType">
                  <Select allowClear placeholder="请选择" options={OPERATE_TYPES} />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} xl={6}>
                <Form.Item label="请求方法" name="method">
                  <Input placeholder="接口地址片段" allowClear />
                </Form.Item>
              </Col>
            </>
          )}
          <Col xs={24} md={12} xl={6}>
            <Space>
              <Button type="primary" htmlType="submit">
                查询
              </Button>
              <Button
                onClick={() => {
                  searchFormProps.form?.resetFields();
                  searchFormProps.form?.submit();
                }}
              >
                重置
              </Button>
            </Space>
          </Col>
        </Row>
      </Form>
      {canDelete && (
        <Space style={{ marginBottom: 16 }}>
          {selected.length > 0 && (
            <Popconfirm title={`删除选中的 ${selected.length} 条日志？`} onConfirm={() => void removeSelected()} okText="确定" cancelText="取消">
              <Button danger>批量删除</Button>
            </Popconfirm>
          )}
          <Button danger onClick={clearAll}>
            清空日志
          </Button>
        </Space>
      )}
      <Table<LogRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        rowSelection={canDelete ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        expandable={
          logType === 2
            ? {
                expandedRowRender: (r) => (
                  <Descriptions size="small" column={1} bordered>
                    <Descriptions.Item label="请求方法">{r.method}</Descriptions.Item>
                    <Descriptions.Item label="请求地址">{r.requestUrl}</Descriptions.Item>
                    <Descriptions.Item label="请求参数">
                      <code style={{ wordBreak: "break-all" }}>{r.requestParam ?? "无"}</code>
                    </Descriptions.Item>
                  </Descriptions>
                ),
              }
            : undefined
        }
        columns={[
          { title: "日志内容", dataIndex: "logContent", ellipsis: true },
          { title: "操作人账号", dataIndex: "userid", width: 120 },
          { title: "操作人名称", dataIndex: "username", width: 120 },
          { title: "IP", dataIndex: "ip", width: 130 },
          { title: "耗时(毫秒)", dataIndex: "costTime", width: 100, sorter: true },
          { title: "日志类型", dataIndex: "logType_dictText", width: 100 },
          ...(logType === 2
            ? [{ title: "操作类型", dataIndex: "operateType_dictText", width: 90, render: (v: string | undefined) => (v ? <Tag>{v}</Tag> : "-") }]
            : []),
          { title: "创建时间", dataIndex: "createTime", width: 170, sorter: true },
          ...(canDelete
            ? [
                {
                  title: "操作",
                  key: "action",
                  width: 80,
                  render: (_: unknown, r: LogRow) => (
                    <Popconfirm title="确定删除吗?" onConfirm={() => void act(() => api.del(`${LOG_API}/delete`, { id: r.id }), "删除成功!").then(refresh)} okText="确定" cancelText="取消">
                      <a>删除</a>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
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
    </>
  );
}

/** 日志管理 (`/sys/log`): 登录日志 and 操作日志 tabs (JeecgBoot's LogList). */
export default function LogListPage({ route }: PageProps) {
  return (
    <Card title={route.title}>
      <Tabs
        destroyOnHidden
        items={[
          { key: "1", label: "登录日志", children: <LogTable logType={1} /> },
          { key: "2", label: "操作日志", children: <LogTable logType={2} /> },
        ]}
      />
    </Card>
  );
}
