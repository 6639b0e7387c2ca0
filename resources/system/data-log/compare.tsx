import { Modal, Switch, Table, Typography } from "antd";
import { useMemo, useState } from "react";

export interface DataLogRow {
  id: string;
  dataTable: string;
  dataId: string;
  dataVersion: number;
  dataContent: string | null;
  createBy: string | null;
  createTime: string;
  [key: string]: unknown;
}

export interface DiffRow {
  field: string;
  left: string;
  right: string;
  changed: boolean;
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)$/;
/** The snapshot's timestamps (ISO, UTC) as the rest of the console shows times: yyyy-MM-dd HH:mm:ss, GMT+8. */
export function wireTime(v: string): string {
  if (!ISO_TIME.test(v)) return v;
  const t = new Date(v).getTime();
  if (Number.isNaN(t)) return v;
  const iso = new Date(t + 8 * 3600_000).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}`;
}
const text = (v: unknown) => (v === undefined ? "" : v === null ? "null" : typeof v === "object" ? JSON.stringify(v) : wireTime(String(v)));

function parse(content: string | null): Record<string, unknown> {
  try {
    const v = JSON.parse(content ?? "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : { 内容: content };
  } catch {
    return { 内容: content };
  }
}

/** Field by field, the union of both snapshots' fields in the first one's order, differences marked. */
export function diffVersions(a: DataLogRow, b: DataLogRow): DiffRow[] {
  const left = parse(a.dataContent);
  const right = parse(b.dataContent);
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  return fields.map((field) => {
    const l = text(left[field]);
    const r = text(right[field]);
    return { field, left: l, right: r, changed: l !== r };
  });
}

/** Two versions of one row side by side, the changed fields highlighted (JeecgBoot's DataLogCompareModal). */
export function CompareModal({ pair, onClose }: { pair?: [DataLogRow, DataLogRow]; onClose: () => void }) {
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [a, b] = pair ?? [];
  const rows = useMemo(() => (a && b ? diffVersions(a, b) : []), [a, b]);
  const changed = rows.filter((r) => r.changed).length;
  const cell = (v: string, r: DiffRow, side: "left" | "right") => (
    <span className={r.changed ? `diff-changed diff-${side}` : undefined} style={{ wordBreak: "break-all" }}>
      {v === "" ? <Typography.Text type="secondary">（无）</Typography.Text> : v}
    </span>
  );
  return (
    <Modal title="数据比较" open={Boolean(pair)} onCancel={onClose} footer={null} width={1000} destroyOnHidden>
      {a && b && (
        <>
          <Typography.Paragraph>
            表 <Typography.Text code>{a.dataTable}</Typography.Text>，数据编号 <Typography.Text code>{a.dataId}</Typography.Text>：版本 {a.dataVersion} 与版本 {b.dataVersion} 共{" "}
            <Typography.Text strong data-testid="diff-count">
              {changed}
            </Typography.Text>{" "}
            处不同。
            <span style={{ marginLeft: 16 }}>
              <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} /> 只看不同
            </span>
          </Typography.Paragraph>
          <Table<DiffRow>
            rowKey="field"
            size="small"
            pagination={false}
            scroll={{ y: 520 }}
            dataSource={onlyChanged ? rows.filter((r) => r.changed) : rows}
            onRow={(r) => ({ style: r.changed ? { background: "#fff7e6" } : undefined, "data-changed": r.changed ? "true" : undefined }) as React.HTMLAttributes<HTMLElement>}
            columns={[
              { title: "字段", dataIndex: "field", width: 200, render: (v: string, r) => (r.changed ? <Typography.Text strong>{v}</Typography.Text> : v) },
              {
                title: `版本 ${a.dataVersion}（${a.createBy ?? "-"}，${a.createTime}）`,
                dataIndex: "left",
                render: (v: string, r) => (r.changed ? <Typography.Text type="danger" delete={false}>{cell(v, r, "left")}</Typography.Text> : cell(v, r, "left")),
              },
              {
                title: `版本 ${b.dataVersion}（${b.createBy ?? "-"}，${b.createTime}）`,
                dataIndex: "right",
                render: (v: string, r) => (r.changed ? <Typography.Text type="success">{cell(v, r, "right")}</Typography.Text> : cell(v, r, "right")),
              },
            ]}
          />
        </>
      )}
    </Modal>
  );
}
