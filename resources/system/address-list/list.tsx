import { useCustom } from "@refinedev/core";
import { Button, Card, Col, Empty, Form, Input, Row, Space, Table, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import type { PageProps } from "../../../kit/page";
import { useDepartTree, type DepartNode } from "../../../kit/depart-tree-select";

export interface AddressRow {
  userId: string;
  realname: string | null;
  workNo: string | null;
  post: string | null;
  postText: string | null;
  phone: string | null;
  email: string | null;
  departName: string;
}

const toTree = (nodes: DepartNode[]): DataNode[] => nodes.map((n) => ({ key: n.orgCode, title: n.title, children: n.children ? toTree(n.children) : undefined }));

/** 通讯录 (contract §10.1): the department tree on the left, the people of the selected subtree on the right. */
export default function AddressListPage({ route }: PageProps) {
  const { tree } = useDepartTree();
  const [searchForm] = Form.useForm();
  const [orgCode, setOrgCode] = useState<string>();
  const [search, setSearch] = useState<{ realname?: string; workNo?: string }>({});
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const { result, query } = useCustom<{ records: AddressRow[]; total: number }>({
    url: "/sys/user/queryByOrgCodeForAddressList",
    method: "get",
    config: { query: { orgCode, ...search, pageNo: paging.current, pageSize: paging.pageSize } },
    errorNotification,
  });
  const page = result?.data;

  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card title={route.title}>
          {tree.length ? (
            <Tree
              defaultExpandAll
              key={tree.length}
              treeData={toTree(tree)}
              selectedKeys={orgCode ? [orgCode] : []}
              onSelect={(keys) => (setOrgCode(keys[0] as string | undefined), setPaging((p) => ({ ...p, current: 1 })))}
            />
          ) : (
            <Empty description="暂无部门" />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <Card>
          <Form
            form={searchForm}
            layout="horizontal"
            style={{ marginBottom: 16 }}
            onFinish={(v) => (setSearch({ realname: v.realname?.trim() || undefined, workNo: v.workNo?.trim() || undefined }), setPaging((p) => ({ ...p, current: 1 })))}
          >
            <Row gutter={24}>
              <Col xs={24} md={8}>
                <Form.Item label="姓名" name="realname">
                  <Input placeholder="请输入姓名" allowClear />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Form.Item label="工号" name="workNo">
                  <Input placeholder="请输入工号" allowClear />
                </Form.Item>
              </Col>
              <Col xs={24} md={8}>
                <Space>
                  <Button type="primary" htmlType="submit">
                    查询
                  </Button>
                  <Button onClick={() => (searchForm.resetFields(), setSearch({}), setPaging((p) => ({ ...p, current: 1 })))}>重置</Button>
                </Space>
              </Col>
            </Row>
          </Form>
          <Table<AddressRow>
            rowKey="userId"
            size="middle"
            loading={query.isFetching}
            dataSource={page?.records ?? []}
            columns={[
              { title: "姓名", dataIndex: "realname", width: 120 },
              { title: "工号", dataIndex: "workNo", width: 100 },
              { title: "部门", dataIndex: "departName" },
              { title: "职务", dataIndex: "post", render: (_, r) => r.postText ?? r.post },
              { title: "手机", dataIndex: "phone", width: 130 },
              { title: "邮箱", dataIndex: "email" },
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
        </Card>
      </Col>
    </Row>
  );
}
