import { PlusOutlined } from "@ant-design/icons";
import { useTable } from "@refinedev/antd";
import { App, Button, Card, Drawer, Form, Popconfirm, Select, Space, Table, Tag, Tooltip, TreeSelect } from "antd";
import { useState } from "react";

import { useAccess } from "../../../kit/auth";
import { actionColumn } from "../../../kit/action-column";
import { useDictOptions } from "../../../kit/dict";
import { ExcelButtons } from "../../../kit/excel-buttons";
import type { PageProps } from "../../../kit/page";
import { SearchForm, searchFilters, type SearchField } from "../../../kit/search-form";
import { useApi } from "../../../kit/use-api";
import { FORM_VALIDATE_TRIGGER } from "../../../kit/validators";
import { errorNotification } from "../../../providers/data-provider";
import { QuestionImport } from "./import-button";
import { QuestionFields, questionToBody, questionToForm, toTree, type QuestionFormValues, type QuestionRow } from "./question-form";
import { useQuestionPickers } from "./pickers";
import { QUESTION_API, QUESTION_CODES, QUESTION_RESOURCE } from "./resource";

type Failure = { message?: string; notified?: boolean };

const STATUS_COLORS: Record<number, string> = { 1: "green", 0: "default" };

/** 题目 (`/bbh/api/question`, domain.md §7.3): search, a drawer form that follows the answer type, 启用/停用, Excel. */
export default function QuestionListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<QuestionFormValues>();
  const answerTypes = useDictOptions("bbh_answer_type");
  const difficulties = useDictOptions("bbh_difficulty");
  const statuses = useDictOptions("bbh_enable_status");
  const { types, marks, tags } = useQuestionPickers();
  const [editing, setEditing] = useState<{ open: boolean; record?: QuestionRow }>({ open: false });
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);

  const search: SearchField[] = [
    { name: "content", label: "题干" },
    { name: "typeId", label: "分类", exact: true, input: <TreeSelect allowClear treeData={toTree(types)} treeDefaultExpandAll placeholder="请选择分类（含下级）" /> },
    { name: "answerType", label: "题型", exact: true, input: <Select allowClear options={answerTypes} placeholder="请选择题型" /> },
    { name: "difficulty", label: "难度", exact: true, input: <Select allowClear options={difficulties} placeholder="请选择难度" /> },
    { name: "qStatus", label: "状态", exact: true, input: <Select allowClear options={statuses} placeholder="请选择状态" /> },
    ...(tags.length ? [{ name: "tagId", label: "标签", exact: true, input: <Select allowClear options={tags} placeholder="请选择标签" /> }] : []),
    ...(marks.length ? [{ name: "redMarkId", label: "关联印记", exact: true, input: <Select allowClear showSearch optionFilterProp="label" options={marks} placeholder="请选择印记" /> }] : []),
  ];
  const { tableProps, searchFormProps, filters, sorters, tableQuery } = useTable<QuestionRow>({
    resource: QUESTION_RESOURCE,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: [{ field: "createTime", order: "desc" }] },
    onSearch: (values) => searchFilters(search, values as Record<string, unknown>),
    errorNotification,
  });
  const reload = () => tableQuery.refetch();
  const warn = (error: unknown, fallback: string) => {
    const failure = error as Failure;
    if (!failure.notified) message.warning(failure.message || fallback);
  };

  const open = async (record?: QuestionRow) => {
    form.resetFields();
    setEditing({ open: true, record });
    if (!record) return form.setFieldsValue(questionToForm());
    const full = await api.get<QuestionRow>(`${QUESTION_API}/queryById`, { id: record.id }).catch(() => record);
    form.setFieldsValue(questionToForm(full));
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = questionToBody(form.getFieldsValue(true) as QuestionFormValues);
    setSaving(true);
    try {
      if (editing.record) {
        await api.put(`${QUESTION_API}/edit`, { ...body, id: editing.record.id });
        message.success("编辑成功!");
      } else {
        await api.post(`${QUESTION_API}/add`, body);
        message.success("添加成功！");
      }
      setEditing({ open: false });
      await reload();
    } catch (error) {
      warn(error, "保存失败");
    } finally {
      setSaving(false);
    }
  };

  const run = async (action: () => Promise<unknown>, success: string) => {
    try {
      const answer = (await action()) as { message?: string } | undefined;
      message.success(answer?.message || success);
      setSelected([]);
      await reload();
    } catch (error) {
      // Refusals (e.g. a random-draw task would run short) are shown in full.
      const failure = error as Failure;
      if (!failure.notified) modal.warning({ title: "操作未完成", content: failure.message || "操作失败", okText: "知道了" });
    }
  };
  const setStatus = (ids: string[], qStatus: 0 | 1) => run(() => api.envelope("put", `${QUESTION_API}/updateStatus`, { payload: { ids, qStatus } }), qStatus === 1 ? "启用成功" : "停用成功");
  const remove = (ids: string[]) => run(() => api.del(ids.length === 1 ? `${QUESTION_API}/delete` : `${QUESTION_API}/deleteBatch`, ids.length === 1 ? { id: ids[0] } : { ids: ids.join(",") }), "删除成功!");

  return (
    <Card title={route.title}>
      <SearchForm formProps={searchFormProps} fields={search} />
      <Space style={{ marginBottom: 16 }} wrap>
        {access.has(QUESTION_CODES.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void open()}>
            新增
          </Button>
        )}
        <ExcelButtons base={QUESTION_API} title="题目" filters={filters} sorters={sorters} selections={selected} exportCode={QUESTION_CODES.export} onImported={() => void reload()} />
        {access.has(QUESTION_CODES.import) && <QuestionImport apiBase={QUESTION_API} onImported={() => void reload()} />}
        {selected.length > 0 && access.has(QUESTION_CODES.edit) && (
          <>
            <Button onClick={() => void setStatus(selected, 1)}>批量启用</Button>
            <Button onClick={() => void setStatus(selected, 0)}>批量停用</Button>
          </>
        )}
        {selected.length > 0 && access.has(QUESTION_CODES.deleteBatch) && (
          <Button danger onClick={() => modal.confirm({ title: "确认删除", content: `是否删除选中的 ${selected.length} 道题目?`, okText: "确定", cancelText: "取消", onOk: () => remove(selected) })}>
            批量删除
          </Button>
        )}
      </Space>
      <Table<QuestionRow>
        {...tableProps}
        rowKey="id"
        size="middle"
        scroll={{ x: 1300 }}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
        columns={[
          {
            title: "题干",
            dataIndex: "content",
            ellipsis: { showTitle: false },
            render: (v: string) => (
              <Tooltip title={v} placement="topLeft">
                {v}
              </Tooltip>
            ),
          },
          { title: "题型", dataIndex: "answerType", sorter: true, width: 80, render: (_: number, r) => r.answerType_dictText ?? r.answerType },
          { title: "分类", dataIndex: "typeName", width: 150 },
          { title: "难度", dataIndex: "difficulty", sorter: true, width: 80, render: (_: number, r) => r.difficulty_dictText ?? r.difficulty },
          { title: "分值", dataIndex: "score", sorter: true, width: 70 },
          { title: "关联印记", dataIndex: "redMarkName", width: 140, render: (v?: string | null) => v ?? "—" },
          { title: "标签", dataIndex: "tagNames", width: 120, render: (v?: string | null) => (v ? v.split(",").map((t) => <Tag key={t}>{t}</Tag>) : "—") },
          { title: "使用次数", dataIndex: "useCount", sorter: true, width: 100, render: (v?: number | null) => v ?? 0 },
          { title: "正确率", dataIndex: "correctRate", sorter: true, width: 90, render: (v?: number | null) => (v === null || v === undefined ? "—" : `${v}%`) },
          { title: "状态", dataIndex: "qStatus", sorter: true, width: 80, render: (v: number, r) => <Tag color={STATUS_COLORS[v]}>{r.qStatus_dictText ?? v}</Tag> },
          actionColumn<QuestionRow>({
            rows: tableProps.dataSource,
            fixed: "right",
            links: (record) => [
              access.has(QUESTION_CODES.edit) && <a key="edit" onClick={() => void open(record)}>编辑</a>,
              access.has(QUESTION_CODES.edit) &&
                (record.qStatus === 1 ? <a key="off" onClick={() => void setStatus([record.id], 0)}>停用</a> : <a key="on" onClick={() => void setStatus([record.id], 1)}>启用</a>),
              access.has(QUESTION_CODES.delete) && (
                <Popconfirm key="delete" title="确定删除该题目吗?" okText="确定" cancelText="取消" onConfirm={() => remove([record.id])}>
                  <a>删除</a>
                </Popconfirm>
              ),
            ],
          }),
        ]}
        pagination={tableProps.pagination && { ...tableProps.pagination, showSizeChanger: true, pageSizeOptions: ["10", "20", "30"], showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条` }}
      />
      <Drawer
        title={editing.record ? "编辑题目" : "新增题目"}
        open={editing.open}
        width={760}
        onClose={() => setEditing({ open: false })}
        forceRender
        extra={
          <Space>
            <Button onClick={() => setEditing({ open: false })}>取消</Button>
            <Button type="primary" loading={saving} onClick={() => void save()}>
              确定
            </Button>
          </Space>
        }
      >
        <Form form={form} layout="vertical" name={`${QUESTION_RESOURCE}-form`} validateTrigger={FORM_VALIDATE_TRIGGER}>
          <QuestionFields types={types} marks={marks} tags={tags} />
        </Form>
      </Drawer>
    </Card>
  );
}
