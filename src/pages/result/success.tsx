import { Button, Card, Descriptions, Result, Steps } from "antd";
import { useNavigate } from "react-router";

import { LANDING_PATH } from "../../../providers/storage";

/** 结果页 / 成功 (ant-design-pro's success result). */
export default function SuccessResultPage() {
  const navigate = useNavigate();
  return (
    <Card>
      <Result
        status="success"
        title="提交成功"
        subTitle="提交结果页用于反馈一系列操作任务的处理结果， 如果仅是简单操作，使用 Message 全局提示反馈即可。"
        extra={[
          <Button key="back" type="primary" onClick={() => navigate(LANDING_PATH)}>
            返回首页
          </Button>,
          <Button key="list" onClick={() => navigate("/list/query-list")}>
            查看列表
          </Button>,
        ]}
      >
        <Descriptions title="项目名称" column={{ xs: 1, sm: 2 }} size="small">
          <Descriptions.Item label="项目 ID">23421</Descriptions.Item>
          <Descriptions.Item label="负责人">曲丽丽</Descriptions.Item>
          <Descriptions.Item label="生效时间">2016-12-12 ~ 2017-12-12</Descriptions.Item>
        </Descriptions>
        <Steps
          current={1}
          progressDot
          size="small"
          responsive
          style={{ marginTop: 24 }}
          items={[
            { title: "创建项目", description: "曲丽丽" },
            { title: "部门初审", description: "周毛毛" },
            { title: "财务复核" },
            { title: "完成" },
          ]}
        />
      </Result>
    </Card>
  );
}
