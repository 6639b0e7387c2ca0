import { App, Button, Col, Form, Input, InputNumber, Modal, Progress, Row, Select, Space, Tag, Typography } from "antd";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";

import { redMarkLimits } from "../../../contract/bbh-limits";
import { useAccess } from "../../../kit/auth";
import { CrudPage } from "../../../kit/crud-page";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useAction, useApi } from "../../../kit/use-api";
import { limitRules } from "../../../kit/validators";
import { ImageUpload } from "./image-upload";
import { PUBLISH_COLORS, REDMARK_API, REDMARK_CODES, REDMARK_RESOURCE } from "./resource";

export interface RedMarkRow {
  id: string;
  markName: string;
  alias?: string | null;
  category: number;
  category_dictText?: string;
  heritageLevel?: number | null;
  heritageLevel_dictText?: string;
  regionName?: string | null;
  address?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  checkinRadius?: number;
  coverImage?: string | null;
  publishStatus: number;
  publishStatus_dictText?: string;
  createTime?: string;
  [key: string]: unknown;
}

interface ThumbProgress {
  running: boolean;
  total: number;
  processed: number;
  generated: number;
  skipped: number;
  failed: number;
  failures: Array<{ markName?: string; message?: string }>;
}

/** 批量生成缩略图: starts `genrateAllThumbPic` and follows its progress (`statusOnly`) until it ends. */
function ThumbButton() {
  const api = useApi();
  const { message } = App.useApp();
  const [progress, setProgress] = useState<ThumbProgress>();
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const poll = async () => {
    try {
      const p = await api.post<ThumbProgress>(`${REDMARK_API}/genrateAllThumbPic`, { statusOnly: true });
      setProgress(p);
      if (p.running) timer.current = setTimeout(() => void poll(), 1000);
    } catch {
      timer.current = setTimeout(() => void poll(), 3000);
    }
  };
  const start = async () => {
    setOpen(true);
    try {
      const { message: text, result } = await api.envelope("post", `${REDMARK_API}/genrateAllThumbPic`, { payload: { onlyMissing: true } });
      const p = result as ThumbProgress;
      setProgress(p);
      message.success(text || "操作成功");
      if (p.running) void poll();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
      void poll();
    }
  };
  const percent = progress?.total ? Math.round((progress.processed / progress.total) * 100) : progress && !progress.running ? 100 : 0;

  return (
    <>
      <Button onClick={() => void start()}>生成缩略图</Button>
      <Modal title="批量生成缩略图" open={open} onCancel={() => setOpen(false)} footer={<Button onClick={() => setOpen(false)}>关闭</Button>}>
        <Progress percent={percent} status={progress?.running ? "active" : progress?.failed ? "exception" : "success"} />
        {progress && (
          <Typography.Paragraph style={{ marginTop: 12 }}>
            {progress.running ? "正在生成" : "已完成"}：共 {progress.total} 个印记，已处理 {progress.processed}，生成 {progress.generated} 张，跳过 {progress.skipped} 张，失败 {progress.failed} 张
          </Typography.Paragraph>
        )}
        {progress?.failures.map((f, i) => (
          <Typography.Text key={i} type="danger" style={{ display: "block" }}>
            {f.markName ?? ""} {f.message ?? ""}
          </Typography.Text>
        ))}
      </Modal>
    </>
  );
}

/** Every field the server's body takes: an edit sends the row's values for those the form does not show. */
const BODY_FIELDS = [
  "markName", "alias", "category", "heritageLevel", "provinceCode", "cityCode", "districtCode", "regionName", "address", "longitude", "latitude",
  "coordType", "checkinRadius", "coverImage", "images", "stampImage", "stampGrayImage", "audioUrl", "audioDuration", "videoUrl", "videoCover",
  "summary", "content", "eventPeriod", "openTime", "ticketInfo", "phone", "source", "sortNo",
] as const;
const kept = (row?: RedMarkRow) => Object.fromEntries(BODY_FIELDS.filter((f) => row && row[f] !== undefined).map((f) => [f, row![f]]));

const str = (v: unknown) => (v === null || v === undefined ? undefined : String(v));
const num = (v: unknown) => (v === null || v === undefined || v === "" ? null : Number(v));

/** 红色印记 (`/bbh/api/activity/redmark`): search, add/edit with location and media, publish/unpublish (§5.2), Excel. */
export default function RedMarkListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(REDMARK_RESOURCE);
  const navigate = useNavigate();
  const categories = useDictOptions("bbh_red_mark_category");
  const levels = useDictOptions("bbh_heritage_level");
  const statuses = useDictOptions("bbh_publish_status");
  const coordTypes = useDictOptions("bbh_coord_type");

  const publish = (row: RedMarkRow, to: 1 | 2) =>
    act(() => api.put(`${REDMARK_API}/updatePublish`, { id: row.id, publishStatus: to }), to === 1 ? "发布成功" : "下架成功");

  return (
    <CrudPage<RedMarkRow>
      title={route.title}
      resource={REDMARK_RESOURCE}
      apiBase={REDMARK_API}
      codes={REDMARK_CODES}
      excelTitle="红色印记"
      modalWidth={900}
      search={[
        { name: "markName", label: "印记名称" },
        { name: "category", label: "印记类别", exact: true, input: <Select allowClear options={categories} placeholder="请选择印记类别" /> },
        { name: "publishStatus", label: "发布状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择发布状态" /> },
        { name: "regionName", label: "所在地区" },
      ]}
      columns={[
        {
          title: "印记名称",
          dataIndex: "markName",
          sorter: true,
          render: (name: string, row) => <a onClick={() => navigate(`/bbh/redmark/detail/${row.id}`)}>{name}</a>,
        },
        { title: "印记类别", dataIndex: "category_dictText" },
        { title: "保护级别", dataIndex: "heritageLevel_dictText" },
        { title: "所在地区", dataIndex: "regionName" },
        { title: "经纬度", key: "lnglat", render: (_, row) => (row.longitude != null && row.latitude != null ? `${row.longitude}, ${row.latitude}` : "—") },
        {
          title: "发布状态",
          dataIndex: "publishStatus",
          sorter: true,
          render: (value: number, row) => <Tag color={PUBLISH_COLORS[value]}>{row.publishStatus_dictText ?? value}</Tag>,
        },
        { title: "创建时间", dataIndex: "createTime", sorter: true },
      ]}
      rowActions={(row) => [
        <a key="detail" onClick={() => navigate(`/bbh/redmark/detail/${row.id}`)}>详情</a>,
        access.has(REDMARK_CODES.publish) &&
          (row.publishStatus === 1 ? (
            <a key="unpublish" onClick={() => void publish(row, 2)}>下架</a>
          ) : (
            <a key="publish" onClick={() => void publish(row, 1)}>发布</a>
          )),
      ]}
      toolbar={access.has(REDMARK_CODES.thumb) && <ThumbButton />}
      toForm={(row) => ({ ...row, category: str(row.category), heritageLevel: str(row.heritageLevel), coordType: "gcj02" })}
      toBody={(values, record) => ({
        ...kept(record),
        ...values,
        category: num(values.category),
        heritageLevel: num(values.heritageLevel),
        longitude: num(values.longitude),
        latitude: num(values.latitude),
        checkinRadius: num(values.checkinRadius),
        sortNo: num(values.sortNo),
      })}
      form={() => (
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item label="印记名称" name="markName" rules={limitRules(redMarkLimits.markName)}>
              <Input placeholder="请输入印记名称" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="别名" name="alias" rules={limitRules(redMarkLimits.alias)}>
              <Input placeholder="请输入别名" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="印记类别" name="category" rules={[{ required: true, message: "请选择印记类别!" }]}>
              <Select options={categories} placeholder="请选择印记类别" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="保护级别" name="heritageLevel">
              <Select allowClear options={levels} placeholder="请选择保护级别" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="所在地区" name="regionName" rules={limitRules(redMarkLimits.regionName)}>
              <Input placeholder="如：江西省井冈山市" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item label="区县代码" name="districtCode" rules={limitRules(redMarkLimits.districtCode)}>
              <Input placeholder="如：360881" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="详细地址" name="address" rules={limitRules(redMarkLimits.address)}>
              <Input placeholder="请输入详细地址" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="经度" name="longitude" rules={[{ type: "number", min: -180, max: 180, message: "经度需在-180到180之间" }]}>
              <InputNumber style={{ width: "100%" }} precision={6} step={0.000001} placeholder="如：114.169" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="纬度" name="latitude" rules={[{ type: "number", min: -90, max: 90, message: "纬度需在-90到90之间" }]}>
              <InputNumber style={{ width: "100%" }} precision={6} step={0.000001} placeholder="如：26.574" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="坐标系" name="coordType" initialValue="gcj02" tooltip="非 GCJ-02 坐标保存时自动转换为 GCJ-02">
              <Select options={coordTypes.length ? coordTypes : [{ value: "gcj02", label: "GCJ-02（高德/腾讯）" }, { value: "wgs84", label: "WGS-84（GPS）" }, { value: "bd09", label: "BD-09（百度）" }]} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="打卡半径（米）" name="checkinRadius" initialValue={200}>
              <InputNumber style={{ width: "100%" }} min={10} max={5000} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="历史时间" name="eventPeriod" rules={limitRules(redMarkLimits.eventPeriod)}>
              <Input placeholder="如：1927年10月" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="排序" name="sortNo">
              <InputNumber style={{ width: "100%" }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="封面图" name="coverImage">
              <ImageUpload />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item label="图集（最多9张）" name="images">
              <ImageUpload max={9} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label="简介" name="summary" rules={limitRules(redMarkLimits.summary)}>
              <Input.TextArea rows={3} placeholder="请输入简介" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Space>
              <Typography.Text type="secondary">发布前需填写名称、类别、地址、经纬度和封面图。</Typography.Text>
            </Space>
          </Col>
        </Row>
      )}
    />
  );
}
