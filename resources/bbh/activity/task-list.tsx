import { PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Col, Empty, Form, Input, InputNumber, Modal, Popconfirm, QRCode, Row, Select, Space, Tag, TreeSelect, Typography } from "antd";
import { useCallback, useEffect, useRef, useState } from "react";

import { taskLimits } from "../../../contract/bbh-limits";
import { useAccess } from "../../../kit/auth";
import { ActionLinks } from "../../../kit/action-column";
import { ExcelButtons } from "../../../kit/excel-buttons";
import { useDictOptions } from "../../../kit/dict";
import type { PageProps } from "../../../kit/page";
import { useApi } from "../../../kit/use-api";
import { FORM_VALIDATE_TRIGGER, limitRules } from "../../../kit/validators";
import { SortableTable } from "../../../kit/sortable-table";
import { ActivitySelect, RichTextInput, asCode, asNumber, queryParam } from "./common";
import { ACTIVITY_API, RED_ACTIVITY_API, TASK_API, TASK_CODES } from "./resource";

export interface TaskRow {
  id: string;
  activityId: string;
  redMarkId?: string | null;
  taskName: string;
  taskType: number;
  taskType_dictText?: string;
  judgeMode_dictText?: string;
  score: number;
  isRequired: number;
  preTaskId?: string | null;
  taskStatus: number;
  sortNo: number;
  autoCreated?: number;
  [key: string]: unknown;
}

type Failure = { message?: string; notified?: boolean };
const CODE_FIELDS = ["taskType", "judgeMode", "isRequired", "needLocation", "questionMode", "taskStatus"];
const NUMBER_FIELDS = ["score", "checkinRadius", "questionCount", "passCorrectCount", "timeLimitSeconds", "minPhotoCount", "maxPhotoCount", "minTextLength", "maxVideoSeconds", "studySeconds", "maxSubmitTimes"];

/** A QR code drawn by antd's QRCode (canvas), downloadable as PNG. */
function TaskQrDialog({ task, onClose }: { task?: TaskRow; onClose: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [content, setContent] = useState<string>();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    setContent(undefined);
    if (!task) return;
    api.get<{ content: string }>(`${TASK_API}/qrCode`, { id: task.id }).then(
      (r) => setContent(r.content),
      (error: Failure) => {
        if (!error.notified) message.warning(error.message || "获取二维码失败");
        onClose();
      },
    );
  }, [task]);
  const download = () => {
    const canvas = box.current?.querySelector("canvas");
    if (!canvas) return;
    const link = document.createElement("a");
    link.href = canvas.toDataURL("image/png");
    link.download = `${task?.taskName ?? "任务"}-二维码.png`;
    link.click();
  };
  return (
    <Modal title={`任务二维码 · ${task?.taskName ?? ""}`} open={Boolean(task)} onCancel={onClose} footer={<Space><Button onClick={onClose}>关闭</Button><Button type="primary" disabled={!content} onClick={download}>下载二维码</Button></Space>}>
      <div ref={box} style={{ display: "flex", flexDirection: "column", alignItems: "center", gap: 12 }}>
        <QRCode value={content ?? "-"} status={content ? "active" : "loading"} size={240} errorLevel="M" />
        <Typography.Text type="secondary" copyable={content ? { text: content } : false}>
          {content ?? "加载中…"}
        </Typography.Text>
      </div>
    </Modal>
  );
}

/** Fixed questions of a quiz task, picked from the question bank in order. */
function QuestionsDialog({ task, onClose }: { task?: TaskRow; onClose: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [ids, setIds] = useState<string[]>([]);
  const [labels, setLabels] = useState<Record<string, string>>({});
  const [found, setFound] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  type Question = { id: string; content: string; answerType_dictText?: string };
  const remember = (rows: Question[]) => setLabels((prev) => ({ ...prev, ...Object.fromEntries(rows.map((q) => [q.id, `${q.answerType_dictText ? `【${q.answerType_dictText}】` : ""}${q.content}`])) }));
  // Enabled questions of the bank whose stem contains the text (题目 list, `*x*`).
  const search = (text?: string) =>
    api.get<{ records: Question[] }>("/bbh/api/question/list", { qStatus: 1, pageSize: 30, ...(text?.trim() ? { content: `*${text.trim()}*` } : {}) }).then(
      (page) => (remember(page.records ?? []), setFound((page.records ?? []).map((q) => q.id))),
      () => undefined,
    );
  useEffect(() => {
    setIds([]);
    if (!task) return;
    void search();
    api.get<Array<{ questionId: string }>>(`${TASK_API}/queryQuestions`, { taskId: task.id }).then((rows) => {
      const chosen = rows.map((r) => r.questionId);
      setIds(chosen);
      void Promise.all(chosen.map((id) => api.get<Question>("/bbh/api/question/queryById", { id }).catch(() => null))).then((qs) => remember(qs.filter((q): q is Question => Boolean(q))));
    }, () => undefined);
  }, [task]);
  const save = async () => {
    if (!task) return;
    setSaving(true);
    try {
      await api.post(`${TASK_API}/saveQuestions`, { taskId: task.id, questions: ids.map((questionId) => ({ questionId })) });
      message.success("保存成功");
      onClose();
    } catch (error) {
      const failure = error as Failure;
      if (!failure.notified) message.warning(failure.message || "保存失败");
    } finally {
      setSaving(false);
    }
  };
  const options = [...new Set([...ids, ...found])].map((id) => ({ value: id, label: labels[id] ?? id }));
  return (
    <Modal title={`固定题目 · ${task?.taskName ?? ""}`} open={Boolean(task)} onCancel={onClose} onOk={save} confirmLoading={saving} okText="保存" cancelText="取消" width={640}>
      <p style={{ color: "#999" }}>按出题顺序选择题库中启用的题目，输入题干关键字搜索。</p>
      <Select mode="multiple" value={ids} onChange={setIds} style={{ width: "100%" }} placeholder="搜索题干" showSearch filterOption={false} onSearch={(text) => void search(text)} options={options} aria-label="固定题目" />
      <div style={{ marginTop: 8 }}>共 {ids.length} 题</div>
    </Modal>
  );
}

/** 抽题分类: the enabled categories of the question bank (a draw takes sub-categories too). */
function QuestionTypeSelect(props: { value?: string; onChange?: (v?: string) => void }) {
  const api = useApi();
  type Node = { title: string; value: string; children?: Node[] | null };
  const [tree, setTree] = useState<Node[]>([]);
  useEffect(() => {
    const strip = (nodes: Node[]): Node[] => nodes.map((n) => ({ title: n.title, value: n.value, children: n.children?.length ? strip(n.children) : undefined }));
    api.get<Node[]>("/bbh/api/questionType/loadTreeData", { async: false, onlyEnabled: true }).then((rows) => setTree(Array.isArray(rows) ? strip(rows) : []), () => undefined);
  }, [api]);
  return <TreeSelect allowClear treeDefaultExpandAll treeData={tree as never} placeholder="不选则从整个题库抽取" {...props} />;
}

/** The task form's fields; the type drives which settings show (domain.md §7.1). */
function TaskFields({ marks, tasks, editingId }: { marks: Array<{ value: string; label: string }>; tasks: TaskRow[]; editingId?: string }) {
  const types = useDictOptions("bbh_task_type");
  const judge = useDictOptions("bbh_judge_mode");
  const yn = useDictOptions("bbh_yn");
  const modes = useDictOptions("bbh_question_mode");
  const enable = useDictOptions("bbh_enable_status");
  const form = Form.useFormInstance();
  const type = Form.useWatch("taskType", form);
  const questionMode = Form.useWatch("questionMode", form);
  const cell = (node: React.ReactNode, span = 12) => <Col span={span}>{node}</Col>;
  const num = (label: string, name: string, min: number, max: number) => cell(<Form.Item label={label} name={name}><InputNumber min={min} max={max} style={{ width: "100%" }} /></Form.Item>);
  return (
    <Row gutter={16}>
      {cell(<Form.Item label="任务名称" name="taskName" rules={limitRules(taskLimits.taskName)}><Input placeholder="请输入任务名称" /></Form.Item>)}
      {cell(<Form.Item label="任务类型" name="taskType" rules={[{ required: true, message: "请选择任务类型" }]}><Select options={types} placeholder="请选择任务类型" /></Form.Item>)}
      {cell(<Form.Item label="所在印记" name="redMarkId"><Select allowClear options={marks} placeholder={marks.length ? "请选择印记" : "本活动暂无印记"} /></Form.Item>)}
      {cell(<Form.Item label="判定方式" name="judgeMode" extra="不选则按任务类型默认"><Select allowClear options={judge} placeholder="默认" /></Form.Item>)}
      {num("分值", "score", 0, 100000)}
      {cell(<Form.Item label="是否必做" name="isRequired" initialValue="1"><Select options={yn} /></Form.Item>)}
      {cell(<Form.Item label="前置任务" name="preTaskId"><Select allowClear options={tasks.filter((t) => t.id !== editingId).map((t) => ({ value: t.id, label: t.taskName }))} placeholder="无" /></Form.Item>)}
      {cell(<Form.Item label="任务状态" name="taskStatus" initialValue="1"><Select options={enable} /></Form.Item>)}
      {(type === "1" || type === "2") && num("打卡半径（米）", "checkinRadius", 10, 5000)}
      {cell(<Form.Item label="需在现场" name="needLocation" initialValue="0"><Select options={yn} /></Form.Item>)}
      {type === "3" && (
        <>
          {cell(<Form.Item label="出题方式" name="questionMode" initialValue="1"><Select options={modes} /></Form.Item>)}
          {questionMode === "2" && cell(<Form.Item label="抽题分类" name="questionTypeId" extra="含下级分类中启用的题目"><QuestionTypeSelect /></Form.Item>)}
          {questionMode === "2" && num("抽题数量", "questionCount", 1, 500)}
          {num("答对几题通过", "passCorrectCount", 0, 500)}
          {num("答题限时（秒）", "timeLimitSeconds", 0, 86400)}
        </>
      )}
      {type === "4" && (
        <>
          {num("最少照片数", "minPhotoCount", 0, 9)}
          {num("最多照片数", "maxPhotoCount", 1, 9)}
        </>
      )}
      {type === "5" && num("最少字数", "minTextLength", 0, 10000)}
      {type === "6" && num("视频最长秒数", "maxVideoSeconds", 1, 3600)}
      {type === "7" && num("最少停留（秒）", "studySeconds", 0, 86400)}
      {num("最多提交次数", "maxSubmitTimes", 1, 100)}
      <Col span={24}>
        <Form.Item label="任务说明" name="taskDesc">
          <RichTextInput />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** 任务管理: the tasks of one activity, drag-sorted (changeTaskSort), with fixed questions and QR codes. */
export default function ActivityTaskListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const [activityId, setActivityId] = useState(() => queryParam("activityId"));
  const [activity, setActivity] = useState<{ activityName: string; activityType: number }>();
  const [rows, setRows] = useState<TaskRow[]>([]);
  const [marks, setMarks] = useState<Array<{ value: string; label: string }>>([]);
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ open: boolean; record?: TaskRow }>({ open: false });
  const [saving, setSaving] = useState(false);
  const [qr, setQr] = useState<TaskRow>();
  const [questions, setQuestions] = useState<TaskRow>();
  const [form] = Form.useForm();
  const warn = (error: unknown, fallback: string) => {
    const failure = error as Failure;
    if (!failure.notified) message.warning(failure.message || fallback);
  };

  const load = useCallback(async () => {
    if (!activityId) return;
    setLoading(true);
    try {
      const page = await api.get<{ records: TaskRow[] }>(`${TASK_API}/list`, { activityId, pageNo: 1, pageSize: 1000, column: "sortNo", order: "asc" });
      setRows(page.records);
    } catch (error) {
      warn(error, "加载失败");
    } finally {
      setLoading(false);
    }
  }, [api, activityId]);

  useEffect(() => {
    setRows([]);
    setActivity(undefined);
    setMarks([]);
    if (!activityId) return;
    void load();
    api.get<{ activityName: string; activityType: number }>(`${ACTIVITY_API}/queryById`, { id: activityId }).then((a) => {
      setActivity(a);
      if (a.activityType === 2)
        api.get<Array<{ redMarkId: string; markName: string; customName?: string }>>(`${RED_ACTIVITY_API}/redMarkSortAll`, { activityId }).then(
          (list) => setMarks(list.map((m) => ({ value: m.redMarkId, label: m.customName || m.markName }))),
          () => undefined,
        );
    }, () => undefined);
  }, [activityId]);

  const sort = async (ids: string[]) => {
    const before = rows;
    setRows(ids.map((id) => rows.find((r) => r.id === id)!).map((r, i) => ({ ...r, sortNo: i + 1 })));
    try {
      await api.put(`${TASK_API}/changeTaskSort`, { activityId, taskIds: ids });
      message.success("排序成功");
    } catch (error) {
      setRows(before);
      warn(error, "排序失败");
    }
    await load();
  };

  const open = (record?: TaskRow) => {
    form.resetFields();
    if (record) {
      const values: Record<string, unknown> = { ...record };
      for (const f of CODE_FIELDS) values[f] = asCode(record[f]);
      form.setFieldsValue(values);
    }
    setEditing({ open: true, record });
  };
  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body: Record<string, unknown> = { ...values, activityId };
    for (const f of CODE_FIELDS) body[f] = asNumber(values[f]) ?? undefined;
    for (const f of NUMBER_FIELDS) body[f] = asNumber(values[f]);
    setSaving(true);
    try {
      if (editing.record) await api.put(`${TASK_API}/edit`, { ...body, id: editing.record.id });
      else await api.post(`${TASK_API}/add`, body);
      message.success(editing.record ? "编辑成功!" : "添加成功！");
      setEditing({ open: false });
      await load();
    } catch (error) {
      warn(error, "保存失败");
    } finally {
      setSaving(false);
    }
  };
  const remove = async (id: string) => {
    try {
      await api.del(`${TASK_API}/delete`, { id });
      message.success("删除成功!");
      await load();
    } catch (error) {
      warn(error, "删除失败");
    }
  };

  const markName = (id?: string | null) => (id ? (marks.find((m) => m.value === id)?.label ?? "—") : "—");
  const canSort = access.has(TASK_CODES.sort);
  return (
    <Card
      title={route.title + (activity ? ` · ${activity.activityName}` : "")}
      extra={
        <Space>
          <span>活动：</span>
          <ActivitySelect value={activityId} onChange={(v) => setActivityId(v as string)} style={{ width: 300 }} />
        </Space>
      }
    >
      {!activityId ? (
        <Empty description="请先选择活动" />
      ) : (
        <>
          <Space style={{ marginBottom: 16 }}>
            {access.has(TASK_CODES.add) && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open()}>
                新增任务
              </Button>
            )}
            <ExcelButtons
              base={TASK_API}
              title={`${activity?.activityName ?? ""}任务`}
              filters={[{ field: "activityId", operator: "eq", value: activityId }]}
              sorters={[{ field: "sortNo", order: "asc" }]}
              exportCode={TASK_CODES.export}
              importCode={TASK_CODES.import}
              importQuery={{ activityId }}
              templateName="任务导入模板"
              onImported={() => void load()}
            />
            {canSort && <span style={{ color: "#999" }}>拖动行首图标调整任务顺序</span>}
          </Space>
          <SortableTable<TaskRow>
            sortable={canSort}
            onSort={(ids) => void sort(ids)}
            dataSource={rows}
            loading={loading}
            size="middle"
            pagination={false}
            className="rm-task-table"
            columns={[
              { title: "序号", dataIndex: "sortNo", width: 70 },
              { title: "任务名称", dataIndex: "taskName", render: (v: string, r) => <>{v}{r.autoCreated === 1 && <Tag style={{ marginLeft: 8 }}>自动</Tag>}</> },
              { title: "类型", dataIndex: "taskType_dictText", width: 100 },
              { title: "所在印记", dataIndex: "redMarkId", render: markName },
              { title: "分值", dataIndex: "score", width: 70 },
              { title: "必做", dataIndex: "isRequired", width: 70, render: (v: number) => (v === 1 ? "是" : "否") },
              { title: "判定方式", dataIndex: "judgeMode_dictText", width: 100 },
              { title: "前置任务", dataIndex: "preTaskId", render: (v?: string) => rows.find((r) => r.id === v)?.taskName ?? "—" },
              { title: "状态", dataIndex: "taskStatus", width: 80, render: (v: number) => <Tag color={v === 1 ? "green" : "default"}>{v === 1 ? "启用" : "停用"}</Tag> },
              {
                title: "操作",
                key: "action",
                width: 240,
                align: "center",
                render: (_: unknown, r: TaskRow) => (
                  <ActionLinks
                    links={[
                      access.has(TASK_CODES.edit) && <a key="edit" onClick={() => open(r)}>编辑</a>,
                      r.taskType === 3 && access.has(TASK_CODES.edit) && <a key="q" onClick={() => setQuestions(r)}>题目</a>,
                      r.taskType === 2 && access.has(TASK_CODES.qrCode) && <a key="qr" onClick={() => setQr(r)}>二维码</a>,
                      access.has(TASK_CODES.delete) && (
                        <Popconfirm key="delete" title="确定删除吗?" onConfirm={() => remove(r.id)} okText="确定" cancelText="取消">
                          <a>删除</a>
                        </Popconfirm>
                      ),
                    ]}
                  />
                ),
              },
            ]}
          />
        </>
      )}
      <Modal title={editing.record ? "编辑任务" : "新增任务"} open={editing.open} width={820} onCancel={() => setEditing({ open: false })} onOk={save} confirmLoading={saving} okText="确定" cancelText="取消" forceRender>
        <Form form={form} layout="vertical" name="bbh-task-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <TaskFields marks={marks} tasks={rows} editingId={editing.record?.id} />
        </Form>
      </Modal>
      <TaskQrDialog task={qr} onClose={() => setQr(undefined)} />
      <QuestionsDialog task={questions} onClose={() => setQuestions(undefined)} />
    </Card>
  );
}
