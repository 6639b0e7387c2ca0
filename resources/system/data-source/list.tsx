import { App, Button, Col, Form, Input, Row, Select, type FormInstance } from "antd";
import { useState } from "react";

import { useAccess } from "../../../kit/auth";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { CrudPage } from "../../../kit/crud-page";
import type { Api } from "../../../kit/use-api";
import { limitRules } from "../../../kit/validators";
import { dataSourceLimits } from "../../../contract/limits";
import { DATA_SOURCE_CODES, DATA_SOURCE_RESOURCE } from "./resource";

export interface DataSourceRow {
  id: string;
  code: string;
  name: string;
  remark: string | null;
  dbType: string;
  dbType_dictText?: string;
  dbDriver: string | null;
  dbUrl: string;
  dbName: string | null;
  dbUsername: string | null;
  hasPassword?: boolean;
}

/** Tries the form's settings on the server (the stored password when the field is left empty). */
function TestConnectionButton({ api, form, record }: { api: Api; form: FormInstance; record?: DataSourceRow }) {
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const test = async () => {
    const values = await form.validateFields(["dbType", "dbUrl"]).catch(() => null);
    if (!values) return;
    const all = form.getFieldsValue();
    setBusy(true);
    try {
      const { message: text } = await api.envelope("post", "/sys/dataSource/testConnection", {
        payload: { id: record?.id ?? null, dbType: all.dbType, dbDriver: all.dbDriver, dbUrl: all.dbUrl, dbName: all.dbName, dbUsername: all.dbUsername, dbPassword: all.dbPassword },
      });
      message.success(text || "数据库连接成功");
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.error(failure.message || "数据库连接失败");
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button loading={busy} onClick={test}>
      测试连接
    </Button>
  );
}

/** 多数据源管理 (`/sys/dataSource`, contract §10.12). The stored password is never shown. */
export default function DataSourceListPage({ route }: PageProps) {
  const access = useAccess();
  const dbTypes = useDictOptions("database_type");
  return (
    <CrudPage<DataSourceRow>
      title={route.title}
      resource={DATA_SOURCE_RESOURCE}
      apiBase="/sys/dataSource"
      codes={DATA_SOURCE_CODES}
      search={[{ name: "name", label: "数据源名称" }, { name: "code", label: "数据源编码" }]}
      columns={[
        { title: "数据源名称", dataIndex: "name", sorter: true },
        { title: "数据库类型", dataIndex: "dbType_dictText" },
        { title: "驱动类", dataIndex: "dbDriver" },
        { title: "数据源地址", dataIndex: "dbUrl", ellipsis: true },
        { title: "用户名", dataIndex: "dbUsername" },
      ]}
      toForm={(r) => ({ ...r, dbPassword: "" })}
      toBody={(values) => ({ ...values, dbPassword: values.dbPassword || "" })}
      form={({ record, api, form }) => (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="数据源编码" name="code" rules={limitRules(dataSourceLimits.code)}>
              <Input placeholder="请输入数据源编码" disabled={Boolean(record)} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="数据源名称" name="name" rules={limitRules(dataSourceLimits.name)}>
              <Input placeholder="请输入数据源名称" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="数据库类型" name="dbType" rules={[{ required: true, message: "请选择数据库类型!" }]}>
              <Select options={dbTypes} placeholder="请选择数据库类型" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="驱动类" name="dbDriver" rules={limitRules(dataSourceLimits.dbDriver)}>
              <Input placeholder="如 org.postgresql.Driver" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="数据源地址" name="dbUrl" rules={limitRules(dataSourceLimits.dbUrl)}>
              <Input placeholder="如 jdbc:postgresql://127.0.0.1:5432/mydb" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="数据库名称" name="dbName" rules={limitRules(dataSourceLimits.dbName)}>
              <Input />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="用户名" name="dbUsername" rules={limitRules(dataSourceLimits.dbUsername)}>
              <Input autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="密码" name="dbPassword" rules={limitRules(dataSourceLimits.dbPassword)} extra={record?.hasPassword ? "已保存密码；留空则保持不变" : undefined}>
              <Input.Password autoComplete="new-password" placeholder={record?.hasPassword ? "留空则不修改" : "请输入密码"} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="备注" name="remark" rules={limitRules(dataSourceLimits.remark)}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </Col>
          {access.has(DATA_SOURCE_CODES.edit) && (
            <Col span={24}>
              <TestConnectionButton api={api} form={form} record={record} />
            </Col>
          )}
        </Row>
      )}
    />
  );
}
