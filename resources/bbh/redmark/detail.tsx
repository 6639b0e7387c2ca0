import { Button, Card, Descriptions, Empty, Image, Space, Spin, Table, Tag } from "antd";
import { useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";

import { fileUrl } from "../../../providers/config";
import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { PUBLISH_COLORS, REDMARK_API } from "./resource";

interface RedMarkDetail {
  id: string;
  markName: string;
  alias?: string | null;
  category_dictText?: string;
  heritageLevel_dictText?: string;
  regionName?: string | null;
  address?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  checkinRadius?: number;
  coverImage?: string | null;
  thumbImage?: string | null;
  imageList: string[];
  summary?: string | null;
  eventPeriod?: string | null;
  openTime?: string | null;
  phone?: string | null;
  publishStatus: number;
  publishStatus_dictText?: string;
  publishTime?: string | null;
  createBy?: string;
  createTime?: string;
  collector?: { id: string; nickname: string } | null;
  refActivities: Array<{ id: string; activityName: string; publishStatus: number; sortNo: number | null }>;
  stats: { checkinCount: number; questionCount: number };
}

/** 印记详情 (`/bbh/redmark/detail/:id`, hidden route): the mark, its media and the activities that list it. */
export default function RedMarkDetailPage({ route, id: given }: PageProps) {
  const params = useParams();
  const id = given ?? params.id;
  const api = useApi();
  const navigate = useNavigate();
  const [mark, setMark] = useState<RedMarkDetail | null>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!id) return;
    setMark(undefined);
    api.get<RedMarkDetail>(`${REDMARK_API}/getById`, { id }).then(setMark, (e: { message?: string }) => {
      setMark(null);
      setError(e.message || "加载失败");
    });
  }, [api, id]);

  const back = <Button onClick={() => navigate("/bbh/redmark")}>返回列表</Button>;
  if (mark === undefined) return <Card title={route.title}><Spin /></Card>;
  if (mark === null) return <Card title={route.title} extra={back}><Empty description={error ?? "印记不存在或已删除"} /></Card>;
  return (
    <Card title={`${route.title}：${mark.markName}`} extra={back}>
      <Descriptions bordered column={2} size="middle">
        <Descriptions.Item label="印记名称">{mark.markName}</Descriptions.Item>
        <Descriptions.Item label="别名">{mark.alias || "—"}</Descriptions.Item>
        <Descriptions.Item label="印记类别">{mark.category_dictText}</Descriptions.Item>
        <Descriptions.Item label="保护级别">{mark.heritageLevel_dictText || "—"}</Descriptions.Item>
        <Descriptions.Item label="所在地区">{mark.regionName || "—"}</Descriptions.Item>
        <Descriptions.Item label="详细地址">{mark.address || "—"}</Descriptions.Item>
        <Descriptions.Item label="经纬度（GCJ-02）">{mark.longitude != null ? `${mark.longitude}, ${mark.latitude}` : "—"}</Descriptions.Item>
        <Descriptions.Item label="打卡半径">{mark.checkinRadius} 米</Descriptions.Item>
        <Descriptions.Item label="发布状态">
          <Tag color={PUBLISH_COLORS[mark.publishStatus]}>{mark.publishStatus_dictText}</Tag>
          {mark.publishTime && <span>发布于 {mark.publishTime}</span>}
        </Descriptions.Item>
        <Descriptions.Item label="历史时间">{mark.eventPeriod || "—"}</Descriptions.Item>
        <Descriptions.Item label="开放时间">{mark.openTime || "—"}</Descriptions.Item>
        <Descriptions.Item label="联系电话">{mark.phone || "—"}</Descriptions.Item>
        <Descriptions.Item label="打点员">{mark.collector?.nickname || "—"}</Descriptions.Item>
        <Descriptions.Item label="统计">打卡 {mark.stats.checkinCount} 次，题目任务 {mark.stats.questionCount} 个</Descriptions.Item>
        <Descriptions.Item label="简介" span={2}>{mark.summary || "—"}</Descriptions.Item>
        <Descriptions.Item label="封面图" span={2}>
          {mark.coverImage ? <Image width={160} src={fileUrl(mark.thumbImage || mark.coverImage)} preview={{ src: fileUrl(mark.coverImage) }} /> : "—"}
        </Descriptions.Item>
        <Descriptions.Item label="图集" span={2}>
          {mark.imageList.length ? (
            <Image.PreviewGroup>
              <Space wrap>{mark.imageList.map((p) => <Image key={p} width={100} src={fileUrl(p)} />)}</Space>
            </Image.PreviewGroup>
          ) : "—"}
        </Descriptions.Item>
        <Descriptions.Item label="创建人">{mark.createBy}</Descriptions.Item>
        <Descriptions.Item label="创建时间">{mark.createTime}</Descriptions.Item>
      </Descriptions>
      <Card type="inner" title="引用该印记的活动" style={{ marginTop: 16 }}>
        <Table
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={mark.refActivities}
          columns={[
            { title: "活动名称", dataIndex: "activityName" },
            { title: "发布状态", dataIndex: "publishStatus", render: (v: number) => <Tag color={PUBLISH_COLORS[v]}>{["未发布", "已发布", "已下架"][v] ?? v}</Tag> },
            { title: "排序", dataIndex: "sortNo" },
          ]}
        />
      </Card>
    </Card>
  );
}
