import { App, Button, Drawer, Form, Input, Modal, Popconfirm, Select, Table, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";

import { actionColumn } from "../../../kit/action-column";
import { useApi } from "../../../kit/use-api";
import { dataRuleLimits } from "../../../contract/limits";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";

interface Rule {
  id: string;
  permissionId: string;
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

/** Conditions the server applies (dictionary `rule_conditions` without raw SQL). */
const CONDITIONS = [
  ["=", "等于"], ["!=", "不等于"], [">", "大于"], [">=", "大于等于"], ["<", "小于"], ["<=", "小于等于"],
  ["LIKE", "包含"], ["LEFT_LIKE", "以…结尾"], ["RIGHT_LIKE", "以…开头"], ["IN", "在…中（逗号分隔）"],
].map(([value, label]) => ({ value, label: `${label}（${value}）` }));

/** Data rules of one menu (`/sys/permission/*PermissionRule`). */
export function DataRulesDrawer({ menu, onClose }: { menu?: { id: string; name: string }; onClose: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [rules, setRules] = useState<Rule[]>([]);
  const [editing, setEditing] = useState<{ open: boolean; rule?: Rule }>({ open: false });
  const [form] = Form.useForm();

  const load = useCallback(async () => {
    if (!menu) return;
    setRules(await api.get<Rule[]>("/sys/permission/getPermRuleListByPermId", { permissionId: menu.id }).catch(() => []));
  }, [api, menu]);
  useEffect(() => void load(), [load]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
      await load();
      return true;
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
      return false;
    }
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !menu) return;
    const body = { ...values, permissionId: menu.id };
    const ok = editing.rule
      ? await run(() => api.put("/sys/permission/editPermissionRule", { ...body, id: editing.rule!.id }), "编辑成功!")
      : await run(() => api.post("/sys/permission/addPermissionRule", body), "添加成功!");
    if (ok) setEditing({ open: false });
  };

  return (
    <Drawer title={`数据规则 - ${menu?.name ?? ""}`} open={Boolean(menu)} width={760} onClose={onClose} destroyOnHidden>
      <Button type="primary" style={{ marginBottom: 16 }} onClick={() => (form.resetFields(), form.setFieldsValue({ status: "1", ruleConditions: "=" }), setEditing({ open: true }))}>
        新增规则
      </Button>
      <Table<Rule>
        rowKey="id"
        size="small"
        dataSource={rules}
        pagination={false}
        columns={[
          { title: "规则名称", dataIndex: "ruleName" },
          { title: "规则字段", dataIndex: "ruleColumn" },
          { title: "条件", dataIndex: "ruleConditions" },
          { title: "规则值", dataIndex: "ruleValue" },
          { title: "状态", dataIndex: "status", render: (s: string) => (s === "1" ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>) },
          actionColumn<Rule>({
            rows: rules,
            links: (rule) => [
              <a key="edit" onClick={() => (form.setFieldsValue(rule), setEditing({ open: true, rule }))}>编辑</a>,
              <Popconfirm key="delete" title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => run(() => api.del("/sys/permission/deletePermissionRule", { id: rule.id }), "删除成功!")}>
                <a>删除</a>
              </Popconfirm>,
            ],
          }),
        ]}
      />
      <Modal title={editing.rule ? "编辑规则" : "新增规则"} open={editing.open} onCancel={() => setEditing({ open: false })} onOk={save} okText="确定" cancelText="取消" forceRender>
        <Form form={form} layout="vertical" name="data-rule-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Form.Item label="规则名称" name="ruleName" rules={limitRules(dataRuleLimits.ruleName)}>
            <Input placeholder="如：本部门数据" />
          </Form.Item>
          <Form.Item
            label="规则字段"
            name="ruleColumn"
            extra="列表的字段名，如 orgCode、createBy、sex"
            rules={limitRules(dataRuleLimits.ruleColumn, { required: true })}
          >
            <Input placeholder="orgCode" />
          </Form.Item>
          <Form.Item label="条件" name="ruleConditions" rules={[{ required: true, message: "请选择条件!" }]}>
            <Select options={CONDITIONS} />
          </Form.Item>
          <Form.Item
            label="规则值"
            name="ruleValue"
            extra="可用 #{sys_user_code}、#{sys_user_name}、#{sys_org_code}、#{sys_multi_org_code}、#{sys_date}、#{sys_time}"
            rules={limitRules(dataRuleLimits.ruleValue)}
          >
            <Input placeholder="#{sys_org_code}" />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select options={[{ value: "1", label: "有效" }, { value: "0", label: "无效" }]} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
