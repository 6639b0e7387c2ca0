import { PlusOutlined, UserOutlined } from "@ant-design/icons";
import { useCustom } from "@refinedev/core";
import { Avatar, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, Space, Upload, App } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useEffect, useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { fileUrl } from "../../../providers/config";
import { useDictOptions } from "../../../kit/dict";
import { DepartTreeSelect } from "../../../kit/depart-tree-select";
import { useApi } from "../../../kit/use-api";
import { userLimits } from "../../../contract/limits";
import { duplicateRule, FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";
import type { UserRow } from "./columns";

/** JeecgBoot's password rule, checked again by the server. */
export const PASSWORD_PATTERN = /^(?=.*[a-zA-Z])(?=.*\d)(?=.*[~!@#$%^&*()_+`\-={}:";'<>?,./]).{8,}$/;
export const PASSWORD_MESSAGE = "密码由8位数字、大小写字母和特殊符号组成!";

interface FormValues {
  username: string;
  password?: string;
  confirmpassword?: string;
  realname: string;
  workNo?: string;
  post?: string;
  roles?: string[];
  departs?: string[];
  userIdentity?: number;
  leadDeparts?: string[];
  avatar?: string;
  birthday?: Dayjs | null;
  sex?: number;
  email?: string;
  phone?: string;
  telephone?: string;
}

interface Role {
  id: string;
  roleName: string;
}

const split = (value: string | null | undefined) => (value ? value.split(",").filter(Boolean) : []);

/** Add / edit a user (JeecgBoot `UserModal`): the profile, roles, departments, avatar. */
export function UserFormModal({ user, open, onClose, onSaved }: { user?: UserRow; open: boolean; onClose: () => void; onSaved: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const api = useApi();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);
  const sexOptions = useDictOptions("sex");
  const identity = Form.useWatch("userIdentity", form);
  const avatar = Form.useWatch("avatar", form);
  const editing = Boolean(user);

  const { result: roleResult } = useCustom<Role[]>({ url: "/sys/role/queryall", method: "get", queryOptions: { enabled: open }, errorNotification });
  const roles = Array.isArray(roleResult?.data) ? roleResult.data : [];
  // JeecgBoot's table dictionary of `sys_user.post`.
  const positions = useDictOptions("sys_position,name,code");

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (!user) {
      form.setFieldsValue({ userIdentity: 1 });
      return;
    }
    form.setFieldsValue({
      username: user.username,
      realname: user.realname ?? "",
      workNo: user.workNo ?? undefined,
      post: user.post ?? undefined,
      userIdentity: user.userIdentity ?? 1,
      leadDeparts: split(user.departIds),
      avatar: user.avatar ?? undefined,
      birthday: user.birthday ? dayjs(user.birthday) : null,
      sex: user.sex ?? undefined,
      email: user.email ?? undefined,
      phone: user.phone ?? undefined,
      telephone: user.telephone ?? undefined,
    });
    api.get<string[]>("/sys/user/queryUserRole", { userid: user.id }).then(
      (ids) => form.setFieldValue("roles", ids),
      () => form.setFieldValue("roles", []),
    );
    api.get<Array<{ key: string }>>("/sys/user/userDepartList", { userId: user.id }).then(
      (departs) => form.setFieldValue("departs", departs.map((d) => d.key)),
      () => form.setFieldValue("departs", []),
    );
  }, [open, user, form, api]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      username: values.username,
      realname: values.realname,
      workNo: values.workNo || null,
      post: values.post || null,
      userIdentity: values.userIdentity ?? 1,
      departIds: values.userIdentity === 2 ? (values.leadDeparts ?? []).join(",") : null,
      avatar: values.avatar || null,
      birthday: values.birthday ? values.birthday.format("YYYY-MM-DD") : null,
      sex: values.sex ?? null,
      email: values.email || null,
      phone: values.phone || null,
      telephone: values.telephone || null,
      selectedroles: (values.roles ?? []).join(","),
      selecteddeparts: (values.departs ?? []).join(","),
    };
    setSaving(true);
    try {
      if (user) await api.put("/sys/user/edit", { ...body, id: user.id });
      else await api.post("/sys/user/add", { ...body, password: values.password });
      message.success(user ? "修改成功!" : "添加成功！");
      onSaved();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
    } finally {
      setSaving(false);
    }
  };

  const uploadAvatar = async (file: File) => {
    const data = new FormData();
    data.append("file", file);
    data.append("biz", "avatar");
    try {
      const { message: path } = await api.envelope("post", "/sys/common/upload", { payload: data });
      form.setFieldValue("avatar", path);
    } catch (error) {
      message.warning((error as { message?: string }).message || "上传失败！");
    }
  };

  return (
    <Modal
      title={editing ? "编辑用户" : "添加用户"}
      open={open}
      width={800}
      onCancel={onClose}
      onOk={save}
      confirmLoading={saving}
      destroyOnHidden
      okText="确定"
      cancelText="取消"
    >
      <Form<FormValues> form={form} layout="vertical" name="user-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item
              label="用户账号"
              name="username"
              rules={[...limitRules(userLimits.username), ...(editing ? [] : [duplicateRule(api, { tableName: "sys_user", fieldName: "username" })])]}
            >
              <Input placeholder="请输入用户账号" disabled={editing} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="用户姓名" name="realname" rules={limitRules(userLimits.realname)}>
              <Input placeholder="请输入用户姓名" />
            </Form.Item>
          </Col>
          {!editing && (
            <>
              <Col span={12}>
                <Form.Item label="登录密码" name="password" rules={[...limitRules(userLimits.password), { pattern: PASSWORD_PATTERN, message: PASSWORD_MESSAGE }]}>
                  <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  label="确认密码"
                  name="confirmpassword"
                  dependencies={["password"]}
                  rules={[
                    { required: true, message: "请重新输入登录密码!" },
                    ({ getFieldValue }) => ({
                      validator: async (_r, value) => {
                        if (value && value !== getFieldValue("password")) throw new Error("两次输入的密码不一样！");
                      },
                    }),
                  ]}
                >
                  <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
                </Form.Item>
              </Col>
            </>
          )}
          <Col span={12}>
            <Form.Item label="工号" name="workNo" rules={[...limitRules(userLimits.workNo), duplicateRule(api, { tableName: "sys_user", fieldName: "work_no", dataId: user?.id })]}>
              <Input placeholder="请输入工号" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="职务" name="post">
              <Select allowClear placeholder="请选择职务" options={positions} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="角色分配" name="roles">
              <Select mode="multiple" allowClear placeholder="请选择角色" optionFilterProp="label" options={roles.map((r) => ({ value: r.id, label: r.roleName }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="所属部门" name="departs">
              <DepartTreeSelect multiple treeCheckable={false} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="身份" name="userIdentity">
              <Radio.Group options={[{ value: 1, label: "普通用户" }, { value: 2, label: "上级" }]} />
            </Form.Item>
          </Col>
          {identity === 2 && (
            <Col span={12}>
              <Form.Item label="负责部门" name="leadDeparts">
                <DepartTreeSelect multiple />
              </Form.Item>
            </Col>
          )}
          <Col span={12}>
            <Form.Item name="avatar" hidden>
              <Input />
            </Form.Item>
            <Form.Item label="头像">
              <Space>
                <Avatar size={48} src={fileUrl(avatar)} icon={<UserOutlined />} />
                <Upload accept="image/*" showUploadList={false} beforeUpload={(file) => (void uploadAvatar(file), false)}>
                  <a>
                    <PlusOutlined /> 上传头像
                  </a>
                </Upload>
              </Space>
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="生日" name="birthday">
              <DatePicker style={{ width: "100%" }} placeholder="请选择生日" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="性别" name="sex">
              <Select allowClear placeholder="请选择性别" options={sexOptions.map((o) => ({ value: Number(o.value), label: o.label }))} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="邮箱"
              name="email"
              rules={[...limitRules(userLimits.email), duplicateRule(api, { tableName: "sys_user", fieldName: "email", dataId: user?.id })]}
            >
              <Input placeholder="请输入邮箱" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              label="手机号码"
              name="phone"
              rules={[...limitRules(userLimits.phone), duplicateRule(api, { tableName: "sys_user", fieldName: "phone", dataId: user?.id })]}
            >
              <Input placeholder="请输入手机号码" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="座机" name="telephone" rules={limitRules(userLimits.telephone)}>
              <Input placeholder="请输入座机" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/** Admin reset of another user's password (`PUT /sys/user/changePassword`). */
export function PasswordModal({ username, onClose }: { username?: string; onClose: () => void }) {
  const [form] = Form.useForm<{ password: string; confirmpassword: string }>();
  const api = useApi();
  const { message } = App.useApp();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (username) form.resetFields();
  }, [username, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      await api.put("/sys/user/changePassword", { username, ...values });
      message.success("密码修改成功!");
      onClose();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal title="重新设置密码" open={Boolean(username)} width={800} onCancel={onClose} onOk={save} confirmLoading={saving} destroyOnHidden okText="确定" cancelText="取消">
      <Form form={form} layout="vertical" name="password-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
        <Form.Item label="用户账号">
          <Input value={username} disabled />
        </Form.Item>
        <Form.Item label="登录密码" name="password" rules={[...limitRules(userLimits.password), { pattern: PASSWORD_PATTERN, message: PASSWORD_MESSAGE }]}>
          <Input.Password placeholder="请输入登录密码" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="确认密码"
          name="confirmpassword"
          dependencies={["password"]}
          rules={[
            { required: true, message: "请重新输入登录密码!" },
            ({ getFieldValue }) => ({
              validator: async (_r, value) => {
                if (value && value !== getFieldValue("password")) throw new Error("两次输入的密码不一样！");
              },
            }),
          ]}
        >
          <Input.Password placeholder="请重新输入登录密码" autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
