import { Card, Col, Empty, Form, Input, Row, Select, Tag, Tree, Typography } from "antd";
import { useState } from "react";

import { organizationLimits as L } from "../../../contract/bbh-limits";
import { ContactFields, ChinaPointFields, half } from "../../../kit/form-fields";
import { CrudPage } from "../../../kit/crud-page";
import { DepartTreeSelect, useDepartTree, type DepartNode } from "../../../kit/depart-tree-select";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { limitRules } from "../../../kit/validators";
import { ORGANIZATION_API, ORGANIZATION_CODES, ORGANIZATION_RESOURCE } from "./resource";

interface OrgRow {
  id: string;
  sysDepartId: string;
  sysDepartId_dictText?: string | null;
  departMissing?: boolean;
  orgCode: string;
  orgName: string;
  orgType: number;
  orgType_dictText?: string;
  contactName?: string | null;
  contactPhone?: string | null;
  address?: string | null;
  orgStatus: number;
  orgStatus_dictText?: string;
  wxUserCount?: number;
  schoolCount?: number;
  activityCount?: number;
  [key: string]: unknown;
}

const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
type TreeNode = { key: string; title: string; children?: TreeNode[] };
const toTree = (nodes: DepartNode[]): TreeNode[] => nodes.map((n) => ({ key: n.id, title: n.title, children: n.children ? toTree(n.children) : undefined }));

/** 组织管理: the department tree on the left; the organisations of the chosen department and those below it on the right. */
export default function OrganizationListPage({ route }: PageProps) {
  const { tree } = useDepartTree();
  const types = useDictOptions("bbh_org_type");
  const states = useDictOptions("bbh_enable_status");
  const [depart, setDepart] = useState<{ id: string; name: string }>();
  return (
    <Row gutter={16}>
      <Col xs={24} lg={6}>
        <Card title="组织机构" size="small" extra={depart && <a onClick={() => setDepart(undefined)}>全部</a>}>
          {tree.length ? (
            <Tree
              defaultExpandAll
              blockNode
              treeData={toTree(tree)}
              selectedKeys={depart ? [depart.id] : []}
              onSelect={(keys, info) => setDepart(keys.length ? { id: String(keys[0]), name: String(info.node.title) } : undefined)}
            />
          ) : (
            <Empty description="暂无部门" />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={18}>
        <CrudPage<OrgRow>
          key={depart?.id ?? "all"}
          title={depart ? `${route.title} · ${depart.name}及下级` : route.title}
          resource={ORGANIZATION_RESOURCE}
          apiBase={ORGANIZATION_API}
          codes={ORGANIZATION_CODES}
          excelTitle="组织"
          permanentFilters={depart ? [{ field: "departId", operator: "eq", value: depart.id }] : undefined}
          search={[
            { name: "orgName", label: "组织名称" },
            { name: "orgType", label: "组织类型", exact: true, input: <Select allowClear placeholder="请选择组织类型" options={types} /> },
          ]}
          columns={[
            {
              title: "组织名称",
              dataIndex: "orgName",
              sorter: true,
              render: (v: string, row) => (
                <>
                  {v}
                  {row.departMissing && <Tag color="red" style={{ marginLeft: 8 }}>部门已删除</Tag>}
                </>
              ),
            },
            { title: "机构编码", dataIndex: "orgCode", sorter: true },
            { title: "类型", dataIndex: "orgType_dictText" },
            { title: "联系人/电话", dataIndex: "contactName", render: (v: string | null, row) => [v, row.contactPhone].filter(Boolean).join(" / ") || "—" },
            { title: "微信用户", dataIndex: "wxUserCount", align: "right" },
            { title: "学校", dataIndex: "schoolCount", align: "right" },
            { title: "活动", dataIndex: "activityCount", align: "right" },
            { title: "状态", dataIndex: "orgStatus", render: (v: number, row) => <Tag color={v === 1 ? "green" : "default"}>{row.orgStatus_dictText ?? v}</Tag> },
          ]}
          toForm={(row) => ({ ...row, orgType: String(row.orgType), orgStatus: String(row.orgStatus) })}
          toBody={(values) => ({ ...values, orgType: num(values.orgType), orgStatus: num(values.orgStatus) ?? 1, longitude: num(values.longitude), latitude: num(values.latitude) })}
          form={({ record }) => (
            <Row gutter={16}>
              <Col span={24}>
                <Form.Item label="所属部门" name="sysDepartId" rules={[{ required: true, message: "请选择所属部门!" }]} initialValue={record ? undefined : depart?.id} extra="组织名称和机构编码取自部门，部门改名时随之更新">
                  <DepartTreeSelect placeholder="请选择部门（每个部门只能建立一个组织档案）" />
                </Form.Item>
              </Col>
              {half(
                <Form.Item label="组织类型" name="orgType" rules={[{ required: true, message: "请选择组织类型!" }]}>
                  <Select placeholder="请选择组织类型" options={types} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="状态" name="orgStatus" initialValue="1">
                  <Select options={states} />
                </Form.Item>,
              )}
              <ContactFields />
              <Col span={24}>
                <Form.Item label="地址" name="address" rules={limitRules(L.address)}>
                  <Input placeholder="请输入地址" />
                </Form.Item>
              </Col>
              <ChinaPointFields />
              <Col span={24}>
                <Form.Item label="组织简介" name="intro" rules={limitRules(L.intro)}>
                  <Input.TextArea rows={3} placeholder="请输入组织简介" />
                </Form.Item>
              </Col>
              {record && (
                <Col span={24}>
                  <Typography.Text type="secondary">
                    微信用户 {record.wxUserCount ?? 0} 人 · 学校 {record.schoolCount ?? 0} 所 · 主办活动 {record.activityCount ?? 0} 个
                  </Typography.Text>
                </Col>
              )}
            </Row>
          )}
        />
      </Col>
    </Row>
  );
}
