import { App, Form, Input, Select } from "antd";

import type { PageProps } from "../../../kit/page";
import { CrudPage } from "../../../kit/crud-page";
import { FILL_RULE_RESOURCE } from "./resource";
import { useApi } from "../../../kit/use-api";
import { fillRuleLimits } from "../../../contract/limits";
import { duplicateRule, limitRules } from "../../../kit/validators";

const CODES = {
  add: "system:fillRule:add",
  edit: "system:fillRule:edit",
  delete: "system:fillRule:delete",
  deleteBatch: "system:fillRule:deleteBatch",
};

/** The generators the server implements (their JeecgBoot class names). */
const CLASSES = [
  { value: "org.jeecg.modules.system.rule.OrgCodeRule", label: "机构编码（OrgCodeRule）" },
  { value: "org.jeecg.modules.system.rule.CategoryCodeRule", label: "分类编码（CategoryCodeRule）" },
  { value: "org.jeecg.modules.online.cgform.rule.OrderNumberRule", label: "流水号（OrderNumberRule，参数 prefix）" },
];

interface FillRuleRow {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleClass: string;
  ruleParams: string | null;
}

/** 系统编码规则: rules and a "生成一个" test (`/sys/fillRule/testFillRule`). */
export default function FillRuleListPage({ route }: PageProps) {
  const api = useApi();
  const { message } = App.useApp();
  const test = async (row: FillRuleRow) => {
    try {
      message.info(`生成结果：${(await api.get<string | null>("/sys/fillRule/testFillRule", { ruleCode: row.ruleCode })) ?? "（无）"}`);
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "生成失败");
    }
  };
  return (
    <CrudPage<FillRuleRow>
      title={route.title}
      resource={FILL_RULE_RESOURCE}
      apiBase="/sys/fillRule"
      codes={CODES}
      search={[{ name: "ruleName", label: "规则名称" }, { name: "ruleCode", label: "规则编码" }]}
      columns={[
        { title: "规则名称", dataIndex: "ruleName", sorter: true },
        { title: "规则编码", dataIndex: "ruleCode", sorter: true },
        { title: "规则实现类", dataIndex: "ruleClass", ellipsis: true },
        { title: "规则参数", dataIndex: "ruleParams" },
      ]}
      form={({ record, api: formApi }) => (
        <>
          <Form.Item label="规则名称" name="ruleName" rules={limitRules(fillRuleLimits.ruleName)}>
            <Input />
          </Form.Item>
          <Form.Item
            label="规则编码"
            name="ruleCode"
            rules={[...limitRules(fillRuleLimits.ruleCode), duplicateRule(formApi, { tableName: "sys_fill_rule", fieldName: "rule_code", dataId: record?.id })]}
          >
            <Input />
          </Form.Item>
          <Form.Item label="规则实现类" name="ruleClass" rules={[{ required: true, message: "请选择规则实现类!" }, ...limitRules(fillRuleLimits.ruleClass, { required: false })]}>
            <Select options={CLASSES} />
          </Form.Item>
          <Form.Item label="规则参数" name="ruleParams" extra='JSON 对象，例如 {"prefix":"CN"}' rules={limitRules(fillRuleLimits.ruleParams)}>
            <Input />
          </Form.Item>
        </>
      )}
      rowActions={(record) => [
        <a key="test" onClick={() => test(record)}>
          测试
        </a>,
      ]}
    />
  );
}
