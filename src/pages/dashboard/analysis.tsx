/**
 * 首页 (`dashboard/Analysis`): sign-ins (`/sys/loginfo`, `/sys/visitInfo`) and the 红色印记 figures
 * (`/sys/dashboard/summary`), with charts that load after the page (lazy-charts.tsx).
 */
import { UserOutlined } from "@ant-design/icons";
import { useCustom, useGetIdentity } from "@refinedev/core";
import { Alert, Avatar, Card, Col, Row, Space, Statistic, Typography } from "antd";
import type { ReactNode } from "react";

import type { Identity } from "../../../providers/auth-provider";
import { fileUrl, PRODUCT_NAME } from "../../../providers/config";
import { greeting } from "./greeting";
import { ColumnChart, LineChart, PieChart } from "./lazy-charts";
import { useSummary } from "./use-summary";

interface LogInfo {
  totalVisitCount: number;
  todayVisitCount: number;
  todayIp: number;
}
interface VisitDay {
  visit: number;
  ip: number;
  tian: string;
  type: string;
}

const DAY_MS = 86_400_000;
/** The last 7 GMT+8 days as yyyy-MM-dd, oldest first (the server lists only days with sign-ins). */
export function lastSevenDays(now = Date.now()): string[] {
  const today = Math.floor((now + 8 * 3_600_000) / DAY_MS);
  return Array.from({ length: 7 }, (_, i) => new Date((today - 6 + i) * DAY_MS).toISOString().slice(0, 10));
}

function useGet<T>(url: string) {
  const { result, query } = useCustom<Record<string, unknown>>({ url, method: "get", queryOptions: { queryKey: ["dashboard", url], refetchOnWindowFocus: false, retry: false } });
  return { data: (query.isSuccess || query.data ? result?.data : undefined) as unknown as T | undefined, loading: query.isLoading, failed: query.isError };
}

function StatCard({ title, value, foot, loading }: { title: string; value: ReactNode; foot?: ReactNode; loading?: boolean }) {
  return (
    <Card loading={loading} size="small" styles={{ body: { padding: "16px 20px" } }}>
      <Statistic title={title} value={value as number} />
      {foot && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{foot}</Typography.Text>}
    </Card>
  );
}

export default function AnalysisPage() {
  const { data: user } = useGetIdentity<Identity>();
  const name = user?.realname || user?.username || "";
  const logInfo = useGet<LogInfo>("/sys/loginfo");
  const visits = useGet<VisitDay[]>("/sys/visitInfo");
  const { summary, query } = useSummary();
  const loading = query.isLoading;

  const byDay = new Map((Array.isArray(visits.data) ? visits.data : []).map((v) => [v.tian, v]));
  const days = lastSevenDays();
  const hasVisits = byDay.size > 0;
  const visitChart = hasVisits
    ? days.flatMap((d) => [
        { x: d.slice(5), y: byDay.get(d)?.visit ?? 0, series: "登录次数" },
        { x: d.slice(5), y: byDay.get(d)?.ip ?? 0, series: "登录 IP 数" },
      ])
    : [];
  const players = summary?.players;
  const playerChart = players && players.total > 0 ? players.perDay.map((d) => ({ x: d.day.slice(5), y: d.count })) : [];
  const a = summary?.activities;
  const activityChart = a ? [{ x: "已发布", y: a.published }, { x: "未发布", y: a.unpublished }, { x: "已下架", y: a.withdrawn }].filter((d) => d.y > 0) : [];

  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Card size="small">
        <div style={{ display: "flex", alignItems: "center", gap: 16 }}>
          <Avatar size={48} src={fileUrl(user?.avatar)} icon={<UserOutlined />} style={{ flex: "none" }} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {greeting(new Date().getHours())}，{name}，欢迎使用{PRODUCT_NAME}
          </Typography.Title>
        </div>
      </Card>
      {query.isError && <Alert type="error" showIcon message="统计数据加载失败" />}
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6} xl={4}><StatCard title="今日登录" value={logInfo.data?.todayVisitCount ?? 0} foot={`今日 IP ${logInfo.data?.todayIp ?? 0} 个，累计 ${logInfo.data?.totalVisitCount ?? 0} 次`} loading={logInfo.loading} /></Col>
        {summary?.activities && <Col xs={12} lg={6} xl={4}><StatCard title="活动" value={summary.activities.total} foot={`自定义 ${summary.activities.custom}，红色 ${summary.activities.red}`} /></Col>}
        {summary?.redMarks && <Col xs={12} lg={6} xl={4}><StatCard title="红色印记" value={summary.redMarks.total} foot={`已发布 ${summary.redMarks.published}`} /></Col>}
        {summary?.players && <Col xs={12} lg={6} xl={4}><StatCard title="参与玩家" value={summary.players.people} foot={`今日新增 ${summary.players.today}，累计参与 ${summary.players.total} 次`} /></Col>}
        {summary?.answers && <Col xs={12} lg={6} xl={4}><StatCard title="待审核答案" value={summary.answers.pending} foot="最新提交且尚未审核" /></Col>}
        {loading && <Col xs={12} lg={6} xl={4}><StatCard title="统计" value={0} loading /></Col>}
      </Row>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="近 7 天登录">
            <LineChart data={visitChart} unit="次" loading={visits.loading} empty="近 7 天没有登录记录" />
          </Card>
        </Col>
        {(loading || players) && (
          <Col xs={24} xl={12}>
            <Card title="近 7 天新增玩家">
              <ColumnChart data={playerChart} unit="人次" loading={loading} empty="近 7 天没有新玩家" />
            </Card>
          </Col>
        )}
        {(loading || a) && (
          <Col xs={24} xl={12}>
            <Card title="活动发布状态">
              <PieChart data={activityChart} unit="个" loading={loading} empty="还没有活动" />
            </Card>
          </Col>
        )}
      </Row>
    </Space>
  );
}
