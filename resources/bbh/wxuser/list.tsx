import { App, Avatar, Col, Form, Input, Modal, Row, Select, Switch, Tag } from "antd";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";

import { wxUserLimits as L } from "../../../contract/bbh-limits";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { DepartTreeSelect } from "../../../kit/depart-tree-select";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { SchoolSelect } from "../../../kit/people-select";
import { useAction, useApi } from "../../../kit/use-api";
import { limitRules } from "../../../kit/validators";
import { fileUrl } from "../../../providers/config";
import { WX_USER_API, WX_USER_CODES, WX_USER_RESOURCE } from "./resource";

export interface WxUserRow {
  id: string;
  nickname?: string | null;
  avatarUrl?: string | null;
  realName?: string | null;
  phone?: string | null;
  openid?: string | null;
  gender?: number | null;
  gender_dictText?: string | null;
  schoolId?: string | null;
  schoolId_dictText?: string | null;
  studentId?: string | null;
  studentId_dictText?: string | null;
  sysDepartId?: string | null;
  sysDepartId_dictText?: string | null;
  isPointMaker: number;
  userStatus: number;
  userStatus_dictText?: string;
  totalScore?: number | null;
  activityCount?: number | null;
  createTime?: string;
  lastLoginTime?: string | null;
  remark?: string | null;
  [key: string]: unknown;
}

const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));

/** 分配组织: one department (or none) for the user, inside the caller's data scope. */
function AssignModal({ user, onClose }: { user?: WxUserRow; onClose: () => void }) {
  const api = useApi();
  const act = useAction(WX_USER_RESOURCE);
  const [departId, setDepartId] = useState<string | undefined>();
  useEffect(() => setDepartId(user?.sysDepartId ?? undefined), [user]);
  const ok = async () => {
    if (!user) return;
    if (await act(() => api.put(`${WX_USER_API}/updateWxUserSysDepartId`, { id: user.id, sysDepartId: departId ?? null }), "分配成功")) onClose();
  };
  return (
    <Modal title={`分配组织 - ${user?.nickname ?? ""}`} open={Boolean(user)} onCancel={onClose} onOk={ok} okText="确定" cancelText="取消" destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label="所属组织" extra="清空后保存即取消分配；只能分配到您所在部门及其下级">
          <DepartTreeSelect value={departId} onChange={(v) => setDepartId(v as string | undefined)} placeholder="请选择所属组织" style={{ width: "100%" }} aria-label="所属组织" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** 打点员 switch: confirms, then updateIsPointMaker; the server's refusal is shown. */
function PointMakerSwitch({ user }: { user: WxUserRow }) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(WX_USER_RESOURCE);
  const { modal } = App.useApp();
  const on = user.isPointMaker === 1;
  const toggle = () =>
    modal.confirm({
      title: on ? "取消打点员" : "设为打点员",
      content: on ? `确定取消「${user.nickname ?? user.id}」的打点员身份吗?` : `确定将「${user.nickname ?? user.id}」设为打点员吗? 打点员可在小程序中采集红色印记。`,
      okText: "确定",
      cancelText: "取消",
      onOk: () => act(() => api.put(`${WX_USER_API}/updateIsPointMaker`, { id: user.id, isPointMaker: on ? 0 : 1 }), "设置成功"),
    });
  return <Switch size="small" checked={on} disabled={!access.has(WX_USER_CODES.pointMaker)} onChange={toggle} checkedChildren="是" unCheckedChildren="否" aria-label={`打点员 ${user.nickname ?? ""}`} />;
}

/** 微信用户 (domain.md §7.5): search, 打点员, 分配组织, 禁用/启用, edit of what staff may change, detail. */
export default function WxUserListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(WX_USER_RESOURCE);
  const navigate = useNavigate();
  const sexes = useDictOptions("sex");
  const statuses = useDictOptions("bbh_user_status");
  const yn = useDictOptions("bbh_yn");
  const [assigning, setAssigning] = useState<WxUserRow>();
  const open = (row: WxUserRow) => navigate(`/bbh/wxUser/detail/${row.id}`);
  return (
    <>
      <CrudPage<WxUserRow>
        title={route.title}
        resource={WX_USER_RESOURCE}
        apiBase={WX_USER_API}
        codes={{ edit: WX_USER_CODES.edit, delete: WX_USER_CODES.delete, deleteBatch: WX_USER_CODES.deleteBatch, export: WX_USER_CODES.export }}
        excelTitle="微信用户"
        scrollX="max-content"
        search={[
          { name: "keyword", label: "昵称/姓名/手机", exact: true },
          { name: "departId", label: "所属组织", exact: true, input: <DepartTreeSelect placeholder="含下级组织" /> },
          { name: "schoolId", label: "学校", exact: true, input: <SchoolSelect /> },
          { name: "isPointMaker", label: "打点员", exact: true, input: <Select allowClear placeholder="请选择" options={yn} /> },
          { name: "userStatus", label: "状态", exact: true, input: <Select allowClear placeholder="请选择状态" options={statuses} /> },
        ]}
        columns={[
          { title: "头像", dataIndex: "avatarUrl", width: 64, render: (v: string | null, row) => <Avatar src={v ? fileUrl(v) : undefined}>{(row.nickname ?? "微").slice(0, 1)}</Avatar> },
          { title: "昵称", dataIndex: "nickname", sorter: true, render: (v: string | null, row) => <a onClick={() => open(row)}>{v ?? "微信用户"}</a> },
          { title: "姓名", dataIndex: "realName", sorter: true },
          { title: "手机", dataIndex: "phone" },
          { title: "学校/学生", dataIndex: "schoolId_dictText", render: (v: string | null, row) => [v, row.studentId_dictText].filter(Boolean).join(" / ") || "—" },
          { title: "所属组织", dataIndex: "sysDepartId_dictText", render: (v: string | null) => v ?? "—" },
          { title: "打点员", dataIndex: "isPointMaker", sorter: true, render: (_: number, row) => <PointMakerSwitch user={row} /> },
          { title: "状态", dataIndex: "userStatus", render: (v: number, row) => <Tag color={v === 0 ? "green" : "red"}>{row.userStatus_dictText ?? v}</Tag> },
          { title: "累计积分", dataIndex: "totalScore", sorter: true, align: "right" },
          { title: "参与活动", dataIndex: "activityCount", sorter: true, align: "right" },
          { title: "注册时间", dataIndex: "createTime", sorter: true },
          { title: "最后登录", dataIndex: "lastLoginTime", sorter: true, render: (v: string | null) => v ?? "—" },
        ]}
        rowActions={(row) => [
          <a key="detail" onClick={() => open(row)}>详情</a>,
          access.has(WX_USER_CODES.assignDepart) && (
            <a key="assign" onClick={() => setAssigning(row)}>
              分配组织
            </a>
          ),
          access.has(WX_USER_CODES.edit) && (
            <a key="status" onClick={() => act(() => api.put(`${WX_USER_API}/updateUserStatus`, { id: row.id, userStatus: row.userStatus === 0 ? 1 : 0 }), row.userStatus === 0 ? "已禁用" : "已启用")}>
              {row.userStatus === 0 ? "禁用" : "启用"}
            </a>
          ),
        ]}
        toForm={(row) => ({ realName: row.realName, remark: row.remark, gender: row.gender != null ? String(row.gender) : undefined, userStatus: String(row.userStatus) })}
        toBody={(values) => ({ realName: values.realName ?? null, remark: values.remark ?? null, gender: num(values.gender), userStatus: num(values.userStatus) ?? 0 })}
        modalWidth={600}
        form={({ record }) => (
          <Row gutter={16}>
            <Col span={24}>
              <Form.Item label="微信昵称" extra="昵称、头像、手机号和 openid 来自微信，不能在后台修改">
                <Input value={record?.nickname ?? ""} disabled />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="真实姓名" name="realName" rules={limitRules(L.realName)}>
                <Input placeholder="请输入真实姓名" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="性别" name="gender">
                <Select allowClear placeholder="请选择性别" options={sexes} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item label="状态" name="userStatus">
                <Select options={statuses} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label="备注" name="remark" rules={limitRules(L.remark)}>
                <Input.TextArea rows={2} placeholder="请输入备注" />
              </Form.Item>
            </Col>
          </Row>
        )}
      />
      <AssignModal user={assigning} onClose={() => setAssigning(undefined)} />
    </>
  );
}
