import { App, Button, Col, DatePicker, Form, Input, Radio, Row, Skeleton } from "antd";
import dayjs, { type Dayjs } from "dayjs";

import type { SysUser } from "../../../../contract";
import type { JeecgHttpError } from "../../../../providers/data-provider";
import { AvatarUpload } from "../avatar-upload";
import { useProfile } from "../use-profile";
import { SettingsLayout } from "./settings-layout";

interface ProfileForm {
  realname: string;
  sex: number | null;
  birthday: Dayjs | null;
  email: string;
  phone: string;
  telephone: string;
  avatar: string | null;
}

/** 基本设置: the user's own name, contact details and avatar, saved to the server. */
export default function BaseSettingPage() {
  const { message } = App.useApp();
  const { user, loading, save, saving } = useProfile();
  const [form] = Form.useForm<ProfileForm>();

  const submit = async (values: ProfileForm) => {
    const changes: Partial<SysUser> = {
      realname: values.realname.trim(),
      sex: values.sex ?? null,
      birthday: values.birthday ? values.birthday.format("YYYY-MM-DD") : null,
      email: values.email?.trim() || null,
      phone: values.phone?.trim() || null,
      telephone: values.telephone?.trim() || null,
      avatar: values.avatar || null,
    };
    try {
      await save(changes);
      void message.success("修改成功!");
    } catch (error) {
      const failure = error as JeecgHttpError;
      if (!failure.notified) void message.warning(failure.message);
    }
  };

  return (
    <SettingsLayout title="基本设置">
      {loading || !user ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={submit}
          initialValues={{
            realname: user.realname ?? "",
            sex: user.sex,
            birthday: user.birthday ? dayjs(user.birthday) : null,
            email: user.email ?? "",
            phone: user.phone ?? "",
            telephone: user.telephone ?? "",
            avatar: user.avatar,
          }}
        >
          <Row gutter={32}>
            <Col xs={24} lg={14}>
              <Form.Item label="账号">
                <Input value={user.username} disabled />
              </Form.Item>
              <Form.Item label="姓名" name="realname" rules={[{ required: true, whitespace: true, message: "请输入姓名" }, { max: 100 }]}>
                <Input placeholder="请输入姓名" />
              </Form.Item>
              <Form.Item label="性别" name="sex">
                <Radio.Group options={[{ value: 1, label: "男" }, { value: 2, label: "女" }]} />
              </Form.Item>
              <Form.Item label="生日" name="birthday">
                <DatePicker style={{ width: "100%" }} placeholder="请选择生日" />
              </Form.Item>
              <Form.Item label="电子邮件" name="email" rules={[{ type: "email", message: "请输入正确的邮箱地址" }]}>
                <Input placeholder="exp@admin.com" />
              </Form.Item>
              <Form.Item label="手机号码" name="phone" rules={[{ pattern: /^1[3-9]\d{9}$/, message: "请输入正确的手机号码" }]}>
                <Input placeholder="请输入手机号码" />
              </Form.Item>
              <Form.Item label="座机" name="telephone" rules={[{ pattern: /^[0-9+\-() ]*$/, message: "请输入正确的座机号码" }]}>
                <Input placeholder="请输入座机号码" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={saving}>
                更新基本信息
              </Button>
            </Col>
            <Col xs={24} lg={10}>
              <Form.Item label="头像" name="avatar">
                <AvatarUpload />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </SettingsLayout>
  );
}
