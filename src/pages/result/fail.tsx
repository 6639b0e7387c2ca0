import { CloseCircleOutlined } from "@ant-design/icons";
import { Button, Card, Result, Typography } from "antd";
import { useNavigate } from "react-router";

/** 结果页 / 失败 (ant-design-pro's error result). */
export default function FailResultPage() {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="error"
        title="提交失败"
        subTitle="请核对并修改以下信息后，再重新提交。"
        extra={
          <Button type="primary" onClick={() => navigate("/form/base-form")}>
            返回修改
          </Button>
        }
      >
        <Typography.Paragraph strong style={{ fontSize: 16 }}>
          您提交的内容有如下错误：
        </Typography.Paragraph>
        <Typography.Paragraph>
          <CloseCircleOutlined style={{ color: "#f5222d" }} /> 您的账户已被冻结 <a>立即解冻</a>
        </Typography.Paragraph>
        <Typography.Paragraph>
          <CloseCircleOutlined style={{ color: "#f5222d" }} /> 您的账户还不具备申请资格 <a>立即升级</a>
        </Typography.Paragraph>
      </Result>
    </Card>
  );
}
