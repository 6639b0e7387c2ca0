import { DownOutlined, PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import {
  App,
  Button,
  Card,
  Checkbox,
  Col,
  DatePicker,
  Drawer,
  Dropdown,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Table,
  Tabs,
  Tag,
  type FormInstance,
} from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";

import { activityLimits, activityTimeLimits } from "../../../contract/bbh-limits";
import { ContactFields, half } from "../../../kit/form-fields";
import { useAccess } from "../../../kit/auth";
import { actionColumn } from "../../../kit/action-column";
import { useDictOptions } from "../../../kit/dict";
import { ExcelButtons } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { OrganizationSelect } from "../../../kit/people-select";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useApi, type Api } from "../../../kit/use-api";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { fileUrl } from "../../../providers/config";
import { ImageUpload, PUBLISH_COLORS, RichTextInput, asCode, asNumber, fromServerTime, toServerTime } from "./common";
import { ACTIVITY_API, ACTIVITY_CODES, ACTIVITY_RESOURCE, TIME_API } from "./resource";

export interface ActivityRow {
  id: string;
  activityName: string;
  activityType: number;
  coverImage?: string | null;
  organizerName?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  publishStatus: number;
  publishStatus_dictText?: string;
  teamMode_dictText?: string;
  isRecommend?: number;
  sortNo?: number;
  totalScore?: number;
  createTime?: string;
  [key: string]: unknown;
}

type Failure = { message?: string; notified?: boolean };

/** Where the activity pages live (seeded menu urls). */
export const activityPaths = (type: number, id: string) => ({
  detail: type === 2 ? `/bbh/activity/red/detail/${id}` : `/bbh/activity/detail/${id}`,
  marks: `/bbh/activity/red/marks/${id}`,
  tasks: `/bbh/activity/task?activityId=${id}`,
  times: `/bbh/activity/time?activityId=${id}`,
});

const SELECT_FIELDS = ["needApply", "applyNeedAudit", "participantScope", "needActivation", "teamMode", "groupType", "groupScoreRule", "orderMode", "isRecommend"];

function toForm(record: ActivityRow): Record<string, unknown> {
  const values: Record<string, unknown> = { ...record };
  for (const field of SELECT_FIELDS) values[field] = asCode(record[field]);
  values.period = record.startTime && record.endTime ? [fromServerTime(record.startTime), fromServerTime(record.endTime)] : undefined;
  values.applyPeriod = record.applyStartTime && record.applyEndTime ? [fromServerTime(record.applyStartTime), fromServerTime(record.applyEndTime)] : undefined;
  try {
    values.gradeLevels = record.gradeRule ? JSON.parse(String(record.gradeRule)) : [];
  } catch {
    values.gradeLevels = [];
  }
  return values;
}

function toBody(values: Record<string, unknown>, activityType: number): Record<string, unknown> {
  const { period, applyPeriod, gradeLevels, windows: _windows, ...rest } = values as Record<string, unknown> & { period?: unknown[]; applyPeriod?: unknown[]; gradeLevels?: Array<{ level: string; minRate: number }> };
  const body: Record<string, unknown> = { ...rest, activityType };
  for (const field of SELECT_FIELDS) body[field] = asNumber(rest[field]) ?? undefined;
  for (const field of ["maxParticipants", "groupMinSize", "groupMaxSize", "groupTopN", "checkinRadius", "sortNo", "longitude", "latitude"]) body[field] = asNumber(rest[field]);
  body.startTime = toServerTime(period?.[0]);
  body.endTime = toServerTime(period?.[1]);
  body.applyStartTime = toServerTime(applyPeriod?.[0]);
  body.applyEndTime = toServerTime(applyPeriod?.[1]);
  const levels = (gradeLevels ?? []).filter((l) => l && l.level);
  body.gradeRule = levels.length ? JSON.stringify(levels.map((l) => ({ level: l.level, minRate: Number(l.minRate) }))) : null;
  for (const key of ["id", "createBy", "createTime", "updateBy", "updateTime", "publishTime", "publishBy", "totalScore", "delFlag", "sysOrgCode", "thumbImage"]) delete body[key];
  for (const key of Object.keys(body)) if (key.endsWith("_dictText")) delete body[key];
  return body;
}

/** The drawer's fields, in the tabs of domain.md §7.1. */
function ActivityForm({ form, adding }: { form: FormInstance; adding: boolean }) {
  const yn = useDictOptions("bbh_yn");
  const teamModes = useDictOptions("bbh_team_mode");
  const groupTypes = useDictOptions("bbh_group_type");
  const groupRules = useDictOptions("bbh_group_score_rule");
  const orderModes = useDictOptions("bbh_order_mode");
  const scopes = useDictOptions("bbh_participant_scope");
  const L = activityLimits;
  const teamMode = Form.useWatch("teamMode", form);
  return (
    <Tabs
      items={[
        {
          key: "base",
          label: "基本信息",
          forceRender: true,
          children: (
            <Row gutter={16}>
              {half(
                <Form.Item label="活动名称" name="activityName" rules={limitRules(L.activityName)}>
                  <Input placeholder="请输入活动名称" />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="活动起止时间" name="period">
                  <DatePicker.RangePicker showTime style={{ width: "100%" }} placeholder={["开始时间", "结束时间"]} />
                </Form.Item>,
              )}
              <Col span={24}>
                <Form.Item label="封面图" name="coverImage" extra="建议 16:9，发布前必填">
                  <ImageUpload biz="bbh/activity" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item label="活动简介" name="summary" rules={limitRules(L.summary)}>
                  <Input.TextArea rows={2} placeholder="请输入活动简介" />
                </Form.Item>
              </Col>
              {half(
                <Form.Item label="主办组织" name="organizerOrgId">
                  <OrganizationSelect onPick={(_, name) => name && form.setFieldValue("organizerName", name)} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="主办单位" name="organizerName" rules={limitRules(L.organizerName)}>
                  <Input placeholder="请输入主办单位" />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="所在地区" name="regionName" rules={limitRules(L.regionName)}>
                  <Input placeholder="如：江西省南昌市" />
                </Form.Item>,
              )}
              <ContactFields />
              <Col span={24}>
                <Form.Item label="活动地点" name="address" rules={limitRules(L.address)}>
                  <Input placeholder="请输入活动地点" />
                </Form.Item>
              </Col>
              {half(
                <Form.Item label="经度" name="longitude">
                  <InputNumber min={-180} max={180} precision={6} style={{ width: "100%" }} placeholder="GCJ-02 经度" />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="纬度" name="latitude">
                  <InputNumber min={-90} max={90} precision={6} style={{ width: "100%" }} placeholder="GCJ-02 纬度" />
                </Form.Item>,
              )}
            </Row>
          ),
        },
        {
          key: "join",
          label: "参与设置",
          forceRender: true,
          children: (
            <Row gutter={16}>
              {half(
                <Form.Item label="是否需要报名" name="needApply" initialValue="1">
                  <Select options={yn} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="报名是否需要审核" name="applyNeedAudit" initialValue="0">
                  <Select options={yn} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="报名起止时间" name="applyPeriod">
                  <DatePicker.RangePicker showTime style={{ width: "100%" }} placeholder={["报名开始", "报名结束"]} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="人数上限" name="maxParticipants">
                  <InputNumber min={0} style={{ width: "100%" }} placeholder="不填则不限" />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="参与范围" name="participantScope" initialValue="1">
                  <Select options={scopes} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="是否需要激活码" name="needActivation" initialValue="0">
                  <Select options={yn} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="参与方式" name="teamMode" initialValue="1">
                  <Select options={teamModes} />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="闯关顺序" name="orderMode" initialValue="2">
                  <Select options={orderModes} />
                </Form.Item>,
              )}
              {teamMode && teamMode !== "1" && (
                <>
                  {half(
                    <Form.Item label="分组方式" name="groupType">
                      <Select options={groupTypes} allowClear placeholder="请选择分组方式" />
                    </Form.Item>,
                  )}
                  {half(
                    <Form.Item label="小组计分规则" name="groupScoreRule" initialValue="2">
                      <Select options={groupRules} />
                    </Form.Item>,
                  )}
                  {half(
                    <Form.Item label="小组人数下限" name="groupMinSize">
                      <InputNumber min={1} max={1000} style={{ width: "100%" }} />
                    </Form.Item>,
                  )}
                  {half(
                    <Form.Item label="小组人数上限" name="groupMaxSize">
                      <InputNumber min={1} max={1000} style={{ width: "100%" }} />
                    </Form.Item>,
                  )}
                  {half(
                    <Form.Item label="前N名" name="groupTopN">
                      <InputNumber min={1} max={1000} style={{ width: "100%" }} />
                    </Form.Item>,
                  )}
                </>
              )}
              {half(
                <Form.Item label="默认打卡半径（米）" name="checkinRadius" initialValue={200}>
                  <InputNumber min={10} max={5000} style={{ width: "100%" }} />
                </Form.Item>,
              )}
              <Col span={24}>
                <Form.Item label="成绩等级规则" tooltip="得分率（总分 ÷ 满分）不低于下限即为该等级，从高到低填写">
                  <Form.List name="gradeLevels">
                    {(fields, { add, remove }) => (
                      <>
                        {fields.map((field) => (
                          <Space key={field.key} align="baseline">
                            <Form.Item name={[field.name, "level"]} rules={[{ required: true, message: "请输入等级名称" }]}>
                              <Input placeholder="等级，如：优秀" style={{ width: 160 }} />
                            </Form.Item>
                            <Form.Item name={[field.name, "minRate"]} rules={[{ required: true, message: "请输入得分率下限" }]}>
                              <InputNumber min={0} max={1} step={0.05} placeholder="得分率下限 0~1" style={{ width: 160 }} />
                            </Form.Item>
                            <a onClick={() => remove(field.name)}>删除</a>
                          </Space>
                        ))}
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                          添加等级
                        </Button>
                      </>
                    )}
                  </Form.List>
                </Form.Item>
              </Col>
            </Row>
          ),
        },
        {
          key: "text",
          label: "介绍与规则",
          forceRender: true,
          children: (
            <>
              <Form.Item label="活动介绍" name="content">
                <RichTextInput />
              </Form.Item>
              <Form.Item label="活动规则" name="rules">
                <RichTextInput />
              </Form.Item>
            </>
          ),
        },
        {
          key: "share",
          label: "分享",
          forceRender: true,
          children: (
            <Row gutter={16}>
              {half(
                <Form.Item label="分享标题" name="shareTitle" rules={limitRules(L.shareTitle)}>
                  <Input placeholder="请输入分享标题" />
                </Form.Item>,
              )}
              {half(
                <Form.Item label="首页推荐" name="isRecommend" initialValue="0">
                  <Select options={yn} />
                </Form.Item>,
              )}
              <Col span={24}>
                <Form.Item label="分享图片" name="shareImage">
                  <ImageUpload biz="bbh/activity" />
                </Form.Item>
              </Col>
              {half(
                <Form.Item label="排序" name="sortNo" initialValue={0}>
                  <InputNumber style={{ width: "100%" }} />
                </Form.Item>,
              )}
              <Col span={24}>
                <Form.Item label="备注" name="remark" rules={limitRules(L.remark)}>
                  <Input.TextArea rows={2} />
                </Form.Item>
              </Col>
            </Row>
          ),
        },
        ...(adding
          ? [
              {
                key: "times",
                label: "时间段",
                forceRender: true,
                children: (
                  <Form.List name="windows">
                    {(fields, { add, remove }) => (
                      <>
                        {fields.map((field) => (
                          <Space key={field.key} align="baseline" wrap>
                            <Form.Item name={[field.name, "timeName"]} rules={limitRules(activityTimeLimits.timeName)}>
                              <Input placeholder="时间段名称，如：第一期" style={{ width: 180 }} />
                            </Form.Item>
                            <Form.Item name={[field.name, "range"]} rules={[{ required: true, message: "请选择时间段起止时间" }]}>
                              <DatePicker.RangePicker showTime placeholder={["开始时间", "结束时间"]} />
                            </Form.Item>
                            <Form.Item name={[field.name, "autoSettle"]} valuePropName="checked">
                              <Checkbox>自动结算</Checkbox>
                            </Form.Item>
                            <a onClick={() => remove(field.name)}>删除</a>
                          </Space>
                        ))}
                        <Button type="dashed" icon={<PlusOutlined />} onClick={() => add()}>
                          添加时间段
                        </Button>
                        <div style={{ color: "#999", marginTop: 8 }}>保存活动后依次创建；之后在「活动时间」中维护。</div>
                      </>
                    )}
                  </Form.List>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** Creates the windows entered with a new activity (the activity's id is looked up by its unique name). */
async function addWindows(api: Api, name: string, activityType: number, windows: Array<{ timeName: string; range: unknown[]; autoSettle?: boolean }>) {
  if (!windows.length) return;
  const found = await api.get<Array<{ value: string; text: string }>>(`${ACTIVITY_API}/getActivityNameSelectList`, { activityType, keyword: name, limit: 50 });
  const activity = found.find((a) => a.text === name.trim());
  if (!activity) throw new Error("活动已保存，但未找到该活动，请在「活动时间」中添加时间段");
  for (const [i, w] of windows.entries()) {
    await api.post(`${TIME_API}/add`, { activityId: activity.value, timeName: w.timeName, startTime: toServerTime(w.range[0]), endTime: toServerTime(w.range[1]), autoSettle: w.autoSettle ? 1 : 0, sortNo: i + 1 });
  }
}

/** 自定义活动 / 红色活动: one list over `/bbh/api/activity/main`, fixed `activityType`. */
export default function ActivityListPage({ route, activityType }: PageProps & { activityType: 1 | 2 }) {
  const access = useAccess();
  const api = useApi();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const publishOptions = useDictOptions("bbh_publish_status");
  const teamModes = useDictOptions("bbh_team_mode");
  const [form] = Form.useForm();
  const [cloneForm] = Form.useForm();
  const [editing, setEditing] = useState<{ open: boolean; record?: ActivityRow }>({ open: false });
  const [cloning, setCloning] = useState<ActivityRow>();
  const [saving, setSaving] = useState(false);

  const search: SearchField[] = [
    { name: "activityName", label: "活动名称" },
    { name: "publishStatus", label: "发布状态", exact: true, input: <Select allowClear options={publishOptions} placeholder="请选择发布状态" /> },
    { name: "organizerName", label: "主办单位" },
    { name: "teamMode", label: "参与方式", exact: true, input: <Select allowClear options={teamModes} placeholder="请选择参与方式" /> },
  ];
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<ActivityRow>({
    resource: ACTIVITY_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    filters: { permanent: [{ field: "activityType", operator: "eq", value: activityType }] },
    onSearch: (values) => searchFilters(search, values as Record<string, unknown>),
    errorNotification,
  });
  const reload = () => tableQuery.refetch();
  const warn = (error: unknown, fallback: string) => {
    const failure = error as Failure;
    if (!failure.notified) message.warning(failure.message || fallback);
  };

  const open = async (record?: ActivityRow) => {
    form.resetFields();
    setEditing({ open: true, record });
    if (record) {
      // The list row lacks the long texts: read the whole activity.
      const full = await api.get<ActivityRow>(`${ACTIVITY_API}/queryById`, { id: record.id }).catch(() => record);
      form.setFieldsValue(toForm(full));
    }
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = toBody(values, activityType);
    setSaving(true);
    try {
      if (editing.record) {
        await api.put(`${ACTIVITY_API}/edit`, { ...body, id: editing.record.id });
        message.success("编辑成功!");
      } else {
        await api.post(`${ACTIVITY_API}/add`, body);
        message.success("添加成功！");
        try {
          await addWindows(api, String(body.activityName), activityType, (values.windows ?? []) as never);
        } catch (error) {
          warn(error, "时间段保存失败");
        }
      }
      setEditing({ open: false });
      await reload();
    } catch (error) {
      warn(error, "操作失败");
    } finally {
      setSaving(false);
    }
  };

  const setPublish = async (record: ActivityRow, publishStatus: 1 | 2, force = false) => {
    try {
      const answer = await api.envelope("put", `${ACTIVITY_API}/updatePublish`, { payload: { id: record.id, publishStatus, force: force || undefined } });
      const warnings = ((answer.result as { warnings?: string[] } | null)?.warnings ?? []).filter(Boolean);
      message.success(answer.message || (publishStatus === 1 ? "发布成功" : "下架成功"));
      if (warnings.length) modal.warning({ title: "发布成功，请注意", content: <ul style={{ paddingLeft: 20 }}>{warnings.map((w) => <li key={w}>{w}</li>)}</ul>, okText: "知道了" });
      await reload();
    } catch (error) {
      const failure = error as Failure;
      // 有人正在参与: offer the forced unpublish the server allows.
      if (publishStatus === 2 && !force && failure.message?.includes("强制下架")) {
        modal.confirm({ title: "无法直接下架", content: `${failure.message}。是否强制下架？`, okText: "强制下架", okButtonProps: { danger: true }, cancelText: "取消", onOk: () => setPublish(record, 2, true) });
        return;
      }
      if (!failure.notified) modal.error({ title: publishStatus === 1 ? "发布失败" : "下架失败", content: failure.message || "操作失败", okText: "知道了" });
    }
  };
  const confirmPublish = (record: ActivityRow, publishStatus: 1 | 2) =>
    modal.confirm({
      title: publishStatus === 1 ? "确认发布" : "确认下架",
      content: publishStatus === 1 ? `发布后「${record.activityName}」将在小程序中展示，是否继续？` : `下架后「${record.activityName}」将不在小程序中展示，是否继续？`,
      okText: "确定",
      cancelText: "取消",
      onOk: () => setPublish(record, publishStatus),
    });

  const remove = (record: ActivityRow) =>
    modal.confirm({
      title: "确认删除",
      content: `是否删除活动「${record.activityName}」？`,
      okText: "确定",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: async () => {
        try {
          await api.del(`${ACTIVITY_API}/delete`, { id: record.id });
          message.success("删除成功!");
          await reload();
        } catch (error) {
          warn(error, "删除失败");
        }
      },
    });

  const doClone = async () => {
    const values = await cloneForm.validateFields().catch(() => null);
    if (!values || !cloning) return;
    try {
      await api.post(`${ACTIVITY_API}/clone`, { id: cloning.id, ...values, shiftDays: values.shiftDays ?? 0 });
      message.success("克隆成功");
      setCloning(undefined);
      await reload();
    } catch (error) {
      warn(error, "克隆失败");
    }
  };

  const links = (record: ActivityRow) => {
    const paths = activityPaths(activityType, record.id);
    const more = [
      access.has(ACTIVITY_CODES.clone) && { key: "clone", label: "克隆" },
      { key: "times", label: "时间段" },
      { key: "tasks", label: "任务" },
      activityType === 2 && { key: "marks", label: "印记列表" },
      access.has(ACTIVITY_CODES.delete) && { key: "delete", label: "删除", danger: true },
    ].filter(Boolean) as Array<{ key: string; label: string; danger?: boolean }>;
    const onMore = (key: string) => {
      if (key === "clone") {
        cloneForm.resetFields();
        cloneForm.setFieldsValue({ activityName: `${record.activityName}（副本）`, copyTasks: true, copyRedMarks: true, copyTimes: true, shiftDays: 0 });
        setCloning(record);
      } else if (key === "delete") remove(record);
      else navigate(paths[key as "times" | "tasks" | "marks"]);
    };
    return [
      <a key="detail" onClick={() => navigate(paths.detail)}>详情</a>,
      access.has(ACTIVITY_CODES.edit) && <a key="edit" onClick={() => void open(record)}>编辑</a>,
      access.has(ACTIVITY_CODES.publish) &&
        (record.publishStatus === 1 ? <a key="unpublish" onClick={() => confirmPublish(record, 2)}>下架</a> : <a key="publish" onClick={() => confirmPublish(record, 1)}>发布</a>),
      <Dropdown key="more" menu={{ items: more, onClick: ({ key }) => onMore(key) }}>
        <a>
          更多 <DownOutlined />
        </a>
      </Dropdown>,
    ];
  };

  return (
    <Card title={route.title}>
      <SearchForm formProps={searchFormProps} fields={search} />
      <Space style={{ marginBottom: 16 }} wrap>
        {access.has(ACTIVITY_CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void open()}>
            新增
          </Button>
        )}
        <ExcelButtons
          base={ACTIVITY_API}
          title={route.title}
          filters={filters}
          sorters={sorters}
          exportCode={ACTIVITY_CODES.export}
          importCode={ACTIVITY_CODES.import}
          importQuery={{ activityType }}
          templateName="活动导入模板"
          onImported={() => void reload()}
        />
      </Space>
      <Table<ActivityRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1200 }}
        columns={[
          { title: "封面", dataIndex: "coverImage", width: 96, render: (v: string | null) => (v ? <Image src={fileUrl(v)} width={72} height={40} style={{ objectFit: "cover" }} alt="封面" /> : <span style={{ color: "#bbb" }}>无</span>) },
          { title: "活动名称", dataIndex: "activityName", sorter: true, render: (v: string, r) => <a onClick={() => navigate(activityPaths(activityType, r.id).detail)}>{v}</a> },
          { title: "主办单位", dataIndex: "organizerName" },
          { title: "活动时间", key: "period", render: (_, r) => (r.startTime ? `${r.startTime.slice(0, 16)} ~ ${r.endTime?.slice(0, 16) ?? ""}` : "未设置") },
          { title: "参与方式", dataIndex: "teamMode_dictText", width: 100 },
          { title: "满分", dataIndex: "totalScore", width: 70 },
          { title: "发布状态", dataIndex: "publishStatus", sorter: true, width: 100, render: (v: number, r) => <Tag color={PUBLISH_COLORS[String(v)]}>{r.publishStatus_dictText ?? v}</Tag> },
          { title: "排序", dataIndex: "sortNo", sorter: true, width: 80 },
          { title: "创建时间", dataIndex: "createTime", sorter: true, width: 170 },
          actionColumn<ActivityRow>({ rows: tableProps.dataSource, links, fixed: "right" }),
        ]}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: ["10", "20", "30"], showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条` }}
      />
      <Drawer
        title={editing.record ? "编辑活动" : "新增活动"}
        open={editing.open}
        width={880}
        onClose={() => setEditing({ open: false })}
        destroyOnHidden={false}
        forceRender
        extra={
          <Space>
            <Button onClick={() => setEditing({ open: false })}>取消</Button>
            <Button type="primary" loading={saving} onClick={save}>
              确定
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" name={`${ACTIVITY_RESOURCE}-form`} validateTrigger={FORM_VALIDATE_TRIGGER}>
          <ActivityForm form={form} adding={!editing.record} />
        </Form>
      </Drawer>
      <Modal title="克隆活动" open={Boolean(cloning)} onCancel={() => setCloning(undefined)} onOk={doClone} okText="确定" cancelText="取消" forceRender>
        <Form form={cloneForm} layout="vertical" name="bbh-activity-clone">
          <Form.Item label="新活动名称" name="activityName" rules={limitRules(activityLimits.activityName)}>
            <Input />
          </Form.Item>
          <Space wrap>
            <Form.Item name="copyTasks" valuePropName="checked" noStyle>
              <Checkbox>复制任务</Checkbox>
            </Form.Item>
            {activityType === 2 && (
              <Form.Item name="copyRedMarks" valuePropName="checked" noStyle>
                <Checkbox>复制印记列表</Checkbox>
              </Form.Item>
            )}
            <Form.Item name="copyTimes" valuePropName="checked" noStyle>
              <Checkbox>复制时间段</Checkbox>
            </Form.Item>
          </Space>
          <Form.Item label="时间顺延天数" name="shiftDays" style={{ marginTop: 16 }}>
            <InputNumber min={-3650} max={3650} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
