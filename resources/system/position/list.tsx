import { Form, Input, Select } from "antd";

import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { CrudPage } from "../../../kit/crud-page";
import { positionLimits } from "../../../contract/limits";
import { duplicateRule, limitRules } from "../../../kit/validators";
import { POSITION_CODES, POSITION_RESOURCE } from "./resource";

interface PositionRow {
  id: string;
  code: string;
  name: string;
  postRank: string | null;
  postRank_dictText?: string;
  companyId: string | null;
}

/** 职务管理 (`/sys/position`). */
export default function PositionListPage({ route }: PageProps) {
  const ranks = useDictOptions("position_rank");
  return (
    <CrudPage<PositionRow>
      title={route.title}
      resource={POSITION_RESOURCE}
      apiBase="/sys/position"
      codes={POSITION_CODES}
      search={[{ name: "code", label: "职务编码" }, { name: "name", label: "职务名称" }]}
      columns={[
        { title: "职务编码", dataIndex: "code", sorter: true },
        { title: "职务名称", dataIndex: "name", sorter: true },
        { title: "职级", dataIndex: "postRank_dictText" },
      ]}
      form={({ record, api }) => (
        <>
          <Form.Item
            label="职务编码"
            name="code"
            rules={[...limitRules(positionLimits.code), duplicateRule(api, { tableName: "sys_position", fieldName: "code", dataId: record?.id })]}
          >
            <Input placeholder="请输入职务编码" />
          </Form.Item>
          <Form.Item label="职务名称" name="name" rules={limitRules(positionLimits.name)}>
            <Input placeholder="请输入职务名称" />
          </Form.Item>
          <Form.Item label="职级" name="postRank">
            <Select allowClear options={ranks} placeholder="请选择职级" />
          </Form.Item>
        </>
      )}
    />
  );
}
