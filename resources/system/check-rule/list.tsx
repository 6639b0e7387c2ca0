import { App, Form, Input, Modal } from "antd";
import { useState } from "react";

import type { PageProps } from "../../../kit/page";
import { CrudPage } from "../../../kit/crud-page";
import { CHECK_RULE_RESOURCE } from "./resource";
import { useApi } from "../../../kit/use-api";
import { checkRuleLimits } from "../../../contract/limits";
import { checkRuleRule, duplicateRule, FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";

const CODES = {
  add: "system:checkRule:add",
  edit: "system:checkRule:edit",
  delete: "system:checkRule:delete",
  deleteBatch: "system:checkRule:deleteBatch",
};

interface CheckRuleRow {
  id: string;
  ruleName: string;
  ruleCode: string;
  ruleJson: string;
  ruleDescription: string | null;
}

const JSON_EXAMPLE = '[{"digits":"1","pattern":"[a-zA-Z]","message":"第一位只能是字母"},{"digits":"*","pattern":".{3,}","message":"不能少于3个字符"}]';

/** 系统校验规则: rules, and a tester that validates a value the way forms do (spec §5). */
export default function CheckRuleListPage({ route }: PageProps) {
  const [testing, setTesting] = useState<CheckRuleRow>();
  return (
    <>
      <CrudPage<CheckRuleRow>
        title={route.title}
        resource={CHECK_RULE_RESOURCE}
        apiBase="/sys/checkRule"
        codes={CODES}
        search={[{ name: "ruleName", label: "规则名称" }, { name: "ruleCode", label: "规则编码" }]}
        columns={[
          { title: "规则名称", dataIndex: "ruleName", sorter: true },
          { title: "规则编码", dataIndex: "ruleCode", sorter: true },
          { title: "规则描述", dataIndex: "ruleDescription", ellipsis: true },
        ]}
        form={({ record, api }) => (
          <>
            <Form.Item label="规则名称" name="ruleName" rules={limitRules(checkRuleLimits.ruleName)}>
              <Input />
            </Form.Item>
            <Form.Item
              label="规则编码"
              name="ruleCode"
              rules={[...limitRules(checkRuleLimits.ruleCode), duplicateRule(api, { tableName: "sys_check_rule", fieldName: "rule_code", dataId: record?.id })]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="规则JSON" name="ruleJson" extra={`例如：${JSON_EXAMPLE}`} rules={limitRules(checkRuleLimits.ruleJson)}>
              <Input.TextArea rows={5} />
            </Form.Item>
            <Form.Item label="规则描述" name="ruleDescription" rules={limitRules(checkRuleLimits.ruleDescription)}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
        rowActions={(record) => [
          <a key="test" onClick={() => setTesting(record)}>
            测试
          </a>,
        ]}
      />
      <RuleTester rule={testing} onClose={() => setTesting(undefined)} />
    </>
  );
}

function RuleTester({ rule, onClose }: { rule?: CheckRuleRow; onClose: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const check = async () => {
    if (await form.validateFields().then(() => true, () => false)) message.success("校验通过");
  };
  return (
    <Modal title={`测试规则 - ${rule?.ruleName ?? ""}`} open={Boolean(rule)} onCancel={onClose} onOk={check} okText="校验" cancelText="关闭" destroyOnHidden>
      <Form form={form} layout="vertical" name="check-rule-test" validateTrigger={FORM_VALIDATE_TRIGGER}>
        <Form.Item label="需要校验的值" name="value" rules={[checkRuleRule(api, rule?.ruleCode)]}>
          <Input placeholder="输入值后点击校验" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
