import { useCustom } from "@refinedev/core";
import { App, Button, Drawer, Form, Input, InputNumber, Modal, Popconfirm, Radio, Table, Tag } from "antd";
import { useState } from "react";

import { errorNotification } from "../../../providers/data-provider";
import { local, StorageKeys } from "../../../providers/storage";
import { useAccess } from "../../../kit/auth";
import type { PageProps } from "../../../kit/page";
import { actionColumn } from "../../../kit/action-column";
import { CrudPage } from "../../../kit/crud-page";
import { useApi } from "../../../kit/use-api";
import { dictItemLimits, dictLimits } from "../../../contract/limits";
import { duplicateRule, FORM_VALIDATE_TRIGGER, limitRules, serverRule } from "../../../kit/validators";
import { DICT_CODES, DICT_RESOURCE } from "./resource";

interface DictRow {
  id: string;
  dictName: string;
  dictCode: string;
  description: string | null;
  type: number;
}

interface ItemRow {
  id: string;
  dictId: string;
  itemText: string;
  itemValue: string;
  description: string | null;
  sortOrder: number;
  status: number;
}

/** 数据字典: dictionaries, their items, and the cache refresh (server cache and the browser's copy). */
export default function DictListPage({ route }: PageProps) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const [itemsOf, setItemsOf] = useState<DictRow>();

  const refreshCache = async () => {
    try {
      await api.get("/sys/dict/refleshCache");
      local.set(StorageKeys.dictCache, await api.get("/sys/dict/queryAllDictItems"));
      message.success("刷新缓存完成！");
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "刷新缓存失败");
    }
  };

  return (
    <>
      <CrudPage<DictRow>
        title={route.title}
        resource={DICT_RESOURCE}
        apiBase="/sys/dict"
        codes={DICT_CODES}
        search={[{ name: "dictName", label: "字典名称" }, { name: "dictCode", label: "字典编号" }]}
        columns={[
          { title: "字典名称", dataIndex: "dictName", sorter: true },
          { title: "字典编号", dataIndex: "dictCode", sorter: true },
          { title: "描述", dataIndex: "description" },
        ]}
        toolbar={access.has(DICT_CODES.refreshCache) && <Button onClick={refreshCache}>刷新缓存</Button>}
        form={({ record, api: formApi }) => (
          <>
            <Form.Item label="字典名称" name="dictName" rules={limitRules(dictLimits.dictName)}>
              <Input placeholder="请输入字典名称" />
            </Form.Item>
            <Form.Item
              label="字典编码"
              name="dictCode"
              rules={[
                ...limitRules(dictLimits.dictCode),
                duplicateRule(formApi, { tableName: "sys_dict", fieldName: "dict_code", dataId: record?.id }),
              ]}
            >
              <Input placeholder="请输入字典编码" />
            </Form.Item>
            <Form.Item label="字典类型" name="type" initialValue={0}>
              <Radio.Group options={[{ value: 0, label: "字符串" }, { value: 1, label: "数字" }]} />
            </Form.Item>
            <Form.Item label="描述" name="description">
              <Input.TextArea rows={3} />
            </Form.Item>
          </>
        )}
        rowActions={(record) => [
          <a key="items" onClick={() => setItemsOf(record)}>
            字典配置
          </a>,
        ]}
      />
      <DictItemsDrawer dict={itemsOf} onClose={() => setItemsOf(undefined)} />
    </>
  );
}

/** Items of one dictionary (`/sys/dictItem`). */
function DictItemsDrawer({ dict, onClose }: { dict?: DictRow; onClose: () => void }) {
  const access = useAccess();
  const api = useApi();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<{ open: boolean; item?: ItemRow }>({ open: false });
  const { result, query } = useCustom<{ records: ItemRow[] }>({
    url: "/sys/dictItem/list",
    method: "get",
    config: { query: { dictId: dict?.id, pageSize: 1000 } },
    queryOptions: { enabled: Boolean(dict) },
    errorNotification,
  });
  const canEdit = access.has(DICT_CODES.edit);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      message.success(done);
      await query.refetch();
      return true;
    } catch (error) {
      const failure = error as { message?: string; notified?: boolean };
      if (!failure.notified) message.warning(failure.message || "操作失败");
      return false;
    }
  };

  const save = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !dict) return;
    const body = { ...values, dictId: dict.id };
    const ok = editing.item
      ? await run(() => api.put("/sys/dictItem/edit", { ...body, id: editing.item!.id }), "编辑成功!")
      : await run(() => api.post("/sys/dictItem/add", body), "保存成功！");
    if (ok) setEditing({ open: false });
  };

  const valueRule = serverRule(async (value) => {
    if (dict) await api.get("/sys/dictItem/dictItemCheck", { dictId: dict.id, itemValue: value, id: editing.item?.id });
  });

  return (
    <Drawer title={`字典配置 - ${dict?.dictName ?? ""}`} open={Boolean(dict)} width={720} onClose={onClose} destroyOnHidden>
      {canEdit && (
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => (form.resetFields(), form.setFieldsValue({ status: 1, sortOrder: 1 }), setEditing({ open: true }))}>
          新增
        </Button>
      )}
      <Table<ItemRow>
        rowKey="id"
        size="small"
        loading={query.isFetching}
        dataSource={result?.data?.records ?? []}
        pagination={false}
        columns={[
          { title: "名称", dataIndex: "itemText" },
          { title: "数据值", dataIndex: "itemValue" },
          { title: "排序", dataIndex: "sortOrder", width: 70 },
          { title: "状态", dataIndex: "status", width: 90, render: (s: number) => (s === 1 ? <Tag color="green">启用</Tag> : <Tag>不启用</Tag>) },
          ...(canEdit
            ? [
                actionColumn<ItemRow>({
                  rows: result?.data?.records,
                  links: (item) => [
                    <a key="edit" onClick={() => (form.setFieldsValue(item), setEditing({ open: true, item }))}>编辑</a>,
                    <Popconfirm key="delete" title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => run(() => api.del("/sys/dictItem/delete", { id: item.id }), "删除成功!")}>
                      <a>删除</a>
                    </Popconfirm>,
                  ],
                }),
              ]
            : []),
        ]}
      />
      <Modal title={editing.item ? "编辑" : "新增"} open={editing.open} onCancel={() => setEditing({ open: false })} onOk={save} okText="确定" cancelText="取消" forceRender>
        <Form form={form} layout="vertical" name="dict-item-form" validateTrigger={FORM_VALIDATE_TRIGGER}>
          <Form.Item label="名称" name="itemText" rules={limitRules(dictItemLimits.itemText)}>
            <Input />
          </Form.Item>
          <Form.Item label="数据值" name="itemValue" rules={[...limitRules(dictItemLimits.itemValue), valueRule]}>
            <Input />
          </Form.Item>
          <Form.Item label="描述" name="description">
            <Input />
          </Form.Item>
          <Form.Item label="排序值" name="sortOrder">
            <InputNumber style={{ width: "100%" }} />
          </Form.Item>
          <Form.Item label="是否启用" name="status">
            <Radio.Group options={[{ value: 1, label: "启用" }, { value: 0, label: "不启用" }]} />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  );
}
