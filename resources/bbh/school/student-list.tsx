import { useCustom } from "@refinedev/core";
import { Form, Input, InputNumber, Modal, Popconfirm, Row, Select, Tag } from "antd";
import { useEffect, useState } from "react";

import { studentLimits as L } from "../../../contract/bbh-limits";
import { half } from "../../../kit/form-fields";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { SchoolSelect } from "../../../kit/people-select";
import { useAction, useApi } from "../../../kit/use-api";
import { limitRules } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { STUDENT_API, STUDENT_CODES, STUDENT_RESOURCE } from "./resource";

export interface StudentRow {
  id: string;
  schoolId: string;
  schoolId_dictText?: string | null;
  studentName: string;
  studentNo: string;
  gender?: number | null;
  gender_dictText?: string | null;
  schoolGrade: number;
  schoolGrade_dictText?: string;
  className: string;
  enrollYear?: number | null;
  guardianName?: string | null;
  guardianPhone?: string | null;
  wxUserId?: string | null;
  wxUserId_dictText?: string | null;
  studentStatus: number;
  studentStatus_dictText?: string;
  [key: string]: unknown;
}

const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));
const code = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

/** 绑定微信: a WeChat user found by 昵称/姓名/手机. */
function BindModal({ student, onClose }: { student?: StudentRow; onClose: () => void }) {
  const api = useApi();
  const act = useAction(STUDENT_RESOURCE);
  const [keyword, setKeyword] = useState("");
  const [chosen, setChosen] = useState<string>();
  useEffect(() => (setChosen(undefined), setKeyword("")), [student]);
  const { result } = useCustom<{ records?: Array<{ id: string; nickname?: string | null; realName?: string | null; phone?: string | null }> }>({
    url: "/bbh/bbhWxUser/list",
    method: "get",
    config: { query: { keyword: keyword || undefined, pageSize: 50, userStatus: 0 } },
    queryOptions: { enabled: Boolean(student) },
    errorNotification,
  });
  const options = (result?.data?.records ?? []).map((u) => ({ value: u.id, label: [u.nickname, u.realName && `（${u.realName}）`, u.phone && ` ${u.phone}`].filter(Boolean).join("") }));
  const ok = async () => {
    if (!student || !chosen) return;
    if (await act(() => api.put(`${STUDENT_API}/bindWxUser`, { id: student.id, wxUserId: chosen }), "绑定成功")) onClose();
  };
  return (
    <Modal title={`绑定微信用户 - ${student?.studentName ?? ""}`} open={Boolean(student)} onCancel={onClose} onOk={ok} okButtonProps={{ disabled: !chosen }} okText="确定" cancelText="取消">
      <Select
        showSearch
        filterOption={false}
        onSearch={setKeyword}
        style={{ width: "100%" }}
        value={chosen}
        onChange={setChosen}
        options={options}
        placeholder="输入昵称、姓名或手机号搜索微信用户"
        notFoundContent="没有匹配的微信用户"
        aria-label="微信用户"
      />
    </Modal>
  );
}

/** The student list; with `schoolId` it shows one school's students (the school detail's tab). */
export function StudentTable({ title, schoolId }: { title: string; schoolId?: string }) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(STUDENT_RESOURCE);
  const grades = useDictOptions("bbh_school_grade");
  const sexes = useDictOptions("sex");
  const states = useDictOptions("bbh_student_status");
  const [binding, setBinding] = useState<StudentRow>();
  return (
    <>
      <CrudPage<StudentRow>
        title={title}
        resource={STUDENT_RESOURCE}
        apiBase={STUDENT_API}
        codes={STUDENT_CODES}
        excelTitle="学生"
        permanentFilters={schoolId ? [{ field: "schoolId", operator: "eq", value: schoolId }] : undefined}
        search={[
          ...(schoolId ? [] : [{ name: "schoolId", label: "学校", exact: true, input: <SchoolSelect /> }]),
          { name: "schoolGrade", label: "年级", exact: true, input: <Select allowClear placeholder="请选择年级" options={grades} /> },
          { name: "className", label: "班级" },
          { name: "keyword", label: "姓名/学号", exact: true },
          {
            name: "bound",
            label: "是否绑定",
            exact: true,
            input: <Select allowClear placeholder="请选择" options={[{ value: "1", label: "已绑定" }, { value: "0", label: "未绑定" }]} />,
          },
        ]}
        columns={[
          { title: "学号", dataIndex: "studentNo", sorter: true },
          { title: "姓名", dataIndex: "studentName", sorter: true },
          { title: "性别", dataIndex: "gender_dictText" },
          ...(schoolId ? [] : [{ title: "学校", dataIndex: "schoolId_dictText" }]),
          { title: "年级", dataIndex: "schoolGrade_dictText", sorter: true, key: "schoolGrade" },
          { title: "班级", dataIndex: "className", sorter: true },
          { title: "入学年份", dataIndex: "enrollYear", sorter: true },
          { title: "监护人电话", dataIndex: "guardianPhone" },
          { title: "绑定微信", dataIndex: "wxUserId_dictText", render: (v: string | null, row) => (row.wxUserId ? <Tag color="green">{v ?? row.wxUserId}</Tag> : <Tag>未绑定</Tag>) },
          { title: "状态", dataIndex: "studentStatus", render: (v: number, row) => <Tag color={v === 1 ? "blue" : "default"}>{row.studentStatus_dictText ?? v}</Tag> },
        ]}
        rowActions={(row) =>
          access.has(STUDENT_CODES.edit)
            ? [
                row.wxUserId ? (
                  <Popconfirm key="unbind" title="确定解除与该微信用户的绑定吗?" onConfirm={() => act(() => api.put(`${STUDENT_API}/bindWxUser`, { id: row.id, wxUserId: null }), "解绑成功")} okText="确定" cancelText="取消">
                    <a>解绑</a>
                  </Popconfirm>
                ) : (
                  <a key="bind" onClick={() => setBinding(row)}>
                    绑定微信
                  </a>
                ),
              ]
            : []
        }
        toForm={(row) => ({ ...row, gender: code(row.gender), schoolGrade: code(row.schoolGrade), studentStatus: code(row.studentStatus) })}
        toBody={(values, record) => ({
          ...values,
          schoolId: schoolId ?? values.schoolId,
          gender: num(values.gender),
          schoolGrade: num(values.schoolGrade),
          studentStatus: num(values.studentStatus) ?? 1,
          enrollYear: num(values.enrollYear),
          wxUserId: record?.wxUserId ?? null,
        })}
        form={() => (
          <Row gutter={16}>
            {!schoolId &&
              half(
                <Form.Item label="学校" name="schoolId" rules={[{ required: true, message: "请选择学校!" }]}>
                  <SchoolSelect />
                </Form.Item>,
              )}
            {half(
              <Form.Item label="学号" name="studentNo" rules={limitRules(L.studentNo)}>
                <Input placeholder="请输入学号" />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="姓名" name="studentName" rules={limitRules(L.studentName)}>
                <Input placeholder="请输入姓名" />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="性别" name="gender">
                <Select allowClear placeholder="请选择性别" options={sexes} />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="年级" name="schoolGrade" rules={[{ required: true, message: "请选择年级!" }]}>
                <Select placeholder="请选择年级" options={grades} />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="班级" name="className" rules={limitRules(L.className)}>
                <Input placeholder="如：1班" />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="入学年份" name="enrollYear">
                <InputNumber style={{ width: "100%" }} min={1990} max={2100} placeholder="如：2024" />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="学籍状态" name="studentStatus" initialValue="1">
                <Select options={states} />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="监护人姓名" name="guardianName" rules={limitRules(L.guardianName)}>
                <Input placeholder="请输入监护人姓名" />
              </Form.Item>,
            )}
            {half(
              <Form.Item label="监护人电话" name="guardianPhone" rules={limitRules(L.guardianPhone)} extra="列表中显示为脱敏号码；不修改则保留原号码">
                <Input placeholder="请输入监护人电话" />
              </Form.Item>,
            )}
          </Row>
        )}
      />
      <BindModal student={binding} onClose={() => setBinding(undefined)} />
    </>
  );
}

/** 学生: every school's students with the school filter, import/export (export needs its own permission). */
export default function StudentListPage({ route }: PageProps) {
  return <StudentTable title={route.title} />;
}
