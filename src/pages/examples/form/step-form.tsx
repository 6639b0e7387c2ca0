import { Alert, Button, Card, Descriptions, Divider, Form, Input, InputNumber, Result, Select, Steps } from "antd";
import { useState } from "react";

import type { PageProps } from "../../../../kit/page";

interface Transfer {
  payAccount: string;
  receiverAccount: string;
  receiverName: string;
  amount: number;
}

/** 分步表单 (ant-design-pro StepForm): fill in → confirm with password → done. */
export default function StepFormPage({ route }: PageProps) {
  const [step, setStep] = useState(0);
  const [data, setData] = useState<Transfer>();
  const [form] = Form.useForm<Transfer>();

  return (
    <Card title={route.title}>
      <Steps current={step} style={{ maxWidth: 750, margin: "16px auto 32px" }} items={[{ title: "填写转账信息" }, { title: "确认转账信息" }, { title: "完成" }]} />
      <div style={{ maxWidth: 500, margin: "0 auto" }}>
        {step === 0 && (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ payAccount: "ant-design@alipay.com", receiverAccount: "test@example.com", receiverName: "Alex", amount: 500 }}
            onFinish={(values) => {
              setData(values);
              setStep(1);
            }}
          >
            <Form.Item label="付款账户" name="payAccount" rules={[{ required: true, message: "请选择付款账户" }]}>
              <Select options={[{ value: "ant-design@alipay.com", label: "ant-design@alipay.com" }]} />
            </Form.Item>
            <Form.Item label="收款账户" name="receiverAccount" rules={[{ required: true, message: "请输入收款人账户" }, { type: "email", message: "账户名应为邮箱格式" }]}>
              <Input />
            </Form.Item>
            <Form.Item label="收款人姓名" name="receiverName" rules={[{ required: true, message: "请输入收款人姓名" }]}>
              <Input />
            </Form.Item>
            <Form.Item label="转账金额" name="amount" rules={[{ required: true, message: "请输入转账金额" }, { type: "number", min: 0.01, message: "请输入合法金额数字" }]}>
              <InputNumber prefix="￥" style={{ width: "100%" }} />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              下一步
            </Button>
          </Form>
        )}
        {step === 1 && data && (
          <Form layout="vertical" onFinish={() => setStep(2)}>
            <Alert closable showIcon message="确认转账后，资金将直接打入对方账户，无法退回。" style={{ marginBottom: 24 }} />
            <Descriptions column={1} size="small">
              <Descriptions.Item label="付款账户">{data.payAccount}</Descriptions.Item>
              <Descriptions.Item label="收款账户">{data.receiverAccount}</Descriptions.Item>
              <Descriptions.Item label="收款人姓名">{data.receiverName}</Descriptions.Item>
              <Descriptions.Item label="转账金额">{data.amount} 元</Descriptions.Item>
            </Descriptions>
            <Divider />
            <Form.Item label="支付密码" name="password" rules={[{ required: true, message: "需要支付密码才能进行支付" }]}>
              <Input.Password autoComplete="off" />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              提交
            </Button>
            <Button style={{ marginLeft: 8 }} onClick={() => setStep(0)}>
              上一步
            </Button>
          </Form>
        )}
        {step === 2 && data && (
          <Result
            status="success"
            title="操作成功"
            subTitle="预计两小时内到账"
            extra={[
              <Button type="primary" key="again" onClick={() => { form.resetFields(); setStep(0); }}>
                再转一笔
              </Button>,
            ]}
          >
            <Descriptions column={1} size="small">
              <Descriptions.Item label="收款账户">{data.receiverAccount}</Descriptions.Item>
              <Descriptions.Item label="转账金额">{data.amount} 元</Descriptions.Item>
            </Descriptions>
          </Result>
        )}
      </div>
    </Card>
  );
}
