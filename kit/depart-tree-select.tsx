import { useCustom } from "@refinedev/core";
import { TreeSelect, type TreeSelectProps } from "antd";

import { errorNotification } from "../providers/data-provider";

export interface DepartNode {
  id: string;
  key: string;
  value: string;
  title: string;
  orgCode: string;
  parentId: string;
  children: DepartNode[] | null;
}

/** The department tree (`/sys/sysDepart/queryTreeList`), shared by the pages that pick departments. */
export function useDepartTree() {
  const { result, query } = useCustom<DepartNode[]>({
    url: "/sys/sysDepart/queryTreeList",
    method: "get",
    queryOptions: { staleTime: 30_000 },
    errorNotification,
  });
  return { tree: Array.isArray(result?.data) ? result.data : [], loading: query.isLoading, refetch: query.refetch };
}

const toTreeData = (nodes: DepartNode[]): TreeSelectProps["treeData"] =>
  nodes.map((n) => ({ title: n.title, value: n.id, key: n.id, children: n.children ? toTreeData(n.children) : undefined }));

/** Picks one or several departments by id. */
export function DepartTreeSelect(props: Omit<TreeSelectProps, "treeData">) {
  const { tree, loading } = useDepartTree();
  return (
    <TreeSelect
      treeDefaultExpandAll
      allowClear
      showSearch
      treeNodeFilterProp="title"
      placeholder="请选择部门"
      loading={loading}
      treeData={toTreeData(tree)}
      {...props}
    />
  );
}
