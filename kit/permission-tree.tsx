import { useCustom } from "@refinedev/core";
import { App, Button, Checkbox, Divider, Drawer, Empty, Space, Spin, Switch, Tree, Typography } from "antd";
import type { DataNode } from "antd/es/tree";
import { useEffect, useMemo, useState } from "react";

import { errorNotification } from "../providers/data-provider";
import { useApi } from "./use-api";

export interface TreeModel {
  key: string;
  title: string;
  isLeaf: boolean;
  ruleFlag: number;
  parentId: string | null;
  children?: TreeModel[];
}

interface DataRule {
  id: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
}

const toNodes = (nodes: TreeModel[]): DataNode[] =>
  nodes.map((n) => ({
    key: n.key,
    title: n.ruleFlag === 1 ? `${n.title}（数据规则）` : n.title,
    isLeaf: n.isLeaf,
    children: n.children ? toNodes(n.children) : undefined,
  }));

const NO_NODES: TreeModel[] = [];

/** Parent of every node, and the keys of the nodes that have children (for 展开所有). */
export function indexTree(nodes: TreeModel[]) {
  const parent = new Map<string, string>();
  const children = new Map<string, string[]>();
  const walk = (list: TreeModel[], up?: string) => {
    for (const n of list) {
      if (up) parent.set(n.key, up);
      if (n.children?.length) {
        children.set(n.key, n.children.map((c) => c.key));
        walk(n.children, n.key);
      }
    }
  };
  walk(nodes);
  return { parent, children };
}

/**
 * 父子关联: ticking a node also ticks everything below it and the menus above it (a menu is only reachable
 * through its parents); unticking a node unticks everything below it. Without it a tick changes one node.
 */
export function linkedCheck(checked: readonly string[], key: string, on: boolean, tree: ReturnType<typeof indexTree>): string[] {
  const below: string[] = [];
  const collect = (k: string) => (tree.children.get(k) ?? []).forEach((c) => (below.push(c), collect(c)));
  collect(key);
  const next = new Set(checked);
  if (on) {
    next.add(key);
    below.forEach((k) => next.add(k));
    for (let up = tree.parent.get(key); up; up = tree.parent.get(up)) next.add(up);
  } else {
    next.delete(key);
    below.forEach((k) => next.delete(k));
  }
  return [...next];
}

/**
 * Grants menus and buttons with a checkable permission tree (JeecgBoot's authorisation drawer): loads the
 * tree and the granted ids, saves `{permissionIds, lastpermissionIds}` so the server applies the diff, and
 * lets the menu's data rules be chosen for the grant.
 */
export function PermissionGrantDrawer(props: {
  open: boolean;
  title: string;
  onClose: () => void;
  treeUrl: string;
  treeQuery?: Record<string, string>;
  grantedUrl: string;
  grantedQuery: Record<string, string>;
  saveUrl: string;
  saveBody: Record<string, string>;
  /** Data-rule endpoints of this kind of grant, given the menu id; omitted where rules are not granted here. */
  ruleUrl?: (permissionId: string) => string;
  ruleSaveUrl?: string;
  ruleSaveBody?: (permissionId: string, ids: string) => Record<string, string>;
}) {
  const api = useApi();
  const { message } = App.useApp();
  const [checked, setChecked] = useState<string[]>([]);
  const [initial, setInitial] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const [ruleMenu, setRuleMenu] = useState<string>();
  const [rules, setRules] = useState<{ list: DataRule[]; checked: string[] } | null>(null);
  const [linked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<string[]>([]);
  const { result, query } = useCustom<{ treeList: TreeModel[]; ids: string[] }>({
    url: props.treeUrl,
    method: "get",
    config: { query: props.treeQuery },
    queryOptions: { enabled: props.open },
    errorNotification,
  });
  const treeList = result?.data?.treeList ?? NO_NODES;
  const nodes = useMemo(() => toNodes(treeList), [treeList]);
  const grantedKey = JSON.stringify(props.grantedQuery);
  const index = useMemo(() => indexTree(treeList), [treeList]);
  const expandAll = () => setExpanded([...index.children.keys()]);

  // JeecgBoot opens the drawer with the whole tree expanded.
  useEffect(() => {
    if (props.open) expandAll();
  }, [props.open, index]);

  useEffect(() => {
    if (!props.open) return;
    setRuleMenu(undefined);
    setRules(null);
    setLinked(true);
    api.get<string[]>(props.grantedUrl, props.grantedQuery).then(
      (ids) => {
        setChecked(ids);
        setInitial(ids);
      },
      () => {
        setChecked([]);
        setInitial([]);
      },
    );
  }, [props.open, props.grantedUrl, grantedKey, api]);

  const save = async (close: boolean) => {
    setSaving(true);
    try {
      await api.post(props.saveUrl, { ...props.saveBody, permissionIds: checked.join(","), lastpermissionIds: initial.join(",") });
      setInitial(checked);
      message.success("保存成功！");
      if (close) props.onClose();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "授权失败！");
    } finally {
      setSaving(false);
    }
  };

  const openRules = async (key: string) => {
    if (!props.ruleUrl) return;
    setRuleMenu(key);
    try {
      const data = await api.get<{ datarule: DataRule[]; drChecked: string }>(props.ruleUrl(key));
      setRules({ list: data.datarule, checked: data.drChecked ? data.drChecked.split(",") : [] });
    } catch (error) {
      setRules({ list: [], checked: [] });
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.info(failure.message || "未找到权限配置信息");
    }
  };

  const saveRules = async () => {
    if (!ruleMenu || !rules || !props.ruleSaveUrl || !props.ruleSaveBody) return;
    try {
      await api.post(props.ruleSaveUrl, props.ruleSaveBody(ruleMenu, rules.checked.join(",")));
      message.success("保存成功!");
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "保存失败");
    }
  };

  return (
    <Drawer
      title={props.title}
      open={props.open}
      width={ruleMenu ? 900 : 560}
      onClose={props.onClose}
      destroyOnHidden
      footer={
        <Space style={{ float: "right" }}>
          <Button onClick={props.onClose}>取消</Button>
          <Button loading={saving} onClick={() => save(false)}>
            仅保存
          </Button>
          <Button type="primary" loading={saving} onClick={() => save(true)}>
            保存并关闭
          </Button>
        </Space>
      }
    >
      <div style={{ display: "flex", gap: 24 }}>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space style={{ marginBottom: 8 }} wrap split={<Divider type="vertical" />}>
            <Space size={4}>
              <Switch size="small" aria-label="父子关联" checked={linked} onChange={setLinked} />
              <span>父子关联</span>
            </Space>
            <Space size={4}>
              <Button size="small" onClick={() => setChecked(result?.data?.ids ?? [])}>
                全部勾选
              </Button>
              <Button size="small" onClick={() => setChecked([])}>
                取消全选
              </Button>
            </Space>
            <Space size={4}>
              <Button size="small" onClick={expandAll}>
                展开所有
              </Button>
              <Button size="small" onClick={() => setExpanded([])}>
                折叠所有
              </Button>
            </Space>
          </Space>
          {query.isLoading ? (
            <Spin />
          ) : (
            <Tree
              checkable
              // The tree always shows exactly what is granted; 父子关联 is applied here, on each tick.
              checkStrictly
              treeData={nodes}
              checkedKeys={checked}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys.map(String))}
              onCheck={(keys, info) =>
                setChecked(
                  linked
                    ? linkedCheck(checked, String(info.node.key), info.checked, index)
                    : (Array.isArray(keys) ? keys : keys.checked).map(String),
                )
              }
              onSelect={(keys) => keys[0] && openRules(String(keys[0]))}
            />
          )}
        </div>
        {ruleMenu && props.ruleUrl && (
          <div style={{ width: 320 }}>
            <Typography.Title level={5}>数据规则</Typography.Title>
            {rules?.list.length ? (
              <>
                <Checkbox.Group
                  style={{ display: "flex", flexDirection: "column", gap: 8 }}
                  value={rules.checked}
                  onChange={(v) => setRules({ ...rules, checked: v.map(String) })}
                  options={rules.list.map((r) => ({ value: r.id, label: `${r.ruleName}（${r.ruleColumn} ${r.ruleConditions} ${r.ruleValue}）` }))}
                />
                <Button type="primary" size="small" style={{ marginTop: 12 }} onClick={saveRules}>
                  保存数据规则
                </Button>
              </>
            ) : (
              <Empty description="该菜单未配置数据规则" />
            )}
          </div>
        )}
      </div>
    </Drawer>
  );
}
