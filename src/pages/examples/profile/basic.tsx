import { Card, Descriptions, Divider, Table } from "antd";

import type { PageProps } from "../../../../kit/page";

/** 基础详情页 (ant-design-pro BasicProfile); a detail list never has more than 4 columns (spec §9). */
export default function BasicProfilePage({ route }: PageProps) {
  return (
    <Card title={route.title}>
      <Descriptions title="退款申请" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="取货单号">1000000000</Descriptions.Item>
        <Descriptions.Item label="状态">已取货</Descriptions.Item>
        <Descriptions.Item label="销售单号">1234123421</Descriptions.Item>
        <Descriptions.Item label="子订单">3214321432</Descriptions.Item>
      </Descriptions>
      <Divider />
      <Descriptions title="用户信息" column={{ xs: 1, sm: 2, lg: 3 }}>
        <Descriptions.Item label="用户姓名">付小小</Descriptions.Item>
        <Descriptions.Item label="联系电话">18100000000</Descriptions.Item>
        <Descriptions.Item label="常用快递">菜鸟仓储</Descriptions.Item>
        <Descriptions.Item label="取货地址">浙江省杭州市西湖区万塘路18号</Descriptions.Item>
        <Descriptions.Item label="备注">无</Descriptions.Item>
      </Descriptions>
      <Divider />
      <Table
        title={() => <b>退货商品</b>}
        rowKey="id"
        pagination={false}
        size="small"
        scroll={{ x: 520 }}
        dataSource={[
          { id: "1234561", name: "矿泉水 550ml", barcode: "12421432143214321", price: "2.00", num: 1, amount: "2.00" },
          { id: "1234562", name: "凉茶 300ml", barcode: "12421432143214322", price: "3.00", num: 2, amount: "6.00" },
          { id: "1234563", name: "好吃的薯片", barcode: "12421432143214323", price: "7.00", num: 4, amount: "28.00" },
        ]}
        columns={[
          { title: "商品编号", dataIndex: "id" },
          { title: "商品名称", dataIndex: "name" },
          { title: "商品条码", dataIndex: "barcode" },
          { title: "单价", dataIndex: "price", align: "right" },
          { title: "数量（件）", dataIndex: "num", align: "right" },
          { title: "金额", dataIndex: "amount", align: "right" },
        ]}
      />
    </Card>
  );
}
