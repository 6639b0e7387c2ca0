import { ArrowLeftOutlined, PlusOutlined } from "@ant-design/icons";
import { Alert, App, Avatar, Button, Card, Checkbox, Image, Input, InputNumber, Modal, Select, Space, Switch, Table, Tag } from "antd";
import { useCallback, useEffect, useState } from "react";
import { useNavigate, useParams } from "react-router";

import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { fileUrl } from "../../../providers/config";
import { SortableTable } from "../../../kit/sortable-table";
import { PUBLISH_COLORS } from "./common";
import { ACTIVITY_API, RED_ACTIVITY_API, RED_ACTIVITY_CODES } from "./resource";

export interface MarkEntry {
  id: string;
  redMarkId: string;
  sortNo: number;
  markName: string;
  customName?: string | null;
  thumbImage?: string | null;
  coverImage?: string | null;
  address?: string | null;
  publishStatus: number;
  publishStatus_dictText?: string;
  isStart: number;
  isEnd: number;
  isRequired: number;
  taskCount: number;
  uploadId?: string | null;
  uploadNickname?: string | null;
  remark?: string | null;
}

interface CheckItem {
  redMarkId: string;
  markName: string | null;
  ok: boolean;
  code: string;
  message: string;
  warnings: string[];
}

type Failure = { message?: string; notified?: boolean };

/** 添加印记: pick published marks, check them (checkRedMarkList), then add the ones that pass. */
function AddMarksDialog({ activityId, open, onClose }: { activityId: string; open: boolean; onClose: (added: boolean) => void }) {
  const api = useApi();
  const { message, modal } = App.useApp();
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState<{ records: Array<{ id: string; markName: string; regionName?: string; address?: string }>; total: number }>({ records: [], total: 0 });
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<string[]>([]);
  const [check, setCheck] = useState<CheckItem[]>();
  const [autoTask, setAutoTask] = useState(true);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setSelected([]);
    setCheck(undefined);
  }, [open]);
  useEffect(() => {
    if (!open) return;
    api
      .get<typeof page>("/bbh/api/activity/redmark/list", { pageNo, pageSize: 10, publishStatus: 1, markName: keyword.trim() ? `*${keyword.trim()}*` : undefined, column: "sortNo", order: "asc" })
      .then(setPage, () => undefined);
  }, [api, open, pageNo, keyword]);
  const doCheck = async () => {
    setBusy(true);
    try {
      const answer = await api.post<{ items: CheckItem[] }>(`${RED_ACTIVITY_API}/checkRedMarkList`, { activityId, redMarkIds: selected });
      setCheck(answer.items);
    } catch (error) {
      const failure = error as Failure;
      if (!failure.notified) message.warning(failure.message || "校验失败");
    } finally {
      setBusy(false);
    }
  };
  const doAdd = async () => {
    setBusy(true);
    try {
      const answer = await api.envelope("post", `${RED_ACTIVITY_API}/addRedMarkList`, { payload: { activityId, redMarkIds: selected, autoCreateCheckinTask: autoTask } });
      const skipped = ((answer.result as { skipped?: Array<{ markName: string | null; message: string }> }).skipped ?? []);
      if (skipped.length) modal.info({ title: answer.message, content: <ul style={{ paddingLeft: 20 }}>{skipped.map((s, i) => <li key={i}>{`${s.markName ?? ""}：${s.message}`}</li>)}</ul>, okText: "知道了" });
      else message.success(answer.message || "添加成功");
      onClose(true);
    } catch (error) {
      const failure = error as Failure;
      if (!failure.notified) modal.error({ title: "添加失败", content: failure.message || "添加失败", okText: "知道了" });
    } finally {
      setBusy(false);
    }
  };
  const okCount = check?.filter((c) => c.ok).length ?? 0;
  return (
    <Modal
      title="添加印记"
      open={open}
      width={860}
      onCancel={() => onClose(false)}
      footer={
        <Space>
          <Checkbox checked={autoTask} onChange={(e) => setAutoTask(e.target.checked)}>
            自动创建定位打卡任务
          </Checkbox>
          <Button onClick={() => onClose(false)}>取消</Button>
          <Button disabled={!selected.length} loading={busy && !check} onClick={doCheck}>
            校验
          </Button>
          <Button type="primary" disabled={!check || okCount === 0} loading={busy && Boolean(check)} onClick={doAdd}>
            确认添加{check ? `（${okCount}个）` : ""}
          </Button>
        </Space>
      }
    >
      <Input.Search placeholder="按印记名称搜索（仅已发布印记）" allowClear onSearch={(v) => (setKeyword(v), setPageNo(1))} style={{ marginBottom: 12, width: 320 }} />
      <Table
        size="small"
        rowKey="id"
        dataSource={page.records}
        rowSelection={{ selectedRowKeys: selected, preserveSelectedRowKeys: true, onChange: (keys) => (setSelected(keys as string[]), setCheck(undefined)) }}
        columns={[
          { title: "印记名称", dataIndex: "markName" },
          { title: "所在地区", dataIndex: "regionName" },
          { title: "地址", dataIndex: "address", ellipsis: true },
        ]}
        pagination={{ current: pageNo, pageSize: 10, total: page.total, onChange: setPageNo, size: "small", showTotal: (t) => `共 ${t} 条` }}
      />
      <div style={{ marginTop: 8 }}>已选 {selected.length} 个</div>
      {check && (
        <div style={{ marginTop: 12 }} aria-label="校验结果">
          <Alert
            type={okCount === check.length ? "success" : okCount ? "warning" : "error"}
            showIcon
            message={`校验完成：${okCount} 个可添加，${check.length - okCount} 个不可添加`}
            description={
              <ul style={{ paddingLeft: 20, margin: 0 }}>
                {check.map((c) => (
                  <li key={c.redMarkId}>
                    {c.markName ?? c.redMarkId}：<Tag color={c.ok ? (c.warnings.length ? "gold" : "green") : "red"}>{c.message}</Tag>
                    {c.warnings.join("；")}
                  </li>
                ))}
              </ul>
            }
          />
        </div>
      )}
    </Modal>
  );
}

/** 指定打点员: a WeChat user who is a point maker (`/bbh/bbhWxUser/list?isPointMaker=1`), or none. */
function MakerDialog({ activityId, ids, onClose }: { activityId: string; ids?: string[]; onClose: (done: boolean) => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [makers, setMakers] = useState<Array<{ value: string; label: string; avatar?: string }>>([]);
  const [value, setValue] = useState<string>();
  useEffect(() => {
    if (!ids) return;
    setValue(undefined);
    api
      .get<{ records: Array<{ id: string; nickname?: string; realName?: string; avatar?: string }> }>("/bbh/bbhWxUser/list", { isPointMaker: 1, userStatus: 0, pageNo: 1, pageSize: 200 })
      .then((p) => setMakers(p.records.map((u) => ({ value: u.id, label: u.realName ? `${u.nickname ?? ""}（${u.realName}）` : (u.nickname ?? u.id), avatar: u.avatar }))), () => undefined);
  }, [ids]);
  const submit = async () => {
    try {
      await api.post(`${RED_ACTIVITY_API}/updateRedMarkUploadId`, { activityId, ids, uploadId: value ?? null });
      message.success("设置成功");
      onClose(true);
    } catch (error) {
      const failure = error as Failure;
      if (!failure.notified) message.warning(failure.message || "设置失败");
    }
  };
  return (
    <Modal title={`指定打点员（${ids?.length ?? 0} 个印记）`} open={Boolean(ids)} onCancel={() => onClose(false)} onOk={submit} okText="确定" cancelText="取消">
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        value={value}
        onChange={setValue}
        style={{ width: "100%" }}
        placeholder="选择打点员（清空则取消指定）"
        options={makers}
        optionRender={(o) => (
          <Space>
            <Avatar size="small" src={fileUrl(o.data.avatar)}>{String(o.data.label).slice(0, 1)}</Avatar>
            {o.data.label}
          </Space>
        )}
        notFoundContent="暂无打点员，请先在微信用户中设置"
      />
    </Modal>
  );
}

/** 红色活动 · 印记列表: the ordered marks of one red activity (domain.md §7.1). */
export default function RedActivityMarkListPage({ route }: PageProps) {
  const { activityId = "" } = useParams();
  const access = useAccess();
  const api = useApi();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [activityName, setActivityName] = useState<string>();
  const [rows, setRows] = useState<MarkEntry[]>([]);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [adding, setAdding] = useState(false);
  const [makerFor, setMakerFor] = useState<string[]>();
  const warn = (error: unknown, fallback: string) => {
    const failure = error as Failure;
    if (!failure.notified) message.warning(failure.message || fallback);
  };

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await api.get<MarkEntry[]>(`${RED_ACTIVITY_API}/redMarkSortAll`, { activityId }));
    } catch (error) {
      warn(error, "加载失败");
    } finally {
      setLoading(false);
    }
  }, [api, activityId]);
  useEffect(() => {
    void load();
    api.get<{ activityName: string }>(`${ACTIVITY_API}/queryById`, { id: activityId }).then((a) => setActivityName(a.activityName), () => undefined);
  }, [activityId]);

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      await action();
      message.success(success);
    } catch (error) {
      warn(error, "操作失败");
    }
    await load();
  };
  const sort = (ids: string[]) => {
    setRows(ids.map((id) => rows.find((r) => r.id === id)!).map((r, i) => ({ ...r, sortNo: i + 1 })));
    void run(() => api.put(`${RED_ACTIVITY_API}/changeSort`, { activityId, ids }), "排序成功");
  };
  const setNumber = (row: MarkEntry, value: number | null) => {
    if (!value || value === row.sortNo) return;
    void run(() => api.put(`${RED_ACTIVITY_API}/changeSortNumber`, { id: row.id, sortNumber: value }), "排序成功");
  };
  const edit = (row: MarkEntry, change: Partial<MarkEntry>) =>
    void run(() => api.put(`${RED_ACTIVITY_API}/edit`, { id: row.id, customName: row.customName, isStart: row.isStart, isEnd: row.isEnd, isRequired: row.isRequired, remark: row.remark, ...change }), "编辑成功!");
  const removeSelected = () =>
    Modal.confirm({
      title: "确认移除",
      content: `是否从活动中移除选中的 ${selected.length} 个印记？其自动创建的打卡任务将一并删除。`,
      okText: "确定",
      okButtonProps: { danger: true },
      cancelText: "取消",
      onOk: () => run(() => api.post(`${RED_ACTIVITY_API}/deleteRedMarkList`, { activityId, ids: selected }), "移除成功").then(() => setSelected([])),
    });

  const canEdit = access.has(RED_ACTIVITY_CODES.edit);
  const canSort = access.has(RED_ACTIVITY_CODES.sort);
  return (
    <Card
      title={`${route.title}${activityName ? ` · ${activityName}` : ""}`}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate("/bbh/activity/red")}>
          返回红色活动
        </Button>
      }
    >
      <Space style={{ marginBottom: 16 }} wrap>
        {access.has(RED_ACTIVITY_CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            添加印记
          </Button>
        )}
        {access.has(RED_ACTIVITY_CODES.remove) && (
          <Button danger disabled={!selected.length} onClick={removeSelected}>
            移除
          </Button>
        )}
        {access.has(RED_ACTIVITY_CODES.assignMaker) && (
          <Button disabled={!selected.length} onClick={() => setMakerFor(selected)}>
            指定打点员
          </Button>
        )}
        <Button onClick={() => navigate(`/bbh/redmark/map?activityId=${activityId}`)}>查看地图</Button>
        {canSort && <span style={{ color: "#999" }}>拖动行首图标或修改序号调整顺序</span>}
      </Space>
      <SortableTable<MarkEntry>
        sortable={canSort}
        onSort={sort}
        dataSource={rows}
        loading={loading}
        size="middle"
        pagination={false}
        className="rm-mark-table"
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        columns={[
          {
            title: "序号",
            dataIndex: "sortNo",
            width: 90,
            render: (v: number, r) =>
              canSort ? <InputNumber key={`${r.id}-${v}`} size="small" min={1} max={rows.length} defaultValue={v} style={{ width: 64 }} aria-label={`${r.markName}序号`} onBlur={(e) => setNumber(r, Number(e.target.value))} onPressEnter={(e) => setNumber(r, Number((e.target as HTMLInputElement).value))} /> : v,
          },
          { title: "缩略图", dataIndex: "thumbImage", width: 90, render: (v: string | null, r) => (v || r.coverImage ? <Image src={fileUrl(v || r.coverImage)} width={60} height={40} style={{ objectFit: "cover" }} alt="缩略图" /> : "—") },
          { title: "印记名称", dataIndex: "markName", render: (v: string, r) => (r.customName ? <>{r.customName}<div style={{ color: "#999", fontSize: 12 }}>{v}</div></> : v) },
          { title: "地址", dataIndex: "address", ellipsis: true },
          { title: "起点", dataIndex: "isStart", width: 70, render: (v: number, r) => <Switch size="small" checked={v === 1} disabled={!canEdit} onChange={(c) => edit(r, { isStart: c ? 1 : 0 })} /> },
          { title: "终点", dataIndex: "isEnd", width: 70, render: (v: number, r) => <Switch size="small" checked={v === 1} disabled={!canEdit} onChange={(c) => edit(r, { isEnd: c ? 1 : 0 })} /> },
          { title: "必经", dataIndex: "isRequired", width: 70, render: (v: number, r) => <Switch size="small" checked={v === 1} disabled={!canEdit} onChange={(c) => edit(r, { isRequired: c ? 1 : 0 })} /> },
          { title: "任务数", dataIndex: "taskCount", width: 80 },
          { title: "打点员", dataIndex: "uploadNickname", width: 120, render: (v?: string) => v ?? "—" },
          { title: "发布状态", dataIndex: "publishStatus", width: 100, render: (v: number, r) => <Tag color={v === 1 ? PUBLISH_COLORS["1"] : "red"}>{r.publishStatus_dictText ?? v}</Tag> },
        ]}
      />
      <AddMarksDialog activityId={activityId} open={adding} onClose={(added) => (setAdding(false), added && void load())} />
      <MakerDialog activityId={activityId} ids={makerFor} onClose={(done) => (setMakerFor(undefined), done && void load())} />
    </Card>
  );
}
