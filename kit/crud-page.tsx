import { useTable } from "@refinedev/antd";
import { useSubscription, type BaseRecord, type CrudFilters } from "@refinedev/core";
import { Alert, App, Button, Card, Form, Modal, Popconfirm, Space, Table, type FormInstance, type TableColumnsType, type TableProps } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";

import { errorNotification } from "../providers/data-provider";
import { useAccess } from "./auth";
import { actionColumn as actionColumnOf } from "./action-column";
import { ExcelButtons } from "./excel-buttons";
import { useAction, useApi, type Api } from "./use-api";
import { SearchForm, searchFilters, type SearchField } from "./search-form";
import { FORM_VALIDATE_TRIGGER } from "./validators";

export interface CrudCodes {
  add?: string;
  edit?: string;
  delete?: string;
  deleteBatch?: string;
  export?: string;
  import?: string;
}

export interface CrudPageProps<R extends BaseRecord> {
  title: string;
  resource: string;
  apiBase: string;
  columns: TableColumnsType<R>;
  search: SearchField[];
  codes: CrudCodes;
  /** The form's items; `record` is the row being edited (undefined when adding). */
  form: (ctx: { record?: R; api: Api; form: FormInstance }) => ReactNode;
  toForm?: (record: R) => Record<string, unknown>;
  toBody?: (values: Record<string, unknown>, record?: R) => Record<string, unknown>;
  rowActions?: (record: R) => ReactNode[];
  toolbar?: ReactNode;
  modalWidth?: number;
  /** Extra query parameters of every list request (e.g. a parent id). */
  permanentFilters?: CrudFilters;
  onRow?: TableProps<R>["onRow"];
  rowClassName?: TableProps<R>["rowClassName"];
  /** A table with more columns than a 1440 px window holds scrolls sideways instead of squeezing them (`"max-content"`). */
  scrollX?: number | "max-content";
  excelTitle?: string;
  /** The sort before the user picks one (default 创建时间 newest first); `[]` leaves it to the server's default. */
  initialSorters?: Array<{ field: string; order: "asc" | "desc" }>;
}

/** A JeecgBoot list page: search, table with sort and paging, add/edit modal, delete, batch delete, Excel. */
export function CrudPage<R extends BaseRecord & { id?: string }>(props: CrudPageProps<R>) {
  const access = useAccess();
  const api = useApi();
  const act = useAction(props.resource);
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ open: boolean; record?: R }>({ open: false });
  const [saving, setSaving] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = useTable<R>({
    resource: props.resource,
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { initial: props.initialSorters ?? [{ field: "createTime", order: "desc" }] },
    filters: { permanent: props.permanentFilters },
    onSearch: (values) => searchFilters(props.search, values as Record<string, unknown>),
    errorNotification,
  });

  // Live mode "manual" for the form: the list refreshes by itself, a record being edited only says 有更新.
  const [changedElsewhere, setChangedElsewhere] = useState(false);
  const watched = useRef<{ id?: string; saving: boolean }>({ saving: false });
  watched.current.id = editing.open ? editing.record?.id : undefined;
  useSubscription({
    channel: `resources/${props.resource}`,
    types: ["*"],
    enabled: editing.open && Boolean(editing.record),
    params: { meta: { apiBase: props.apiBase } },
    onLiveEvent: (event) => {
      const { id, saving: ownSave } = watched.current;
      if (id && !ownSave && (event.payload.ids ?? []).map(String).includes(id)) setChangedElsewhere(true);
    },
  });
  const reloadEdited = async () => {
    const id = editing.record?.id;
    if (!id) return;
    const latest = await api.get<R>(`${props.apiBase}/queryById`, { id }).catch(() => null);
    if (latest) form.setFieldsValue(props.toForm ? props.toForm(latest) : latest);
    setChangedElsewhere(false);
  };

  useEffect(() => {
    setChangedElsewhere(false);
    if (!editing.open) return;
    form.resetFields();
    if (editing.record) form.setFieldsValue(props.toForm ? props.toForm(editing.record) : editing.record);
  }, [editing, form]);

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = props.toBody ? props.toBody(values, editing.record) : values;
    setSaving(true);
    watched.current.saving = true;
    try {
      if (editing.record) await api.put(`${props.apiBase}/edit`, { ...body, id: editing.record.id });
      else await api.post(`${props.apiBase}/add`, body);
      message.success(editing.record ? "编辑成功!" : "添加成功！");
      setEditing({ open: false });
      await tableQuery.refetch();
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
    } finally {
      setSaving(false);
      watched.current.saving = false;
    }
  };

  const remove = (id: string) => act(() => api.del(`${props.apiBase}/delete`, { id }), "删除成功!");
  const removeSelected = () =>
    modal.confirm({
      title: "确认删除",
      content: `是否删除选中的 ${selected.length} 条数据?`,
      okText: "确定",
      cancelText: "取消",
      onOk: async () => {
        if (await act(() => api.del(`${props.apiBase}/deleteBatch`, { ids: selected.join(",") }), "删除成功!")) setSelected([]);
      },
    });

  const actionColumn = actionColumnOf<R>({
    rows: tableProps.dataSource,
    // A table that scrolls sideways keeps its links in view.
    fixed: props.scrollX === undefined ? undefined : "right",
    links: (record) => [
      props.codes.edit && access.has(props.codes.edit) && <a key="edit" onClick={() => setEditing({ open: true, record })}>编辑</a>,
      ...(props.rowActions?.(record) ?? []),
      props.codes.delete && access.has(props.codes.delete) && (
        <Popconfirm key="delete" title="确定删除吗?" onConfirm={() => remove(String(record.id))} okText="确定" cancelText="取消">
          <a>删除</a>
        </Popconfirm>
      ),
    ],
  });

  // A read-only list (no edit or delete granted, no row actions: 成绩, 小组成绩) has no 操作 column to leave empty.
  const hasRowLinks = Boolean(
    (props.codes.edit && access.has(props.codes.edit)) || (props.codes.delete && access.has(props.codes.delete)) || props.rowActions,
  );

  // Rows are selectable only where a selection is used (export of the chosen rows, batch delete); the tool row
  // takes no space when it holds nothing.
  const selectable = Boolean(props.codes.export || props.codes.deleteBatch);
  const hasTools = Boolean((props.codes.add && access.has(props.codes.add)) || props.codes.export || props.toolbar || selected.length > 0);
  return (
    <Card title={props.title}>
      <SearchForm formProps={searchFormProps} fields={props.search} />
      <Space style={{ marginBottom: hasTools ? 16 : 0 }} wrap>
        {props.codes.add && access.has(props.codes.add) && (
          <Button type="primary" onClick={() => setEditing({ open: true })}>
            新增
          </Button>
        )}
        {props.codes.export && (
          <ExcelButtons
            base={props.apiBase}
            title={props.excelTitle ?? props.title}
            filters={filters}
            sorters={sorters}
            selections={selected}
            exportCode={props.codes.export}
            importCode={props.codes.import}
            onImported={() => tableQuery.refetch()}
          />
        )}
        {props.toolbar}
        {selected.length > 0 && props.codes.deleteBatch && access.has(props.codes.deleteBatch) && <Button danger onClick={removeSelected}>批量删除</Button>}
      </Space>
      <Table<R>
        {...tableProps}
        rowKey="id"
        size="middle"
        onRow={props.onRow}
        rowClassName={props.rowClassName}
        scroll={props.scrollX === undefined ? undefined : { x: props.scrollX }}
        rowSelection={selectable ? { fixed: props.scrollX !== undefined, selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) } : undefined}
        columns={hasRowLinks ? [...props.columns, actionColumn] : props.columns}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: true,
            pageSizeOptions: ["10", "20", "30"],
            showTotal: (total, [from, to]) => `${from}-${to} 共 ${total} 条`,
          }
        }
      />
      <Modal
        title={editing.record ? "编辑" : "新增"}
        open={editing.open}
        width={props.modalWidth ?? 800}
        onCancel={() => setEditing({ open: false })}
        onOk={save}
        confirmLoading={saving}
        okText="确定"
        cancelText="取消"
        forceRender
      >
        {changedElsewhere && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message="有更新"
            description="该记录已被他人修改，继续保存将覆盖对方的修改。"
            action={
              <Button size="small" onClick={() => void reloadEdited()}>
                载入最新
              </Button>
            }
          />
        )}
        <Form form={form} layout="vertical" name={`${props.resource}-form`} validateTrigger={FORM_VALIDATE_TRIGGER}>
          {props.form({ record: editing.record, api, form })}
        </Form>
      </Modal>
    </Card>
  );
}
