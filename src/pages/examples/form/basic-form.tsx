import { useNavigate } from "react-router";
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Radio, Select } from "antd";

import type { PageProps } from "../../../../kit/page";

/** 基础表单 (ant-design-pro BasicForm): validated fields; submitting goes to the success result. */
export default function BasicFormPage({ route }: PageProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm();
  const visibility = Form.useWatch("public", form);

  return (
    <Card title={route.title}>
      <Form
        form={form}
        labelCol={{ xs: { span: 24 }, sm: { span: 7 } }}
        wrapperCol={{ xs: { span: 24 }, sm: { span: 12 }, md: { span: 10 } }}
        initialValues={{ public: "1" }}
        onFinish={() => {
          void message.success("提交成功");
          navigate("/result/success");
        }}
      >
        <Form.Item label="标题" name="title" rules={[{ required: true, message: "请输入标题" }]}>
          <Input placeholder="给目标起个名字" />
        </Form.Item>
        <Form.Item label="起止日期" name="date" rules={[{ required: true, message: "请选择起止日期" }]}>
          <DatePicker.RangePicker style={{ width: "100%" }} />
        </Form.Item>
        <Form.Item label="目标描述" name="goal" rules={[{ required: true, message: "请输入目标描述" }]}>
          <Input.TextArea rows={4} placeholder="请输入你的阶段性工作目标" />
        </Form.Item>
        <Form.Item label="衡量标准" name="standard" rules={[{ required: true, message: "请输入衡量标准" }]}>
          <Input.TextArea rows={4} placeholder="请输入衡量标准" />
        </Form.Item>
        <Form.Item label="客户（选填）" name="client">
          <Input placeholder="请描述你服务的客户，内部客户直接 @姓名／工号" />
        </Form.Item>
        <Form.Item label="权重（选填）" name="weight">
          <InputNumber min={0} max={100} addonAfter="%" />
        </Form.Item>
        <Form.Item label="目标公开" name="public" extra="客户、邀评人默认被分享">
          <Radio.Group
            options={[
              { value: "1", label: "公开" },
              { value: "2", label: "部分公开" },
              { value: "3", label: "不公开" },
            ]}
          />
        </Form.Item>
        {visibility === "2" && (
          <Form.Item wrapperCol={{ sm: { offset: 7, span: 12 } }} name="publicUsers">
            <Select mode="multiple" placeholder="公开给" options={[{ value: "1", label: "同事甲" }, { value: "2", label: "同事乙" }, { value: "3", label: "同事丙" }]} />
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ xs: { span: 24 }, sm: { offset: 7, span: 10 } }}>
          <Button type="primary" htmlType="submit">
            提交
          </Button>
          <Button style={{ marginLeft: 8 }} onClick={() => form.resetFields()}>
            重置
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
