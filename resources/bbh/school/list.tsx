import { Col, Form, Input, Row, Select, Tag } from "antd";
import { useNavigate } from "react-router";

import { schoolLimits as L } from "../../../contract/bbh-limits";
import { ContactFields, ChinaPointFields, half } from "../../../kit/form-fields";
import { CrudPage } from "../../../kit/crud-page";
import { DepartTreeSelect } from "../../../kit/depart-tree-select";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { limitRules } from "../../../kit/validators";
import { SCHOOL_API, SCHOOL_CODES, SCHOOL_RESOURCE } from "./resource";

export interface SchoolRow {
  id: string;
  schoolName: string;
  schoolCode?: string | null;
  schoolType: number;
  schoolType_dictText?: string;
  regionName?: string | null;
  districtCode?: string | null;
  address?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  sysDepartId?: string | null;
  sysDepartId_dictText?: string | null;
  studentCount?: number | null;
  schoolStatus: number;
  schoolStatus_dictText?: string;
  longitude?: number | null;
  latitude?: number | null;
  [key: string]: unknown;
}

const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));

/** 学校: list with filters, add/edit (department, coordinates), Excel import/export, detail with its students. */
export default function SchoolListPage({ route }: PageProps) {
  const navigate = useNavigate();
  const types = useDictOptions("bbh_school_type");
  const states = useDictOptions("bbh_enable_status");
  const open = (row: SchoolRow) => navigate(`/bbh/school/detail/${row.id}`);
  return (
    <CrudPage<SchoolRow>
      title={route.title}
      resource={SCHOOL_RESOURCE}
      apiBase={SCHOOL_API}
      codes={SCHOOL_CODES}
      excelTitle="学校"
      search={[
        { name: "schoolName", label: "学校名称" },
        { name: "schoolType", label: "学校类型", exact: true, input: <Select allowClear placeholder="请选择学校类型" options={types} /> },
        { name: "regionName", label: "所在地区" },
        { name: "schoolStatus", label: "状态", exact: true, input: <Select allowClear placeholder="请选择状态" options={states} /> },
      ]}
      columns={[
        { title: "学校名称", dataIndex: "schoolName", sorter: true, render: (v: string, row) => <a onClick={() => open(row)}>{v}</a> },
        { title: "标识码", dataIndex: "schoolCode", sorter: true },
        { title: "类型", dataIndex: "schoolType_dictText" },
        { title: "地区", dataIndex: "regionName" },
        { title: "联系人/电话", dataIndex: "contactName", render: (v: string | null, row) => [v, row.contactPhone].filter(Boolean).join(" / ") || "—" },
        { title: "所属组织", dataIndex: "sysDepartId_dictText", render: (v: string | null) => v ?? "—" },
        { title: "学生数", dataIndex: "studentCount", sorter: true, align: "right" },
        { title: "状态", dataIndex: "schoolStatus", render: (v: number, row) => <Tag color={v === 1 ? "green" : "default"}>{row.schoolStatus_dictText ?? v}</Tag> },
      ]}
      rowActions={(row) => [<a key="detail" onClick={() => open(row)}>详情</a>]}
      toForm={(row) => ({ ...row, schoolType: String(row.schoolType), schoolStatus: String(row.schoolStatus), sysDepartId: row.sysDepartId ?? undefined })}
      toBody={(values) => ({ ...values, schoolType: num(values.schoolType), schoolStatus: num(values.schoolStatus) ?? 1, longitude: num(values.longitude), latitude: num(values.latitude), sysDepartId: values.sysDepartId ?? null })}
      form={() => (
        <Row gutter={16}>
          {half(
            <Form.Item label="学校名称" name="schoolName" rules={limitRules(L.schoolName)}>
              <Input placeholder="请输入学校名称" />
            </Form.Item>,
          )}
          {half(
            <Form.Item label="学校标识码" name="schoolCode" rules={limitRules(L.schoolCode)}>
              <Input placeholder="教育部学校标识码（选填）" />
            </Form.Item>,
          )}
          {half(
            <Form.Item label="学校类型" name="schoolType" rules={[{ required: true, message: "请选择学校类型!" }]}>
              <Select placeholder="请选择学校类型" options={types} />
            </Form.Item>,
          )}
          {half(
            <Form.Item label="状态" name="schoolStatus" initialValue="1">
              <Select options={states} />
            </Form.Item>,
          )}
          {half(
            <Form.Item label="所在地区" name="regionName" rules={limitRules(L.regionName)}>
              <Input placeholder="如：江西省/吉安市/井冈山市" />
            </Form.Item>,
          )}
          {half(
            <Form.Item label="区县代码" name="districtCode" rules={limitRules(L.districtCode)} extra="同一区县内学校名称不能重复">
              <Input placeholder="如：360881" />
            </Form.Item>,
          )}
          <Col span={24}>
            <Form.Item label="详细地址" name="address" rules={limitRules(L.address)}>
              <Input placeholder="请输入详细地址" />
            </Form.Item>
          </Col>
          <ChinaPointFields />
          <ContactFields />
          <Col span={24}>
            <Form.Item label="所属组织" name="sysDepartId" extra="用于数据权限：该组织的工作人员可以看到本校数据">
              <DepartTreeSelect placeholder="请选择所属组织" />
            </Form.Item>
          </Col>
        </Row>
      )}
    />
  );
}
