import { Card, Descriptions, Steps, Table, Tabs } from "antd";

import type { PageProps } from "../../../../kit/page";

const log = [
  { key: "1", type: "订购关系生效", name: "曲丽丽", status: "成功", updatedAt: "2017-10-03 19:23:12", memo: "-" },
  { key: "2", type: "财务复审", name: "付小小", status: "驳回", updatedAt: "2017-10-03 19:23:12", memo: "不通过原因" },
  { key: "3", type: "部门初审", name: "周毛毛", status: "成功", updatedAt: "2017-10-03 19:23:12", memo: "-" },
];

/** 高级详情页 (ant-design-pro AdvancedProfile): header details, progress, tabs of logs. */
export default function AdvancedProfilePage({ route }: PageProps) {
  return (
    <>
      <Card title={`${route.title}：单号 234231029431`} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, sm: 2, lg: 4 }} size="small">
          <Descriptions.Item label="创建人">曲丽丽</Descriptions.Item>
          <Descriptions.Item label="订购产品">XX 服务</Descriptions.Item>
          <Descriptions.Item label="创建时间">2017-07-07</Descriptions.Item>
          <Descriptions.Item label="关联单据">12421</Descriptions.Item>
          <Descriptions.Item label="生效日期">2017-07-07 ~ 2017-08-08</Descriptions.Item>
          <Descriptions.Item label="备注">请于两个工作日内确认</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="流程进度" style={{ marginBottom: 16 }}>
        <Steps current={1} progressDot responsive items={[{ title: "创建项目" }, { title: "部门初审" }, { title: "财务复核" }, { title: "完成" }]} />
      </Card>
      <Card>
        <Tabs
          items={["操作日志一", "操作日志二", "操作日志三"].map((label, i) => ({
            key: String(i),
            label,
            children: (
              <Table
                rowKey="key"
                size="small"
                pagination={false}
                scroll={{ x: 560 }}
                dataSource={log}
                columns={[
                  { title: "操作类型", dataIndex: "type" },
                  { title: "操作人", dataIndex: "name" },
                  { title: "执行结果", dataIndex: "status" },
                  { title: "操作时间", dataIndex: "updatedAt" },
                  { title: "备注", dataIndex: "memo" },
                ]}
              />
            ),
          }))}
        />
      </Card>
    </>
  );
}
