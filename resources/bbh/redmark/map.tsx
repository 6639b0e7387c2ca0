import { useCustom } from "@refinedev/core";
import { Alert, Button, Card, Form, Select, Space, Spin, Statistic } from "antd";
import { lazy, Suspense, useState } from "react";
import { useNavigate } from "react-router";

import { ActivitySelect } from "../../../kit/activity-select";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { errorNotification } from "../../../providers/data-provider";
import type { MapPoint } from "./leaflet-map";
import { REDMARK_API } from "./resource";

// Leaflet and its CSS: a chunk of their own, fetched when this page renders.
const LeafletMap = lazy(() => import("./leaflet-map"));

/** 印记地图: every red mark of an activity, or all of them, clustered, from `mapPoints` (at most 2000). */
export default function RedMarkMapPage({ route }: PageProps) {
  const navigate = useNavigate();
  const statuses = useDictOptions("bbh_publish_status");
  const [filters, setFilters] = useState<{ activityId?: string; publishStatus?: string[] }>({});
  const { result, query } = useCustom<MapPoint[]>({
    url: `${REDMARK_API}/mapPoints`,
    method: "get",
    config: { query: { activityId: filters.activityId || undefined, publishStatus: filters.publishStatus?.length ? filters.publishStatus.join(",") : undefined } },
    errorNotification,
  });
  const points = Array.isArray(result?.data) ? result.data : [];

  return (
    <Card title={route.title}>
      <Form layout="inline" style={{ marginBottom: 16 }} onValuesChange={(_, all) => setFilters(all)}>
        <Form.Item label="活动" name="activityId">
          <ActivitySelect placeholder="全部印记" style={{ width: 260 }} />
        </Form.Item>
        <Form.Item label="发布状态" name="publishStatus">
          <Select mode="multiple" allowClear options={statuses} placeholder="全部状态" style={{ minWidth: 220 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button onClick={() => void query.refetch()} loading={query.isFetching}>
              刷新
            </Button>
            <Statistic value={points.length} suffix="个印记" valueStyle={{ fontSize: 16 }} />
          </Space>
        </Form.Item>
      </Form>
      {query.isError && <Alert type="error" showIcon message="印记加载失败" style={{ marginBottom: 16 }} />}
      <Suspense fallback={<Spin tip="地图加载中…"><div style={{ height: 480 }} /></Spin>}>
        <LeafletMap points={points} onOpenDetail={(id) => navigate(`/bbh/redmark/detail/${id}`)} />
      </Suspense>
    </Card>
  );
}
