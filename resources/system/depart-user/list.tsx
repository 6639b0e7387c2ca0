import { useCustom } from "@refinedev/core";
import { Alert, Card, Col, Empty, Row, Tree } from "antd";
import type { DataNode } from "antd/es/tree";
import { useMemo, useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import type { PageProps } from "../../../kit/page";
import { DepartMembers } from "../depart/list";
import type { DepartNode } from "../../../kit/depart-tree-select";

const toTree = (nodes: DepartNode[]): DataNode[] => nodes.map((n) => ({ title: n.title, key: n.id, children: n.children ? toTree(n.children) : undefined }));
const flatten = (nodes: DepartNode[]): DepartNode[] => nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);

/** 我的部门: a leader's departments (`queryMyDeptTreeList`) and their members. */
export default function DepartUserListPage({ route }: PageProps) {
  const { result, query } = useCustom<DepartNode[]>({ url: "/sys/sysDepart/queryMyDeptTreeList", method: "get", errorNotification });
  const tree = useMemo(() => (Array.isArray(result?.data) ? result.data : []), [result]);
  const [selectedId, setSelectedId] = useState<string>();
  const selected = flatten(tree).find((d) => d.id === selectedId);

  if (!query.isLoading && !tree.length) {
    return (
      <Card title={route.title}>
        <Alert type="info" showIcon message="您不是部门负责人，或尚未设置负责的部门" />
      </Card>
    );
  }
  return (
    <Row gutter={16}>
      <Col xs={24} lg={8}>
        <Card title={route.title} loading={query.isLoading}>
          <Tree defaultExpandAll key={tree.length} treeData={toTree(tree)} selectedKeys={selectedId ? [selectedId] : []} onSelect={(keys) => setSelectedId(keys[0] as string)} />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card>{selected ? <DepartMembers depart={selected} /> : <Empty description="请在左侧选择一个部门" />}</Card>
      </Col>
    </Row>
  );
}
