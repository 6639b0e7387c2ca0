import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { Alert, App, Button, Modal, Space, Table, Upload } from "antd";
import { useState } from "react";

import { saveBlob } from "../../../kit/excel-buttons";
import { useApi } from "../../../kit/use-api";
import type { JeecgHttpError } from "../../../providers/data-provider";

export interface RowError {
  line: number;
  column: string;
  message: string;
}

/**
 * 导入 with the server's verdict: a refused file (nothing imported) opens a list of every bad row — row number,
 * column and reason — instead of one long message; 下载模板 fetches the import template.
 */
export function QuestionImport(props: { apiBase: string; onImported: () => void }) {
  const api = useApi();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ summary: string; errors: RowError[] }>();

  const upload = async (file: File) => {
    const data = new FormData();
    data.append("file", file);
    setBusy(true);
    try {
      const { message: text } = await api.envelope("post", `${props.apiBase}/importExcel`, { payload: data, quiet: true });
      message.success(text || "文件导入成功！");
      props.onImported();
    } catch (error) {
      const failure = error as JeecgHttpError;
      const errors = (failure.result as { errors?: RowError[] } | undefined)?.errors;
      if (errors?.length) setRefusal({ summary: failure.message.replace(/。.*$/, "。"), errors });
      else message.error(failure.message || "文件导入失败！");
    } finally {
      setBusy(false);
    }
  };

  const template = async () => {
    try {
      saveBlob(await api.download(`${props.apiBase}/importTemplate`), "题目导入模板.xlsx");
    } catch (error) {
      const failure = error as JeecgHttpError;
      if (!failure.notified) message.warning(failure.message || "下载失败");
    }
  };

  return (
    <Space>
      <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
        <Button icon={<UploadOutlined />} loading={busy}>
          导入
        </Button>
      </Upload>
      <Button icon={<DownloadOutlined />} onClick={() => void template()}>
        下载模板
      </Button>
      <Modal title="导入失败" open={Boolean(refusal)} width={760} onCancel={() => setRefusal(undefined)} footer={<Button type="primary" onClick={() => setRefusal(undefined)}>知道了</Button>}>
        <Alert type="error" showIcon style={{ marginBottom: 12 }} message={refusal?.summary ?? ""} description="请按下表修改文件后重新导入。" />
        <Table<RowError>
          size="small"
          rowKey={(r) => `${r.line}-${r.column}-${r.message}`}
          dataSource={refusal?.errors ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          columns={[
            { title: "行号", dataIndex: "line", width: 80, render: (v: number) => `第${v}行` },
            { title: "列", dataIndex: "column", width: 120 },
            { title: "原因", dataIndex: "message" },
          ]}
        />
      </Modal>
    </Space>
  );
}
